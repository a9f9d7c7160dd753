//! Stored bids and bid comments, and the JSON the API and the `bid:{id}` events show.

use serde::Serialize;
use utoipa::ToSchema;

use crate::threads::model::{UserSummary, Written};

/// The columns [`BidRow`] reads: `SELECT {BID_COLUMNS} FROM bid b JOIN app_user u ON u.id = b.created_by`.
pub const BID_COLUMNS: &str = "b.id, b.project_id, b.amount_cents, b.description, b.status_id, b.created_at, \
    b.updated_at, (SELECT COUNT(*) FROM bid_comment bc WHERE bc.bid_id = b.id) AS comments_count, \
    u.id AS user_id, u.username, u.name, u.profile_picture, u.user_type_id";

/// 1: open. 2: approved.
pub const BID_OPEN: i64 = 1;
pub const BID_APPROVED: i64 = 2;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BidRow {
    pub id: i64,
    pub project_id: i64,
    pub amount_cents: i64,
    pub description: String,
    pub status_id: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub comments_count: i64,
    #[sqlx(flatten)]
    pub bidder: UserSummary,
}

/// A bid file as bids and workroom updates show it (the workroom is the project's, below bids).
pub use crate::projects::model::BidFileInfo;

/// One file attached to a bid (`bid.bid_files[].files`, section 3).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BidFile {
    pub files: BidFileInfo,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BidView {
    pub id: i64,
    pub project_id: i64,
    /// Whole US dollars.
    pub amount: i64,
    pub description: String,
    /// 1 open, 2 approved.
    pub status_id: i64,
    pub comments_count: i64,
    pub created_by_user: UserSummary,
    pub bid_files: Vec<BidFile>,
    pub created_at: i64,
    pub updated_at: i64,
}

impl BidView {
    pub fn of(row: BidRow, files: Vec<BidFileInfo>) -> Self {
        Self {
            id: row.id,
            project_id: row.project_id,
            amount: row.amount_cents / 100,
            description: row.description,
            status_id: row.status_id,
            comments_count: row.comments_count,
            created_by_user: row.bidder,
            bid_files: files.into_iter().map(|files| BidFile { files }).collect(),
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

/// The bid a comment belongs to, with its files (section 3, bid comment).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CommentBid {
    pub id: i64,
    pub bid_files: Vec<BidFile>,
}

/// A message in a bid's discussion.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BidCommentView {
    pub id: i64,
    pub bid_id: i64,
    pub comment: String,
    pub created_at: i64,
    pub created_by_user: UserSummary,
    pub bid: CommentBid,
}

/// A message in a bid's discussion as read, before the bid's files are added.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BidCommentRow {
    pub id: i64,
    pub bid_id: i64,
    pub comment: String,
    pub created_at: i64,
    #[sqlx(flatten)]
    pub author: UserSummary,
}

impl Written for BidCommentRow {
    fn id(&self) -> i64 {
        self.id
    }
    fn author(&self) -> &UserSummary {
        &self.author
    }
}
