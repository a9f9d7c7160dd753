//! `Hub`: this node's registry of connections and of channel -> local subscribers.
//!
//! The broker hands every message for a channel to [`Hub::dispatch`]. Durable
//! events are delivered in seq order without gaps: one that arrives ahead of its
//! predecessor (two nodes published out of order, or Redis dropped one) waits while
//! the missing seqs are read back from the event table. Delivery never waits on a
//! socket: each connection has a bounded queue, and one that is full is closed as
//! a slow consumer.

use std::{
    collections::{BTreeMap, HashMap},
    net::IpAddr,
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc,
    },
    time::Duration,
};

use dashmap::DashMap;
use vitrine_protocol::{close_code, Channel, EventFrame, PresenceUser, ServerFrame, SignalKind};

use super::{
    docs::Docs,
    frames::{CloseSignal, Offered, Outbound, OutboundQueue, SharedEvent},
    outbox,
    policy::Channels,
};
use crate::store::{clock::Clock, Db};

pub type ConnId = u64;

/// How long an out-of-order event waits for its predecessors before they are read
/// from the database (they are usually just in flight).
const GAP_GRACE: Duration = Duration::from_millis(100);

/// One anonymous connection's place in its address's count ([`Hub::reserve_anonymous`]).
#[derive(Debug)]
pub struct AnonymousSlot {
    per_address: Arc<DashMap<IpAddr, usize>>,
    key: IpAddr,
}

impl Drop for AnonymousSlot {
    fn drop(&mut self) {
        self.per_address.remove_if_mut(&self.key, |_, count| {
            *count -= 1;
            *count == 0
        });
    }
}

/// A connection as the hub sees it.
#[derive(Debug, Clone)]
pub struct ConnHandle {
    pub id: ConnId,
    /// The signed-in user, for presence and signals; None when anonymous.
    pub user: Option<PresenceUser>,
    /// The access token the connection authenticated with, for revocation.
    pub token_id: Option<i64>,
    pub queue: Arc<OutboundQueue>,
    pub close: Arc<CloseSignal>,
}

impl ConnHandle {
    /// Queues without waiting; a full queue closes the connection (4008).
    fn offer(&self, item: Outbound) -> bool {
        match self.queue.offer(item) {
            Offered::Queued => true,
            Offered::Full => {
                metrics::counter!("vitrine_ws_slow_consumer_closes_total").increment(1);
                self.close.raise(close_code::SLOW_CONSUMER);
                false
            }
            Offered::Closed => false,
        }
    }
}

#[derive(Debug, Default)]
struct ChannelEntry {
    subscribers: HashMap<ConnId, ConnHandle>,
    /// Signed-in watchers: user id -> (user, local connection count).
    watchers: BTreeMap<i64, (PresenceUser, usize)>,
    /// Highest seq delivered here (durable channels). None until the first
    /// subscriber has read the channel's head: events wait in `waiting` till then.
    last_seq: Option<u64>,
    /// Events that arrived ahead of a missing seq, by seq.
    waiting: BTreeMap<u64, EventFrame>,
    /// A gap fill is scheduled.
    filling: bool,
}

/// What changed when a connection joined a channel.
#[derive(Debug, Default)]
pub struct Joined {
    /// The first local subscriber: the node must start listening to the channel.
    pub first_local: bool,
    /// The user was not watching from this node before.
    pub new_watcher: Option<PresenceUser>,
}

/// What changed when a connection left a channel.
#[derive(Debug, Default)]
pub struct Left {
    /// No local subscriber remains: the node may stop listening to the channel.
    pub last_local: bool,
    /// The user no longer watches from this node.
    pub gone_watcher: Option<PresenceUser>,
}

#[derive(Debug)]
pub struct Hub {
    channels: DashMap<String, ChannelEntry>,
    connections: DashMap<ConnId, ConnHandle>,
    /// Open connections per signed-in user, for the per-user limit.
    per_user: DashMap<i64, usize>,
    /// Open anonymous connections per client address, for the per-address limit: each
    /// is an [`AnonymousSlot`] held by its session until it closes or signs in.
    per_address: Arc<DashMap<IpAddr, usize>>,
    next_conn_id: AtomicU64,
    /// Wakes this node's timer loop: a deadline sooner than it knew was scheduled.
    timers_wake: tokio::sync::Notify,
    /// Collaborative documents open on this node (`doc:` channels).
    pub docs: Docs,
    /// Tells this node's bus messages from other nodes' (a document update is not sent
    /// back to the connection it came from).
    pub node_id: u64,
    db: Db,
}

impl Hub {
    /// `channels`: the areas' registrations, which the documents consult.
    pub fn new(db: Db, channels: Arc<Channels>) -> Arc<Self> {
        Arc::new(Self {
            channels: DashMap::new(),
            connections: DashMap::new(),
            per_user: DashMap::new(),
            per_address: Arc::new(DashMap::new()),
            next_conn_id: AtomicU64::new(1),
            timers_wake: tokio::sync::Notify::new(),
            docs: Docs::new(db.clone(), channels),
            node_id: rand::random(),
            db,
        })
    }

    pub fn next_conn_id(&self) -> ConnId {
        self.next_conn_id.fetch_add(1, Ordering::Relaxed)
    }

    pub fn register(&self, handle: ConnHandle) {
        if let Some(user) = &handle.user {
            *self.per_user.entry(user.id).or_default() += 1;
        }
        self.connections.insert(handle.id, handle);
        metrics::gauge!("vitrine_ws_connections").set(self.connections.len() as f64);
    }

    pub fn unregister(&self, id: ConnId) {
        if let Some((_, handle)) = self.connections.remove(&id) {
            if let Some(user) = handle.user {
                self.per_user.remove_if_mut(&user.id, |_, count| {
                    *count -= 1;
                    *count == 0
                });
            }
        }
        metrics::gauge!("vitrine_ws_connections").set(self.connections.len() as f64);
    }

    /// Updates the identity of a connection after an `auth` frame. A connection signing in
    /// (anonymous until now) counts against its user's limit from here on: false, and
    /// nothing changed, when the user already holds `max_per_user` connections.
    pub fn update_identity(&self, id: ConnId, user: PresenceUser, token_id: i64, max_per_user: usize) -> bool {
        let Some(mut handle) = self.connections.get_mut(&id) else { return false };
        if handle.user.is_none() {
            // Checked and counted under the entry's lock: two sockets signing in at once
            // cannot both take the last place.
            let mut count = self.per_user.entry(user.id).or_default();
            if *count >= max_per_user {
                return false;
            }
            *count += 1;
        }
        handle.user = Some(user);
        handle.token_id = Some(token_id);
        true
    }

    /// A place for one more anonymous connection from the client address `key`, or None
    /// when that address already holds `max` (checked and counted under the entry's lock,
    /// so a burst of upgrades cannot all take the last place). The place is given back
    /// when the slot drops: the socket closed, the upgrade failed, or it signed in.
    pub fn reserve_anonymous(&self, key: IpAddr, max: usize) -> Option<AnonymousSlot> {
        let mut count = self.per_address.entry(key).or_default();
        if *count >= max {
            return None;
        }
        *count += 1;
        Some(AnonymousSlot { per_address: Arc::clone(&self.per_address), key })
    }

    /// Open anonymous connections from one client address on this node.
    pub fn anonymous_connections(&self, key: IpAddr) -> usize {
        self.per_address.get(&key).map(|c| *c).unwrap_or(0)
    }

    /// Open connections of one user on this node.
    pub fn user_connections(&self, user_id: i64) -> usize {
        self.per_user.get(&user_id).map(|c| *c).unwrap_or(0)
    }

    pub fn connection_count(&self) -> usize {
        self.connections.len()
    }

    /// Adds a subscriber. For a durable channel the caller then reads the channel's
    /// head and reports it with [`Hub::note_head`]; registering first means no event
    /// committed after that read can slip past.
    pub fn subscribe(&self, ch: &str, handle: ConnHandle) -> Joined {
        let mut entry = self.channels.entry(ch.to_owned()).or_default();
        let first_local = entry.subscribers.is_empty();
        let mut new_watcher = None;
        if let Some(user) = &handle.user {
            let slot = entry.watchers.entry(user.id).or_insert_with(|| (user.clone(), 0));
            slot.1 += 1;
            if slot.1 == 1 {
                new_watcher = Some(user.clone());
            }
        }
        entry.subscribers.insert(handle.id, handle);
        drop(entry);
        metrics::gauge!("vitrine_ws_subscriptions").increment(1.0);
        if first_local {
            metrics::gauge!("vitrine_hub_channels").set(self.channels.len() as f64);
        }
        Joined { first_local, new_watcher }
    }

    /// Starts ordered delivery on a new channel entry from `head`, the seq its first
    /// subscriber read. Entries already delivering keep their own position.
    pub fn note_head(self: &Arc<Self>, ch: &str, head: u64) {
        let pending = {
            let Some(mut entry) = self.channels.get_mut(ch) else { return };
            if entry.last_seq.is_some() {
                return;
            }
            entry.last_seq = Some(head);
            std::mem::take(&mut entry.waiting)
        };
        for (_, event) in pending {
            self.dispatch_event(event);
        }
    }

    pub fn unsubscribe(&self, ch: &str, conn: ConnId) -> Left {
        let Some(mut entry) = self.channels.get_mut(ch) else { return Left::default() };
        let Some(handle) = entry.subscribers.remove(&conn) else { return Left::default() };
        let mut gone_watcher = None;
        if let Some(user) = &handle.user {
            if let Some(slot) = entry.watchers.get_mut(&user.id) {
                slot.1 -= 1;
                if slot.1 == 0 {
                    entry.watchers.remove(&user.id);
                    gone_watcher = Some(user.clone());
                }
            }
        }
        let last_local = entry.subscribers.is_empty();
        drop(entry);
        metrics::gauge!("vitrine_ws_subscriptions").decrement(1.0);
        if last_local {
            self.channels.remove_if(ch, |_, e| e.subscribers.is_empty());
            metrics::gauge!("vitrine_hub_channels").set(self.channels.len() as f64);
        }
        Left { last_local, gone_watcher }
    }

    pub fn has_subscribers(&self, ch: &str) -> bool {
        self.channels.get(ch).is_some_and(|e| !e.subscribers.is_empty())
    }

    /// Channels with local subscribers that deliver in order, and the last seq delivered on each.
    pub fn channels(&self) -> Vec<(String, u64)> {
        self.channels.iter().filter_map(|e| e.last_seq.map(|seq| (e.key().clone(), seq))).collect()
    }

    /// Users watching `ch` from this node.
    pub fn watchers(&self, ch: &str) -> Vec<PresenceUser> {
        self.channels.get(ch).map(|e| e.watchers.values().map(|(u, _)| u.clone()).collect()).unwrap_or_default()
    }

    /// Every channel's local watchers (for the presence refresh).
    pub fn all_watchers(&self) -> Vec<(String, Vec<PresenceUser>)> {
        self.channels
            .iter()
            .filter(|e| !e.watchers.is_empty())
            .map(|e| (e.key().clone(), e.watchers.values().map(|(u, _)| u.clone()).collect()))
            .collect()
    }

    /// Delivers an event to local subscribers: ephemeral ones as they come, durable
    /// ones in seq order, each once.
    pub fn dispatch_event(self: &Arc<Self>, frame: EventFrame) {
        let durable = Channel::parse(&frame.ch).map(|c| !c.is_ephemeral()).unwrap_or(false);
        if !durable {
            // Ephemeral events keep no position: a shared lock lets channels of the same
            // shard deliver at the same time.
            if let Some(entry) = self.channels.get(&frame.ch) {
                deliver(&entry, frame);
            }
            return;
        }
        let Some(mut entry) = self.channels.get_mut(&frame.ch) else { return };
        let Some(last) = entry.last_seq else {
            entry.waiting.insert(frame.seq, frame);
            return;
        };
        if frame.seq <= last {
            return; // already delivered (relay repeat, replay overlap, or two publishers)
        }
        if frame.seq > last + 1 {
            let ch = frame.ch.clone();
            entry.waiting.insert(frame.seq, frame);
            if !entry.filling {
                entry.filling = true;
                let hub = Arc::clone(self);
                tokio::spawn(async move { hub.fill_gap(ch).await });
            }
            return;
        }
        let mut last = frame.seq;
        deliver(&entry, frame);
        // Anything that was waiting for this one can go now.
        while let Some(next) = entry.waiting.first_key_value().map(|(seq, _)| *seq) {
            if next > last + 1 {
                break;
            }
            let Some(waiting) = entry.waiting.remove(&next) else { break };
            if waiting.seq == last + 1 {
                last = waiting.seq;
                deliver(&entry, waiting);
            }
        }
        entry.last_seq = Some(last);
    }

    /// Reads the seqs missing before the waiting events from the database.
    async fn fill_gap(self: Arc<Self>, ch: String) {
        tokio::time::sleep(GAP_GRACE).await;
        let bounds = self.channels.get(&ch).and_then(|e| Some((e.last_seq?, *e.waiting.keys().next_back()?)));
        if let Some((after, up_to)) = bounds {
            match outbox::range(&self.db.pool, &ch, after, up_to).await {
                Ok(events) => {
                    metrics::counter!("vitrine_hub_gap_fills_total").increment(1);
                    for event in events {
                        self.dispatch_event(event);
                    }
                }
                Err(err) => tracing::warn!(channel = %ch, error = %err, "gap fill failed"),
            }
        }
        if let Some(mut entry) = self.channels.get_mut(&ch) {
            entry.filling = false;
            // Events trimmed from history cannot be recovered: skip past them.
            if let (Some(last), Some((&seq, _))) = (entry.last_seq, entry.waiting.first_key_value()) {
                if seq > last + 1 {
                    tracing::warn!(channel = %ch, from = last, to = seq, "events missing from history; skipping");
                    entry.last_seq = Some(seq - 1);
                }
            }
            let pending: Vec<EventFrame> = std::mem::take(&mut entry.waiting).into_values().collect();
            drop(entry);
            for event in pending {
                self.dispatch_event(event);
            }
        }
    }

    /// Sends a small frame to every local subscriber of `ch` except `skip_user`'s connections.
    pub fn broadcast(&self, ch: &str, frame: ServerFrame, skip_user: Option<i64>) {
        let Some(entry) = self.channels.get(ch) else { return };
        let frame = Arc::new(frame);
        for handle in entry.subscribers.values() {
            if skip_user.is_some() && handle.user.as_ref().map(|u| u.id) == skip_user {
                continue;
            }
            handle.offer(Outbound::Frame(Arc::clone(&frame)));
        }
    }

    /// Sends a frame to every local subscriber of `ch` but connection `skip` (the sender).
    pub fn broadcast_except(&self, ch: &str, frame: ServerFrame, skip: Option<ConnId>) {
        let Some(entry) = self.channels.get(ch) else { return };
        let frame = Arc::new(frame);
        for handle in entry.subscribers.values() {
            if Some(handle.id) != skip {
                handle.offer(Outbound::Frame(Arc::clone(&frame)));
            }
        }
    }

    /// A document update published with `seq` (by `origin`: node, connection): applied to
    /// this node's copy and sent to the local subscribers but the sender.
    pub fn dispatch_doc_update(self: &Arc<Self>, ch: String, seq: u64, update: Vec<u8>, origin: (u64, ConnId)) {
        if self.docs.apply_published(&ch, seq, &update) {
            let hub = Arc::clone(self);
            let gap_ch = ch.clone();
            tokio::spawn(async move {
                if let Some(missed) = hub.docs.fill_gap(&gap_ch).await {
                    let msg = super::docs::update_message(&missed).into();
                    hub.broadcast_except(&gap_ch, ServerFrame::Doc { ch: gap_ch.clone(), msg }, None);
                }
            });
        }
        let skip = (origin.0 == self.node_id).then_some(origin.1);
        let msg = super::docs::update_message(&update).into();
        self.broadcast_except(&ch.clone(), ServerFrame::Doc { ch, msg }, skip);
    }

    /// An awareness message (cursors, names) from `origin`: remembered for newcomers and
    /// sent to the local subscribers but the sender.
    pub fn dispatch_doc_awareness(&self, ch: String, msg: Vec<u8>, origin: (u64, ConnId)) {
        use yrs::{sync::Message, updates::decoder::Decode};
        if let (Some(entry), Ok(Message::Awareness(update))) = (self.docs.get(&ch), Message::decode_v1(&msg)) {
            entry.note_awareness(&update);
        }
        let skip = (origin.0 == self.node_id).then_some(origin.1);
        self.broadcast_except(&ch.clone(), ServerFrame::Doc { ch, msg: msg.into() }, skip);
    }

    pub fn signal(&self, ch: &str, kind: SignalKind, user: PresenceUser) {
        let skip = Some(user.id);
        self.broadcast(ch, ServerFrame::Signal { ch: ch.to_owned(), kind, user }, skip);
    }

    /// Closes every connection that authenticated with `token_id` (4001).
    pub fn revoke_token(&self, token_id: i64) {
        for handle in self.connections.iter().filter(|h| h.token_id == Some(token_id)) {
            handle.close.raise(close_code::TOKEN_EXPIRED);
        }
    }

    /// Closes every connection of `user_id` (4001): deactivation, password reset.
    pub fn revoke_user(&self, user_id: i64) {
        for handle in self.connections.iter().filter(|h| h.user.as_ref().is_some_and(|u| u.id == user_id)) {
            handle.close.raise(close_code::TOKEN_EXPIRED);
        }
    }

    /// Wakes the timer loop (a `TimersWake` arrived on the bus).
    pub fn wake_timers(&self) {
        self.timers_wake.notify_one();
    }

    /// Completes when the timer loop should look again.
    pub async fn timers_woken(&self) {
        self.timers_wake.notified().await;
    }

    /// Asks every connection to close with `code` (shutdown: 1012).
    pub fn close_all(&self, code: u16) {
        for handle in self.connections.iter() {
            handle.close.raise(code);
        }
    }
}

fn deliver(entry: &ChannelEntry, frame: EventFrame) {
    // Publish-to-deliver on this node's wall clock; the event's ts is the publisher's.
    let lag_ms = (crate::store::clock::SystemClock.now_ms() - frame.ts).max(0);
    metrics::histogram!("vitrine_publish_to_deliver_seconds").record(lag_ms as f64 / 1000.0);
    let shared = SharedEvent::new(frame);
    let mut delivered = 0u64;
    for handle in entry.subscribers.values() {
        if handle.offer(Outbound::Event(Arc::clone(&shared))) {
            delivered += 1;
        }
    }
    metrics::counter!("vitrine_events_delivered_total").increment(delivered);
}
