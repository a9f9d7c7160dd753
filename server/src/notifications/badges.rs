//! Badge pushes, coalesced per user.
//!
//! A designer uploading 40 entries must not send their client 40 `badge` events. Each
//! change of a user's counters goes through [`changed`], inside the writer's
//! transaction: the first change after a quiet [`WINDOW`] writes the `badge` event at
//! once (so a single notification shows without delay); later changes inside the
//! window only mark the user's badge dirty, due at the end of the window. The
//! [`flush_due`] pass (every node's [`run_until_stopped`] loop) then writes one `badge` event
//! with the counters as they are by then. So a user gets at most two badge events per
//! window, the last one always current, while every `notification.created` is still
//! delivered on its own.
//!
//! The state lives in `badge_state`, so it holds across nodes and restarts, and a
//! badge is an ordinary outbox event: seq'd, recovered, published after commit.
//!
//! Lock order: every writer takes the user channel's head row before the user's
//! `badge_state` row. A request appends `notification.created` (the head) before it calls
//! [`changed`], so the flusher must do the same: claiming `badge_state` first and then
//! appending the badge deadlocked against such a request on PostgreSQL.

use tracing::instrument;
use vitrine_protocol::Channel;

use super::{append_badge, badge, store};
use crate::realtime::{outbox, unit::Unit, Realtime};
use crate::store::Backend;

/// How often the flush looks for badges whose window ended (the relay's rhythm, which
/// it shared before it had a loop of its own).
pub const FLUSH_INTERVAL: std::time::Duration = crate::realtime::relay::INTERVAL;

/// Sends the coalesced badges whose quiet window ended, every [`FLUSH_INTERVAL`], until
/// `shutdown`.
pub async fn run_until_stopped(
    realtime: Realtime,
    clock: crate::store::clock::SharedClock,
    mut shutdown: tokio::sync::watch::Receiver<bool>,
) {
    loop {
        let now = clock.now_ms();
        if let Err(err) = flush_due(&realtime, now).await {
            tracing::warn!(error = %err, "badge flush failed");
        }
        tokio::select! {
            _ = tokio::time::sleep(FLUSH_INTERVAL) => {}
            _ = shutdown.changed() => return,
        }
    }
}

/// The quiet time after a pushed badge during which further changes are coalesced.
pub const WINDOW_MS: i64 = 300;
/// Users flushed per transaction.
const BATCH: i64 = 200;

/// The user's counters changed: the `badge` event now, or a mark to send it at the end
/// of the window.
#[instrument(skip_all, fields(user_id))]
pub async fn changed(unit: &mut Unit, user_id: i64, now_ms: i64) -> Result<(), sqlx::Error> {
    // The head first (see the lock order above), even when only the due mark is written.
    outbox::lock_head(unit, &Channel::User(user_id)).await?;
    match store::badge_last_pushed(unit, user_id).await? {
        Some(last) if now_ms < last + WINDOW_MS => store::mark_badge_due(unit, user_id, last + WINDOW_MS).await,
        _ => push(unit, user_id, now_ms).await,
    }
}

/// Writes the `badge` event with the counters as they are, and records the push.
async fn push(unit: &mut Unit, user_id: i64, now_ms: i64) -> Result<(), sqlx::Error> {
    store::record_badge_pushed(unit, user_id, now_ms).await?;
    let counters = badge(unit, user_id).await?;
    append_badge(unit, user_id, counters, now_ms).await
}

/// Sends every coalesced badge whose window has ended (each user's published on its
/// unit's commit); returns how many it sent. Safe on several nodes at once: each user is
/// flushed in a transaction of its own that takes the channel's head, then re-reads the due mark under the
/// `badge_state` row lock (`FOR UPDATE` on PostgreSQL; SQLite has one writer), so a
/// mark another node has just cleared is skipped and no badge is sent twice.
#[instrument(skip_all)]
pub async fn flush_due(realtime: &Realtime, now_ms: i64) -> Result<u64, sqlx::Error> {
    let db = &realtime.db;
    let lock = match db.backend {
        Backend::Postgres => " FOR UPDATE",
        Backend::Sqlite => "",
    };
    let mut sent = 0;
    loop {
        let due = store::badges_due(&db.pool, now_ms, BATCH).await?;
        let batch_len = due.len() as i64;
        for user_id in due {
            let mut unit = realtime.begin().await?;
            outbox::lock_head(&mut unit, &Channel::User(user_id)).await?;
            if store::badge_still_due(&mut unit, user_id, now_ms, lock).await? {
                push(&mut unit, user_id, now_ms).await?;
                sent += 1;
            }
            unit.commit().await?;
        }
        if batch_len < BATCH {
            break;
        }
    }
    if sent > 0 {
        metrics::counter!("vitrine_badges_coalesced_total").increment(sent);
    }
    Ok(sent)
}
