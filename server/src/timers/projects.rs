//! Project timelines: when the designer's time on an active and assigned project runs
//! out (2 -> 3, Unverified), admins are to verify it.
//!
//! How the deadline is found and performed exactly once is [`super::due`]'s, as for
//! contests; the move writes its `project.status` event and the notices to the owner
//! and the designer (type 15) in its transaction (the outbox).

use futures::future::BoxFuture;
use sqlx::AnyConnection;
use tracing::instrument;
use vitrine_protocol::EventFrame;

use super::due::{self, Deadline};
pub use super::due::{Pass, BATCH};
use crate::{
    projects::{events, lifecycle::tell_parties, notices, status::ProjectStatus, store as projects},
    realtime::Realtime,
    store::Db,
};

const TIMELINE_ENDS: [Deadline; 1] = [Deadline {
    table: "project",
    column: "timeline_ends_at",
    from: ProjectStatus::Active as i64,
    to: ProjectStatus::Unverified as i64,
}];

/// Performs every timeline end due at `now_ms`, oldest deadline first; returns the
/// events it published (each batch's on its commit).
#[instrument(skip_all)]
pub async fn run_due(realtime: &Realtime, now_ms: i64) -> Result<(Pass, Vec<EventFrame>), sqlx::Error> {
    due::perform_all(realtime, now_ms, &TIMELINE_ENDS, moved).await
}

/// What a timeline's end writes: the `project.status` event and both parties' notices.
fn moved(
    _: Deadline,
    conn: &mut AnyConnection,
    id: i64,
    stamp: i64,
) -> BoxFuture<'_, Result<Vec<EventFrame>, sqlx::Error>> {
    Box::pin(async move {
        let Some(project) = projects::find(&mut *conn, id).await? else { return Ok(Vec::new()) };
        let mut written = vec![events::status_changed(conn, &project, stamp).await?];
        let content = format!("The timeline of {} has ended: it awaits verification", project.title);
        written.extend(tell_parties(conn, &project, None, notices::STATUS_CHANGED, &content, stamp).await?);
        Ok(written)
    })
}

/// How many timeline ends are due at `now_ms` and not yet performed (the backlog).
pub async fn queue_depth(db: &Db, now_ms: i64) -> Result<i64, sqlx::Error> {
    due::queue_depth(db, now_ms, &TIMELINE_ENDS).await
}

/// The earliest timeline end still to be acted on, if any.
pub async fn next_deadline(db: &Db) -> Result<Option<i64>, sqlx::Error> {
    due::next(db, &TIMELINE_ENDS).await
}
