//! Flagged clients: clients an admin marked for attention (a chargeback, abuse of
//! designers, work taken off the platform), with the reason, so every admin sees them
//! on one page. The spec names the page, not the calls: flag, unflag, list.

use axum::{extract::State, Json};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};

use crate::{
    accounts::{domain::UserType, store::find_user, CurrentUser},
    api::{Data, Message},
    error::{catalogue, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope},
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

const SELECT: &str = "SELECT f.app_user_id AS user_id, u.username, u.name, u.email, f.reason, f.flagged_by, \
    a.username AS flagged_by_username, f.created_at, \
    (SELECT COUNT(*) FROM contest c WHERE c.created_by = f.app_user_id) AS contests_count, \
    (SELECT COUNT(*) FROM project p WHERE p.created_by = f.app_user_id) AS projects_count \
    FROM client_flag f JOIN app_user u ON u.id = f.app_user_id JOIN app_user a ON a.id = f.flagged_by";

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
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM client_flag").fetch_one(&state.db.pool).await?;
    let rows = sqlx::query_as(&format!("{SELECT} ORDER BY f.created_at DESC, f.app_user_id LIMIT $1 OFFSET $2"))
        .bind(PER_PAGE)
        .bind((page - 1) * PER_PAGE)
        .fetch_all(&state.db.pool)
        .await?;
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
        return Err(AppError::field("reason", catalogue::REQUIRED));
    }
    if reason.chars().count() > REASON_MAX {
        return Err(AppError::field("reason", catalogue::TOO_LONG));
    }
    let user =
        find_user(&state.db.pool, user_id).await?.ok_or_else(|| AppError::not_found(catalogue::USER_NOT_FOUND))?;
    if user.user_type() != UserType::Client {
        return Err(AppError::unprocessable(catalogue::FLAG_CLIENT_ONLY));
    }
    sqlx::query(
        "INSERT INTO client_flag (app_user_id, reason, flagged_by, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (app_user_id) DO UPDATE SET reason = excluded.reason, flagged_by = excluded.flagged_by",
    )
    .bind(user_id)
    .bind(reason)
    .bind(caller.id())
    .bind(state.now_ms())
    .execute(&state.db.pool)
    .await?;
    let row =
        sqlx::query_as(&format!("{SELECT} WHERE f.app_user_id = $1")).bind(user_id).fetch_one(&state.db.pool).await?;
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
    let removed = sqlx::query("DELETE FROM client_flag WHERE app_user_id = $1")
        .bind(user_id)
        .execute(&state.db.pool)
        .await?
        .rows_affected();
    if removed == 0 {
        return Err(AppError::not_found(catalogue::USER_NOT_FOUND));
    }
    state.realtime.admin_queue.notify_one();
    Ok(Json(Message::new("Flag removed")))
}
