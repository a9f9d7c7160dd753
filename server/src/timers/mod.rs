//! The marketplace clock: work that happens because time passed.
//!
//! Runs inside the server (`VITRINE_WORKER=inproc`, the default) or in separate
//! `vitrine-worker` processes; every task is safe to run on several processes at
//! once:
//!
//! - [`due`]: how a deadline is found and performed exactly once (index order, batches,
//!   `SKIP LOCKED`, compare-and-set, the move's events in its transaction).
//! - [`contests`]: submissions close (2 -> 3), deciding windows run out (3 -> 4), awards
//!   stay unverified (5 -> 6).
//! - [`projects`]: project timelines run out (2 -> 3, Unverified); a subscribed client's
//!   next queued project starts once none of theirs is under way.
//! - [`delivery`]: the winner's 48 hours to deliver: a reminder, then the overdue notice.
//! - [`housekeeping`]: expired tokens, reset links, download tokens, old hub history,
//!   uploads attached to nothing a day later.
//!
//! Metrics: `vitrine_timer_transitions_total`, `vitrine_timer_delivery_alarms_total`,
//! `vitrine_timer_lag_seconds` (deadline to action), `vitrine_timer_queue_depth` (due
//! and not yet done at the start of a pass), `vitrine_timer_next_deadline_ms`.

pub mod contests;
pub mod delivery;
pub mod due;
pub mod housekeeping;
pub mod projects;

use std::time::Duration;

use tokio::sync::watch;

use crate::{
    realtime::Realtime,
    store::{clock::SharedClock, Db},
};

/// How often housekeeping runs.
pub const HOUSEKEEPING_EVERY: Duration = Duration::from_secs(300);
/// The longest the loop sleeps without looking: a safety net under the wake-ups.
pub const MAX_SLEEP: Duration = Duration::from_secs(60);

/// Runs every timer task until `shutdown` turns true. Between passes it sleeps until
/// the next contest or project deadline, or until a sooner one is scheduled anywhere (a
/// `TimersWake` on the bus), never longer than [`MAX_SLEEP`].
pub async fn run_until_stopped(
    db: Db,
    realtime: Realtime,
    clock: SharedClock,
    retention: housekeeping::Retention,
    storage: crate::files::Storage,
    link_base: String,
    mut shutdown: watch::Receiver<bool>,
) {
    tracing::info!("timers running");
    let mut housekeeping_due = clock.now_ms();
    loop {
        let now = clock.now_ms();
        if now >= housekeeping_due {
            match housekeeping::sweep(&db, now, retention).await {
                Ok(report) if report.removed() > 0 => tracing::info!(?report, "housekeeping"),
                Ok(_) => {}
                Err(err) => tracing::warn!(error = %err, "housekeeping failed"),
            }
            match housekeeping::remove_unattached_files(&db, &storage, now).await {
                Ok(0) => {}
                Ok(removed) => tracing::info!(removed, "unattached uploads removed"),
                Err(err) => tracing::warn!(error = %err, "removing unattached uploads failed"),
            }
            housekeeping_due = now + HOUSEKEEPING_EVERY.as_millis() as i64;
        }
        if let (Ok(contests), Ok(projects)) =
            (contests::queue_depth(&db, now).await, projects::queue_depth(&db, now).await)
        {
            metrics::gauge!("vitrine_timer_queue_depth").set((contests + projects) as f64);
        }
        match contests::run_due(&realtime, &link_base, now).await {
            Ok(pass) => {
                if pass.performed > 0 {
                    tracing::info!(performed = pass.performed, lost = pass.lost, "contest deadlines");
                }
            }
            Err(err) => tracing::warn!(error = %err, "contest deadlines failed"),
        }
        match projects::run_due(&realtime, &link_base, now).await {
            Ok(pass) => {
                if pass.performed > 0 {
                    tracing::info!(performed = pass.performed, lost = pass.lost, "project timelines");
                }
            }
            Err(err) => tracing::warn!(error = %err, "project timelines failed"),
        }
        match projects::start_queued(&realtime, now).await {
            Ok(pass) if pass.performed > 0 => {
                tracing::info!(performed = pass.performed, "queued projects started")
            }
            Ok(_) => {}
            Err(err) => tracing::warn!(error = %err, "starting queued projects failed"),
        }
        match delivery::run_due(&db, &link_base, now).await {
            Ok(pass) if pass.performed > 0 => tracing::info!(performed = pass.performed, "delivery alarms"),
            Ok(_) => {}
            Err(err) => tracing::warn!(error = %err, "delivery alarms failed"),
        }
        let next_alarm = delivery::next_alarm(&db).await.ok().flatten().unwrap_or(i64::MAX);
        let next_deadline = contests::next_deadline(&db).await.ok().flatten().unwrap_or(i64::MAX);
        let next_timeline = projects::next_deadline(&db).await.ok().flatten().unwrap_or(i64::MAX);
        let next = next_deadline.min(next_timeline).min(next_alarm).min(housekeeping_due);
        metrics::gauge!("vitrine_timer_next_deadline_ms").set(next as f64);
        let wait = Duration::from_millis(u64::try_from(next - clock.now_ms()).unwrap_or(0)).min(MAX_SLEEP);
        tokio::select! {
            _ = tokio::time::sleep(wait) => {}
            _ = realtime.hub.timers_woken() => {}
            _ = shutdown.changed() => break,
        }
    }
    tracing::info!("timers stopped");
}
