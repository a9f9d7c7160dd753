//! `POST /messages`: who may write to whom, and what one message sets in motion.
//!
//! The rule of the specification: starting a conversation needs a client, an admin,
//! or a designer of gold or silver level. A bronze designer may still answer someone
//! who wrote to them first, or a client could never hear back from one.

use std::collections::HashMap;

use axum::{extract::State, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tracing::instrument;
use utoipa::ToSchema;
use vitrine_protocol::{event_type, Channel};

use super::{
    model::{contains_email_address, preview, MessageView},
    store::{self, NewMessage, Recipient},
};
use crate::{
    accounts::{
        domain::{CreativeLevel, UserType},
        CurrentUser,
    },
    api::loose_id,
    contests::{self, status::ContestStatus},
    error::{codes, ApiJson, AppError, ErrorEnvelope, FieldErrors},
    notifications::{notify, texts, NewNotification, NotificationType, Text},
    state::AppState,
};

/// The most recipients one message may have.
pub const MAX_RECIPIENTS: usize = 20;
/// The longest message, in characters.
pub const MAX_MESSAGE_CHARS: usize = 5000;
/// The `trigger_id` of a message sent from the contest invitation modal.
pub const INVITATION_TRIGGER_ID: i64 = 2;
/// How much of the message a notification carries.
const NOTIFICATION_PREVIEW_CHARS: usize = 200;

#[derive(Debug, Deserialize, ToSchema)]
pub struct SendRequest {
    /// Usernames of the recipients (trimmed, either case), 1 to 20; a single name is accepted too.
    #[schema(value_type = Vec<Username>, min_items = 1, max_items = 20)]
    pub received_by_usernames: Option<Value>,
    /// 1 to 5000 characters (trimmed).
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 5000)]
    pub message: Option<String>,
    /// Where the message was written from, 1 to 100; 1 (a direct message) when absent,
    /// 2 the contest invitation modal (which needs `contest_id`).
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 100)]
    pub trigger_id: Option<i64>,
    /// The contest the message invites to (the invitation modal): one of the sender's own
    /// contests accepting entries (`contest_id.own_active` otherwise); required with trigger 2.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub contest_id: Option<i64>,
}

/// A recipient's username, for the document: not blank.
pub struct Username;

impl utoipa::PartialSchema for Username {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        ObjectBuilder::new().schema_type(Type::String).pattern(Some(r"\S")).into()
    }
}

impl ToSchema for Username {}

/// What sending did: one message per recipient.
#[derive(Debug, Serialize, ToSchema)]
pub struct SendAnswer {
    pub message: String,
    pub data: Vec<MessageView>,
}

/// The request, read and checked field by field.
struct Outgoing {
    /// (position in the request, trimmed name), distinct in either case.
    usernames: Vec<(usize, String)>,
    body: String,
    trigger_id: i64,
    contest_id: Option<i64>,
}

fn parse(req: SendRequest) -> Result<Outgoing, AppError> {
    let mut errors = FieldErrors::new();
    const NAMES: &str = "received_by_usernames";
    let items = match req.received_by_usernames {
        Some(Value::Array(items)) => items,
        Some(single @ Value::String(_)) => vec![single],
        _ => vec![],
    };
    let mut usernames: Vec<(usize, String)> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let name = item.as_str().map(str::trim).unwrap_or_default();
        if !name.is_empty() && !usernames.iter().any(|(_, seen)| seen.eq_ignore_ascii_case(name)) {
            usernames.push((i, name.to_owned()));
        }
    }
    if usernames.is_empty() {
        errors.add(NAMES, codes::REQUIRED);
    } else if usernames.len() > MAX_RECIPIENTS {
        errors.add(NAMES, codes::MESSAGE_RECIPIENTS_MAX);
    }
    let body = req.message.as_deref().map(str::trim).unwrap_or_default().to_owned();
    if body.is_empty() {
        errors.add("message", codes::REQUIRED);
    } else if body.chars().count() > MAX_MESSAGE_CHARS {
        errors.add("message", codes::TOO_LONG);
    }
    let trigger_id = req.trigger_id.unwrap_or(1);
    if !(1..=100).contains(&trigger_id) {
        errors.add("trigger_id", codes::NOT_FOUND_OPTION);
    }
    if trigger_id == INVITATION_TRIGGER_ID && req.contest_id.is_none() {
        errors.add("contest_id", codes::REQUIRED);
    }
    errors.into_result()?;
    Ok(Outgoing { usernames, body, trigger_id, contest_id: req.contest_id })
}

/// The recipients in request order; 422 naming by position every name that is not an
/// active user (`received_by_usernames.{i}`), or naming the caller themself.
fn resolve(
    caller: &CurrentUser,
    wanted: &[(usize, String)],
    found: Vec<Recipient>,
) -> Result<Vec<Recipient>, AppError> {
    let by_name: HashMap<String, Recipient> = found.into_iter().map(|r| (r.username.to_lowercase(), r)).collect();
    let mut errors = FieldErrors::new();
    let mut recipients = Vec::with_capacity(wanted.len());
    for (i, name) in wanted {
        match by_name.get(&name.to_lowercase()) {
            None => errors.add(&format!("received_by_usernames.{i}"), codes::MESSAGE_USERNAME_NOT_FOUND),
            Some(r) if r.id == caller.id() => errors.add("received_by_usernames", codes::MESSAGE_TO_SELF),
            Some(r) => recipients.push(r.clone()),
        }
    }
    errors.into_result()?;
    Ok(recipients)
}

/// A message naming a contest invites its recipients to enter it (the contest invitation
/// modal: "one of the client's active contests"): the contest must be the sender's own and
/// accepting entries (running, status 2), else 422 on `contest_id`.
async fn invitable(conn: &mut sqlx::AnyConnection, caller: &CurrentUser, contest_id: i64) -> Result<(), AppError> {
    let Some(contest) = contests::store::find(&mut *conn, contest_id).await? else {
        return Err(AppError::field("contest_id", codes::NOT_FOUND_OPTION));
    };
    if contest.created_by != caller.id() || contest.status() != ContestStatus::Active {
        return Err(AppError::field("contest_id", codes::MESSAGE_CONTEST_NOT_OWN_ACTIVE));
    }
    Ok(())
}

/// Whether the caller may start conversations at all (else they may only answer).
fn may_start(caller: &CurrentUser) -> bool {
    match caller.user.user_type() {
        UserType::Admin | UserType::Client => true,
        UserType::Designer => caller.user.creative_level().is_some_and(|level| level >= CreativeLevel::Silver),
    }
}

/// Sends a message to one or more users: one message per recipient, each announced
/// on both users' `user:` channels and notified to the recipient.
#[utoipa::path(post, path = "/messages", tag = "messages", request_body = SendRequest, security(("bearer" = [])),
    responses((status = 201, body = SendAnswer), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope, description = "message.send.forbidden: a bronze designer starting a conversation"),
        (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = caller.id()))]
pub async fn send(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiJson(req): ApiJson<SendRequest>,
) -> Result<(StatusCode, Json<SendAnswer>), AppError> {
    let out = parse(req)?;
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    let lowered: Vec<String> = out.usernames.iter().map(|(_, name)| name.to_lowercase()).collect();
    let found = store::find_recipients(&mut tx, &lowered).await?;
    let recipients = resolve(&caller, &out.usernames, found)?;
    if let Some(contest_id) = out.contest_id {
        invitable(&mut tx, &caller, contest_id).await?;
    }
    if !may_start(&caller) {
        for recipient in &recipients {
            if !store::has_written(&mut tx, recipient.id, caller.id()).await? {
                return Err(AppError::forbidden(codes::MESSAGE_SEND_FORBIDDEN));
            }
        }
    }
    let has_email_address = contains_email_address(&out.body);
    let mut sent = Vec::with_capacity(recipients.len());
    for recipient in &recipients {
        let new = NewMessage {
            sender_id: caller.id(),
            recipient_id: recipient.id,
            body: &out.body,
            contest_id: out.contest_id,
            trigger_id: out.trigger_id,
            has_email_address,
        };
        let view = MessageView::from(store::insert(&mut tx, &new, now).await?);
        let channels = [Channel::User(recipient.id), Channel::User(caller.id())];
        let data = serde_json::to_value(&view).unwrap_or(Value::Null);
        tx.append_each(&channels, event_type::MESSAGE_CREATED, data, now).await?;
        let notification = NewNotification {
            user_id: recipient.id,
            kind: NotificationType::Message,
            created_by: Some(caller.id()),
            trigger_entity_id: Some(view.id),
            text: Text::new(texts::MESSAGE_SENT, json!({"username": caller.user.username})),
            // The click target is /messages?focusedMessageId={id}&userId={created_by}.
            data: json!({
                "id": view.id,
                "created_by": caller.id(),
                "message": preview(&view.message, NOTIFICATION_PREVIEW_CHARS),
            }),
        };
        notify(&mut tx, notification, now).await?;
        sent.push(view);
    }
    tx.commit().await?;
    tracing::info!(recipients = sent.len(), has_email_address, "message sent");
    Ok((StatusCode::CREATED, Json(SendAnswer { message: "Your message has been sent".into(), data: sent })))
}
