//! The discussion of one bid (projects doc, section 4, bid comments): the project's
//! owner and the bidder talk while the project is live or paid (1, or 2 active and
//! assigned: a bid was approved). A designer may write only if they have a level
//! above bronze; admins may read but not write (the specification names the owner
//! and the designer, and nobody else). Every message goes to `bid:{id}` and the
//! other party is notified (type 12).

use axum::{extract::State, http::StatusCode, Json};
use serde::Deserialize;
use serde_json::json;
use sqlx::AnyConnection;
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};
use vitrine_protocol::{event_type, Channel};

use super::{
    access::{visible_bid, BidRef},
    model::{BidCommentRow, BidCommentView, BidFile, CommentBid},
    store::{self, COMMENTS},
};
use crate::{
    accounts::{
        domain::{CreativeLevel, UserType},
        CurrentUser,
    },
    api::Data,
    error::{codes, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope},
    notifications::{texts, NewNotification, Text},
    projects::notices,
    shared::page::Page,
    state::AppState,
    threads::{
        comments::{created, list as page, CommentThread},
        store::CommentTable,
    },
};

/// A bid's discussion in the thread model: 50 a page, `bid.comment.created` on
/// `bid:{id}`, every message shown with the bid's files.
impl CommentThread for BidRef {
    type Comment = BidCommentRow;
    type View = BidCommentView;
    const TABLE: CommentTable = COMMENTS;
    const PER_PAGE: i64 = 50;
    const CREATED: &'static str = event_type::BID_COMMENT_CREATED;

    fn keys(&self) -> (i64, Option<i64>) {
        (self.bid.id, None)
    }

    fn path(&self) -> String {
        format!("/projects/{}/bids/{}/comments", self.bid.project_id, self.bid.id)
    }

    fn channels(&self) -> Vec<Channel> {
        vec![Channel::Bid(self.bid.id)]
    }

    /// The owner, or the bidder above bronze, while the project takes bid comments.
    fn may_write(&self, caller: &CurrentUser) -> Result<(), AppError> {
        if !self.project.status().allows_bid_comments() {
            return Err(AppError::conflict(codes::BID_COMMENT_CLOSED));
        }
        if caller.id() == self.owner() {
            return Ok(());
        }
        if caller.id() == self.bidder() && caller.user.user_type() == UserType::Designer {
            return match caller.user.creative_level() {
                Some(level) if level != CreativeLevel::Bronze => Ok(()),
                _ => Err(AppError::forbidden(codes::BID_COMMENT_BRONZE)),
            };
        }
        Err(AppError::forbidden(codes::BID_COMMENT_FORBIDDEN))
    }

    /// A bid's discussion keeps every message: there is no route that deletes one.
    fn may_delete(&self, _caller: &CurrentUser, _author: i64) -> Result<(), AppError> {
        Err(AppError::forbidden(codes::BID_COMMENT_FORBIDDEN))
    }

    /// The other party (type 12).
    fn notice(&self, caller: &CurrentUser, comment: &BidCommentRow) -> Option<NewNotification> {
        let other = if caller.id() == self.owner() { self.bidder() } else { self.owner() };
        Some(NewNotification {
            user_id: other,
            kind: notices::BID_COMMENT,
            created_by: Some(caller.id()),
            trigger_entity_id: Some(comment.id),
            text: Text::new(
                texts::BID_COMMENT,
                json!({"username": caller.user.username, "project": self.project.title}),
            ),
            data: json!({"project_id": self.bid.project_id, "bid_id": self.bid.id, "id": comment.id}),
        })
    }

    /// Each message with the bid's files (section 3, bid comment).
    async fn shown(
        &self,
        conn: &mut AnyConnection,
        comments: Vec<BidCommentRow>,
    ) -> Result<Vec<BidCommentView>, sqlx::Error> {
        let files = store::files(conn, self.bid.id).await?;
        let bid_files: Vec<BidFile> = files.into_iter().map(|files| BidFile { files }).collect();
        Ok(comments
            .into_iter()
            .map(|row| BidCommentView {
                id: row.id,
                bid_id: row.bid_id,
                comment: row.comment,
                created_at: row.created_at,
                created_by_user: row.author,
                bid: CommentBid { id: row.bid_id, bid_files: bid_files.clone() },
            })
            .collect())
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CommentPageQuery {
    /// 1-based page; oldest messages first.
    #[serde(default, deserialize_with = "crate::shared::page::page_number")]
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct BidCommentRequest {
    /// 1 to 5000 characters, trimmed.
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 5000)]
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
    let found = visible_bid(&state, &caller, bid_id, Some(id)).await?;
    page(&state, &found, query.page).await
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
    created(&state, &caller, &found, req.comment.as_deref()).await
}
