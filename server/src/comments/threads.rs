//! Comments on a contest's board and on one entry: list, write, delete, through the
//! thread model ([`crate::threads::comments`]) with the contest's rules
//! ([`access::Target`]).
//!
//! Lists are newest first, 20 a page (`data, current_page, per_page, next_page_url,
//! total`): the board reads like a feed and the newest remark is what people come for.
//! Deleting is soft (`deleted_at`); the author, an admin, or the contest's owner (who
//! moderates their own contest) may delete.

use axum::{extract::State, http::StatusCode, Json};
use serde::Deserialize;
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};

use super::{access, model::CommentView};
use crate::{
    accounts::{CurrentUser, MaybeUser},
    api::{Data, Message},
    error::{ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope},
    shared::page::Page,
    state::AppState,
    threads::comments::{created, delete, list},
};

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
    created(&state, &caller, &target, req.comment.as_deref()).await
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
    created(&state, &caller, &target, req.comment.as_deref()).await
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
