//! Designer tags: labels admins keep ("Logo specialist", "Fast delivery") and put on
//! designers, to find the right creatives for a client. `/tags` maintains the list;
//! `/users/{id}/tags` reads and sets a designer's. Admins only: tags are internal.

use axum::{extract::State, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use tracing::instrument;
use utoipa::ToSchema;

use super::store::tags as store;
use crate::{
    accounts::{domain::UserType, store::find_user, CurrentUser},
    api::{Data, Message},
    error::{codes, ApiJson, ApiPath, AppError, ErrorEnvelope},
    state::AppState,
};

pub const NAME_MAX: usize = 50;

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct Tag {
    pub id: i64,
    pub name: String,
    /// Designers carrying the tag.
    pub users_count: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = DesignerTagRequest)]
pub struct TagRequest {
    /// Not blank, at most 50 characters ([`NAME_MAX`]), unused.
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 50)]
    pub name: Option<String>,
}

/// A valid, unused name (case-insensitively), or the field error.
async fn checked_name(conn: &mut AnyConnection, req: &TagRequest, except: Option<i64>) -> Result<String, AppError> {
    let name = req.name.as_deref().map(str::trim).unwrap_or_default();
    if name.is_empty() {
        return Err(AppError::field("name", codes::REQUIRED));
    }
    if name.chars().count() > NAME_MAX {
        return Err(AppError::field("name", codes::TOO_LONG));
    }
    if store::name_taken(conn, name, except).await? {
        return Err(AppError::field("name", codes::TAG_UNIQUE));
    }
    Ok(name.to_owned())
}

/// Every designer tag, by name (admins).
#[utoipa::path(get, path = "/tags", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<Tag>>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn list(State(state): State<AppState>, caller: CurrentUser) -> Result<Json<Data<Vec<Tag>>>, AppError> {
    caller.require_admin()?;
    let rows = store::list(&state.db.pool).await?;
    Ok(Json(Data::new(rows)))
}

/// An admin creates a tag; names are unique regardless of case.
#[utoipa::path(post, path = "/tags", tag = "admin", request_body = TagRequest, security(("bearer" = [])),
    responses((status = 201, body = Data<Tag>), (status = 403, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all)]
pub async fn create(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiJson(req): ApiJson<TagRequest>,
) -> Result<(StatusCode, Json<Data<Tag>>), AppError> {
    caller.require_admin()?;
    let mut tx = state.db.pool.begin().await?;
    let name = checked_name(&mut tx, &req, None).await?;
    let now = state.now_ms();
    let id = store::insert(&mut tx, &name, now).await?;
    let tag = store::find(&mut tx, id).await?.ok_or_else(|| AppError::not_found(codes::TAG_NOT_FOUND))?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(Data::new(tag))))
}

/// One tag (admins).
#[utoipa::path(get, path = "/tags/{id}", tag = "admin", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<Tag>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn show(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<Tag>>, AppError> {
    caller.require_admin()?;
    let mut conn = state.db.pool.acquire().await?;
    let tag = store::find(&mut conn, id).await?.ok_or_else(|| AppError::not_found(codes::TAG_NOT_FOUND))?;
    Ok(Json(Data::new(tag)))
}

/// An admin renames a tag.
#[utoipa::path(put, path = "/tags/{id}", tag = "admin", params(("id" = i64, Path)), request_body = TagRequest, security(("bearer" = [])),
    responses((status = 200, body = Data<Tag>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
pub async fn update(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<TagRequest>,
) -> Result<Json<Data<Tag>>, AppError> {
    caller.require_admin()?;
    let mut tx = state.db.pool.begin().await?;
    store::find(&mut tx, id).await?.ok_or_else(|| AppError::not_found(codes::TAG_NOT_FOUND))?;
    let name = checked_name(&mut tx, &req, Some(id)).await?;
    store::rename(&mut tx, id, &name, state.now_ms()).await?;
    let tag = store::find(&mut tx, id).await?.ok_or_else(|| AppError::not_found(codes::TAG_NOT_FOUND))?;
    tx.commit().await?;
    Ok(Json(Data::new(tag)))
}

/// An admin deletes a tag; designers carrying it lose it.
#[utoipa::path(delete, path = "/tags/{id}", tag = "admin", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn delete(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Message>, AppError> {
    caller.require_admin()?;
    let mut tx = state.db.pool.begin().await?;
    if !store::delete(&mut tx, id).await? {
        return Err(AppError::not_found(codes::TAG_NOT_FOUND));
    }
    tx.commit().await?;
    Ok(Json(Message::new("Tag deleted")))
}

/// A designer's tags (admins).
#[utoipa::path(get, path = "/users/{id}/tags", tag = "admin", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<Tag>>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn of_user(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(user_id): ApiPath<i64>,
) -> Result<Json<Data<Vec<Tag>>>, AppError> {
    caller.require_admin()?;
    let mut conn = state.db.pool.acquire().await?;
    find_user(&mut *conn, user_id).await?.ok_or_else(|| AppError::not_found(codes::USER_NOT_FOUND))?;
    Ok(Json(Data::new(store::of_user(&mut conn, user_id).await?)))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SetTags {
    /// The designer's tags after the call (replaces the previous set); a list, never null.
    #[schema(required = true, value_type = Vec<i64>)]
    pub tag_ids: Option<Vec<i64>>,
}

/// An admin sets a designer's tags (the whole set).
#[utoipa::path(put, path = "/users/{id}/tags", tag = "admin", params(("id" = i64, Path)), request_body = SetTags, security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<Tag>>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id))]
pub async fn set_for_user(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(user_id): ApiPath<i64>,
    ApiJson(req): ApiJson<SetTags>,
) -> Result<Json<Data<Vec<Tag>>>, AppError> {
    caller.require_admin()?;
    let mut ids = req.tag_ids.ok_or_else(|| AppError::field("tag_ids", codes::REQUIRED))?;
    ids.sort_unstable();
    ids.dedup();
    let mut tx = state.db.pool.begin().await?;
    let user = find_user(&mut *tx, user_id).await?.ok_or_else(|| AppError::not_found(codes::USER_NOT_FOUND))?;
    if user.user_type() != UserType::Designer {
        return Err(AppError::unprocessable(codes::TAG_USER_NOT_DESIGNER));
    }
    for id in &ids {
        if store::find(&mut tx, *id).await?.is_none() {
            return Err(AppError::field("tag_ids", codes::NOT_FOUND_OPTION));
        }
    }
    store::set_user_tags(&mut tx, user_id, &ids).await?;
    let tags = store::of_user(&mut tx, user_id).await?;
    tx.commit().await?;
    Ok(Json(Data::new(tags)))
}
