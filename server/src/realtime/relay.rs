//! The relay: publishes events that were committed but never published (the
//! process died between commit and publish, or the bus was down). Runs on every
//! node; a repeat publish is harmless because hubs drop seqs they delivered. The normal
//! path publishes on commit ([`super::unit`]), so what the relay republishes is
//! counted (`vitrine_relay_republished_total`) and stays at zero without a crash.
//!
//! An event is abandoned when its stamp is old by the node's clock *and* this relay has
//! seen it unpublished for a while by its own monotonic time: a stamp alone misleads when
//! clocks differ between nodes (or jump), and a unit that committed a moment ago and is
//! publishing now must not be published twice.

use std::{
    collections::HashMap,
    time::{Duration, Instant},
};

use tokio::sync::watch;

use vitrine_protocol::EventFrame;

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
    let mut sightings = Sightings::default();
    loop {
        match relay_once(&realtime, &db, clock.now_ms(), &mut sightings).await {
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

/// When this relay first saw each unpublished event it has not yet published.
#[derive(Default)]
struct Sightings(HashMap<(String, u64), Instant>);

impl Sightings {
    /// Keeps the events seen unpublished for [`ABANDONED_AFTER_MS`] by this process's
    /// clock, remembers the new ones and forgets those no longer unpublished.
    fn abandoned(&mut self, candidates: Vec<EventFrame>, now: Instant) -> Vec<EventFrame> {
        let wait = Duration::from_millis(ABANDONED_AFTER_MS.unsigned_abs());
        let mut seen = HashMap::with_capacity(candidates.len());
        let mut abandoned = Vec::new();
        for event in candidates {
            let key = (event.ch.clone(), event.seq);
            let first = self.0.get(&key).copied().unwrap_or(now);
            if now.duration_since(first) >= wait {
                abandoned.push(event);
            } else {
                seen.insert(key, first);
            }
        }
        self.0 = seen;
        abandoned
    }
}

/// One pass; returns how many events it published.
async fn relay_once(
    realtime: &Realtime,
    db: &Db,
    now_ms: i64,
    sightings: &mut Sightings,
) -> Result<usize, sqlx::Error> {
    let candidates = outbox::unpublished(&db.pool, now_ms - ABANDONED_AFTER_MS, BATCH).await?;
    let events = sightings.abandoned(candidates, Instant::now());
    let count = events.len();
    if count > 0 {
        metrics::counter!("vitrine_relay_republished_total").increment(count as u64);
        realtime.republished.fetch_add(count as u64, std::sync::atomic::Ordering::Relaxed);
        unit::publish_committed(realtime, events).await;
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(seq: u64) -> EventFrame {
        EventFrame {
            ch: "project:1".into(),
            seq,
            event_type: "project.status".into(),
            ts: 0,
            data: serde_json::json!({}),
        }
    }

    #[test]
    fn an_event_is_abandoned_only_once_seen_unpublished_for_the_whole_wait() {
        let mut sightings = Sightings::default();
        let t0 = Instant::now();
        assert!(sightings.abandoned(vec![event(1)], t0).is_empty(), "first sight: maybe still publishing");
        let almost = t0 + Duration::from_millis(499);
        assert!(sightings.abandoned(vec![event(1), event(2)], almost).is_empty());
        let later = t0 + Duration::from_millis(500);
        let abandoned = sightings.abandoned(vec![event(1), event(2)], later);
        assert_eq!(abandoned.iter().map(|e| e.seq).collect::<Vec<_>>(), [1], "seq 2 was seen 1 ms ago");
    }

    #[test]
    fn an_event_published_meanwhile_is_forgotten() {
        let mut sightings = Sightings::default();
        let t0 = Instant::now();
        sightings.abandoned(vec![event(1)], t0);
        // Its unit published it: the next pass does not list it, and a later listing
        // (a different event reusing nothing) starts its wait again.
        sightings.abandoned(vec![], t0 + Duration::from_millis(300));
        assert!(sightings.abandoned(vec![event(1)], t0 + Duration::from_millis(600)).is_empty());
        assert_eq!(sightings.0.len(), 1);
    }
}
