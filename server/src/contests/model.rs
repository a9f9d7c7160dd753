//! The stored contest and the JSON the API shows of it.

use serde::Serialize;
use utoipa::ToSchema;

use super::status::ContestStatus;
use crate::catalogue::listing_title;

/// The columns [`ContestRow`] reads: `SELECT {CONTEST_COLUMNS} FROM contest c JOIN contest_type t ...`.
pub const CONTEST_COLUMNS: &str = "c.id, c.slug, c.title, c.description, c.status_id, c.contest_type_id, \
    t.title AS contest_type_title, c.created_by, c.is_private, c.is_blind, c.is_quick_start, c.is_tip, c.is_added_queue, \
    c.is_featured, c.is_highlighted, c.is_notified_via_email, c.is_featured_blog_post, c.contest_type_pricing_id, \
    c.contest_length_id, c.winning_entry_amount_cents, c.winning_entries_count, c.approval_status_id, \
    c.internal_status_id, c.views_count, c.external_views_count, c.launched_at, c.submission_ends_at, c.deciding_ends_at, c.delivery_due_at, \
    c.verification_due_at, c.artwork_accepted_at, c.terms_accepted_at, c.created_at, c.updated_at";

/// The `FROM` part matching [`CONTEST_COLUMNS`].
pub const CONTEST_FROM: &str = "contest c JOIN contest_type t ON t.id = c.contest_type_id";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ContestRow {
    pub id: i64,
    pub slug: Option<String>,
    pub title: String,
    pub description: String,
    pub status_id: i64,
    pub contest_type_id: i64,
    pub contest_type_title: String,
    pub created_by: i64,
    pub is_private: i64,
    pub is_blind: i64,
    pub is_quick_start: i64,
    pub is_tip: i64,
    pub is_added_queue: i64,
    pub is_featured: i64,
    pub is_highlighted: i64,
    pub is_notified_via_email: i64,
    pub is_featured_blog_post: i64,
    pub contest_type_pricing_id: Option<i64>,
    pub contest_length_id: Option<i64>,
    pub winning_entry_amount_cents: i64,
    pub winning_entries_count: i64,
    pub approval_status_id: Option<i64>,
    pub internal_status_id: Option<i64>,
    pub views_count: i64,
    pub external_views_count: i64,
    pub launched_at: Option<i64>,
    pub submission_ends_at: Option<i64>,
    pub deciding_ends_at: Option<i64>,
    pub delivery_due_at: Option<i64>,
    pub verification_due_at: Option<i64>,
    pub artwork_accepted_at: Option<i64>,
    pub terms_accepted_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

impl ContestRow {
    pub fn status(&self) -> ContestStatus {
        ContestStatus::from_id(self.status_id).unwrap_or(ContestStatus::Unpaid)
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContestDetailView {
    pub is_highlighted: i64,
    /// The prize in whole US dollars.
    pub winning_entry_amount: i64,
    pub winning_entries_count: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContestRequestView {
    pub approval_status_id: Option<i64>,
}

/// A contest as the API shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ContestView {
    pub id: i64,
    pub slug: Option<String>,
    pub title: String,
    pub description: String,
    pub status_id: i64,
    /// Unstarted, Active, Deciding or Completed.
    pub status_name: &'static str,
    pub contest_type_id: i64,
    /// The type's listing title ('Logo Contest', 'Photoshop Editing').
    pub contest_type_title: String,
    pub created_by: i64,
    pub is_featured: i64,
    pub is_notified_via_email: i64,
    pub is_private: i64,
    pub is_blind: i64,
    pub is_quick_start: i64,
    pub is_tip: i64,
    pub is_added_queue: i64,
    pub is_featured_blog_post: i64,
    pub contest_type_pricing_id: Option<i64>,
    /// The chosen length (a rush length when it is one).
    pub contest_type_length_id: Option<i64>,
    pub internal_status_id: Option<i64>,
    /// Every counted view (`POST /contests/{id}/views`), whatever its source.
    pub views_count: i64,
    /// Of `views_count`, those from outside Vitrine (source 2); the rest are internal (1).
    pub external_views_count: i64,
    pub launched_at: Option<i64>,
    /// When entries stop being accepted (epoch ms).
    pub submission_ends_at: Option<i64>,
    pub deciding_ends_at: Option<i64>,
    pub delivery_due_at: Option<i64>,
    pub verification_due_at: Option<i64>,
    /// When the holder accepted the winner's final files (epoch ms), if they did.
    pub artwork_accepted_at: Option<i64>,
    /// When the client accepted the contest type's terms on the brief (epoch ms); null for a
    /// type without terms.
    pub terms_accepted_at: Option<i64>,
    pub created_at: i64,
    pub detail: ContestDetailView,
    pub request: ContestRequestView,
}

impl From<ContestRow> for ContestView {
    fn from(row: ContestRow) -> Self {
        let status = row.status();
        Self {
            id: row.id,
            slug: row.slug,
            title: row.title,
            description: row.description,
            status_id: row.status_id,
            status_name: status.simple_name(),
            contest_type_id: row.contest_type_id,
            contest_type_title: listing_title(row.contest_type_id, &row.contest_type_title),
            created_by: row.created_by,
            is_featured: row.is_featured,
            is_notified_via_email: row.is_notified_via_email,
            is_private: row.is_private,
            is_blind: row.is_blind,
            is_quick_start: row.is_quick_start,
            is_tip: row.is_tip,
            is_added_queue: row.is_added_queue,
            is_featured_blog_post: row.is_featured_blog_post,
            contest_type_pricing_id: row.contest_type_pricing_id,
            contest_type_length_id: row.contest_length_id,
            internal_status_id: row.internal_status_id,
            views_count: row.views_count,
            external_views_count: row.external_views_count,
            launched_at: row.launched_at,
            submission_ends_at: row.submission_ends_at,
            deciding_ends_at: row.deciding_ends_at,
            delivery_due_at: row.delivery_due_at,
            verification_due_at: row.verification_due_at,
            artwork_accepted_at: row.artwork_accepted_at,
            terms_accepted_at: row.terms_accepted_at,
            created_at: row.created_at,
            detail: ContestDetailView {
                is_highlighted: row.is_highlighted,
                winning_entry_amount: row.winning_entry_amount_cents / 100,
                winning_entries_count: row.winning_entries_count,
            },
            request: ContestRequestView { approval_status_id: row.approval_status_id },
        }
    }
}

/// `contest_entry_file.kind`.
pub mod file_kind {
    /// The entry's main image (upload category 5).
    pub const MAIN: i64 = 1;
    /// A further image (upload category 8).
    pub const OTHER: i64 = 2;
    /// The winner's final artwork.
    pub const ARTWORK: i64 = 3;
}
