//! What subscribers saw: per-subscriber counts ([`ClientStats`]), the run's shared
//! latency record ([`Recorder`], sharded so thousands of subscribers rarely contend) with
//! its per-second timeline, and the counters the live progress reads ([`Progress`]).

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

use hdrhistogram::Histogram;
use serde::Deserialize;

/// Highest latency the histograms hold exactly (60 s, in µs); above it values saturate.
const MAX_LATENCY_US: u64 = 60_000_000;
/// Latency shards: subscriber `i` records into shard `i % SHARDS`.
const SHARDS: usize = 64;
/// Longest timeline kept, in seconds; later deliveries count in the total only.
const MAX_TIMELINE_S: usize = 3_600;

/// Counters shared by every task of a run, read by the progress line and the drain wait.
#[derive(Debug, Default)]
pub struct Progress {
    /// Subscribers connected and subscribed.
    pub connected: AtomicUsize,
    /// Subscribers whose connection or subscription failed.
    pub failed: AtomicUsize,
    /// Subscribers that have seen a probe event (peers without a subscribe answer).
    pub primed: AtomicUsize,
    /// Events the target accepted.
    pub published: AtomicU64,
    /// Distinct (subscriber, event) deliveries so far.
    pub delivered: AtomicU64,
}

/// The part of a bench event's data the harness reads: `{"id", "sent_us"}` or `{"probe"}`.
#[derive(Debug, Default, Clone, Copy, Deserialize)]
pub struct Payload {
    #[serde(default)]
    pub id: Option<u64>,
    #[serde(default)]
    pub sent_us: Option<u64>,
    #[serde(default)]
    pub probe: Option<bool>,
}

/// Where an event sits in its channel's order: the hub's `seq`, or (peers) the payload id.
#[derive(Debug, Clone, Copy)]
pub enum OrderKey {
    Seq(u64),
    Id,
}

/// One second of the timeline.
#[derive(Debug, Clone, Copy, Default, serde::Serialize, Deserialize)]
pub struct TimePoint {
    /// Seconds since publishing started (this point covers [t_s, t_s + 1)).
    pub t_s: u32,
    pub published: u64,
    pub delivered: u64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    /// Server resident memory sampled in this second (sum over nodes), MiB.
    pub server_rss_mib: Option<f64>,
}

struct Shard {
    total: Histogram<u64>,
    seconds: Vec<Histogram<u64>>,
}

/// The run's latency record: a total histogram and one per second of the run.
pub struct Recorder {
    /// Wall clock (µs) the timeline starts at; deliveries before it count at second 0.
    start_us: AtomicU64,
    shards: Vec<Mutex<Shard>>,
    published: Mutex<Vec<u64>>,
    rss_kib: Mutex<Vec<u64>>,
}

impl Default for Recorder {
    fn default() -> Self {
        Self::new()
    }
}

impl Recorder {
    pub fn new() -> Self {
        let shard = || {
            Mutex::new(Shard {
                total: Histogram::new_with_bounds(1, MAX_LATENCY_US, 3).expect("static histogram bounds are valid"),
                seconds: Vec::new(),
            })
        };
        Recorder {
            start_us: AtomicU64::new(0),
            shards: (0..SHARDS).map(|_| shard()).collect(),
            published: Mutex::new(Vec::new()),
            rss_kib: Mutex::new(Vec::new()),
        }
    }

    /// Starts the timeline at `now_us` (the first publication).
    pub fn start(&self, now_us: u64) {
        self.start_us.store(now_us, Ordering::Relaxed);
    }

    fn second(&self, at_us: u64) -> Option<usize> {
        let start = self.start_us.load(Ordering::Relaxed);
        if start == 0 {
            return None;
        }
        let second = (at_us.saturating_sub(start) / 1_000_000) as usize;
        (second < MAX_TIMELINE_S).then_some(second)
    }

    pub fn record_latency(&self, shard: usize, now_us: u64, latency_us: u64) {
        let second = self.second(now_us);
        let mut shard = self.shards[shard % SHARDS].lock().unwrap_or_else(|e| e.into_inner());
        shard.total.saturating_record(latency_us);
        if let Some(second) = second {
            while shard.seconds.len() <= second {
                // Two significant digits are plenty for a chart and keep a second small.
                shard.seconds.push(Histogram::new_with_bounds(1, MAX_LATENCY_US, 2).expect("static bounds"));
            }
            shard.seconds[second].saturating_record(latency_us);
        }
    }

    pub fn record_published(&self, now_us: u64, count: u64) {
        let Some(second) = self.second(now_us) else { return };
        let mut published = self.published.lock().unwrap_or_else(|e| e.into_inner());
        if published.len() <= second {
            published.resize(second + 1, 0);
        }
        published[second] += count;
    }

    pub fn record_rss(&self, now_us: u64, kib: u64) {
        let Some(second) = self.second(now_us) else { return };
        let mut rss = self.rss_kib.lock().unwrap_or_else(|e| e.into_inner());
        if rss.len() <= second {
            rss.resize(second + 1, 0);
        }
        rss[second] = rss[second].max(kib);
    }

    /// Every latency recorded, merged.
    pub fn total(&self) -> Histogram<u64> {
        let mut total = Histogram::new_with_bounds(1, MAX_LATENCY_US, 3).expect("static histogram bounds are valid");
        for shard in &self.shards {
            let shard = shard.lock().unwrap_or_else(|e| e.into_inner());
            let _ = total.add(&shard.total);
        }
        total
    }

    /// One point per second from the start to the last second anything happened in.
    pub fn timeline(&self) -> Vec<TimePoint> {
        let mut seconds: Vec<Histogram<u64>> = Vec::new();
        for shard in &self.shards {
            let shard = shard.lock().unwrap_or_else(|e| e.into_inner());
            for (i, h) in shard.seconds.iter().enumerate() {
                if seconds.len() <= i {
                    seconds.push(Histogram::new_with_bounds(1, MAX_LATENCY_US, 2).expect("static bounds"));
                }
                let _ = seconds[i].add(h);
            }
        }
        let published = self.published.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let rss = self.rss_kib.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let len = seconds.len().max(published.len()).max(rss.len());
        let ms = |us: u64| us as f64 / 1000.0;
        // A second the sampler missed (it samples every 250 ms) shows the last reading.
        let mut last_rss = None;
        (0..len)
            .map(|i| {
                last_rss = rss.get(i).filter(|&&k| k > 0).map(|&k| k as f64 / 1024.0).or(last_rss);
                let h = seconds.get(i);
                let q = |q: f64| h.filter(|h| !h.is_empty()).map_or(0.0, |h| ms(h.value_at_quantile(q)));
                TimePoint {
                    t_s: i as u32,
                    published: published.get(i).copied().unwrap_or(0),
                    delivered: h.map_or(0, |h| h.len()),
                    p50_ms: q(0.5),
                    p99_ms: q(0.99),
                    max_ms: h.filter(|h| !h.is_empty()).map_or(0.0, |h| ms(h.max())),
                    server_rss_mib: last_rss,
                }
            })
            .collect()
    }
}

/// Which ids a subscriber has seen: one bit per id of its channel (ids go round-robin
/// over the channels, so id / channels is dense), far smaller than a set at 10,000
/// subscribers.
#[derive(Debug, Default)]
struct SeenIds {
    stride: u64,
    bits: Vec<u64>,
}

impl SeenIds {
    /// Marks `id`; false when it was already marked.
    fn insert(&mut self, id: u64) -> bool {
        let index = (id / self.stride.max(1)) as usize;
        let (word, bit) = (index / 64, 1u64 << (index % 64));
        if self.bits.len() <= word {
            self.bits.resize(word + 1, 0);
        }
        let fresh = self.bits[word] & bit == 0;
        self.bits[word] |= bit;
        fresh
    }
}

/// One subscriber's record of the run.
#[derive(Debug)]
pub struct ClientStats {
    /// Index of the channel this subscriber is on.
    pub channel: usize,
    /// This subscriber's shard of the [`Recorder`].
    pub shard: usize,
    seen: SeenIds,
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
    /// Subscriber number `index` on channel `channel` of `channels`.
    pub fn new(index: usize, channel: usize, channels: usize) -> Self {
        ClientStats {
            channel,
            shard: index,
            seen: SeenIds { stride: channels as u64, bits: Vec::new() },
            delivered: 0,
            duplicated: 0,
            out_of_order: 0,
            last_key: None,
            last_delivery_us: 0,
            dropped: false,
            primed: false,
        }
    }

    /// Records one decoded event; probes and foreign payloads are only noted.
    pub fn record(&mut self, data: &Payload, order: OrderKey, now_us: u64, progress: &Progress, recorder: &Recorder) {
        if data.probe.is_some() {
            if !self.primed {
                self.primed = true;
                progress.primed.fetch_add(1, Ordering::Relaxed);
            }
            return;
        }
        let (Some(id), Some(sent_us)) = (data.id, data.sent_us) else { return };
        if !self.seen.insert(id) {
            self.duplicated += 1;
            return;
        }
        self.delivered += 1;
        progress.delivered.fetch_add(1, Ordering::Relaxed);
        recorder.record_latency(self.shard, now_us, now_us.saturating_sub(sent_us).max(1));
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
    use super::*;

    fn event(id: u64, sent_us: u64) -> Payload {
        Payload { id: Some(id), sent_us: Some(sent_us), probe: None }
    }

    #[test]
    fn duplicates_and_reordering_are_counted_apart_from_deliveries() {
        let (progress, recorder) = (Progress::default(), Recorder::new());
        let mut stats = ClientStats::new(0, 0, 1);
        for (id, seq) in [(1, 1), (2, 3), (1, 1), (3, 2)] {
            stats.record(&event(id, 10), OrderKey::Seq(seq), 1_010, &progress, &recorder);
        }
        assert_eq!((stats.delivered, stats.duplicated, stats.out_of_order), (3, 1, 1));
        assert_eq!(progress.delivered.load(Ordering::Relaxed), 3);
        assert_eq!(recorder.total().max(), 1_000);
    }

    #[test]
    fn a_probe_primes_once_and_is_not_a_delivery() {
        let (progress, recorder) = (Progress::default(), Recorder::new());
        let mut stats = ClientStats::new(0, 0, 1);
        let probe = Payload { probe: Some(true), ..Payload::default() };
        stats.record(&probe, OrderKey::Id, 5, &progress, &recorder);
        stats.record(&probe, OrderKey::Id, 5, &progress, &recorder);
        assert!(stats.primed);
        assert_eq!((stats.delivered, progress.primed.load(Ordering::Relaxed)), (0, 1));
    }

    #[test]
    fn ids_of_one_channel_among_many_are_told_apart() {
        let (progress, recorder) = (Progress::default(), Recorder::new());
        // Channel 2 of 10 sees ids 2, 12, 22, ...
        let mut stats = ClientStats::new(7, 2, 10);
        for id in [2, 12, 22, 12, 1_002] {
            stats.record(&event(id, 1), OrderKey::Id, 2, &progress, &recorder);
        }
        assert_eq!((stats.delivered, stats.duplicated), (4, 1));
    }

    #[test]
    fn the_timeline_has_a_point_per_second_with_what_happened_in_it() {
        let recorder = Recorder::new();
        recorder.start(1_000_000);
        recorder.record_published(1_000_000, 3);
        recorder.record_latency(0, 1_500_000, 2_000);
        recorder.record_latency(1, 2_500_000, 4_000);
        recorder.record_latency(1, 2_600_000, 4_000);
        let timeline = recorder.timeline();
        assert_eq!(timeline.len(), 2);
        assert_eq!((timeline[0].published, timeline[0].delivered, timeline[1].delivered), (3, 1, 2));
        assert!((timeline[1].max_ms - 4.0).abs() < 0.1, "{timeline:?}");
    }
}
