//! `Broker`: the bus between server nodes. `Memory` hands messages straight to this
//! node's hub; `Redis` publishes them on Redis pub/sub, where every node listening
//! to the channel (including this one) receives them. On a Redis Cluster the bus is
//! sharded pub/sub ([`topology`]): a channel lives on the shard owning its hash slot,
//! and a node hears only the shards of the channels its sockets watch.
//!
//! A node listens to a channel's Redis topic only while it has local subscribers
//! ([`Broker::sync`]). After a Redis reconnect, or a cluster slot moving to another
//! shard ([`shard_watch`]), it re-subscribes and reads back from the event table
//! whatever its channels missed, so connected subscribers lose nothing.
//!
//! [`Broker::ping`] is the bus half of `/readyz`: a node is ready only while the
//! publisher answers, the subscriber connection is up, and the catch-up after its last
//! reconnect has finished. A PING alone would say green while the subscriber is down
//! and this node's sockets hear nothing.

mod shard_watch;
pub mod topology;

use std::{
    collections::HashSet,
    sync::{
        atomic::{AtomicBool, Ordering},
        Arc,
    },
    time::Duration,
};

use anyhow::Context;
use fred::{
    clients::SubscriberClient,
    prelude::{Builder, ClientLike, Config, EventInterface, ReconnectPolicy},
};
use serde::{Deserialize, Serialize};
use tokio::sync::Mutex;
use vitrine_protocol::{Channel, DocBytes, EventFrame, PresenceUser, ServerFrame, SignalKind};

use self::topology::Topology;
use super::{hub::Hub, outbox};

/// Redis topic of a channel.
fn topic(ch: &str) -> String {
    format!("vitrine:ch:{ch}")
}
/// Bus messages received and not yet dispatched that a node holds by default before it
/// drops the oldest (see [`Broker::connect`] for what happens then). Settings hold the
/// default, as the layer below the hub.
pub const BUS_BACKLOG: usize = crate::config::DEFAULT_BUS_BACKLOG;
/// Redis topic of node-wide control messages (revocations). On a cluster it is a shard
/// channel like any other, on one shard, which every node subscribes to: control
/// messages are few.
const CONTROL_TOPIC: &str = "vitrine:control";

/// What crosses the bus.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case")]
pub enum BusMessage {
    Event(EventFrame),
    Presence {
        ch: String,
        joined: Vec<PresenceUser>,
        left: Vec<PresenceUser>,
    },
    Signal {
        ch: String,
        kind: SignalKind,
        user: PresenceUser,
    },
    RevokeToken {
        token_id: i64,
    },
    RevokeUser {
        user_id: i64,
    },
    /// A deadline was scheduled or moved: timer loops look again.
    TimersWake,
    /// A stored document update (`update` is the Yjs update, base64 in the bus's JSON),
    /// from connection `conn` of node `node`.
    DocUpdate {
        ch: String,
        seq: u64,
        update: DocBytes,
        node: u64,
        conn: u64,
    },
    /// A y-protocols awareness message for a document; never stored.
    DocAwareness {
        ch: String,
        msg: DocBytes,
        node: u64,
        conn: u64,
    },
}

impl BusMessage {
    fn topic(&self) -> String {
        match self {
            Self::Event(e) => topic(&e.ch),
            Self::Presence { ch, .. }
            | Self::Signal { ch, .. }
            | Self::DocUpdate { ch, .. }
            | Self::DocAwareness { ch, .. } => topic(ch),
            Self::RevokeToken { .. } | Self::RevokeUser { .. } | Self::TimersWake => CONTROL_TOPIC.to_owned(),
        }
    }
}

/// Hands a bus message to the hub.
fn dispatch(hub: &Arc<Hub>, message: BusMessage) {
    match message {
        BusMessage::Event(frame) => hub.dispatch_event(frame),
        BusMessage::Presence { ch, joined, left } => {
            let frame = ServerFrame::Presence { ch: ch.clone(), joined, left };
            hub.broadcast(&ch, frame, None);
        }
        BusMessage::Signal { ch, kind, user } => hub.signal(&ch, kind, user),
        BusMessage::RevokeToken { token_id } => hub.revoke_token(token_id),
        BusMessage::RevokeUser { user_id } => hub.revoke_user(user_id),
        BusMessage::TimersWake => hub.wake_timers(),
        BusMessage::DocUpdate { ch, seq, update, node, conn } => {
            hub.dispatch_doc_update(ch, seq, update.0, (node, conn))
        }
        BusMessage::DocAwareness { ch, msg, node, conn } => hub.dispatch_doc_awareness(ch, msg.0, (node, conn)),
    }
}

#[derive(Clone)]
pub struct Broker {
    hub: Arc<Hub>,
    redis: Option<Arc<RedisBus>>,
}

struct RedisBus {
    topology: Topology,
    publisher: fred::prelude::Client,
    subscriber: SubscriberClient,
    /// False from the moment the subscriber connection fails until the catch-up after
    /// its reconnect has read back what the node's channels missed.
    caught_up: Arc<AtomicBool>,
    /// Topics this node listens to; the lock serialises subscribe/unsubscribe.
    listening: Mutex<HashSet<String>>,
    /// Set by [`Broker::shutdown`]: the cluster slot watch stops.
    stopped: Arc<AtomicBool>,
}

impl std::fmt::Debug for Broker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.redis.is_some() { "Broker::Redis" } else { "Broker::Memory" })
    }
}

impl Broker {
    /// The in-process bus, or Redis pub/sub for `redis_url`.
    ///
    /// `backlog` is how many received messages may wait for the hub (`VITRINE_BUS_BACKLOG`).
    /// Past it the Redis client drops the oldest ones, and which channels they were for is
    /// unknown: they may have been events of channels without history, presence changes,
    /// typing signals or revocations, none of which can be read back. So a lag closes every
    /// connection of this node with 4009 (insufficient state): clients reconnect and
    /// resubscribe with `since`, durable channels replay what was missed, ephemeral ones
    /// answer `recovered: false`, presence lists are fresh and a revoked token is refused
    /// at the upgrade. Nothing is lost without the client being told.
    ///
    /// The fan-out stays on the receiving task: a second queue between it and the hub
    /// would only move the point where a backlog overflows, not remove it.
    pub async fn connect(
        redis_url: Option<&str>,
        backlog: usize,
        hub: Arc<Hub>,
        db: crate::store::Db,
    ) -> anyhow::Result<Self> {
        let Some(url) = redis_url else { return Ok(Self { hub, redis: None }) };
        let config = Config::from_url(url).context("REDIS_URL does not parse")?;
        let topology = Topology::of(&config);
        let mut builder = Builder::from_config(config);
        // Retry forever, backing off to 2 s: a node outlives Redis restarts.
        builder
            .set_policy(ReconnectPolicy::new_exponential(0, 100, 2_000, 2))
            .with_connection_config(|c| c.connection_timeout = Duration::from_secs(5))
            // fred hands pub/sub messages over a broadcast channel of 32 by default: a
            // burst the dispatch loop took longer than 32 messages to fan out was dropped
            // ("bus receiver lagged"), and the load harness counted the loss in `cluster`.
            .with_performance_config(|c| c.broadcast_channel_capacity = backlog.max(1));
        let publisher = builder.build().context("REDIS_URL")?;
        let subscriber = builder.build_subscriber_client().context("REDIS_URL")?;
        publisher.init().await.with_context(|| format!("cannot connect to Redis at REDIS_URL={url}"))?;
        subscriber.init().await.with_context(|| format!("cannot connect to Redis at REDIS_URL={url}"))?;
        if topology == Topology::Single {
            // On a cluster the recovery task resubscribes (see `topology::resubscribe_shards`).
            subscriber.manage_subscriptions();
        }
        topology.subscribe(&subscriber, CONTROL_TOPIC).await.context("subscribing to the control topic")?;
        spawn_dispatch(&subscriber, Arc::clone(&hub));

        let caught_up = Arc::new(AtomicBool::new(true));
        let stopped = Arc::new(AtomicBool::new(false));
        let (resync, resyncs) = tokio::sync::mpsc::unbounded_channel::<()>();
        spawn_error_watch(&subscriber, Arc::clone(&caught_up));
        let mut reconnects = subscriber.reconnect_rx();
        let on_reconnect = (resync.clone(), Arc::clone(&caught_up));
        tokio::spawn(async move {
            while reconnects.recv().await.is_ok() {
                metrics::counter!("vitrine_redis_reconnects_total").increment(1);
                tracing::info!("redis reconnected; catching up from history");
                on_reconnect.1.store(false, Ordering::SeqCst);
                if on_reconnect.0.send(()).is_err() {
                    break;
                }
            }
        });
        if topology == Topology::Sharded {
            let on_move = (resync, Arc::clone(&caught_up));
            tokio::spawn(shard_watch::watch(subscriber.clone(), Arc::clone(&stopped), move || {
                metrics::counter!("vitrine_redis_slot_moves_total").increment(1);
                on_move.1.store(false, Ordering::SeqCst);
                let _ = on_move.0.send(());
            }));
        }
        let recovery = Recovery { topology, subscriber: subscriber.clone(), caught_up: Arc::clone(&caught_up) };
        tokio::spawn(recovery.run(resyncs, Arc::clone(&hub), db));

        let listening = Mutex::new(HashSet::new());
        let bus = RedisBus { topology, publisher, subscriber, caught_up, listening, stopped };
        Ok(Self { hub, redis: Some(Arc::new(bus)) })
    }

    pub fn hub(&self) -> &Arc<Hub> {
        &self.hub
    }

    /// The Redis command client, for other shared state (presence).
    pub fn redis_client(&self) -> Option<fred::prelude::Client> {
        self.redis.as_ref().map(|r| r.publisher.clone())
    }

    /// Sends `message` to every node listening to its channel (this one included).
    pub async fn publish(&self, message: BusMessage) -> anyhow::Result<()> {
        match &self.redis {
            None => dispatch(&self.hub, message),
            Some(redis) => {
                let payload = serde_json::to_vec(&message)?;
                redis.topology.publish(&redis.publisher, message.topic(), payload).await.context("redis publish")?;
            }
        }
        Ok(())
    }

    /// Makes this node listen to `ch` exactly while it has local subscribers.
    pub async fn sync(&self, ch: &str) -> anyhow::Result<()> {
        let Some(redis) = &self.redis else { return Ok(()) };
        let mut listening = redis.listening.lock().await;
        let want = self.hub.has_subscribers(ch);
        let topic = topic(ch);
        if want && !listening.contains(&topic) {
            redis.topology.subscribe(&redis.subscriber, &topic).await.context("redis subscribe")?;
            listening.insert(topic);
        } else if !want && listening.contains(&topic) {
            redis.topology.unsubscribe(&redis.subscriber, &topic).await.context("redis unsubscribe")?;
            listening.remove(&topic);
        }
        Ok(())
    }

    /// False while this node is known not to hear the bus (the subscriber connection is
    /// down, or the catch-up after its reconnect has not finished). Cheap, no round trip:
    /// the WebSocket upgrade asks it so a proxy sends new sockets to another node.
    pub fn can_deliver(&self) -> bool {
        match &self.redis {
            None => true,
            Some(redis) => redis.subscriber.is_connected() && redis.caught_up.load(Ordering::SeqCst),
        }
    }

    /// True when the bus can carry messages both ways (always, for the in-process bus):
    /// the publisher answers a PING, the subscriber is connected, and nothing missed
    /// while it was away is still waiting to be read back.
    pub async fn ping(&self) -> bool {
        match &self.redis {
            None => true,
            Some(redis) => {
                if !self.can_deliver() {
                    return false;
                }
                tokio::time::timeout(Duration::from_secs(2), redis.publisher.ping::<String>(None))
                    .await
                    .is_ok_and(|r| r.is_ok())
            }
        }
    }

    /// What `/readyz` calls the bus: `memory`, `redis` or `redis-cluster`.
    pub fn kind(&self) -> &'static str {
        self.redis.as_ref().map_or("memory", |redis| redis.topology.kind())
    }

    pub async fn shutdown(&self) {
        if let Some(redis) = &self.redis {
            redis.stopped.store(true, Ordering::SeqCst);
            let _ = redis.subscriber.quit().await;
            let _ = redis.publisher.quit().await;
        }
    }
}

/// Hands every message the subscriber receives to the hub, on one task (see
/// [`Broker::connect`] for what a lag means).
fn spawn_dispatch(subscriber: &SubscriberClient, hub: Arc<Hub>) {
    let mut messages = subscriber.message_rx();
    tokio::spawn(async move {
        loop {
            match messages.recv().await {
                Ok(message) => match message.value.as_bytes().map(serde_json::from_slice::<BusMessage>) {
                    Some(Ok(bus)) => dispatch(&hub, bus),
                    _ => tracing::warn!(topic = %message.channel, "unreadable bus message"),
                },
                Err(tokio::sync::broadcast::error::RecvError::Lagged(n)) => {
                    // Which channels lost what is unknown: tell every connection.
                    metrics::counter!("vitrine_bus_lagged_messages_total").increment(n);
                    let closed = hub.connection_count();
                    tracing::warn!(missed = n, closed, "bus receiver lagged; closing connections (4009)");
                    hub.close_all(vitrine_protocol::close_code::INSUFFICIENT_STATE);
                }
                Err(tokio::sync::broadcast::error::RecvError::Closed) => break,
            }
        }
    });
}

/// Marks the node not caught up as soon as a subscriber connection fails.
fn spawn_error_watch(subscriber: &SubscriberClient, caught_up: Arc<AtomicBool>) {
    let mut errors = subscriber.error_rx();
    tokio::spawn(async move {
        loop {
            match errors.recv().await {
                Ok((err, _)) => {
                    tracing::warn!(error = %err, "redis subscriber connection failed");
                    caught_up.store(false, Ordering::SeqCst);
                }
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => caught_up.store(false, Ordering::SeqCst),
                Err(tokio::sync::broadcast::error::RecvError::Closed) => break,
            }
        }
    });
}

/// The work after a reconnect or a slot move: resubscribe (on a cluster; fred does it on
/// one Redis), then read back from history, then say the node is caught up.
struct Recovery {
    topology: Topology,
    subscriber: SubscriberClient,
    caught_up: Arc<AtomicBool>,
}

impl Recovery {
    /// Each message on `resyncs` asks for one recovery; those that arrive while one
    /// runs are served by the next (a cluster reconnects shard by shard).
    async fn run(self, mut resyncs: tokio::sync::mpsc::UnboundedReceiver<()>, hub: Arc<Hub>, db: crate::store::Db) {
        while resyncs.recv().await.is_some() {
            // Give manage_subscriptions a moment to re-subscribe first, so nothing
            // published after the catch-up read is missed; and let the other shards'
            // reconnects of the same outage arrive, so one catch-up serves them all.
            tokio::time::sleep(Duration::from_millis(200)).await;
            while resyncs.try_recv().is_ok() {}
            // Redis or the database may still be away: keep trying, the node stays not ready.
            let mut wait = Duration::from_millis(100);
            while !self.resubscribe().await || !catch_up(&hub, &db).await {
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(Duration::from_secs(2));
            }
            if resyncs.is_empty() {
                self.caught_up.store(true, Ordering::SeqCst);
            }
        }
    }

    /// True once every channel is subscribed at its owner (always on one Redis, where
    /// fred's `manage_subscriptions` did it).
    async fn resubscribe(&self) -> bool {
        if self.topology == Topology::Single {
            return true;
        }
        match topology::resubscribe_shards(&self.subscriber).await {
            Ok(()) => true,
            Err(err) => {
                tracing::warn!(error = %err, "redis cluster resubscription failed");
                false
            }
        }
    }
}

/// Re-reads, for every durable channel with local subscribers, the events after the
/// last one delivered here. False when a read failed (the caller tries again).
async fn catch_up(hub: &Arc<Hub>, db: &crate::store::Db) -> bool {
    let mut complete = true;
    // Documents: whatever updates the outage hid are in the database.
    for ch in hub.docs.channels() {
        if let Some(missed) = hub.docs.read_back(&ch, false).await {
            let msg = super::docs::update_message(&missed).into();
            hub.broadcast_except(&ch, ServerFrame::Doc { ch: ch.clone(), msg }, None);
        }
    }
    for (ch, last_seq) in hub.channels() {
        if Channel::parse(&ch).map(|c| c.is_ephemeral()).unwrap_or(true) {
            continue;
        }
        let head = match outbox::head(&db.pool, &ch).await {
            Ok(head) => head,
            Err(err) => {
                tracing::warn!(channel = %ch, error = %err, "catch-up failed");
                complete = false;
                continue;
            }
        };
        if head > last_seq {
            match outbox::range(&db.pool, &ch, last_seq, head).await {
                Ok(events) => events.into_iter().for_each(|e| hub.dispatch_event(e)),
                Err(err) => {
                    tracing::warn!(channel = %ch, error = %err, "catch-up failed");
                    complete = false;
                }
            }
        }
    }
    complete
}
