//! Contest deadlines: when entries stop (2 -> 3, the client sees 'Deciding'), when
//! the deciding window runs out with no winner (3 -> 4, the holder is mailed), and
//! when an awarded contest is still unverified a day later (5 -> 6).
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
    store::{Backend, Db},
};

/// Contests moved per transaction: enough to amortise the commit, small enough
/// that a worker holds its claimed rows only briefly.
pub const BATCH: i64 = 100;

/// A kind of deadline and the move it makes.
#[derive(Debug, Clone, Copy)]
struct Deadline {
    from: ContestStatus,
    to: ContestStatus,
    column: &'static str,
}

const DEADLINES: [Deadline; 3] = [
    Deadline { from: ContestStatus::Active, to: ContestStatus::Deciding, column: "submission_ends_at" },
    Deadline { from: ContestStatus::Deciding, to: ContestStatus::NoWinner, column: "deciding_ends_at" },
    // An awarded contest admins have not verified within the window shows as Unverified.
    Deadline { from: ContestStatus::WinnerAwarded, to: ContestStatus::Unverified, column: "verification_due_at" },
];

/// What one pass did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Pass {
    /// Transitions this worker performed.
    pub performed: u64,
    /// Transitions another worker performed first (lost compare-and-sets).
    pub lost: u64,
}

/// Performs every transition due at `now_ms`, oldest deadline first, in batches of
/// [`BATCH`] per transaction; returns the events to publish (already committed).
///
/// On PostgreSQL each batch claims its rows with `FOR UPDATE SKIP LOCKED`, so
/// concurrent workers take disjoint sets instead of racing for the same rows; on
/// SQLite, with one writer, the compare-and-set alone keeps transitions single.
#[instrument(skip_all)]
pub async fn run_due(db: &Db, now_ms: i64) -> Result<(Pass, Vec<EventFrame>), sqlx::Error> {
    let mut pass = Pass::default();
    let mut events = Vec::new();
    let claim = match db.backend {
        Backend::Postgres => " FOR UPDATE SKIP LOCKED",
        Backend::Sqlite => "",
    };
    // Due-ness is judged at `now_ms` for the whole pass; each transition is stamped
    // with the pass's time plus how long the pass has run, so `updated_at` and the lag
    // metric show when the work was really done, even in a long pass.
    let started = std::time::Instant::now();
    for deadline in DEADLINES {
        loop {
            let mut tx = db.pool.begin().await?;
            let due: Vec<(i64, i64)> = sqlx::query_as(&format!(
                "SELECT id, {col} FROM contest WHERE status_id = $1 AND {col} <= $2 ORDER BY {col}, id LIMIT $3{claim}",
                col = deadline.column
            ))
            .bind(deadline.from.id())
            .bind(now_ms)
            .bind(BATCH)
            .fetch_all(&mut *tx)
            .await?;
            let batch_len = due.len() as i64;
            let stamp = now_ms + started.elapsed().as_millis() as i64;
            for (id, due_at) in due {
                if !transition(&mut tx, deadline, id, now_ms, stamp).await? {
                    pass.lost += 1;
                    continue;
                }
                if let Some(contest) = contests::find(&mut *tx, id).await? {
                    events.push(events::status_changed(&mut tx, &contest, stamp).await?);
                    if deadline.to == ContestStatus::NoWinner {
                        tell_holder_no_winner(&mut tx, &contest, stamp).await?;
                    }
                }
                pass.performed += 1;
                let lag_ms = (stamp - due_at).max(0);
                metrics::histogram!("vitrine_timer_lag_seconds").record(lag_ms as f64 / 1000.0);
            }
            tx.commit().await?;
            if batch_len < BATCH {
                break;
            }
        }
    }
    metrics::counter!("vitrine_timer_transitions_total").increment(pass.performed);
    Ok((pass, events))
}

/// The deciding window ran out: the holder hears by mail (the status event tells
/// whoever is watching the page).
async fn tell_holder_no_winner(
    conn: &mut AnyConnection,
    contest: &crate::contests::model::ContestRow,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    let email: Option<String> = sqlx::query_scalar("SELECT email FROM app_user WHERE id = $1")
        .bind(contest.created_by)
        .fetch_optional(&mut *conn)
        .await?;
    let Some(email) = email else { return Ok(()) };
    let subject = format!("{} ended without a winner", contest.title);
    let body = format!(
        "The time to choose a winner for \"{}\" has run out, so the contest has ended without one. \
         Contact us if you would like more time or help choosing.",
        contest.title
    );
    crate::mail::queue(&mut *conn, &email, &subject, &body, now_ms).await?;
    Ok(())
}

/// How many transitions are due at `now_ms` and not yet performed (the backlog).
pub async fn queue_depth(db: &Db, now_ms: i64) -> Result<i64, sqlx::Error> {
    let mut depth = 0;
    for deadline in DEADLINES {
        let due: i64 = sqlx::query_scalar(&format!(
            "SELECT COUNT(*) FROM contest WHERE status_id = $1 AND {} <= $2",
            deadline.column
        ))
        .bind(deadline.from.id())
        .bind(now_ms)
        .fetch_one(&db.pool)
        .await?;
        depth += due;
    }
    Ok(depth)
}

/// The compare-and-set: only a contest still in `from` with its deadline passed moves.
async fn transition(
    conn: &mut AnyConnection,
    deadline: Deadline,
    id: i64,
    now_ms: i64,
    stamp: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(&format!(
        "UPDATE contest SET status_id = $1, updated_at = $2 WHERE id = $3 AND status_id = $4 AND {} <= $5",
        deadline.column
    ))
    .bind(deadline.to.id())
    .bind(stamp)
    .bind(id)
    .bind(deadline.from.id())
    .bind(now_ms)
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
