//! A unit of work: one transaction and the events written in it, published once it
//! commits. A handler begins a unit ([`Realtime::begin`]), does its writes through it
//! (it is the transaction's connection: `&mut unit`), hands it the frames its appends
//! returned ([`Unit::publish`], or [`Unit::append`] which does both), and commits: the
//! commit is the only way to make the writes stick, and it publishes. Dropped without a
//! commit, the unit rolls back and publishes nothing.
//!
//! [`publish_committed`] is the one place committed events go to the broker: from a
//! unit's commit, and from the relay ([`super::relay`]), which stays as crash repair: what
//! it republishes is counted, and the API suite checks at the end of every test that it
//! stays at zero and that no committed event was left unpublished
//! (`server/tests/api/helpers.rs`).

use std::ops::{Deref, DerefMut};

use sqlx::{Any, AnyConnection, Transaction};
use vitrine_protocol::{Channel, EventFrame};

use super::{outbox, BusMessage, Realtime};

/// One transaction and the events to publish after it commits.
pub struct Unit {
    tx: Transaction<'static, Any>,
    events: Vec<EventFrame>,
    realtime: Realtime,
}

impl std::fmt::Debug for Unit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Unit").field("events", &self.events.len()).finish_non_exhaustive()
    }
}

impl Realtime {
    /// Begins a unit of work on the hub's database.
    pub async fn begin(&self) -> Result<Unit, sqlx::Error> {
        Ok(Unit { tx: self.db.pool.begin().await?, events: Vec::new(), realtime: self.clone() })
    }
}

impl Unit {
    /// Appends an event in this transaction ([`outbox::append`]); it is published after
    /// the commit. Returns the frame (its seq), for answers that carry it.
    pub async fn append(
        &mut self,
        channel: &Channel,
        event_type: &str,
        data: serde_json::Value,
        now_ms: i64,
    ) -> Result<EventFrame, sqlx::Error> {
        let event = outbox::append(&mut self.tx, channel, event_type, data, now_ms).await?;
        self.events.push(event.clone());
        Ok(event)
    }

    /// Takes frames that an area's function appended through this unit's connection: they
    /// are published after the commit, in the order given.
    pub fn publish(&mut self, events: impl IntoIterator<Item = EventFrame>) {
        self.events.extend(events);
    }

    /// Commits, then publishes the unit's events (a publish failure is left to the relay:
    /// the change is committed either way).
    pub async fn commit(self) -> Result<(), sqlx::Error> {
        let Self { tx, events, realtime } = self;
        let _in_flight = (!events.is_empty()).then(|| InFlight::new(&realtime));
        tx.commit().await?;
        publish_committed(&realtime, events).await;
        Ok(())
    }

    /// The transaction itself, for functions that take one.
    pub fn transaction(&mut self) -> &mut Transaction<'static, Any> {
        &mut self.tx
    }
}

impl Deref for Unit {
    type Target = AnyConnection;

    fn deref(&self) -> &AnyConnection {
        &self.tx
    }
}

impl DerefMut for Unit {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        &mut self.tx
    }
}

/// Counts a unit from just before its commit to the end of its publish, so that events
/// committed and not yet marked published can be told from events nobody will publish.
struct InFlight(std::sync::Arc<std::sync::atomic::AtomicUsize>);

impl InFlight {
    fn new(realtime: &Realtime) -> Self {
        realtime.publishing.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Self(std::sync::Arc::clone(&realtime.publishing))
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
    }
}

/// Hands events whose transaction has committed to the broker (in process, or Redis
/// pub/sub across nodes) and marks them published. A failure is logged, not returned:
/// the change is committed and the relay publishes the events shortly.
pub(super) async fn publish_committed(realtime: &Realtime, events: Vec<EventFrame>) {
    if events.is_empty() {
        return;
    }
    if let Ok(watches) = realtime.watches.read() {
        for (concerns, bell) in watches.iter() {
            if events.iter().any(|event| concerns(&event.event_type)) {
                bell.notify_one();
            }
        }
    }
    let mut by_channel: Vec<(String, Vec<u64>)> = Vec::new();
    for event in events {
        let (ch, seq) = (event.ch.clone(), event.seq);
        if let Err(err) = realtime.broker.publish(BusMessage::Event(event)).await {
            tracing::warn!(channel = %ch, seq, error = %err, "publish failed; the relay will retry");
            continue;
        }
        metrics::counter!("vitrine_events_published_total").increment(1);
        match by_channel.iter_mut().find(|(c, _)| *c == ch) {
            Some((_, seqs)) => seqs.push(seq),
            None => by_channel.push((ch, vec![seq])),
        }
    }
    let now_ms = realtime.now_ms();
    for (ch, seqs) in by_channel {
        if let Err(err) = outbox::mark_published(&realtime.db.pool, &ch, &seqs, now_ms).await {
            tracing::warn!(channel = %ch, error = %err, "marking events published failed");
        }
    }
}
