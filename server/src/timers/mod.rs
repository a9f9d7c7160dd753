//! The marketplace clock: work that happens because time passed.
//!
//! Runs inside the server (`VITRINE_WORKER=inproc`, the default) or in separate
//! `vitrine-worker` processes; every task is safe to run on several processes at
//! once. Today: housekeeping of expired sign-in tokens and reset links.

pub mod housekeeping;

use std::time::Duration;

use tokio::sync::watch;

use crate::store::{clock::SharedClock, Db};

/// How often housekeeping runs.
pub const HOUSEKEEPING_EVERY: Duration = Duration::from_secs(300);

/// Runs every timer task until `shutdown` turns true.
pub async fn run_until_stopped(
    db: Db,
    clock: SharedClock,
    retention: housekeeping::Retention,
    mut shutdown: watch::Receiver<bool>,
) {
    tracing::info!("timers running");
    loop {
        match housekeeping::sweep(&db, clock.now_ms(), retention).await {
            Ok(report) if report.removed() > 0 => tracing::info!(?report, "housekeeping"),
            Ok(_) => {}
            Err(err) => tracing::warn!(error = %err, "housekeeping failed"),
        }
        tokio::select! {
            _ = tokio::time::sleep(HOUSEKEEPING_EVERY) => {}
            _ = shutdown.changed() => break,
        }
    }
    tracing::info!("timers stopped");
}
