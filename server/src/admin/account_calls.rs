//! Small account calls the spec names without saying what they answer:
//! `POST /analytics/event`, `POST /permissions`, `GET /oauth/seamless`, `POST /username/reset`.
//! What each does is our design, stated on each handler and in the API docs.

use std::collections::BTreeMap;

use axum::{extract::State, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::ToSchema;

use super::store;
use crate::{
    accounts::{
        domain::{UserType, Username},
        model::UserView,
        store::{find_user, set_username},
        CurrentUser, MaybeUser,
    },
    api::{loose_id, Data, Message},
    error::{codes, ApiJson, AppError, ErrorEnvelope},
    state::AppState,
    store::is_unique_violation,
};

#[derive(Debug, Deserialize, ToSchema)]
pub struct AnalyticsEvent {
    /// What was visited: subscriptions, community, affiliate, ...; not blank, at most 100 characters.
    #[schema(value_type = String, required = true, max_length = 100, pattern = r"\S")]
    pub category: Option<String>,
    /// At most 100 characters.
    #[schema(max_length = 100)]
    pub sub_category: Option<String>,
    #[serde(default, deserialize_with = "loose_id")]
    pub contest_id: Option<i64>,
}

/// Records a page visit the client reports (the spec posts one on the subscriptions,
/// community and affiliate pages). Anyone may post; a signed-in caller is recorded.
#[utoipa::path(post, path = "/analytics/event", tag = "admin", request_body = AnalyticsEvent,
    responses((status = 201, body = Message), (status = 422, body = ErrorEnvelope)))]
pub async fn analytics_event(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    ApiJson(req): ApiJson<AnalyticsEvent>,
) -> Result<(StatusCode, Json<Message>), AppError> {
    let category = req.category.as_deref().map(str::trim).unwrap_or_default();
    if category.is_empty() {
        return Err(AppError::field("category", codes::ANALYTICS_CATEGORY));
    }
    let too_long = |text: &str| text.chars().count() > 100;
    if too_long(category) {
        return Err(AppError::field("category", codes::TOO_LONG));
    }
    if req.sub_category.as_deref().is_some_and(too_long) {
        return Err(AppError::field("sub_category", codes::TOO_LONG));
    }
    let user_id = caller.as_ref().map(CurrentUser::id);
    let sub_category = req.sub_category.as_deref().map(str::trim);
    store::insert_analytics_event(&state.db.pool, user_id, category, sub_category, req.contest_id, state.now_ms())
        .await?;
    Ok((StatusCode::CREATED, Json(Message::new("Event recorded"))))
}

/// The permissions a client can ask about, and which user types hold them.
pub const PERMISSIONS: &[(&str, &[UserType])] = &[
    ("launch_contest", &[UserType::Client]),
    ("launch_project", &[UserType::Client]),
    ("submit_entry", &[UserType::Designer]),
    ("bid_on_project", &[UserType::Designer]),
    ("use_cart", &[UserType::Client]),
    ("view_community_feed", &[UserType::Client, UserType::Designer]),
    ("sit_in_design_court", &[UserType::Admin, UserType::Designer]),
    ("send_messages", &[UserType::Admin, UserType::Client, UserType::Designer]),
    ("moderate", &[UserType::Admin]),
];

#[derive(Debug, Deserialize, ToSchema)]
pub struct PermissionsRequest {
    /// Names from the list in the description; empty or absent: all of them.
    #[schema(value_type = Option<Vec<PermissionDoc>>, inline)]
    pub permissions: Option<Vec<String>>,
}

crate::api::enum_doc!(
    /// A permission a client can ask about ([`PERMISSIONS`]).
    pub PermissionDoc: String = PERMISSIONS.iter().map(|(name, _)| *name)
);

/// Answers which of the named permissions the caller holds, so the client can hide what
/// the server would refuse: `{"data": {"launch_contest": true, ...}}`. Known names:
/// launch_contest, launch_project, submit_entry, bid_on_project, use_cart,
/// view_community_feed (gold or silver designers and clients), sit_in_design_court (admins
/// and gold designers), send_messages (not bronze designers), moderate.
#[utoipa::path(post, path = "/permissions", tag = "admin", request_body = PermissionsRequest, security(("bearer" = [])),
    responses((status = 200, body = Data<BTreeMap<String, bool>>), (status = 401, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
pub async fn permissions(
    caller: CurrentUser,
    ApiJson(req): ApiJson<PermissionsRequest>,
) -> Result<Json<Data<BTreeMap<String, bool>>>, AppError> {
    let asked = req.permissions.filter(|p| !p.is_empty());
    if let Some(asked) = &asked {
        if asked.iter().any(|name| !PERMISSIONS.iter().any(|(known, _)| known == name)) {
            return Err(AppError::field("permissions", codes::PERMISSION_IN));
        }
    }
    let user_type = caller.user.user_type();
    // Levels 1 bronze, 2 silver, 3 gold: the court is gold's, messages and the feed not bronze's.
    let level = caller.user.creative_level_id.unwrap_or(0);
    let holds = |name: &str, types: &[UserType]| {
        types.contains(&user_type)
            && match (name, user_type) {
                ("sit_in_design_court", UserType::Designer) => level >= 3,
                ("send_messages" | "view_community_feed", UserType::Designer) => level >= 2,
                _ => true,
            }
    };
    let answer = PERMISSIONS
        .iter()
        .filter(|(name, _)| asked.as_ref().is_none_or(|asked| asked.iter().any(|a| a == name)))
        .map(|(name, types)| ((*name).to_owned(), holds(name, types)))
        .collect();
    Ok(Json(Data::new(answer)))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SeamlessSession {
    pub user: UserView,
    /// When the caller's token stops working, epoch ms.
    pub expires_at: i64,
}

/// Continues a session seamlessly on another page of the product (the main site, a
/// launch page opened in a new tab): the bearer token's user and when the token ends,
/// so the page can sign the visitor in without asking again. 401 without a valid token.
#[utoipa::path(get, path = "/oauth/seamless", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, body = Data<SeamlessSession>), (status = 401, body = ErrorEnvelope)))]
pub async fn seamless(caller: CurrentUser) -> Json<Data<SeamlessSession>> {
    let expires_at = caller.token_expires_at;
    Json(Data::new(SeamlessSession { user: UserView::of(caller.user, true), expires_at }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct UsernameReset {
    /// The new username (the sign-up rules: letters, numbers, dashes, underscores, at most 20).
    #[schema(value_type = String, required = true, pattern = r"^\s*[A-Za-z0-9_-]{1,20}\s*$")]
    pub username: Option<String>,
    /// Admins only: whose username to reset (default: the caller's own).
    #[serde(default, deserialize_with = "loose_id")]
    pub user_id: Option<i64>,
}

/// Changes a username: a user their own, an admin anyone's (a designer's offensive name,
/// say). The sign-up rules apply; a taken name is refused.
#[utoipa::path(post, path = "/username/reset", tag = "accounts", request_body = UsernameReset, security(("bearer" = [])),
    responses((status = 200, body = Data<UserView>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all)]
pub async fn username_reset(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiJson(req): ApiJson<UsernameReset>,
) -> Result<Json<Data<UserView>>, AppError> {
    let target = req.user_id.unwrap_or(caller.id());
    if target != caller.id() && !caller.is_admin() {
        return Err(AppError::forbidden(codes::FORBIDDEN));
    }
    let raw = req.username.as_deref().map(str::trim).unwrap_or_default();
    if raw.is_empty() {
        return Err(AppError::field("username", codes::REQUIRED));
    }
    let username = Username::parse(raw).map_err(|code| AppError::field("username", code))?;
    let user = find_user(&state.db.pool, target).await?.ok_or_else(|| AppError::not_found(codes::USER_NOT_FOUND))?;
    if user.username == username.as_str() {
        return Err(AppError::field("username", codes::USERNAME_RESET_SAME));
    }
    set_username(&state.db.pool, target, username.as_str(), state.now_ms()).await.map_err(|err| {
        if is_unique_violation(&err, "app_user_username_key") {
            AppError::field("username", codes::USERNAME_UNIQUE)
        } else {
            err.into()
        }
    })?;
    let user = find_user(&state.db.pool, target).await?.ok_or_else(|| AppError::not_found(codes::USER_NOT_FOUND))?;
    Ok(Json(Data::new(UserView::of(user, true))))
}
