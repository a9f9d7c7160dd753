//! The one way a deadline is acted on, shared by every timer that moves a row's status.
//!
//! Due rows are found through a (status, deadline) index, oldest deadline first, in
//! batches of [`BATCH`] per transaction. On PostgreSQL each batch claims its rows with
//! `FOR UPDATE SKIP LOCKED`, so concurrent workers take disjoint sets instead of racing
//! for the same rows; on SQLite, with one writer, the compare-and-set alone keeps
//! transitions single. The move itself is a compare-and-set on status and deadline, so of
//! several workers exactly one performs it, and that one writes the move's events in the
//! same transaction (the outbox). Each batch is a unit of work ([`Realtime::begin`]), so
//! its events are published when it commits.

use futures::future::BoxFuture;

use crate::{
    realtime::{unit::Unit, Realtime},
    store::{Backend, Db},
};

/// Rows moved per transaction: enough to amortise the commit, small enough that a
/// worker holds its claimed rows only briefly.
pub const BATCH: i64 = 100;

/// A kind of deadline: rows of `table` in status `from` whose `column` has passed move
/// to status `to`. Every name is a constant of the code, never input.
#[derive(Debug, Clone, Copy)]
pub struct Deadline {
    pub table: &'static str,
    pub column: &'static str,
    pub from: i64,
    pub to: i64,
}

/// What a move writes besides the status, given `(deadline, unit, link_base, id, stamp)`:
/// its events and notices (mails link to the client under `link_base`, the public URL),
/// appended to the move's unit (published when it commits). A plain function returning a
/// boxed future, so the timer loop's future stays `Send`.
pub type OnMoved = for<'c> fn(Deadline, &'c mut Unit, &'c str, i64, i64) -> BoxFuture<'c, Result<(), sqlx::Error>>;

/// What one pass did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Pass {
    /// Transitions this worker performed.
    pub performed: u64,
    /// Transitions another worker performed first (lost compare-and-sets).
    pub lost: u64,
}

impl Pass {
    fn add(&mut self, other: &Pass) {
        self.performed += other.performed;
        self.lost += other.lost;
    }
}

/// Performs every `deadline` due at `now_ms`. For each row moved, `on_moved` writes
/// what the move means (events, notices) in the same unit; returns what the pass did.
///
/// Due-ness is judged at `now_ms` for the whole pass; each move is stamped with the
/// pass's time plus how long the pass has run, so `updated_at` and the lag metric show
/// when the work was really done, even in a long pass.
pub async fn perform(
    realtime: &Realtime,
    link_base: &str,
    now_ms: i64,
    deadline: Deadline,
    on_moved: OnMoved,
) -> Result<Pass, sqlx::Error> {
    let claim = match realtime.db.backend {
        Backend::Postgres => " FOR UPDATE SKIP LOCKED",
        Backend::Sqlite => "",
    };
    let Deadline { table, column, from, to } = deadline;
    let started = std::time::Instant::now();
    let mut pass = Pass::default();
    loop {
        let mut unit = realtime.begin().await?;
        let due: Vec<(i64, i64)> = sqlx::query_as(&format!(
            "SELECT id, {column} FROM {table} WHERE status_id = $1 AND {column} <= $2 ORDER BY {column}, id LIMIT $3{claim}"
        ))
        .bind(from)
        .bind(now_ms)
        .bind(BATCH)
        .fetch_all(&mut *unit)
        .await?;
        let batch_len = due.len() as i64;
        let stamp = now_ms + started.elapsed().as_millis() as i64;
        for (id, due_at) in due {
            let moved = sqlx::query(&format!(
                "UPDATE {table} SET status_id = $1, updated_at = $2 WHERE id = $3 AND status_id = $4 AND {column} <= $5"
            ))
            .bind(to)
            .bind(stamp)
            .bind(id)
            .bind(from)
            .bind(now_ms)
            .execute(&mut *unit)
            .await?
            .rows_affected()
                == 1;
            if !moved {
                pass.lost += 1;
                continue;
            }
            on_moved(deadline, &mut unit, link_base, id, stamp).await?;
            pass.performed += 1;
            let lag_ms = (stamp - due_at).max(0);
            metrics::histogram!("vitrine_timer_lag_seconds").record(lag_ms as f64 / 1000.0);
        }
        unit.commit().await?;
        if batch_len < BATCH {
            break;
        }
    }
    metrics::counter!("vitrine_timer_transitions_total").increment(pass.performed);
    Ok(pass)
}

/// Performs several kinds of deadline one after the other, summing their passes.
pub async fn perform_all(
    realtime: &Realtime,
    link_base: &str,
    now_ms: i64,
    deadlines: &[Deadline],
    on_moved: OnMoved,
) -> Result<Pass, sqlx::Error> {
    let mut total = Pass::default();
    for deadline in deadlines {
        total.add(&perform(realtime, link_base, now_ms, *deadline, on_moved).await?);
    }
    Ok(total)
}

/// How many of `deadlines` are due at `now_ms` and not yet performed (the backlog).
pub async fn queue_depth(db: &Db, now_ms: i64, deadlines: &[Deadline]) -> Result<i64, sqlx::Error> {
    let mut depth = 0;
    for Deadline { table, column, from, .. } in deadlines {
        let due: i64 =
            sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table} WHERE status_id = $1 AND {column} <= $2"))
                .bind(*from)
                .bind(now_ms)
                .fetch_one(&db.pool)
                .await?;
        depth += due;
    }
    Ok(depth)
}

/// The earliest of `deadlines` still to be acted on, if any.
pub async fn next(db: &Db, deadlines: &[Deadline]) -> Result<Option<i64>, sqlx::Error> {
    let mut next: Option<i64> = None;
    for Deadline { table, column, from, .. } in deadlines {
        let at: Option<i64> = sqlx::query_scalar(&format!("SELECT MIN({column}) FROM {table} WHERE status_id = $1"))
            .bind(*from)
            .fetch_one(&db.pool)
            .await?;
        next = match (next, at) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
    }
    Ok(next)
}
