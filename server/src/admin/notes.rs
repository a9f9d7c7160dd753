//! Admin notes: what one admin tells the others about a contest, a project or a user
//! ("client asked for a refund by e-mail"). Admins only, read and write; nobody else
//! learns a note exists. `notable_type` + `notable_id` name what the note is about.

use axum::{extract::State, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};

use crate::{
    accounts::CurrentUser,
    api::{loose_id, Data, Message},
    error::{catalogue, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope, FieldErrors},
    state::AppState,
};

pub const SUBJECTS: [&str; 3] = ["contest", "project", "user"];
pub const NOTE_MAX: usize = 5000;

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct Note {
    pub id: i64,
    /// contest, project or user.
    pub notable_type: String,
    pub notable_id: i64,
    pub note: String,
    pub created_by: i64,
    pub created_by_username: String,
    pub created_at: i64,
    pub updated_at: i64,
}

const SELECT: &str = "SELECT n.id, n.subject_type AS notable_type, n.subject_id AS notable_id, n.body AS note, \
    n.created_by, u.username AS created_by_username, n.created_at, n.updated_at \
    FROM admin_note n JOIN app_user u ON u.id = n.created_by";

async fn find(conn: &mut AnyConnection, id: i64) -> Result<Option<Note>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} WHERE n.id = $1")).bind(id).fetch_optional(conn).await
}

fn check_text(note: Option<&str>, errors: &mut FieldErrors) {
    match note.map(str::trim) {
        None | Some("") => errors.add("note", catalogue::REQUIRED),
        Some(text) if text.chars().count() > NOTE_MAX => errors.add("note", catalogue::TOO_LONG),
        _ => {}
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// contest, project or user.
    #[serde(rename = "filter[notable_type]")]
    #[param(rename = "filter[notable_type]", required = true, pattern = "^(contest|project|user)$")]
    pub notable_type: Option<String>,
    #[serde(rename = "filter[notable_id]", default, deserialize_with = "loose_id")]
    #[param(rename = "filter[notable_id]", value_type = i64, required = true)]
    pub notable_id: Option<i64>,
}

/// The notes on one contest, project or user, newest first (admins).
#[utoipa::path(get, path = "/notes", tag = "admin", params(ListQuery), security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<Note>>), (status = 403, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<Data<Vec<Note>>>, AppError> {
    caller.require_admin()?;
    let kind = query.notable_type.filter(|k| SUBJECTS.contains(&k.as_str()));
    let (Some(kind), Some(id)) = (kind, query.notable_id) else {
        return Err(AppError::field("filter[notable_type]", catalogue::NOTE_SUBJECT_IN));
    };
    let rows = sqlx::query_as(&format!("{SELECT} WHERE n.subject_type = $1 AND n.subject_id = $2 ORDER BY n.id DESC"))
        .bind(kind)
        .bind(id)
        .fetch_all(&state.db.pool)
        .await?;
    Ok(Json(Data::new(rows)))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CreateNote {
    /// contest, project or user.
    #[schema(required = true, value_type = NotableDoc, inline)]
    pub notable_type: Option<String>,
    /// The contest, project or user (it must exist).
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(required = true, value_type = i64)]
    pub notable_id: Option<i64>,
    /// Not blank, at most 5000 characters ([`NOTE_MAX`]).
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 5000)]
    pub note: Option<String>,
}

crate::api::enum_doc!(
    /// What a note is about ([`SUBJECTS`]).
    pub NotableDoc: String = SUBJECTS
);

/// An admin writes a note on a contest, a project or a user.
#[utoipa::path(post, path = "/notes", tag = "admin", request_body = CreateNote, security(("bearer" = [])),
    responses((status = 201, body = Data<Note>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all)]
pub async fn create(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiJson(req): ApiJson<CreateNote>,
) -> Result<(StatusCode, Json<Data<Note>>), AppError> {
    caller.require_admin()?;
    let mut errors = FieldErrors::new();
    let table = match req.notable_type.as_deref() {
        Some("contest") => Some("contest"),
        Some("project") => Some("project"),
        Some("user") => Some("app_user"),
        _ => {
            errors.add("notable_type", catalogue::NOTE_SUBJECT_IN);
            None
        }
    };
    if req.notable_id.is_none() {
        errors.add("notable_id", catalogue::REQUIRED);
    }
    check_text(req.note.as_deref(), &mut errors);
    errors.into_result()?;
    let (Some(table), Some(subject_id)) = (table, req.notable_id) else { unreachable!("checked above") };
    let mut tx = state.db.pool.begin().await?;
    // `table` is one of three constants above, never the caller's text.
    let exists: Option<i64> = sqlx::query_scalar(&format!("SELECT id FROM {table} WHERE id = $1"))
        .bind(subject_id)
        .fetch_optional(&mut *tx)
        .await?;
    if exists.is_none() {
        return Err(AppError::field("notable_id", catalogue::NOTE_SUBJECT_NOT_FOUND));
    }
    let now = state.now_ms();
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO admin_note (subject_type, subject_id, body, created_by, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $5) RETURNING id",
    )
    .bind(req.notable_type.as_deref().unwrap_or_default())
    .bind(subject_id)
    .bind(req.note.as_deref().unwrap_or_default().trim())
    .bind(caller.id())
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    let note = find(&mut tx, id).await?.ok_or_else(|| AppError::not_found(catalogue::NOTE_NOT_FOUND))?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(Data::new(note))))
}

/// One note (admins).
#[utoipa::path(get, path = "/notes/{id}", tag = "admin", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<Note>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn show(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<Note>>, AppError> {
    caller.require_admin()?;
    let mut conn = state.db.pool.acquire().await?;
    let note = find(&mut conn, id).await?.ok_or_else(|| AppError::not_found(catalogue::NOTE_NOT_FOUND))?;
    Ok(Json(Data::new(note)))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct UpdateNote {
    /// Not blank, at most 5000 characters ([`NOTE_MAX`]).
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 5000)]
    pub note: Option<String>,
}

/// An admin rewrites a note (any admin: notes are the team's).
#[utoipa::path(put, path = "/notes/{id}", tag = "admin", params(("id" = i64, Path)), request_body = UpdateNote, security(("bearer" = [])),
    responses((status = 200, body = Data<Note>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
pub async fn update(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<UpdateNote>,
) -> Result<Json<Data<Note>>, AppError> {
    caller.require_admin()?;
    let mut errors = FieldErrors::new();
    check_text(req.note.as_deref(), &mut errors);
    errors.into_result()?;
    let mut tx = state.db.pool.begin().await?;
    let changed = sqlx::query("UPDATE admin_note SET body = $1, updated_at = $2 WHERE id = $3")
        .bind(req.note.as_deref().unwrap_or_default().trim())
        .bind(state.now_ms())
        .bind(id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if changed == 0 {
        return Err(AppError::not_found(catalogue::NOTE_NOT_FOUND));
    }
    let note = find(&mut tx, id).await?.ok_or_else(|| AppError::not_found(catalogue::NOTE_NOT_FOUND))?;
    tx.commit().await?;
    Ok(Json(Data::new(note)))
}

/// An admin deletes a note.
#[utoipa::path(delete, path = "/notes/{id}", tag = "admin", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn delete(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Message>, AppError> {
    caller.require_admin()?;
    let removed =
        sqlx::query("DELETE FROM admin_note WHERE id = $1").bind(id).execute(&state.db.pool).await?.rows_affected();
    if removed == 0 {
        return Err(AppError::not_found(catalogue::NOTE_NOT_FOUND));
    }
    Ok(Json(Message::new("Note deleted")))
}
