//! The stored project and the JSON the API shows of it.

use serde::Serialize;
use utoipa::ToSchema;

use super::status::ProjectStatus;
use crate::threads::model::UserSummary;

/// The columns [`ProjectRow`] reads from [`PROJECT_FROM`].
pub const PROJECT_COLUMNS: &str = "p.id, p.title, p.description, p.status_id, p.created_by, p.project_category_id, \
    pc.title AS category_title, pc.launch_slug AS category_slug, p.project_sub_category_id, \
    psc.title AS sub_category_title, psc.launch_slug AS sub_category_slug, p.project_service_id, \
    ps.title AS service_title, ps.launch_slug AS service_slug, p.budget_cents, p.timeline, p.timeline_range_start, \
    p.timeline_range_end, p.is_subscription, p.country_id, p.state_id, p.internal_status_id, p.approved_bid_id, \
    p.timeline_ends_at, p.delivery_due_at, p.finalized_at, p.queued_bid_id, p.queued_at, \
    (SELECT COUNT(*) FROM bid b WHERE b.project_id = p.id) AS bids_count, p.created_at, p.updated_at, \
    u.id AS user_id, u.username, u.name, u.profile_picture, u.user_type_id";

/// The `FROM` part matching [`PROJECT_COLUMNS`].
pub const PROJECT_FROM: &str = "project p JOIN app_user u ON u.id = p.created_by \
    LEFT JOIN project_category pc ON pc.id = p.project_category_id \
    LEFT JOIN project_sub_category psc ON psc.id = p.project_sub_category_id \
    LEFT JOIN project_service ps ON ps.id = p.project_service_id";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ProjectRow {
    pub id: i64,
    pub title: String,
    pub description: String,
    pub status_id: i64,
    pub created_by: i64,
    pub project_category_id: Option<i64>,
    pub category_title: Option<String>,
    pub category_slug: Option<String>,
    pub project_sub_category_id: Option<i64>,
    pub sub_category_title: Option<String>,
    pub sub_category_slug: Option<String>,
    pub project_service_id: Option<i64>,
    pub service_title: Option<String>,
    pub service_slug: Option<String>,
    pub budget_cents: Option<i64>,
    pub timeline: Option<i64>,
    pub timeline_range_start: Option<String>,
    pub timeline_range_end: Option<String>,
    pub is_subscription: i64,
    pub country_id: Option<i64>,
    pub state_id: Option<i64>,
    pub internal_status_id: Option<i64>,
    pub approved_bid_id: Option<i64>,
    pub timeline_ends_at: Option<i64>,
    pub delivery_due_at: Option<i64>,
    pub finalized_at: Option<i64>,
    pub queued_bid_id: Option<i64>,
    pub queued_at: Option<i64>,
    pub bids_count: i64,
    pub created_at: i64,
    pub updated_at: i64,
    #[sqlx(flatten)]
    pub owner: UserSummary,
}

impl ProjectRow {
    pub fn status(&self) -> ProjectStatus {
        // The CHECK constraint admits only 1-6.
        ProjectStatus::from_id(self.status_id).unwrap_or(ProjectStatus::Live)
    }
}

/// `{id, title, launch_slug}` of a category, sub-category or service.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Named {
    pub id: i64,
    pub title: String,
    pub launch_slug: String,
}

fn named(id: Option<i64>, title: Option<String>, slug: Option<String>) -> Option<Named> {
    Some(Named { id: id?, title: title?, launch_slug: slug? })
}

/// `detail` of a project (section 3).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProjectDetail {
    pub timeline: Option<i64>,
    pub timeline_range_start: Option<String>,
    pub timeline_range_end: Option<String>,
    pub country_id: Option<i64>,
    pub state_id: Option<i64>,
}

/// A project as the API and its events show it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProjectView {
    pub id: i64,
    pub title: String,
    pub description: String,
    pub status_id: i64,
    pub status: &'static str,
    pub category: Option<Named>,
    pub sub_category: Option<Named>,
    pub service: Option<Named>,
    /// Whole US dollars; null for a subscription project launched without one.
    pub budget: Option<i64>,
    pub is_subscription: i64,
    pub detail: ProjectDetail,
    pub approved_bid_id: Option<i64>,
    /// When the designer's time runs out (ms): set when a bid is approved, from the
    /// timeline (a subscription project launched without one gets a week); null before.
    pub timeline_ends_at: Option<i64>,
    /// When the 48 hours to upload the final files run out (ms), once verified.
    pub delivery_due_at: Option<i64>,
    /// When the owner accepted the delivery (`POST /projects/{id}/finalize`), if they did.
    pub finalized_at: Option<i64>,
    /// A subscription project's chosen bid, waiting in its owner's queue until the
    /// project under way is completed; null otherwise (and once it started).
    pub queued_bid_id: Option<i64>,
    /// When it joined the queue (served oldest first).
    pub queued_at: Option<i64>,
    pub bids_count: i64,
    /// Admins only (null when unset); absent for everyone else.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<i64>)]
    pub internal_status_id: Option<Option<i64>>,
    pub created_by_user: UserSummary,
    pub created_at: i64,
    pub updated_at: i64,
}

impl ProjectView {
    /// The view of `row`; `admin` adds what only admins see.
    pub fn of(row: ProjectRow, admin: bool) -> Self {
        Self {
            status: row.status().name(),
            id: row.id,
            title: row.title,
            description: row.description,
            status_id: row.status_id,
            category: named(row.project_category_id, row.category_title, row.category_slug),
            sub_category: named(row.project_sub_category_id, row.sub_category_title, row.sub_category_slug),
            service: named(row.project_service_id, row.service_title, row.service_slug),
            budget: row.budget_cents.map(|c| c / 100),
            is_subscription: row.is_subscription,
            detail: ProjectDetail {
                timeline: row.timeline,
                timeline_range_start: row.timeline_range_start,
                timeline_range_end: row.timeline_range_end,
                country_id: row.country_id,
                state_id: row.state_id,
            },
            approved_bid_id: row.approved_bid_id,
            timeline_ends_at: row.timeline_ends_at,
            delivery_due_at: row.delivery_due_at,
            finalized_at: row.finalized_at,
            queued_bid_id: row.queued_bid_id,
            queued_at: row.queued_at,
            bids_count: row.bids_count,
            internal_status_id: admin.then_some(row.internal_status_id),
            created_by_user: row.owner,
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

/// `files` of a bid file: id, name and where to read it.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct BidFileInfo {
    pub id: i64,
    pub name: String,
    pub full_path: String,
}
