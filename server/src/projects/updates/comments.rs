//! The workroom's threads: comments on the project itself (`/projects/{id}/comments`)
//! and on one update (`/projects/{id}/updates/{updateId}/comments`).
//!
//! The owner and the assigned designer write, once a bid is approved; admins read and
//! delete (moderation, projects doc section 6). Lists are newest first, 20 a page. Each
//! new comment is `comment.created` on `workroom:{id}` and a notification for the
//! other party: type 20 on the project's thread, 17 on an update's.

use axum::{extract::State, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use serde_json::json;
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};
use vitrine_protocol::event_type;

use super::{events::in_room, model::ProjectCommentView, store, thread_store};
use crate::{
    accounts::CurrentUser,
    api::{Data, Message},
    error::{catalogue, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope},
    notifications::{notify, NewNotification},
    projects::{
        notices,
        room::{enter, Room},
    },
    shared::page::Page,
    state::AppState,
};

const PER_PAGE: i64 = 20;
const MAX_COMMENT: usize = 5000;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CommentPageQuery {
    /// 1-based page number; newest comments first.
    pub page: Option<i64>,
    /// Accepted for the client's sake: the author is always included.
    pub include: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = UpdateCommentRequest)]
pub struct CommentRequest {
    /// 1 to 5000 characters, trimmed.
    pub comment: Option<String>,
}

/// The `comment.deleted` payload: the comment as it was, and when it went.
#[derive(Debug, Serialize)]
struct DeletedComment<'a> {
    #[serde(flatten)]
    comment: &'a ProjectCommentView,
    deleted_at: i64,
}

/// The room, and the update whose thread it is (None: the project's own), checked to exist.
async fn thread(
    state: &AppState,
    caller: &CurrentUser,
    id: i64,
    update_id: Option<i64>,
) -> Result<(Room, Option<i64>), AppError> {
    let room = enter(state, caller, id).await?;
    if let Some(update_id) = update_id {
        store::find(&state.db.pool, id, update_id)
            .await?
            .ok_or_else(|| AppError::not_found(catalogue::UPDATE_NOT_FOUND))?;
    }
    Ok((room, update_id))
}

fn base_path(id: i64, update_id: Option<i64>) -> String {
    match update_id {
        Some(update) => format!("/projects/{id}/updates/{update}/comments"),
        None => format!("/projects/{id}/comments"),
    }
}

async fn list(
    state: &AppState,
    room: &Room,
    update_id: Option<i64>,
    page: Option<i64>,
) -> Result<Json<Page<ProjectCommentView>>, AppError> {
    let page = page.unwrap_or(1).max(1);
    let mut conn = state.db.pool.acquire().await?;
    let (data, total) = thread_store::comment_page(&mut conn, room.id(), update_id, page, PER_PAGE).await?;
    let next_page_url =
        (page * PER_PAGE < total).then(|| format!("{}?page={}", base_path(room.id(), update_id), page + 1));
    Ok(Json(Page { data, current_page: page, per_page: PER_PAGE, next_page_url, total }))
}

async fn create(
    state: &AppState,
    caller: &CurrentUser,
    room: &Room,
    update_id: Option<i64>,
    req: &CommentRequest,
) -> Result<(StatusCode, Json<Data<ProjectCommentView>>), AppError> {
    room.require_party(caller)?;
    let text = req.comment.as_deref().map(str::trim).unwrap_or_default();
    if text.is_empty() {
        return Err(AppError::field("comment", catalogue::REQUIRED));
    }
    if text.chars().count() > MAX_COMMENT {
        return Err(AppError::field("comment", catalogue::TOO_LONG));
    }
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    let comment = thread_store::insert_comment(&mut tx, room.id(), update_id, caller.id(), text, now).await?;
    let mut events = vec![in_room(&mut tx, room, event_type::COMMENT_CREATED, &comment, now).await?];
    if let Some(other) = room.other_party(caller.id()) {
        let (kind, what) = match update_id {
            Some(_) => (notices::UPDATE_COMMENT, "an update of "),
            None => (notices::PROJECT_COMMENT, ""),
        };
        let n = NewNotification {
            user_id: other,
            kind,
            created_by: Some(caller.id()),
            trigger_entity_id: Some(comment.id),
            plain_content: format!("{} commented on {what}{}", caller.user.username, room.project.title),
            data: json!({"project_id": room.id(), "id": update_id, "comment": comment.id}),
        };
        events.extend(notify(&mut tx, n, now).await?);
    }
    tx.publish(events);
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(Data::new(comment))))
}

async fn delete(
    state: &AppState,
    caller: &CurrentUser,
    room: &Room,
    update_id: Option<i64>,
    comment_id: i64,
) -> Result<Json<Message>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let comment = thread_store::find_comment(&mut conn, room.id(), update_id, comment_id)
        .await?
        .ok_or_else(|| AppError::not_found(catalogue::COMMENT_NOT_FOUND))?;
    drop(conn);
    if !caller.is_admin() && caller.id() != comment.created_by_user.id {
        return Err(AppError::forbidden(catalogue::PROJECT_COMMENT_DELETE_FORBIDDEN));
    }
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    if !thread_store::delete_comment(&mut tx, comment_id, now).await? {
        return Err(AppError::not_found(catalogue::COMMENT_NOT_FOUND));
    }
    let payload = DeletedComment { comment: &comment, deleted_at: now };
    let event = in_room(&mut tx, room, event_type::COMMENT_DELETED, &payload, now).await?;
    tx.publish(vec![event]);
    tx.commit().await?;
    Ok(Json(Message::new("Comment deleted")))
}

/// The project's comments, newest first (the owner, the assigned designer, admins).
#[utoipa::path(get, path = "/projects/{id}/comments", tag = "project updates", params(("id" = i64, Path), CommentPageQuery),
    security(("bearer" = [])),
    responses((status = 200, body = Page<ProjectCommentView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn project_list(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<CommentPageQuery>,
) -> Result<Json<Page<ProjectCommentView>>, AppError> {
    let (room, _) = thread(&state, &caller, id, None).await?;
    list(&state, &room, None, query.page).await
}

/// Comments on the project (its owner or assigned designer); the other is told (type 20).
#[utoipa::path(post, path = "/projects/{id}/comments", tag = "project updates", params(("id" = i64, Path)),
    request_body = CommentRequest, security(("bearer" = [])),
    responses((status = 201, body = Data<ProjectCommentView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id, user_id = caller.id()))]
pub async fn project_create(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<CommentRequest>,
) -> Result<(StatusCode, Json<Data<ProjectCommentView>>), AppError> {
    let (room, _) = thread(&state, &caller, id, None).await?;
    create(&state, &caller, &room, None, &req).await
}

/// Deletes a project comment (its author or an admin).
#[utoipa::path(delete, path = "/projects/{id}/comments/{commentId}", tag = "project updates",
    params(("id" = i64, Path), ("commentId" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id, comment_id))]
pub async fn project_delete(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, comment_id)): ApiPath<(i64, i64)>,
) -> Result<Json<Message>, AppError> {
    let (room, _) = thread(&state, &caller, id, None).await?;
    delete(&state, &caller, &room, None, comment_id).await
}

/// An update's comments, newest first.
#[utoipa::path(get, path = "/projects/{id}/updates/{updateId}/comments", tag = "project updates",
    params(("id" = i64, Path), ("updateId" = i64, Path), CommentPageQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<ProjectCommentView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn update_list(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, update_id)): ApiPath<(i64, i64)>,
    ApiQuery(query): ApiQuery<CommentPageQuery>,
) -> Result<Json<Page<ProjectCommentView>>, AppError> {
    let (room, update) = thread(&state, &caller, id, Some(update_id)).await?;
    list(&state, &room, update, query.page).await
}

/// Comments on an update (the owner or the assigned designer); the other is told (type 17).
#[utoipa::path(post, path = "/projects/{id}/updates/{updateId}/comments", tag = "project updates",
    params(("id" = i64, Path), ("updateId" = i64, Path)), request_body = CommentRequest, security(("bearer" = [])),
    responses((status = 201, body = Data<ProjectCommentView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id, update_id, user_id = caller.id()))]
pub async fn update_create(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, update_id)): ApiPath<(i64, i64)>,
    ApiJson(req): ApiJson<CommentRequest>,
) -> Result<(StatusCode, Json<Data<ProjectCommentView>>), AppError> {
    let (room, update) = thread(&state, &caller, id, Some(update_id)).await?;
    create(&state, &caller, &room, update, &req).await
}

/// Deletes an update's comment (its author or an admin).
#[utoipa::path(delete, path = "/projects/{id}/updates/{updateId}/comments/{commentId}", tag = "project updates",
    params(("id" = i64, Path), ("updateId" = i64, Path), ("commentId" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id, update_id, comment_id))]
pub async fn update_delete(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, update_id, comment_id)): ApiPath<(i64, i64, i64)>,
) -> Result<Json<Message>, AppError> {
    let (room, update) = thread(&state, &caller, id, Some(update_id)).await?;
    delete(&state, &caller, &room, update, comment_id).await
}
