//! Flagged clients: clients an admin marked for attention (a chargeback, abuse of
//! designers, work taken off the platform), with the reason, so every admin sees them
//! on one page. The spec names the page, not the calls: flag, unflag, list.

use axum::{extract::State, Json};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};

use super::store::flags as store;
use crate::{
    accounts::{domain::UserType, store::find_user, CurrentUser},
    api::{Data, Message},
    error::{codes, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope},
    shared::page::Page,
    state::AppState,
};

pub const PER_PAGE: i64 = 48;
pub const REASON_MAX: usize = 1000;

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct FlaggedClient {
    pub user_id: i64,
    pub username: String,
    pub name: String,
    pub email: String,
    pub reason: String,
    pub flagged_by: i64,
    pub flagged_by_username: String,
    pub created_at: i64,
    /// Contests the client launched (any status).
    pub contests_count: i64,
    /// Projects the client launched (any status).
    pub projects_count: i64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    #[serde(default, deserialize_with = "crate::shared::page::page_number")]
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
}

/// Flagged clients, most recently flagged first, 48 a page (admins).
#[utoipa::path(get, path = "/admin/flagged-clients", tag = "admin", params(ListQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<FlaggedClient>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<Page<FlaggedClient>>, AppError> {
    caller.require_admin()?;
    let page = query.page.unwrap_or(1).max(1);
    let (total, rows) = store::page(&state.db.pool, PER_PAGE, (page - 1) * PER_PAGE).await?;
    Ok(Json(Page {
        data: rows,
        current_page: page,
        per_page: PER_PAGE,
        next_page_url: (page * PER_PAGE < total).then(|| format!("/admin/flagged-clients?page={}", page + 1)),
        total,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct FlagRequest {
    /// Why the client is flagged (shown to admins only): not blank, at most 1000 characters.
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 1000)]
    pub reason: Option<String>,
}

/// An admin flags a client, or changes the reason of a flag.
#[utoipa::path(put, path = "/admin/flagged-clients/{userId}", tag = "admin", params(("userId" = i64, Path)), request_body = FlagRequest,
    security(("bearer" = [])),
    responses((status = 200, body = Data<FlaggedClient>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id))]
pub async fn flag(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(user_id): ApiPath<i64>,
    ApiJson(req): ApiJson<FlagRequest>,
) -> Result<Json<Data<FlaggedClient>>, AppError> {
    caller.require_admin()?;
    let reason = req.reason.as_deref().map(str::trim).unwrap_or_default();
    if reason.is_empty() {
        return Err(AppError::field("reason", codes::REQUIRED));
    }
    if reason.chars().count() > REASON_MAX {
        return Err(AppError::field("reason", codes::TOO_LONG));
    }
    let user = find_user(&state.db.pool, user_id).await?.ok_or_else(|| AppError::not_found(codes::USER_NOT_FOUND))?;
    if user.user_type() != UserType::Client {
        return Err(AppError::unprocessable(codes::FLAG_CLIENT_ONLY));
    }
    store::flag(&state.db.pool, user_id, reason, caller.id(), state.now_ms()).await?;
    let row = store::find(&state.db.pool, user_id).await?;
    state.realtime.admin_queue.notify_one();
    Ok(Json(Data::new(row)))
}

/// An admin lifts a client's flag.
#[utoipa::path(delete, path = "/admin/flagged-clients/{userId}", tag = "admin", params(("userId" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn unflag(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(user_id): ApiPath<i64>,
) -> Result<Json<Message>, AppError> {
    caller.require_admin()?;
    if !store::unflag(&state.db.pool, user_id).await? {
        return Err(AppError::not_found(codes::USER_NOT_FOUND));
    }
    state.realtime.admin_queue.notify_one();
    Ok(Json(Message::new("Flag removed")))
}
