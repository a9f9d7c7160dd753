//! Project timelines: when the designer's time on an active and assigned project runs
//! out (2 -> 3, Unverified), admins are to verify it. And subscription queues: a
//! subscribed owner's next queued project starts once none of theirs is under way
//! ([`start_queued`], see `projects::queue`).
//!
//! How the deadline is found and performed exactly once is [`super::due`]'s, as for
//! contests; the move writes its `project.status` event and the notices to the owner
//! and the designer (type 15) in its transaction (the outbox). A queued start is the
//! ordinary approval (`bids::routes::approve_in`), whose compare-and-set on the live
//! status lets one worker of several perform it.

use futures::future::BoxFuture;
use serde_json::json;
use tracing::instrument;

use super::due::{self, Deadline};
pub use super::due::{Pass, BATCH};
use crate::{
    bids::{routes::approve_in, store as bids},
    error::AppError,
    notifications::{texts, Text},
    projects::{events, lifecycle::tell_parties, notices, queue, status::ProjectStatus, store as projects},
    realtime::{unit::Unit, Realtime},
    store::Db,
};

const TIMELINE_ENDS: [Deadline; 1] = [Deadline {
    table: "project",
    column: "timeline_ends_at",
    from: ProjectStatus::Active as i64,
    to: ProjectStatus::Unverified as i64,
}];

/// Performs every timeline end due at `now_ms`, oldest deadline first (each batch's
/// events published on its commit).
#[instrument(skip_all)]
pub async fn run_due(realtime: &Realtime, link_base: &str, now_ms: i64) -> Result<Pass, sqlx::Error> {
    due::perform_all(realtime, link_base, now_ms, &TIMELINE_ENDS, moved).await
}

/// What a timeline's end writes: the `project.status` event and both parties' notices.
fn moved<'c>(
    _: Deadline,
    unit: &'c mut Unit,
    _: &'c str,
    id: i64,
    stamp: i64,
) -> BoxFuture<'c, Result<(), sqlx::Error>> {
    Box::pin(async move {
        let Some(project) = projects::find(&mut **unit, id).await? else { return Ok(()) };
        events::status_changed(unit, &project, stamp).await?;
        let text = Text::new(texts::PROJECT_TIMELINE_ENDED, json!({"project": project.title}));
        tell_parties(unit, &project, None, notices::STATUS_CHANGED, &text, stamp).await
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

/// Starts the queued subscription projects whose turn came (their owner, still
/// subscribed, has none under way): each one's chosen bid is approved (1 -> 2, its
/// timeline starts), by nobody, in a transaction of its own. A chosen bid that is gone
/// takes its project out of the queue. Returns what the pass did (each start's events
/// published on its commit).
#[instrument(skip_all)]
pub async fn start_queued(realtime: &Realtime, now_ms: i64) -> anyhow::Result<Pass> {
    let due = {
        let mut conn = realtime.db.pool.acquire().await?;
        queue::next_to_start(&mut conn, BATCH).await?
    };
    let mut pass = Pass::default();
    for (project_id, bid_id) in due {
        let mut tx = realtime.begin().await?;
        let project = projects::find(&mut *tx, project_id).await?;
        let bid = bids::find(&mut *tx, bid_id).await?;
        let (Some(project), bid) = (project, bid) else { continue };
        // Another worker, or the owner, got there first.
        if project.queued_bid_id != Some(bid_id)
            || project.status() != ProjectStatus::Live
            || queue::under_way(&mut tx, project.created_by, project.id).await?
        {
            pass.lost += 1;
            continue;
        }
        match bid.filter(|b| b.project_id == project.id) {
            None => queue::leave(&mut tx, project.id, now_ms).await?,
            Some(bid) => match approve_in(&mut tx, &project, &bid, None, now_ms).await {
                Ok(_) => {}
                Err(AppError::Internal(err)) => return Err(err),
                Err(rule) => {
                    tracing::debug!(project_id, error = %rule, "a queued project did not start");
                    pass.lost += 1;
                    continue;
                }
            },
        }
        tx.commit().await?;
        pass.performed += 1;
    }
    Ok(pass)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        projects::transitions::{ProjectAction, PROJECT},
        shared::transitions::Actor,
    };

    #[test]
    fn the_timeline_deadline_is_the_project_table_s_move() {
        for deadline in TIMELINE_ENDS {
            let (from, to) =
                (ProjectStatus::from_id(deadline.from).unwrap(), ProjectStatus::from_id(deadline.to).unwrap());
            assert!(PROJECT.allows(ProjectAction::TimelineEnds, from, to, Actor::System));
        }
    }
}
