//! What one subscriber saw, and the counters the live progress reads.

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use hdrhistogram::Histogram;
use serde_json::Value;

/// Highest latency the histogram holds exactly (60 s, in µs); above it values saturate.
const MAX_LATENCY_US: u64 = 60_000_000;

/// Counters shared by every task of a run, read by the progress line and the drain wait.
#[derive(Debug, Default)]
pub struct Progress {
    /// Subscribers connected and subscribed.
    pub connected: AtomicUsize,
    /// Subscribers whose connection or subscription failed.
    pub failed: AtomicUsize,
    /// Subscribers that have seen a probe event (peer only: it has no subscribe answer).
    pub primed: AtomicUsize,
    /// Events the target accepted.
    pub published: AtomicU64,
    /// Distinct (subscriber, event) deliveries so far.
    pub delivered: AtomicU64,
}

/// Where an event sits in its channel's order: the hub's `seq`, or (peer) the payload id.
#[derive(Debug, Clone, Copy)]
pub enum OrderKey {
    Seq(u64),
    Id,
}

/// One subscriber's record of the run.
#[derive(Debug)]
pub struct ClientStats {
    /// Index of the channel this subscriber is on.
    pub channel: usize,
    /// Publish-to-deliver latency in microseconds.
    pub latency_us: Histogram<u64>,
    /// Payload ids seen, to tell a duplicate and to count what was lost.
    pub seen: HashSet<u64>,
    /// Distinct events delivered.
    pub delivered: u64,
    /// Events delivered again (same id).
    pub duplicated: u64,
    /// Events whose order key was below one already seen on the channel.
    pub out_of_order: u64,
    /// Highest order key seen so far.
    last_key: Option<u64>,
    /// Wall clock (µs) of the latest delivery.
    pub last_delivery_us: u64,
    /// The connection ended before the run told it to stop.
    pub dropped: bool,
    /// A probe event has been seen (peer priming).
    pub primed: bool,
}

impl ClientStats {
    pub fn new(channel: usize) -> Self {
        ClientStats {
            channel,
            latency_us: Histogram::new_with_bounds(1, MAX_LATENCY_US, 3).expect("static histogram bounds are valid"),
            seen: HashSet::new(),
            delivered: 0,
            duplicated: 0,
            out_of_order: 0,
            last_key: None,
            last_delivery_us: 0,
            dropped: false,
            primed: false,
        }
    }

    /// Records one decoded event's `data`; probes and foreign payloads are only noted.
    pub fn record(&mut self, data: &Value, order: OrderKey, now_us: u64, progress: &Progress) {
        if data.get("probe").is_some() {
            if !self.primed {
                self.primed = true;
                progress.primed.fetch_add(1, Ordering::Relaxed);
            }
            return;
        }
        let (Some(id), Some(sent_us)) = (data["id"].as_u64(), data["sent_us"].as_u64()) else { return };
        if !self.seen.insert(id) {
            self.duplicated += 1;
            return;
        }
        self.delivered += 1;
        progress.delivered.fetch_add(1, Ordering::Relaxed);
        self.latency_us.saturating_record(now_us.saturating_sub(sent_us).max(1));
        self.last_delivery_us = self.last_delivery_us.max(now_us);
        let key = match order {
            OrderKey::Seq(seq) => seq,
            OrderKey::Id => id,
        };
        match self.last_key {
            Some(last) if key < last => self.out_of_order += 1,
            _ => self.last_key = Some(key),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn duplicates_and_reordering_are_counted_apart_from_deliveries() {
        let progress = Progress::default();
        let mut stats = ClientStats::new(0);
        for (id, seq) in [(1, 1), (2, 3), (1, 1), (3, 2)] {
            stats.record(&json!({"id": id, "sent_us": 10}), OrderKey::Seq(seq), 1_010, &progress);
        }
        assert_eq!((stats.delivered, stats.duplicated, stats.out_of_order), (3, 1, 1));
        assert_eq!(progress.delivered.load(Ordering::Relaxed), 3);
        assert_eq!(stats.latency_us.max(), 1_000);
    }

    #[test]
    fn a_probe_primes_once_and_is_not_a_delivery() {
        let progress = Progress::default();
        let mut stats = ClientStats::new(0);
        stats.record(&json!({"probe": true}), OrderKey::Id, 5, &progress);
        stats.record(&json!({"probe": true}), OrderKey::Id, 5, &progress);
        assert!(stats.primed);
        assert_eq!((stats.delivered, progress.primed.load(Ordering::Relaxed)), (0, 1));
    }
}
