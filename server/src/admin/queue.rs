//! What waits for an admin now, counted in one place: the admin dashboard's figures
//! (`GET /dashboard`) and the `admin.queue` event that moves them live.
//!
//! Counting where the work is (contest and project statuses, tips, reports, credited
//! work not yet paid out) rather than keeping counters means the figures cannot drift
//! from the lists the admin pages show; each count is the `total` of one of those lists.

use serde::Serialize;
use sqlx::AnyConnection;
use tokio::sync::watch;
use utoipa::ToSchema;
use vitrine_protocol::{event_type, Channel};

use super::{payouts, store};
use crate::state::AppState;

/// The admin dashboard's counts; each is the total of one admin page's list.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct AdminQueue {
    /// Awarded contests awaiting verification (statuses 5 and 6): `/admin/contests/verify`.
    pub contests_to_verify: i64,
    /// Delivered contests awaiting credit (status 8): `/admin/contests/credit`.
    pub contests_to_credit: i64,
    /// Contests that ended without a winner (status 4): `/admin/contests/no-winner`.
    pub contests_no_winner: i64,
    /// Additional designs delivered and awaiting credit: `/admin/contests/additional-designs`.
    pub additional_designs: i64,
    /// Paid tips awaiting approval: `/admin/verify-tips`.
    pub tips_to_approve: i64,
    /// Open design-court cases: `/design-court`.
    pub court_cases: i64,
    /// Delivered projects awaiting verification (status 3): `/admin/projects/verify`.
    pub projects_to_verify: i64,
    /// Projects awaiting credit (status 5): `/admin/projects/credit`.
    pub projects_to_credit: i64,
    /// Subscribers' "Start Contest Now" requests awaiting a decision (unstarted, approval 1):
    /// `/admin/contests/start-requests`.
    pub start_requests: i64,
    /// Clients an admin flagged: `/admin/flagged-clients`.
    pub flagged_clients: i64,
    /// Credited work whose designer is not yet paid: `/admin/transactions/outgoing`.
    pub payouts_owed: i64,
}

/// Counts everything that waits for an admin.
/// Each count is asked of the store of the area that owns the work.
pub async fn counts(conn: &mut AnyConnection) -> Result<AdminQueue, sqlx::Error> {
    let contests = crate::contests::store::admin_queue(conn).await?;
    let (projects_to_verify, projects_to_credit) = crate::projects::store::admin_queue(conn).await?;
    Ok(AdminQueue {
        contests_to_verify: contests.to_verify,
        contests_to_credit: contests.to_credit,
        contests_no_winner: contests.no_winner,
        additional_designs: crate::entries::additional::store::delivered_count(conn).await?,
        tips_to_approve: crate::commerce::store::tips_to_approve_count(&mut *conn).await?,
        court_cases: crate::court::store::open_case_count(conn).await?,
        projects_to_verify,
        projects_to_credit,
        start_requests: contests.start_requests,
        flagged_clients: store::flags::count(&mut *conn).await?,
        payouts_owed: payouts::owed_count(conn).await?,
    })
}

/// Events after which some count may have moved.
pub fn concerns_admins(event: &str) -> bool {
    [
        event_type::CONTEST_STATUS,
        // A start request is asked for (or rejected) without a status change.
        event_type::CONTEST_UPDATED,
        event_type::PROJECT_STATUS,
        event_type::REPORT_CREATED,
        event_type::REPORT_JUDGED,
        event_type::TIP_UPDATED,
        event_type::PAYMENT_UPDATED,
        event_type::ENTRY_UPDATED,
        event_type::NOTIFICATION_CREATED,
    ]
    .contains(&event)
}

/// A pause after the first ring so that a burst of changes (a payment that moves a
/// contest and two tips) is counted once.
const SETTLE: std::time::Duration = std::time::Duration::from_millis(250);

/// Tells the `admin` channel the new counts each time [`crate::realtime::Realtime::admin_queue`]
/// rings, when they differ from the last ones told.
pub async fn run_until_stopped(state: AppState, mut stop: watch::Receiver<bool>) {
    let mut last: Option<AdminQueue> = None;
    loop {
        tokio::select! {
            _ = state.realtime.admin_queue.notified() => {}
            _ = stop.changed() => return,
        }
        tokio::time::sleep(SETTLE).await;
        match announce(&state, last.as_ref()).await {
            Ok(told) => last = told.or(last),
            Err(err) => tracing::warn!(error = %err, "counting the admin queue failed"),
        }
    }
}

/// Appends and publishes `admin.queue` if the counts changed; returns them when told.
async fn announce(state: &AppState, last: Option<&AdminQueue>) -> Result<Option<AdminQueue>, sqlx::Error> {
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    let queue = counts(&mut tx).await?;
    if last == Some(&queue) {
        return Ok(None);
    }
    let data = serde_json::to_value(&queue).unwrap_or_default();
    tx.append(&Channel::Admin, event_type::ADMIN_QUEUE, data, now).await?;
    tx.commit().await?;
    Ok(Some(queue))
}
