//! Project timelines: when the designer's time on an active and assigned project runs
//! out (2 -> 3, Unverified), admins are to verify it.
//!
//! As for contests (see [`super::contests`]): due projects are found through the
//! (status, timeline_ends_at) index, oldest deadline first; each transition is a
//! compare-and-set on status and deadline, so of several workers exactly one performs
//! it; the winner writes the status, its `project.status` event and the notices to
//! the owner and the designer (type 15) in one transaction (the outbox).

use sqlx::AnyConnection;
use tracing::instrument;
use vitrine_protocol::EventFrame;

pub use super::contests::{Pass, BATCH};
use crate::{
    projects::{events, lifecycle::tell_parties, notices, status::ProjectStatus, store as projects},
    store::{Backend, Db},
};

const FROM: ProjectStatus = ProjectStatus::Active;
const TO: ProjectStatus = ProjectStatus::Unverified;

/// Performs every timeline end due at `now_ms`, oldest deadline first, in batches of
/// [`BATCH`] per transaction; returns the events to publish (already committed).
///
/// On PostgreSQL each batch claims its rows with `FOR UPDATE SKIP LOCKED`, so
/// concurrent workers take disjoint sets; on SQLite, with one writer, the
/// compare-and-set alone keeps transitions single.
#[instrument(skip_all)]
pub async fn run_due(db: &Db, now_ms: i64) -> Result<(Pass, Vec<EventFrame>), sqlx::Error> {
    let mut pass = Pass::default();
    let mut events = Vec::new();
    let claim = match db.backend {
        Backend::Postgres => " FOR UPDATE SKIP LOCKED",
        Backend::Sqlite => "",
    };
    // Due-ness is judged at `now_ms` for the whole pass; each transition is stamped
    // with the pass's time plus how long the pass has run (as for contests).
    let started = std::time::Instant::now();
    loop {
        let mut tx = db.pool.begin().await?;
        let due: Vec<(i64, i64)> = sqlx::query_as(&format!(
            "SELECT id, timeline_ends_at FROM project WHERE status_id = $1 AND timeline_ends_at <= $2 \
             ORDER BY timeline_ends_at, id LIMIT $3{claim}"
        ))
        .bind(FROM.id())
        .bind(now_ms)
        .bind(BATCH)
        .fetch_all(&mut *tx)
        .await?;
        let batch_len = due.len() as i64;
        let stamp = now_ms + started.elapsed().as_millis() as i64;
        for (id, due_at) in due {
            if !transition(&mut tx, id, now_ms, stamp).await? {
                pass.lost += 1;
                continue;
            }
            if let Some(project) = projects::find(&mut *tx, id).await? {
                events.push(events::status_changed(&mut tx, &project, stamp).await?);
                let content = format!("The timeline of {} has ended: it awaits verification", project.title);
                events.extend(tell_parties(&mut tx, &project, None, notices::STATUS_CHANGED, &content, stamp).await?);
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
    metrics::counter!("vitrine_timer_transitions_total").increment(pass.performed);
    Ok((pass, events))
}

/// The compare-and-set: only a project still active with its timeline over moves.
async fn transition(conn: &mut AnyConnection, id: i64, now_ms: i64, stamp: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE project SET status_id = $1, updated_at = $2 WHERE id = $3 AND status_id = $4 AND timeline_ends_at <= $5",
    )
    .bind(TO.id())
    .bind(stamp)
    .bind(id)
    .bind(FROM.id())
    .bind(now_ms)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// How many timeline ends are due at `now_ms` and not yet performed (the backlog).
pub async fn queue_depth(db: &Db, now_ms: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM project WHERE status_id = $1 AND timeline_ends_at <= $2")
        .bind(FROM.id())
        .bind(now_ms)
        .fetch_one(&db.pool)
        .await
}

/// The earliest timeline end still to be acted on, if any.
pub async fn next_deadline(db: &Db) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT MIN(timeline_ends_at) FROM project WHERE status_id = $1")
        .bind(FROM.id())
        .fetch_one(&db.pool)
        .await
}
