//! The real-time hub: channels, the wire protocol v1 (`docs/protocol.md`), durable
//! events with recovery, and fan-out across nodes.
//!
//! - [`Realtime`]: this node's hub and broker, and how areas publish.
//! - [`hub`]: local registry of connections and channel subscribers; ordered delivery.
//! - [`broker`]: the bus between nodes, in-process, Redis pub/sub, or sharded pub/sub on a Redis Cluster.
//! - [`session`]: one WebSocket connection. [`routes`]: `/ws`, publish API, history.
//! - [`outbox`]: the event table (append in a transaction, history, trim).
//! - [`relay`]: publishes events committed but never published.
//! - [`presence`]: who watches a channel, across nodes.
//! - [`policy`]: who may subscribe to which channel, decided by the areas that own the
//!   channels ([`policy::ChannelPolicy`], registered at start-up). [`frames`]: queue items.
//! - [`docs`]: collaborative documents (`doc:` channels): Yjs through `yrs`, stored,
//!   compacted, fanned out across nodes.
//!
//! An area that changes state does it in a unit of work ([`Realtime::begin`], [`unit`]):
//! its events are written in the transaction ([`outbox::append`]) and published when the
//! unit commits. The relay republishes what a crash left behind, and counts it.

pub mod broker;
pub mod docs;
pub mod frames;
pub mod hub;
pub mod outbox;
pub mod policy;
pub mod presence;
pub mod relay;
mod routes;
pub mod session;
pub mod unit;

use std::sync::{
    atomic::{AtomicU64, Ordering},
    Arc,
};

use dashmap::DashMap;
use vitrine_protocol::{close_code, EventFrame};

pub use broker::{Broker, BusMessage};
pub use hub::Hub;
pub use routes::router;

use crate::{
    config::Settings,
    store::{clock::SharedClock, Db},
};

/// An event type test and the bell it rings when such an event is published from this node.
type Watch = (fn(&str) -> bool, Arc<tokio::sync::Notify>);

/// This node's real-time machinery. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Realtime {
    pub hub: Arc<Hub>,
    pub broker: Broker,
    /// Who watches which channel, cluster-wide.
    pub presence: presence::Presence,
    /// Sequences of ephemeral (`bench:`) channels published from this node.
    bench_seqs: Arc<DashMap<String, AtomicU64>>,
    /// Rung when an event that changes what waits for admins is published from this node
    /// (the admin area registers which, [`Realtime::ring_on_publish`]), or by a handler
    /// that changed the queue without an event; the admin area's loop recounts.
    pub admin_queue: Arc<tokio::sync::Notify>,
    /// Bells rung when a matching event is published ([`unit`]), registered at start-up.
    pub(super) watches: Arc<std::sync::RwLock<Vec<Watch>>>,
    /// Events the relay found committed and unpublished and published itself (crash
    /// repair; zero in normal operation), as `vitrine_relay_republished_total` counts them.
    pub(super) republished: Arc<AtomicU64>,
    /// Units between their commit and the end of their publish ([`unit::InFlight`]).
    pub(super) publishing: Arc<std::sync::atomic::AtomicUsize>,
    /// The areas' channel policies and the token resolver.
    pub channels: Arc<policy::Channels>,
    /// The database the hub's own tables (events, documents) live in.
    pub db: Db,
    /// Limits of sockets and subscriptions, the publish API key.
    pub settings: Arc<Settings>,
    pub clock: SharedClock,
}

impl Realtime {
    /// Connects the bus (`settings.redis_url`, `settings.bus_backlog`: see
    /// [`Broker::connect`]). The channel policies are registered on [`Realtime::channels`]
    /// afterwards; until then every channel is refused.
    pub async fn start(db: Db, settings: Arc<Settings>, clock: SharedClock) -> anyhow::Result<Self> {
        let channels = Arc::new(policy::Channels::new());
        let hub = Hub::new(db.clone(), Arc::clone(&channels));
        let broker =
            Broker::connect(settings.redis_url.as_deref(), settings.bus_backlog, Arc::clone(&hub), db.clone()).await?;
        let presence = presence::Presence::new(Arc::clone(&hub), broker.redis_client());
        Ok(Self {
            hub,
            broker,
            presence,
            bench_seqs: Arc::new(DashMap::new()),
            admin_queue: Arc::new(tokio::sync::Notify::new()),
            watches: Arc::default(),
            republished: Arc::default(),
            publishing: Arc::default(),
            channels,
            db,
            settings,
            clock,
        })
    }

    /// Rings `bell` whenever an event whose type `concerns` says so is published from
    /// this node (start-up).
    pub fn ring_on_publish(&self, concerns: fn(&str) -> bool, bell: Arc<tokio::sync::Notify>) {
        self.watches.write().expect("publish watches poisoned").push((concerns, bell));
    }

    /// How many events this node's relay has republished since start.
    pub fn relay_republished(&self) -> u64 {
        self.republished.load(Ordering::Relaxed)
    }

    /// How many units of work are between their commit and the end of their publish
    /// (the API suite's end-of-test check tells those from events left unpublished).
    pub fn publishes_in_flight(&self) -> usize {
        self.publishing.load(Ordering::Relaxed)
    }

    pub fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    /// Publishes on an ephemeral channel: an in-memory seq, no history.
    pub async fn publish_ephemeral(
        &self,
        ch: &str,
        event_type: &str,
        data: serde_json::Value,
        now_ms: i64,
    ) -> anyhow::Result<u64> {
        let seq = self.bench_seqs.entry(ch.to_owned()).or_default().fetch_add(1, Ordering::Relaxed) + 1;
        let frame = EventFrame { ch: ch.to_owned(), seq, event_type: event_type.to_owned(), ts: now_ms, data };
        self.broker.publish(BusMessage::Event(frame)).await?;
        metrics::counter!("vitrine_events_published_total").increment(1);
        Ok(seq)
    }

    /// Closes, on every node, the connections that used this token (4001).
    pub async fn revoke_token(&self, token_id: i64) {
        if let Err(err) = self.broker.publish(BusMessage::RevokeToken { token_id }).await {
            tracing::warn!(token_id, error = %err, "revocation broadcast failed; closing local connections only");
            self.hub.revoke_token(token_id);
        }
    }

    /// Closes, on every node, every connection of this user (4001).
    pub async fn revoke_user(&self, user_id: i64) {
        if let Err(err) = self.broker.publish(BusMessage::RevokeUser { user_id }).await {
            tracing::warn!(user_id, error = %err, "revocation broadcast failed; closing local connections only");
            self.hub.revoke_user(user_id);
        }
    }

    /// Tells every timer loop, on every node and worker, that a deadline changed.
    pub async fn wake_timers(&self) {
        if let Err(err) = self.broker.publish(BusMessage::TimersWake).await {
            tracing::warn!(error = %err, "timer wake-up broadcast failed; timers look again within a minute");
            self.hub.wake_timers();
        }
    }

    /// Puts `text` into a stored document as an update (stored, then published to every
    /// node), so a REST write and the live document agree. Logged, not returned: the REST
    /// change is committed either way.
    pub async fn replace_document_text(&self, name: vitrine_protocol::DocName, text: &str, now_ms: i64) {
        let ch = vitrine_protocol::Channel::Doc(name).to_string();
        let outcome = self.hub.docs.replace_text(&ch, name, text, now_ms).await;
        match outcome {
            Ok(Some((_entry, seq, update))) => {
                let message = BusMessage::DocUpdate { ch: ch.clone(), seq, update: update.into(), node: 0, conn: 0 };
                if let Err(err) = self.broker.publish(message).await {
                    tracing::warn!(doc = %ch, error = %err, "document update publish failed");
                }
            }
            Ok(None) => {}
            Err(err) => tracing::warn!(doc = %ch, error = %err, "writing the REST text into the document failed"),
        }
        let hub = &self.hub;
        hub.docs.release(&ch, || hub.has_subscribers(&ch));
    }

    /// Asks every connection of this node to close with 1012 (clients reconnect elsewhere).
    pub fn close_all_for_restart(&self) {
        self.hub.close_all(close_code::SERVER_RESTARTING);
    }
}
