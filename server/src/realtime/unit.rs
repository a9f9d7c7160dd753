//! A unit of work: one transaction and the events written in it, published once it
//! commits. A handler begins a unit ([`Realtime::begin`]), does its writes through it
//! (it is the transaction's connection: `&mut unit`), hands it the frames its appends
//! returned ([`Unit::publish`], or [`Unit::append`] which does both), and commits: the
//! commit is the only way to make the writes stick, and it publishes. Dropped without a
//! commit, the unit rolls back and publishes nothing.
//!
//! The relay ([`super::relay`]) stays as crash repair: what it republishes is counted,
//! and the API suite checks that it stays at zero (`server/tests/api/helpers.rs`).

use std::ops::{Deref, DerefMut};

use sqlx::{Any, AnyConnection, Transaction};
use vitrine_protocol::{Channel, EventFrame};

use super::{outbox, Realtime};

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
        tx.commit().await?;
        if !events.is_empty() {
            let now = realtime.now_ms();
            realtime.publish_committed(&realtime.db, events, now).await;
        }
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
