//! Contest deadlines: when entries stop (2 -> 3, the client sees 'Deciding') and when
//! the deciding window runs out with no winner (3 -> 4).
//!
//! Due contests are found through the (status, deadline) indexes, oldest deadline
//! first. Each transition is a compare-and-set on status and deadline, so of several
//! workers exactly one performs it; the winner writes the status and its
//! `contest.status` event in one transaction (the outbox).

use sqlx::AnyConnection;
use tracing::instrument;
use vitrine_protocol::EventFrame;

use crate::{
    contests::{events, status::ContestStatus, store as contests},
    store::Db,
};

/// Contests handled per query; a larger backlog takes several passes.
pub const BATCH: i64 = 500;

/// A kind of deadline and the move it makes.
#[derive(Debug, Clone, Copy)]
struct Deadline {
    from: ContestStatus,
    to: ContestStatus,
    column: &'static str,
}

const DEADLINES: [Deadline; 2] = [
    Deadline { from: ContestStatus::Active, to: ContestStatus::Deciding, column: "submission_ends_at" },
    Deadline { from: ContestStatus::Deciding, to: ContestStatus::NoWinner, column: "deciding_ends_at" },
];

/// What one pass did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Pass {
    /// Transitions this worker performed.
    pub performed: u64,
    /// Transitions another worker performed first (lost compare-and-sets).
    pub lost: u64,
}

/// Performs every transition due at `now_ms`, in deadline order; returns the events
/// to publish (already committed).
#[instrument(skip_all)]
pub async fn run_due(db: &Db, now_ms: i64) -> Result<(Pass, Vec<EventFrame>), sqlx::Error> {
    let mut pass = Pass::default();
    let mut events = Vec::new();
    for deadline in DEADLINES {
        loop {
            let due: Vec<(i64, i64)> = sqlx::query_as(&format!(
                "SELECT id, {col} FROM contest WHERE status_id = $1 AND {col} <= $2 ORDER BY {col}, id LIMIT $3",
                col = deadline.column
            ))
            .bind(deadline.from.id())
            .bind(now_ms)
            .bind(BATCH)
            .fetch_all(&db.pool)
            .await?;
            let batch_len = due.len();
            for (id, due_at) in due {
                let mut tx = db.pool.begin().await?;
                if transition(&mut tx, deadline, id, now_ms).await? {
                    let contest = contests::find(&mut *tx, id).await?;
                    if let Some(contest) = contest {
                        events.push(events::status_changed(&mut tx, &contest, now_ms).await?);
                    }
                    tx.commit().await?;
                    pass.performed += 1;
                    let lag_ms = (now_ms - due_at).max(0);
                    metrics::histogram!("vitrine_timer_lag_seconds").record(lag_ms as f64 / 1000.0);
                } else {
                    tx.rollback().await?;
                    pass.lost += 1;
                }
            }
            if (batch_len as i64) < BATCH {
                break;
            }
        }
    }
    metrics::counter!("vitrine_timer_transitions_total").increment(pass.performed);
    Ok((pass, events))
}

/// The compare-and-set: only a contest still in `from` with its deadline passed moves.
async fn transition(conn: &mut AnyConnection, deadline: Deadline, id: i64, now_ms: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(&format!(
        "UPDATE contest SET status_id = $1, updated_at = $2 WHERE id = $3 AND status_id = $4 AND {} <= $2",
        deadline.column
    ))
    .bind(deadline.to.id())
    .bind(now_ms)
    .bind(id)
    .bind(deadline.from.id())
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The earliest deadline still to be acted on, if any.
pub async fn next_deadline(db: &Db) -> Result<Option<i64>, sqlx::Error> {
    let mut next: Option<i64> = None;
    for deadline in DEADLINES {
        let at: Option<i64> =
            sqlx::query_scalar(&format!("SELECT MIN({col}) FROM contest WHERE status_id = $1", col = deadline.column))
                .bind(deadline.from.id())
                .fetch_one(&db.pool)
                .await?;
        next = match (next, at) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
    }
    Ok(next)
}
