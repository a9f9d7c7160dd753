//! The relay: publishes events that were committed but never published (the
//! process died between commit and publish, or the bus was down). Runs on every
//! node; a repeat publish is harmless because hubs drop seqs they delivered. The normal
//! path publishes on commit ([`super::unit`]), so what the relay republishes is
//! counted (`vitrine_relay_republished_total`) and stays at zero without a crash.

use std::time::Duration;

use tokio::sync::watch;

use super::{outbox, unit, Realtime};
use crate::store::{clock::SharedClock, Db};

/// How often the relay looks, and how old an unpublished event must be before it
/// is taken as abandoned (the normal path publishes right after commit).
pub const INTERVAL: Duration = Duration::from_millis(250);
pub const ABANDONED_AFTER_MS: i64 = 500;
const BATCH: i64 = 500;

pub async fn run_until_stopped(realtime: Realtime, db: Db, clock: SharedClock, mut shutdown: watch::Receiver<bool>) {
    // On `/metrics` from the start, at zero, so a dashboard can alert on any increase.
    metrics::counter!("vitrine_relay_republished_total").increment(0);
    loop {
        match relay_once(&realtime, &db, clock.now_ms()).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(events = n, "relay published abandoned events"),
            Err(err) => tracing::warn!(error = %err, "relay pass failed"),
        }
        tokio::select! {
            _ = tokio::time::sleep(INTERVAL) => {}
            _ = shutdown.changed() => return,
        }
    }
}

/// One pass; returns how many events it published.
pub async fn relay_once(realtime: &Realtime, db: &Db, now_ms: i64) -> Result<usize, sqlx::Error> {
    let events = outbox::unpublished(&db.pool, now_ms - ABANDONED_AFTER_MS, BATCH).await?;
    let count = events.len();
    if count > 0 {
        metrics::counter!("vitrine_relay_republished_total").increment(count as u64);
        realtime.republished.fetch_add(count as u64, std::sync::atomic::Ordering::Relaxed);
        unit::publish_committed(realtime, events).await;
    }
    Ok(count)
}
