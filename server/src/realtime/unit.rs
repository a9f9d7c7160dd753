//! A unit of work: one transaction and the events written in it, published once it
//! commits. A handler begins a unit ([`Realtime::begin`]) and hands it down: the area's
//! functions do their writes through it (it is the transaction's connection: `&mut
//! *unit`) and append their events to it ([`Unit::append`], [`Unit::append_each`]), so
//! events only ever travel down, from the handler through the area to the hub, and no
//! function hands frames back up. The handler commits: the commit is the only way to
//! make the writes stick, and it publishes. Dropped without a commit, the unit rolls
//! back and publishes nothing. A part that may fail on its own (a paid effect that can
//! no longer happen) runs under a [`Savepoint`]: rolled back, its writes and its events
//! are gone together.
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
    /// Savepoints opened so far, for their names.
    savepoints: u32,
}

/// A point inside a unit to roll back to ([`Unit::savepoint`]): the database's savepoint
/// and how many events the unit held then.
#[derive(Debug)]
#[must_use = "a savepoint is released or rolled back"]
pub struct Savepoint {
    name: String,
    events: usize,
}

impl std::fmt::Debug for Unit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Unit").field("events", &self.events.len()).finish_non_exhaustive()
    }
}

impl Realtime {
    /// Begins a unit of work on the hub's database.
    pub async fn begin(&self) -> Result<Unit, sqlx::Error> {
        Ok(Unit { tx: self.db.pool.begin().await?, events: Vec::new(), realtime: self.clone(), savepoints: 0 })
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

    /// Appends the same event to each of `channels` (an entry of a blind contest goes to
    /// its owner's and its designer's user channels, say), in that order.
    pub async fn append_each(
        &mut self,
        channels: &[Channel],
        event_type: &str,
        data: serde_json::Value,
        now_ms: i64,
    ) -> Result<(), sqlx::Error> {
        for channel in channels {
            self.append(channel, event_type, data.clone(), now_ms).await?;
        }
        Ok(())
    }

    /// The settings of the node running the unit: what an area writes inside it may need
    /// them (a launch e-mail's links are built on the public URL).
    pub fn settings(&self) -> &crate::config::Settings {
        &self.realtime.settings
    }

    /// The events appended so far, in order: what the commit will publish.
    pub fn appended(&self) -> &[EventFrame] {
        &self.events
    }

    /// Opens a savepoint: what is written and appended from here on can be undone alone
    /// ([`Unit::rollback_to`]) or kept ([`Unit::release`]).
    pub async fn savepoint(&mut self) -> Result<Savepoint, sqlx::Error> {
        self.savepoints += 1;
        let name = format!("unit_{}", self.savepoints);
        sqlx::query(&format!("SAVEPOINT {name}")).execute(&mut *self.tx).await?;
        Ok(Savepoint { name, events: self.events.len() })
    }

    /// Undoes the writes and the events since `savepoint`; the unit goes on.
    pub async fn rollback_to(&mut self, savepoint: Savepoint) -> Result<(), sqlx::Error> {
        sqlx::query(&format!("ROLLBACK TO SAVEPOINT {}", savepoint.name)).execute(&mut *self.tx).await?;
        self.events.truncate(savepoint.events);
        Ok(())
    }

    /// Keeps what was done since `savepoint`, as part of the unit.
    pub async fn release(&mut self, savepoint: Savepoint) -> Result<(), sqlx::Error> {
        sqlx::query(&format!("RELEASE SAVEPOINT {}", savepoint.name)).execute(&mut *self.tx).await?;
        Ok(())
    }

    /// Commits, then publishes the unit's events (a publish failure is left to the relay:
    /// the change is committed either way).
    pub async fn commit(self) -> Result<(), sqlx::Error> {
        let Self { tx, events, realtime, .. } = self;
        let _in_flight = (!events.is_empty()).then(|| InFlight::new(&realtime));
        tx.commit().await?;
        publish_committed(&realtime, events).await;
        Ok(())
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
