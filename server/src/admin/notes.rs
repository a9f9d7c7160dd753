//! Admin notes: what one admin tells the others about a contest, a project or a user
//! ("client asked for a refund by e-mail"). Admins only, read and write; nobody else
//! learns a note exists. `notable_type` + `notable_id` name what the note is about.

use axum::{extract::State, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};

use super::store::notes as store;
use crate::{
    accounts::CurrentUser,
    api::{loose_id, Data, Message},
    error::{codes, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope, FieldErrors},
    state::AppState,
};

pub const SUBJECTS: [&str; 3] = ["contest", "project", "user"];
pub const NOTE_MAX: usize = 5000;

/// What a note may be about.
#[derive(Debug, Clone, Copy)]
enum Subject {
    Contest,
    Project,
    User,
}

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

fn check_text(note: Option<&str>, errors: &mut FieldErrors) {
    match note.map(str::trim) {
        None | Some("") => errors.add("note", codes::REQUIRED),
        Some(text) if text.chars().count() > NOTE_MAX => errors.add("note", codes::TOO_LONG),
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
        return Err(AppError::field("filter[notable_type]", codes::NOTE_SUBJECT_IN));
    };
    let rows = store::of_subject(&state.db.pool, &kind, id).await?;
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
    let subject = match req.notable_type.as_deref() {
        Some("contest") => Some(Subject::Contest),
        Some("project") => Some(Subject::Project),
        Some("user") => Some(Subject::User),
        _ => {
            errors.add("notable_type", codes::NOTE_SUBJECT_IN);
            None
        }
    };
    if req.notable_id.is_none() {
        errors.add("notable_id", codes::REQUIRED);
    }
    check_text(req.note.as_deref(), &mut errors);
    errors.into_result()?;
    let (Some(subject), Some(subject_id)) = (subject, req.notable_id) else { unreachable!("checked above") };
    let mut tx = state.db.pool.begin().await?;
    // Each subject is read through the store of the area that owns it.
    let exists = match subject {
        Subject::Contest => crate::contests::store::find(&mut *tx, subject_id).await?.is_some(),
        Subject::Project => crate::projects::store::find(&mut *tx, subject_id).await?.is_some(),
        Subject::User => crate::accounts::store::find_user(&mut *tx, subject_id).await?.is_some(),
    };
    if !exists {
        return Err(AppError::field("notable_id", codes::NOTE_SUBJECT_NOT_FOUND));
    }
    let now = state.now_ms();
    let body = req.note.as_deref().unwrap_or_default().trim();
    let kind = req.notable_type.as_deref().unwrap_or_default();
    let id = store::insert(&mut tx, kind, subject_id, body, caller.id(), now).await?;
    let note = store::find(&mut tx, id).await?.ok_or_else(|| AppError::not_found(codes::NOTE_NOT_FOUND))?;
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
    let note = store::find(&mut conn, id).await?.ok_or_else(|| AppError::not_found(codes::NOTE_NOT_FOUND))?;
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
    if !store::set_body(&mut tx, id, req.note.as_deref().unwrap_or_default().trim(), state.now_ms()).await? {
        return Err(AppError::not_found(codes::NOTE_NOT_FOUND));
    }
    let note = store::find(&mut tx, id).await?.ok_or_else(|| AppError::not_found(codes::NOTE_NOT_FOUND))?;
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
    if !store::delete(&state.db.pool, id).await? {
        return Err(AppError::not_found(codes::NOTE_NOT_FOUND));
    }
    Ok(Json(Message::new("Note deleted")))
}
