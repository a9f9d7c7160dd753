//! Comments on a contest's board and on one entry: list, write, delete.
//!
//! Lists are newest first, 20 a page (`data, current_page, per_page, next_page_url,
//! total`): the board reads like a feed and the newest remark is what people come for.
//! Deleting is soft (`deleted_at`); the author, an admin, or the contest's owner (who
//! moderates their own contest) may delete.

use axum::{extract::State, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use serde_json::json;
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};
use vitrine_protocol::{event_type, EventFrame};

use super::{
    access::{self, Target},
    events::append_all,
    model::CommentView,
    store,
};
use crate::{
    accounts::{CurrentUser, MaybeUser},
    api::{Data, Message},
    error::{catalogue, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope},
    notifications::{notify, NewNotification, NotificationType},
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
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CommentRequest {
    /// 1 to 5000 characters, trimmed.
    pub comment: Option<String>,
}

/// The `comment.deleted` payload: the comment as it was, and when it went.
#[derive(Debug, Serialize)]
struct DeletedComment<'a> {
    #[serde(flatten)]
    comment: &'a CommentView,
    deleted_at: i64,
}

fn checked_text(req: &CommentRequest) -> Result<String, AppError> {
    let text = req.comment.as_deref().map(str::trim).unwrap_or_default();
    if text.is_empty() {
        return Err(AppError::field("comment", catalogue::REQUIRED));
    }
    if text.chars().count() > MAX_COMMENT {
        return Err(AppError::field("comment", catalogue::TOO_LONG));
    }
    Ok(text.to_owned())
}

async fn list(state: &AppState, target: &Target, page: Option<i64>) -> Result<Json<Page<CommentView>>, AppError> {
    let page = page.unwrap_or(1).max(1);
    let mut conn = state.db.pool.acquire().await?;
    let (rows, total) = store::comment_page(&mut conn, target.contest_id(), target.entry_id(), page, PER_PAGE).await?;
    let base = match target.entry_id() {
        Some(entry) => format!("/contests/{}/entries/{entry}/comments", target.contest_id()),
        None => format!("/contests/{}/comments", target.contest_id()),
    };
    let next_page_url = (page * PER_PAGE < total).then(|| format!("{base}?page={}", page + 1));
    Ok(Json(Page { data: rows, current_page: page, per_page: PER_PAGE, next_page_url, total }))
}

/// Who hears of a new comment: the owner of a board comment by someone else; on an
/// entry, the designer when the owner writes and the owner when the designer writes.
fn recipient(target: &Target, author: i64) -> Option<(i64, NotificationType)> {
    match target.designer_id() {
        None => (author != target.owner_id()).then_some((target.owner_id(), NotificationType::ContestComment)),
        Some(designer) if author == target.owner_id() && designer != author => {
            Some((designer, NotificationType::EntryComment))
        }
        Some(designer) if author == designer => Some((target.owner_id(), NotificationType::EntryComment)),
        Some(_) => None,
    }
}

async fn create(
    state: &AppState,
    caller: &CurrentUser,
    target: &Target,
    req: &CommentRequest,
) -> Result<(StatusCode, Json<Data<CommentView>>), AppError> {
    let text = checked_text(req)?;
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    let comment =
        store::insert_comment(&mut tx, target.contest_id(), target.entry_id(), caller.id(), &text, now).await?;
    let mut events = append_all(&mut tx, &target.channels(), event_type::COMMENT_CREATED, &comment, now).await?;
    if let Some((user_id, kind)) = recipient(target, caller.id()) {
        let what = match (target.entry_id(), user_id == target.owner_id()) {
            (None, _) => "your contest",
            (Some(_), true) => "an entry in your contest",
            (Some(_), false) => "your entry in",
        };
        let notification = NewNotification {
            user_id,
            kind,
            created_by: Some(caller.id()),
            trigger_entity_id: Some(comment.id),
            plain_content: format!("{} commented on {what} {}", caller.user.username, target.contest.title),
            data: json!({"contest_id": target.contest_id(), "contest_entry_id": target.entry_id(), "id": comment.id}),
        };
        events.extend(notify(&mut tx, notification, now).await?);
    }
    tx.publish(events);
    tx.commit().await?;
    tracing::info!(comment_id = comment.id, "comment written");
    Ok((StatusCode::CREATED, Json(Data::new(comment))))
}

async fn delete(
    state: &AppState,
    caller: &CurrentUser,
    target: &Target,
    comment_id: i64,
) -> Result<Json<Message>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let comment = store::find_comment(&mut conn, target.contest_id(), target.entry_id(), comment_id)
        .await?
        .ok_or_else(|| AppError::not_found(catalogue::COMMENT_NOT_FOUND))?;
    drop(conn);
    let may = caller.is_admin() || caller.id() == comment.created_by_user.id || caller.id() == target.owner_id();
    if !may {
        return Err(AppError::forbidden(catalogue::COMMENT_DELETE_FORBIDDEN));
    }
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    if !store::delete_comment(&mut tx, comment_id, now).await? {
        return Err(AppError::not_found(catalogue::COMMENT_NOT_FOUND));
    }
    let payload = DeletedComment { comment: &comment, deleted_at: now };
    let events: Vec<EventFrame> =
        append_all(&mut tx, &target.channels(), event_type::COMMENT_DELETED, &payload, now).await?;
    tx.publish(events);
    tx.commit().await?;
    Ok(Json(Message::new("Comment deleted")))
}

/// The contest's board comments, newest first.
#[utoipa::path(get, path = "/contests/{id}/comments", tag = "comments", params(("id" = i64, Path), CommentPageQuery),
    responses((status = 200, body = Page<CommentView>), (status = 404, body = ErrorEnvelope)))]
pub async fn board_list(
    State(state): State<AppState>,
    MaybeUser(viewer): MaybeUser,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<CommentPageQuery>,
) -> Result<Json<Page<CommentView>>, AppError> {
    let target = access::board(&state, viewer.as_ref(), id).await?;
    list(&state, &target, query.page).await
}

/// Writes a comment on the contest's board; the owner is notified (type 1) unless they wrote it.
#[utoipa::path(post, path = "/contests/{id}/comments", tag = "comments", params(("id" = i64, Path)), request_body = CommentRequest, security(("bearer" = [])),
    responses((status = 201, body = Data<CommentView>), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id, user_id = caller.id()))]
pub async fn board_create(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<CommentRequest>,
) -> Result<(StatusCode, Json<Data<CommentView>>), AppError> {
    let target = access::board(&state, Some(&caller), id).await?;
    create(&state, &caller, &target, &req).await
}

/// Deletes a board comment (its author, the contest's owner or an admin).
#[utoipa::path(delete, path = "/contests/{id}/comments/{commentId}", tag = "comments",
    params(("id" = i64, Path), ("commentId" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id, comment_id))]
pub async fn board_delete(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, comment_id)): ApiPath<(i64, i64)>,
) -> Result<Json<Message>, AppError> {
    let target = access::board(&state, Some(&caller), id).await?;
    delete(&state, &caller, &target, comment_id).await
}

/// An entry's comments, newest first.
#[utoipa::path(get, path = "/contests/{id}/entries/{entryId}/comments", tag = "comments",
    params(("id" = i64, Path), ("entryId" = i64, Path), CommentPageQuery),
    responses((status = 200, body = Page<CommentView>), (status = 404, body = ErrorEnvelope)))]
pub async fn entry_list(
    State(state): State<AppState>,
    MaybeUser(viewer): MaybeUser,
    ApiPath((id, entry_id)): ApiPath<(i64, i64)>,
    ApiQuery(query): ApiQuery<CommentPageQuery>,
) -> Result<Json<Page<CommentView>>, AppError> {
    let target = access::entry(&state, viewer.as_ref(), id, entry_id).await?;
    list(&state, &target, query.page).await
}

/// Writes a comment on an entry; the other party (owner or designer) is notified (type 2).
#[utoipa::path(post, path = "/contests/{id}/entries/{entryId}/comments", tag = "comments",
    params(("id" = i64, Path), ("entryId" = i64, Path)), request_body = CommentRequest, security(("bearer" = [])),
    responses((status = 201, body = Data<CommentView>), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id, entry_id, user_id = caller.id()))]
pub async fn entry_create(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, entry_id)): ApiPath<(i64, i64)>,
    ApiJson(req): ApiJson<CommentRequest>,
) -> Result<(StatusCode, Json<Data<CommentView>>), AppError> {
    let target = access::entry(&state, Some(&caller), id, entry_id).await?;
    create(&state, &caller, &target, &req).await
}

/// Deletes an entry comment (its author, the contest's owner or an admin).
#[utoipa::path(delete, path = "/contests/{id}/entries/{entryId}/comments/{commentId}", tag = "comments",
    params(("id" = i64, Path), ("entryId" = i64, Path), ("commentId" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id, entry_id, comment_id))]
pub async fn entry_delete(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, entry_id, comment_id)): ApiPath<(i64, i64, i64)>,
) -> Result<Json<Message>, AppError> {
    let target = access::entry(&state, Some(&caller), id, entry_id).await?;
    delete(&state, &caller, &target, comment_id).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comment_text_is_trimmed_and_bounded() {
        let req = |s: &str| CommentRequest { comment: Some(s.to_owned()) };
        assert_eq!(checked_text(&req("  hi  ")).unwrap(), "hi");
        assert!(checked_text(&req("   ")).is_err());
        assert!(checked_text(&CommentRequest::default()).is_err());
        assert!(checked_text(&req(&"x".repeat(5000))).is_ok());
        assert!(checked_text(&req(&"x".repeat(5001))).is_err());
    }
}
