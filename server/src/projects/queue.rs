//! A subscribed client's queue of subscription projects (projects doc, section 1: "a
//! client with a subscription adds projects to an unlimited queue"): one is under way at
//! a time, from its start (a bid approved, 2) to its completion (6).
//!
//! The owner approves a bid for free (`bids::routes::approve`). With nothing under way
//! the project starts at once; otherwise the choice waits here ([`enqueue`]: the project
//! stays live, its `queued_bid_id` set) and the timers start the oldest waiting project
//! of an owner with none under way ([`next_to_start`]; `timers::projects::start_queued`),
//! woken when a subscription project is completed. Starting is the ordinary approval,
//! whose compare-and-set on the live status makes it happen once.

use sqlx::AnyConnection;
use tracing::instrument;
use vitrine_protocol::EventFrame;

use super::{events, model::ProjectRow, store};
use crate::error::{codes, AppError};

/// Statuses of a subscription project under way: active (2) to pending credit (5).
const UNDER_WAY: &str = "is_subscription = 1 AND status_id BETWEEN 2 AND 5";

/// Whether `owner` has a subscription project under way other than `except`.
#[instrument(skip_all, fields(owner))]
pub async fn under_way(conn: &mut AnyConnection, owner: i64, except: i64) -> Result<bool, sqlx::Error> {
    let busy: i64 =
        sqlx::query_scalar(&format!("SELECT COUNT(*) FROM project WHERE created_by = $1 AND id <> $2 AND {UNDER_WAY}"))
            .bind(owner)
            .bind(except)
            .fetch_one(&mut *conn)
            .await?;
    Ok(busy > 0)
}

/// Puts the live `project` in its owner's queue with `bid_id` chosen (choosing again
/// keeps its place); answers it as it is now and its `project.updated`.
pub async fn enqueue(
    conn: &mut AnyConnection,
    project: &ProjectRow,
    bid_id: i64,
    now: i64,
) -> Result<(ProjectRow, EventFrame), AppError> {
    let done = sqlx::query(
        "UPDATE project SET queued_bid_id = $1, queued_at = COALESCE(queued_at, $2), updated_at = $2 \
         WHERE id = $3 AND status_id = 1",
    )
    .bind(bid_id)
    .bind(now)
    .bind(project.id)
    .execute(&mut *conn)
    .await?;
    if done.rows_affected() != 1 {
        return Err(AppError::conflict(codes::PROJECT_NOT_LIVE));
    }
    let queued =
        store::find(&mut *conn, project.id).await?.ok_or_else(|| AppError::not_found(codes::PROJECT_NOT_FOUND))?;
    let event = events::updated(conn, &queued, now).await?;
    Ok((queued, event))
}

/// Takes `project` out of the queue (its chosen bid is gone); answers its `project.updated`.
pub async fn leave(conn: &mut AnyConnection, id: i64, now: i64) -> Result<Option<EventFrame>, sqlx::Error> {
    sqlx::query("UPDATE project SET queued_bid_id = NULL, queued_at = NULL, updated_at = $1 WHERE id = $2")
        .bind(now)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    match store::find(&mut *conn, id).await? {
        Some(left) => Ok(Some(events::updated(conn, &left, now).await?)),
        None => Ok(None),
    }
}

/// (project, chosen bid) of the projects due to start: for each subscribed owner with
/// no subscription project under way, their oldest queued one; at most `limit`.
#[instrument(skip_all)]
pub async fn next_to_start(conn: &mut AnyConnection, limit: i64) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT q.id, q.queued_bid_id FROM project q JOIN app_user u ON u.id = q.created_by \
         WHERE q.queued_bid_id IS NOT NULL AND q.status_id = 1 AND u.has_subscribed = 1 \
           AND NOT EXISTS (SELECT 1 FROM project o WHERE o.created_by = q.created_by AND o.is_subscription = 1 \
               AND o.status_id BETWEEN 2 AND 5) \
           AND NOT EXISTS (SELECT 1 FROM project e WHERE e.created_by = q.created_by AND e.queued_bid_id IS NOT NULL \
               AND e.status_id = 1 AND (e.queued_at < q.queued_at OR (e.queued_at = q.queued_at AND e.id < q.id))) \
         ORDER BY q.queued_at, q.id LIMIT $1",
    )
    .bind(limit)
    .fetch_all(&mut *conn)
    .await
}

/// A client may approve a bid on their project without paying when it is a
/// subscription project and they are subscribed (unlimited contests): 403 otherwise.
/// One subscription project is under way at a time; the others wait in the owner's
/// queue (here), which the approval consults next (projects doc, sections
/// 1 and 6; contests doc, section 4).
pub fn may_start_project_free(user: &crate::accounts::model::UserRow, project: &ProjectRow) -> Result<(), AppError> {
    if project.created_by != user.id || project.is_subscription == 0 || user.has_subscribed == 0 {
        return Err(AppError::forbidden(codes::FORBIDDEN));
    }
    Ok(())
}
