//! The discussion of one bid (projects doc, section 4, bid comments): the project's
//! owner and the bidder talk while the project is live or paid (1, or 2 active and
//! assigned: a bid was approved). A designer may write only if they have a level
//! above bronze; admins may read but not write (the specification names the owner
//! and the designer, and nobody else). Every message goes to `bid:{id}` and the
//! other party is notified (type 12).

use axum::{extract::State, http::StatusCode, Json};
use serde::Deserialize;
use serde_json::json;
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};
use vitrine_protocol::event_type;

use super::{
    access::{visible_bid, BidRef},
    events::on_bid,
    model::{BidCommentRow, BidCommentView, BidFileInfo, CommentBid},
    store,
};
use crate::{
    accounts::{
        domain::{CreativeLevel, UserType},
        CurrentUser,
    },
    api::Data,
    error::{catalogue, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope},
    notifications::{notify, NewNotification},
    projects::notices,
    shared::page::Page,
    state::AppState,
};

const PER_PAGE: i64 = 50;
const MAX_COMMENT: usize = 5000;

fn comment_view(row: BidCommentRow, files: &[BidFileInfo]) -> BidCommentView {
    BidCommentView {
        id: row.id,
        bid_id: row.bid_id,
        comment: row.comment,
        created_at: row.created_at,
        created_by_user: row.author,
        bid: CommentBid {
            id: row.bid_id,
            bid_files: files.iter().cloned().map(|files| super::model::BidFile { files }).collect(),
        },
    }
}

/// Whether `caller` may write in the discussion of `found` (beyond seeing it).
fn may_write(caller: &CurrentUser, found: &BidRef) -> Result<(), AppError> {
    if !found.project.status().allows_bid_comments() {
        return Err(AppError::conflict(catalogue::BID_COMMENT_CLOSED));
    }
    if caller.id() == found.owner() {
        return Ok(());
    }
    if caller.id() == found.bidder() && caller.user.user_type() == UserType::Designer {
        return match caller.user.creative_level() {
            Some(level) if level != CreativeLevel::Bronze => Ok(()),
            _ => Err(AppError::forbidden(catalogue::BID_COMMENT_BRONZE)),
        };
    }
    Err(AppError::forbidden(catalogue::BID_COMMENT_FORBIDDEN))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CommentPageQuery {
    /// 1-based page; oldest messages first.
    pub page: Option<i64>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct BidCommentRequest {
    /// 1 to 5000 characters, trimmed.
    pub comment: Option<String>,
}

/// The discussion of a bid, oldest first (the owner, the bidder, admins).
#[utoipa::path(get, path = "/projects/{id}/bids/{bidId}/comments", tag = "bids", params(("id" = i64, Path), ("bidId" = i64, Path), CommentPageQuery),
    security(("bearer" = [])),
    responses((status = 200, body = Page<BidCommentView>), (status = 404, body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, bid_id)): ApiPath<(i64, i64)>,
    ApiQuery(query): ApiQuery<CommentPageQuery>,
) -> Result<Json<Page<BidCommentView>>, AppError> {
    visible_bid(&state, &caller, bid_id, Some(id)).await?;
    let page = query.page.unwrap_or(1).max(1);
    let mut conn = state.db.pool.acquire().await?;
    let (rows, total) = store::comment_page(&mut conn, bid_id, page, PER_PAGE).await?;
    let files = store::files(&mut conn, bid_id).await?;
    let next_page_url =
        (page * PER_PAGE < total).then(|| format!("/projects/{id}/bids/{bid_id}/comments?page={}", page + 1));
    let data = rows.into_iter().map(|r| comment_view(r, &files)).collect();
    Ok(Json(Page { data, current_page: page, per_page: PER_PAGE, next_page_url, total }))
}

/// Writes in the discussion of a bid (the owner, or a bidder above bronze).
#[utoipa::path(post, path = "/projects/{id}/bids/{bidId}/comments", tag = "bids", params(("id" = i64, Path), ("bidId" = i64, Path)),
    request_body = BidCommentRequest, security(("bearer" = [])),
    responses((status = 201, body = Data<BidCommentView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id, bid_id, user_id = caller.id()))]
pub async fn create(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, bid_id)): ApiPath<(i64, i64)>,
    ApiJson(req): ApiJson<BidCommentRequest>,
) -> Result<(StatusCode, Json<Data<BidCommentView>>), AppError> {
    let found = visible_bid(&state, &caller, bid_id, Some(id)).await?;
    may_write(&caller, &found)?;
    let text = req.comment.as_deref().map(str::trim).unwrap_or_default();
    if text.is_empty() {
        return Err(AppError::field("comment", catalogue::REQUIRED));
    }
    if text.chars().count() > MAX_COMMENT {
        return Err(AppError::field("comment", catalogue::TOO_LONG));
    }
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    let row = store::insert_comment(&mut tx, bid_id, caller.id(), text, now).await?;
    let files = store::files(&mut tx, bid_id).await?;
    let comment = comment_view(row, &files);
    let mut events = vec![on_bid(&mut tx, bid_id, event_type::BID_COMMENT_CREATED, &comment, now).await?];
    let other = if caller.id() == found.owner() { found.bidder() } else { found.owner() };
    let n = NewNotification {
        user_id: other,
        kind: notices::BID_COMMENT,
        created_by: Some(caller.id()),
        trigger_entity_id: Some(comment.id),
        plain_content: format!("{} commented on the bid on {}", caller.user.username, found.project.title),
        data: json!({"project_id": id, "bid_id": bid_id, "id": comment.id}),
    };
    events.extend(notify(&mut tx, n, now).await?);
    tx.publish(events);
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(Data::new(comment))))
}
