//! Updates: the assigned designer shows work in progress while the project is active
//! and assigned (2); the owner rates it (1-5) and reviews it (status); both download
//! its files. Everything is read in the workroom ([`Room`]): the owner, the assigned
//! designer, admins.

use axum::{extract::State, http::StatusCode, Json};
use serde::Deserialize;
use serde_json::json;
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};
use vitrine_protocol::event_type;

use super::{
    events::in_room,
    model::{status, UpdateRow, UpdateView},
    store::{self, Column},
};
use crate::{
    accounts::CurrentUser,
    api::{loose_id, Data},
    error::{codes, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope, FieldErrors},
    files::{grant_download, DownloadToken},
    notifications::{notify, texts, NewNotification, Text},
    projects::{
        notices,
        room::{enter, Room},
        status::ProjectStatus,
    },
    shared::page::Page,
    state::AppState,
};

const PER_PAGE: i64 = 20;
const MAX_DESCRIPTION: usize = 5000;
const MAX_FILES: usize = 20;

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct UpdateRequest {
    /// What the update shows, 1 to 5000 characters.
    pub description: Option<String>,
    /// At least one file the designer uploaded (categories 13 and 16), at most 20.
    #[serde(default)]
    pub file_ids: Vec<i64>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct OtherFilesRequest {
    /// Files the designer uploaded, added to the update's other files.
    #[serde(default)]
    pub file_ids: Vec<i64>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = UpdateRatingRequest)]
pub struct RatingRequest {
    /// 1 to 5 stars.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub rating: Option<i64>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ReviewRequest {
    /// 1 awaiting review, 2 approved, 3 changes requested.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub status_id: Option<i64>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct DownloadRequest {
    /// One of the update's files; the first file shown when absent.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub file_id: Option<i64>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UpdateListQuery {
    #[serde(default, deserialize_with = "crate::shared::page::page_number")]
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    /// `created_at` (oldest first) or `-created_at` (newest first, the default).
    #[param(pattern = r"^(created_at|-created_at)?$")]
    pub sort: Option<String>,
    /// Accepted for the client's sake: files, other files and the comment count are always included.
    pub include: Option<String>,
}

async fn view(conn: &mut sqlx::AnyConnection, row: UpdateRow) -> Result<UpdateView, sqlx::Error> {
    let files = store::files(conn, row.id).await?;
    Ok(UpdateView::of(row, files))
}

/// Update `update_id` of the room's project, or 404.
async fn find(state: &AppState, room: &Room, update_id: i64) -> Result<UpdateRow, AppError> {
    store::find(&state.db.pool, room.id(), update_id).await?.ok_or_else(|| AppError::not_found(codes::UPDATE_NOT_FOUND))
}

/// Checks the designer's files: some, not too many, all their own.
async fn checked_files(
    state: &AppState,
    caller: &CurrentUser,
    ids: &[i64],
    errors: &mut FieldErrors,
) -> Result<(), AppError> {
    if ids.is_empty() {
        errors.add("file_ids", codes::REQUIRED);
    } else if ids.len() > MAX_FILES {
        errors.add("file_ids", codes::TOO_LONG);
    } else {
        let mut conn = state.db.pool.acquire().await?;
        if !crate::files::store::foreign_files(&mut conn, caller.id(), ids).await?.is_empty() {
            errors.add("file_ids", codes::NOT_FOUND_OPTION);
        }
    }
    Ok(())
}

/// The assigned designer posts an update on an active project; the owner is told (type 16).
#[utoipa::path(post, path = "/projects/{id}/updates", tag = "project updates", params(("id" = i64, Path)),
    request_body = UpdateRequest, security(("bearer" = [])),
    responses((status = 201, body = Data<UpdateView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id, user_id = caller.id()))]
pub async fn create(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<UpdateRequest>,
) -> Result<(StatusCode, Json<Data<UpdateView>>), AppError> {
    let room = enter(&state, &caller, id).await?;
    if room.designer != Some(caller.id()) {
        return Err(AppError::forbidden(codes::UPDATE_FORBIDDEN));
    }
    if room.project.status() != ProjectStatus::Active {
        return Err(AppError::conflict(codes::UPDATE_CLOSED));
    }
    let mut errors = FieldErrors::new();
    let text = req.description.as_deref().map(str::trim).unwrap_or_default();
    if text.is_empty() {
        errors.add("description", codes::REQUIRED);
    } else if text.chars().count() > MAX_DESCRIPTION {
        errors.add("description", codes::TOO_LONG);
    }
    checked_files(&state, &caller, &req.file_ids, &mut errors).await?;
    errors.into_result()?;

    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    let update_id = store::insert(&mut tx, id, caller.id(), text, now).await?;
    store::add_files(&mut tx, update_id, &req.file_ids, false).await?;
    let row = store::find(&mut *tx, id, update_id).await?.ok_or(sqlx::Error::RowNotFound)?;
    let update = view(&mut tx, row).await?;
    in_room(&mut tx, &room, event_type::PROJECT_UPDATE_CREATED, &update, now).await?;
    let n = NewNotification {
        user_id: room.owner(),
        kind: notices::UPDATE_POSTED,
        created_by: Some(caller.id()),
        trigger_entity_id: Some(update_id),
        text: Text::new(
            texts::PROJECT_UPDATE_POSTED,
            json!({"username": caller.user.username, "project": room.project.title}),
        ),
        data: json!({"project_id": id, "id": update_id}),
    };
    notify(&mut tx, n, now).await?;
    tx.commit().await?;
    tracing::info!(update_id, "project update posted");
    Ok((StatusCode::CREATED, Json(Data::new(update))))
}

/// The project's updates (the owner, the assigned designer, admins).
#[utoipa::path(get, path = "/projects/{id}/updates", tag = "project updates", params(("id" = i64, Path), UpdateListQuery),
    security(("bearer" = [])),
    responses((status = 200, body = Page<UpdateView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<UpdateListQuery>,
) -> Result<Json<Page<UpdateView>>, AppError> {
    enter(&state, &caller, id).await?;
    let order =
        store::order_by(query.sort.as_deref()).ok_or_else(|| AppError::field("sort", codes::NOT_FOUND_OPTION))?;
    let page = query.page.unwrap_or(1).max(1);
    let mut conn = state.db.pool.acquire().await?;
    let (rows, total) = store::page(&mut conn, id, order, page, PER_PAGE).await?;
    let mut data = Vec::with_capacity(rows.len());
    for row in rows {
        data.push(view(&mut conn, row).await?);
    }
    let next_page_url = (page * PER_PAGE < total).then(|| format!("/projects/{id}/updates?page={}", page + 1));
    Ok(Json(Page { data, current_page: page, per_page: PER_PAGE, next_page_url, total }))
}

/// One update.
#[utoipa::path(get, path = "/projects/{id}/updates/{updateId}", tag = "project updates",
    params(("id" = i64, Path), ("updateId" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<UpdateView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn show(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, update_id)): ApiPath<(i64, i64)>,
) -> Result<Json<Data<UpdateView>>, AppError> {
    let room = enter(&state, &caller, id).await?;
    let row = find(&state, &room, update_id).await?;
    let mut conn = state.db.pool.acquire().await?;
    Ok(Json(Data::new(view(&mut conn, row).await?)))
}

/// Writes a change to an update and its `project.update.updated`; answers the update.
async fn changed(
    state: &AppState,
    room: &Room,
    update_id: i64,
    change: impl AsyncFnOnce(&mut sqlx::AnyConnection, i64) -> Result<(), sqlx::Error>,
) -> Result<Json<Data<UpdateView>>, AppError> {
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    change(&mut tx, now).await?;
    let row = store::find(&mut *tx, room.id(), update_id).await?.ok_or(sqlx::Error::RowNotFound)?;
    let update = view(&mut tx, row).await?;
    in_room(&mut tx, room, event_type::PROJECT_UPDATE_UPDATED, &update, now).await?;
    tx.commit().await?;
    Ok(Json(Data::new(update)))
}

/// The update's designer adds other files (sources, fonts) while the project is theirs.
#[utoipa::path(post, path = "/projects/{id}/updates/{updateId}/other_files", tag = "project updates",
    params(("id" = i64, Path), ("updateId" = i64, Path)), request_body = OtherFilesRequest, security(("bearer" = [])),
    responses((status = 200, body = Data<UpdateView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id, update_id))]
pub async fn other_files(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, update_id)): ApiPath<(i64, i64)>,
    ApiJson(req): ApiJson<OtherFilesRequest>,
) -> Result<Json<Data<UpdateView>>, AppError> {
    let room = enter(&state, &caller, id).await?;
    let update = find(&state, &room, update_id).await?;
    if update.designer.id != caller.id() {
        return Err(AppError::forbidden(codes::UPDATE_FORBIDDEN));
    }
    let mut errors = FieldErrors::new();
    checked_files(&state, &caller, &req.file_ids, &mut errors).await?;
    errors.into_result()?;
    let files = req.file_ids;
    changed(&state, &room, update_id, async |conn, now| {
        store::add_files(conn, update_id, &files, true).await?;
        store::touch(conn, update_id, now).await
    })
    .await
}

/// The project's owner rates an update, 1 to 5 stars.
#[utoipa::path(patch, path = "/projects/{id}/updates/{updateId}/ratings", tag = "project updates",
    params(("id" = i64, Path), ("updateId" = i64, Path)), request_body = RatingRequest, security(("bearer" = [])),
    responses((status = 200, body = Data<UpdateView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id, update_id))]
pub async fn rate(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, update_id)): ApiPath<(i64, i64)>,
    ApiJson(req): ApiJson<RatingRequest>,
) -> Result<Json<Data<UpdateView>>, AppError> {
    let room = enter(&state, &caller, id).await?;
    find(&state, &room, update_id).await?;
    if caller.id() != room.owner() {
        return Err(AppError::forbidden(codes::UPDATE_OWNER_ONLY));
    }
    let rating = match req.rating {
        None => return Err(AppError::field("rating", codes::REQUIRED)),
        Some(r) if !(1..=5).contains(&r) => return Err(AppError::field("rating", codes::RATING_RANGE)),
        Some(r) => r,
    };
    changed(&state, &room, update_id, async |conn, now| store::set(conn, update_id, Column::Rating, rating, now).await)
        .await
}

/// The project's owner reviews an update: approved, changes requested, or back to awaiting review.
#[utoipa::path(patch, path = "/projects/{id}/updates/{updateId}/status", tag = "project updates",
    params(("id" = i64, Path), ("updateId" = i64, Path)), request_body = ReviewRequest, security(("bearer" = [])),
    responses((status = 200, body = Data<UpdateView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id, update_id))]
pub async fn review(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, update_id)): ApiPath<(i64, i64)>,
    ApiJson(req): ApiJson<ReviewRequest>,
) -> Result<Json<Data<UpdateView>>, AppError> {
    let room = enter(&state, &caller, id).await?;
    find(&state, &room, update_id).await?;
    if caller.id() != room.owner() {
        return Err(AppError::forbidden(codes::UPDATE_OWNER_ONLY));
    }
    let to = match req.status_id {
        None => return Err(AppError::field("status_id", codes::REQUIRED)),
        Some(s) if !(status::AWAITING_REVIEW..=status::CHANGES_REQUESTED).contains(&s) => {
            return Err(AppError::field("status_id", codes::UPDATE_STATUS_IN))
        }
        Some(s) => s,
    };
    changed(&state, &room, update_id, async |conn, now| store::set(conn, update_id, Column::Status, to, now).await)
        .await
}

/// A one-time link to one of the update's files (everyone in the workroom), opened
/// with `GET /files/{file_id}/download?token=`.
#[utoipa::path(post, path = "/projects/{id}/updates/{updateId}/generate-download-token", tag = "project updates",
    params(("id" = i64, Path), ("updateId" = i64, Path)), request_body = DownloadRequest, security(("bearer" = [])),
    responses((status = 201, body = Data<UpdateDownload>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id, update_id))]
pub async fn download_token(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, update_id)): ApiPath<(i64, i64)>,
    body: axum::body::Bytes,
) -> Result<(StatusCode, Json<Data<UpdateDownload>>), AppError> {
    let room = enter(&state, &caller, id).await?;
    let update = find(&state, &room, update_id).await?;
    // The body is optional: none, `null` or `{}` mean the first file shown.
    let req = match body.iter().all(u8::is_ascii_whitespace) {
        true => DownloadRequest::default(),
        false => serde_json::from_slice::<Option<DownloadRequest>>(&body)
            .map_err(|_| AppError::rule(StatusCode::BAD_REQUEST, codes::BODY_INVALID))?
            .unwrap_or_default(),
    };
    let mut conn = state.db.pool.acquire().await?;
    let files = view(&mut conn, update).await?;
    drop(conn);
    let mut all = files.files.iter().chain(&files.other_files);
    let file = match req.file_id {
        None => all.next(),
        Some(wanted) => all.find(|f| f.id == wanted),
    }
    .ok_or_else(|| AppError::field("file_id", codes::NOT_FOUND_OPTION))?;
    let granted = grant_download(&state, file.id, caller.id()).await?;
    let download_url = format!("/files/{}/download?token={}", file.id, granted.token);
    Ok((StatusCode::CREATED, Json(Data::new(UpdateDownload { file_id: file.id, download_url, token: granted }))))
}

/// A one-time link to a file of an update.
#[derive(Debug, serde::Serialize, ToSchema)]
pub struct UpdateDownload {
    pub file_id: i64,
    /// `GET` this (no bearer needed) to download the file, once.
    pub download_url: String,
    #[serde(flatten)]
    pub token: DownloadToken,
}
