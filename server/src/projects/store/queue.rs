//! SQL of the subscription projects' queue (`projects::queue`): what is under way, what
//! waits, and which waiting project starts next.

use sqlx::AnyConnection;
use tracing::instrument;

/// Statuses of a subscription project under way: active (2) to pending credit (5).
const UNDER_WAY: &str = "is_subscription = 1 AND status_id BETWEEN 2 AND 5";

/// How many subscription projects `owner` has under way, `except` left out.
#[instrument(skip_all, fields(owner))]
pub async fn under_way_count(conn: &mut AnyConnection, owner: i64, except: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(&format!("SELECT COUNT(*) FROM project WHERE created_by = $1 AND id <> $2 AND {UNDER_WAY}"))
        .bind(owner)
        .bind(except)
        .fetch_one(conn)
        .await
}

/// Queues the live project `id` with `bid_id` chosen (choosing again keeps its place);
/// false when it is no longer live.
pub async fn set_queued(conn: &mut AnyConnection, id: i64, bid_id: i64, now: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE project SET queued_bid_id = $1, queued_at = COALESCE(queued_at, $2), updated_at = $2 \
         WHERE id = $3 AND status_id = 1",
    )
    .bind(bid_id)
    .bind(now)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Takes project `id` out of the queue.
pub async fn clear_queued(conn: &mut AnyConnection, id: i64, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE project SET queued_bid_id = NULL, queued_at = NULL, updated_at = $1 WHERE id = $2")
        .bind(now)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
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
    .fetch_all(conn)
    .await
}
