//! SQL of the winner's delivery alarms (`contest.delivery_alarm_at`), which the worker
//! fires (`timers::delivery`): the reminder time, then the deadline, then NULL.

use sqlx::{Any, AnyConnection, Executor};
use tracing::instrument;

use crate::{contests::status::ContestStatus, store::Backend};

/// A contest whose delivery alarm is due, as the worker reads it.
#[derive(Debug, sqlx::FromRow)]
pub struct DueAlarm {
    pub id: i64,
    pub title: String,
    pub created_by: i64,
    pub delivery_alarm_at: i64,
    pub delivery_due_at: i64,
}

/// Up to `limit` contests pending delivery whose alarm is due at `now_ms`, oldest alarm
/// first. On PostgreSQL the rows are claimed `FOR UPDATE SKIP LOCKED` for the rest of
/// the transaction, so concurrent workers take disjoint batches.
#[instrument(skip_all)]
pub async fn due_alarms(
    conn: &mut AnyConnection,
    backend: Backend,
    now_ms: i64,
    limit: i64,
) -> Result<Vec<DueAlarm>, sqlx::Error> {
    let claim = match backend {
        Backend::Postgres => " FOR UPDATE SKIP LOCKED",
        Backend::Sqlite => "",
    };
    sqlx::query_as(&format!(
        "SELECT id, title, created_by, delivery_alarm_at, delivery_due_at FROM contest \
         WHERE status_id = $1 AND delivery_alarm_at <= $2 ORDER BY delivery_alarm_at, id LIMIT $3{claim}"
    ))
    .bind(ContestStatus::PendingDelivery.id())
    .bind(now_ms)
    .bind(limit)
    .fetch_all(&mut *conn)
    .await
}

/// Moves the alarm on to `next` (None: no more alarms), by compare-and-set against the
/// value read: false when another worker moved it first.
#[instrument(skip_all, fields(contest_id = alarm.id))]
pub async fn advance_alarm(conn: &mut AnyConnection, alarm: &DueAlarm, next: Option<i64>) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE contest SET delivery_alarm_at = $1 WHERE id = $2 AND status_id = $3 AND delivery_alarm_at = $4",
    )
    .bind(next)
    .bind(alarm.id)
    .bind(ContestStatus::PendingDelivery.id())
    .bind(alarm.delivery_alarm_at)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The earliest delivery alarm still to fire, if any.
#[instrument(skip_all)]
pub async fn next_alarm<'c>(db: impl Executor<'c, Database = Any>) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT MIN(delivery_alarm_at) FROM contest WHERE status_id = $1")
        .bind(ContestStatus::PendingDelivery.id())
        .fetch_one(db)
        .await
}
