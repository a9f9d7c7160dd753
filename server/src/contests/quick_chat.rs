//! Quick-start chat contests (contests doc, sections 3 and 7): a chat on the quick-start
//! page collects a visitor's e-mail and the kind of contest they want, under a tracker id
//! (`trackerId`), and sends them to the launch brief with it. The launch flow reads the
//! chat (`GET /quick-chat-contests/{id}`: the type, the e-mail to sign up with) and links
//! what it led to (`PUT`, body `user_id` or `contest_id`).
//!
//! - `POST /quick-chat-contests` (anyone: the chat runs before sign-up) answers the new
//!   tracker id: 16 random bytes, hex, so that nobody reads a chat by guessing ids.
//! - `GET` answers the chat to whoever holds its tracker id, with the type's launch slug.
//! - `PUT` is for the signed-in client the chat led to: `user_id` must be the caller and
//!   is set once (another account is refused); `contest_id` must be the caller's contest
//!   and the chat the caller's.

use axum::{extract::State, http::StatusCode, Json};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::ToSchema;

use super::store::quick_chat::{self as store, ChatRow};
use crate::{
    accounts::{domain::EmailAddress, CurrentUser},
    api::{loose_id, Data},
    catalogue::store as catalogue_store,
    error::{codes, ApiJson, ApiPath, AppError, ErrorEnvelope, FieldErrors},
    state::AppState,
};

/// A quick-start chat as the launch flow reads it.
#[derive(Debug, Serialize, ToSchema)]
pub struct QuickChatView {
    pub tracker_id: String,
    pub email: String,
    pub contest_type_id: i64,
    /// Where the launch brief of the type is: `/contests/{slug}/launch`.
    pub launch_brief_slug: String,
    pub user_id: Option<i64>,
    pub contest_id: Option<i64>,
    pub created_at: i64,
}

async fn view(state: &AppState, row: ChatRow) -> Result<QuickChatView, AppError> {
    let slug = catalogue_store::find_type(&state.db.pool, row.contest_type_id)
        .await?
        .map(|t| t.launch_brief_slug)
        .unwrap_or_default();
    Ok(QuickChatView {
        tracker_id: row.tracker_id,
        email: row.email,
        contest_type_id: row.contest_type_id,
        launch_brief_slug: slug,
        user_id: row.app_user_id,
        contest_id: row.contest_id,
        created_at: row.created_at,
    })
}

async fn found(state: &AppState, tracker_id: &str) -> Result<ChatRow, AppError> {
    store::find(&state.db.pool, tracker_id).await?.ok_or_else(|| AppError::not_found(codes::QUICK_CHAT_NOT_FOUND))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewQuickChat {
    /// The visitor's e-mail address (`local@domain.tld`, at most 254 characters).
    #[schema(value_type = String, required = true, max_length = 254, pattern = r"^\s*[^@\s\x00-\x1f\x7f-\x9f]+@([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\s*$")]
    pub email: Option<String>,
    /// A contest type (it must exist).
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(required = true, value_type = i64)]
    pub contest_type_id: Option<i64>,
}

/// The chat's answers saved under a new tracker id.
#[utoipa::path(post, path = "/quick-chat-contests", tag = "contests", request_body = NewQuickChat,
    responses((status = 201, body = Data<QuickChatView>), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all)]
pub async fn create(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<NewQuickChat>,
) -> Result<(StatusCode, Json<Data<QuickChatView>>), AppError> {
    let mut errors = FieldErrors::new();
    let email = EmailAddress::parse(req.email.as_deref().unwrap_or("")).map_err(|code| errors.add("email", code)).ok();
    let contest_type = match req.contest_type_id {
        None => {
            errors.add("contest_type_id", codes::REQUIRED);
            None
        }
        Some(id) => {
            let found = catalogue_store::find_type(&state.db.pool, id).await?;
            if found.is_none() {
                errors.add("contest_type_id", codes::NOT_FOUND_OPTION);
            }
            found
        }
    };
    errors.into_result()?;
    let (Some(email), Some(contest_type)) = (email, contest_type) else {
        return Err(anyhow::anyhow!("validated fields missing").into());
    };
    let mut bytes = [0u8; 16];
    rand::thread_rng().fill_bytes(&mut bytes);
    let tracker_id = hex::encode(bytes);
    let now = state.now_ms();
    store::insert(&state.db.pool, &tracker_id, email.as_str(), contest_type.id, now).await?;
    let row = found(&state, &tracker_id).await?;
    Ok((StatusCode::CREATED, Json(Data::new(view(&state, row).await?))))
}

/// The chat with this tracker id.
#[utoipa::path(get, path = "/quick-chat-contests/{id}", tag = "contests", params(("id" = String, Path, description = "The tracker id")),
    responses((status = 200, body = Data<QuickChatView>), (status = 404, body = ErrorEnvelope)))]
pub async fn show(
    State(state): State<AppState>,
    ApiPath(tracker_id): ApiPath<String>,
) -> Result<Json<Data<QuickChatView>>, AppError> {
    let row = found(&state, &tracker_id).await?;
    Ok(Json(Data::new(view(&state, row).await?)))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct QuickChatLink {
    /// The caller's own id: the account the chat led to.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub user_id: Option<i64>,
    /// The caller's contest the chat led to.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub contest_id: Option<i64>,
}

/// Links the chat to the signed-in client it led to, or to that client's contest.
#[utoipa::path(put, path = "/quick-chat-contests/{id}", tag = "contests", params(("id" = String, Path, description = "The tracker id")),
    request_body = QuickChatLink, security(("bearer" = [])),
    responses((status = 200, body = Data<QuickChatView>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all)]
pub async fn link(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(tracker_id): ApiPath<String>,
    ApiJson(req): ApiJson<QuickChatLink>,
) -> Result<Json<Data<QuickChatView>>, AppError> {
    let row = found(&state, &tracker_id).await?;
    if req.user_id.is_none() && req.contest_id.is_none() {
        return Err(AppError::field("user_id", codes::REQUIRED));
    }
    // A chat already linked to someone else stays theirs.
    if row.app_user_id.is_some_and(|owner| owner != caller.id()) {
        return Err(AppError::forbidden(codes::QUICK_CHAT_FORBIDDEN));
    }
    if req.user_id.is_some_and(|id| id != caller.id()) {
        return Err(AppError::forbidden(codes::QUICK_CHAT_FORBIDDEN));
    }
    if let Some(contest_id) = req.contest_id {
        super::launch::owned(&state, &caller, contest_id).await?;
    }
    store::link(&state.db.pool, &tracker_id, caller.id(), req.contest_id, state.now_ms()).await?;
    let row = found(&state, &tracker_id).await?;
    Ok(Json(Data::new(view(&state, row).await?)))
}
