//! `Session`: one WebSocket connection. A single task owns the socket and runs one
//! `select!` over: a close request (slow consumer, revoked token, restart), the
//! outbound queue the hub fills, inbound client frames, the heartbeat, and the
//! token's expiry.

use std::{
    collections::{HashMap, HashSet},
    future::Future,
    panic::AssertUnwindSafe,
    pin::Pin,
    sync::Arc,
    time::{Duration, Instant},
};

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures::{future::poll_fn, stream::SplitSink, FutureExt, SinkExt, StreamExt};
use vitrine_protocol::{
    close_code, limits, Channel, ClientFrame, DecodeError, Encoding, ErrorCode, PresenceUser, ServerFrame, SignalKind,
};

use super::{
    broker::BusMessage,
    docs::{DocAccess, DocEntry},
    frames::{CloseSignal, Outbound, OutboundQueue},
    hub::{AnonymousSlot, ConnHandle, ConnId},
    outbox,
    policy::{Principal, SignalRight},
    Realtime,
};

mod doc;
mod gate;
mod rate;
use gate::WakeGate;
use rate::RateLimiter;

/// Queue items written per wake-up before flushing; batching cuts syscalls under load.
const WRITE_BATCH: usize = 64;
/// How long a control write (ping, close) may wait on a peer that does not read.
const WRITE_TIMEOUT: Duration = Duration::from_secs(5);

/// One subscription of this connection.
#[derive(Debug)]
struct Subscription {
    /// Highest seq sent on this channel (durable channels): later duplicates are dropped.
    last_seq: u64,
    durable: bool,
    /// On a `doc:` channel: the open document and what this connection may do with it.
    doc: Option<DocSub>,
}

/// A document subscription.
#[derive(Debug)]
struct DocSub {
    entry: Arc<DocEntry>,
    access: DocAccess,
    /// Awareness client ids this connection spoke for: they leave when it does.
    clients: HashSet<u64>,
}

pub struct Session {
    realtime: Realtime,
    encoding: Encoding,
    conn_id: ConnId,
    user: Option<Principal>,
    subscriptions: HashMap<String, Subscription>,
    /// Channels the policy granted signals on for the rest of the connection
    /// ([`SignalRight::Lasting`]: a conversation, once there, stays).
    lasting_signals: HashSet<String>,
    handle: ConnHandle,
    /// An anonymous connection's place in its client address's count; given back once it
    /// signs in (it counts as the user's from then on) or closes.
    anonymous_slot: Option<AnonymousSlot>,
    limiter: RateLimiter,
    sink: SplitSink<WebSocket, Message>,
}

fn presence_user(user: &Principal) -> PresenceUser {
    PresenceUser { id: user.id, username: user.username.clone() }
}

/// Runs a connection to its end.
pub async fn run(
    socket: WebSocket,
    realtime: Realtime,
    encoding: Encoding,
    user: Option<Principal>,
    anonymous_slot: Option<AnonymousSlot>,
) {
    let (sink, mut stream) = socket.split();
    let outbound = Arc::new(OutboundQueue::new(realtime.settings.ws_queue_frames));
    let close = Arc::new(CloseSignal::default());
    let conn_id = realtime.hub.next_conn_id();
    let handle = ConnHandle {
        id: conn_id,
        user: user.as_ref().map(presence_user),
        token_id: user.as_ref().map(|u| u.token_id),
        queue: Arc::clone(&outbound),
        close: Arc::clone(&close),
    };
    realtime.hub.register(handle.clone());
    let mut session = Session {
        realtime,
        encoding,
        conn_id,
        user,
        subscriptions: HashMap::new(),
        lasting_signals: HashSet::new(),
        handle,
        anonymous_slot,
        limiter: RateLimiter::new(limits::MAX_CLIENT_FRAMES_PER_SECOND),
        sink,
    };

    let mut heartbeat = tokio::time::interval(limits::PING_INTERVAL);
    heartbeat.tick().await;
    let mut last_heard = Instant::now();
    // The loop runs once per delivery: what it waits on is made once and polled only when
    // woken (see `gate`), not rebuilt and re-polled every time round.
    let closed = close.raised();
    tokio::pin!(closed);
    let (reads, beats) = (WakeGate::new(), WakeGate::new());
    let mut expiry = session.token_expiry();
    let mut expires_at = deadline(expiry, &session.realtime);
    let token_expired = tokio::time::sleep_until(expires_at.unwrap_or_else(tokio::time::Instant::now));
    tokio::pin!(token_expired);
    let close_code = loop {
        tokio::select! {
            biased;
            code = &mut closed => break Some(code),
            item = outbound.take() => {
                // A peer that stops reading blocks the write; the close signal
                // (raised by the hub when the queue fills) must still get through.
                tokio::select! {
                    written = session.write_queued(item, &outbound) => if written.is_err() { break None },
                    code = &mut closed => break Some(code),
                }
            }
            inbound = poll_fn(|cx| reads.poll(cx, |cx| stream.poll_next_unpin(cx))) => {
                last_heard = Instant::now();
                match inbound {
                    // Boxed: handling a client frame (subscribing reads the database) needs
                    // kilobytes of future that every idle connection would otherwise carry.
                    Some(Ok(Message::Text(text))) => {
                        if let Some(code) = guarded(conn_id, Box::pin(session.on_frame(text.as_bytes()))).await { break Some(code) }
                    }
                    Some(Ok(Message::Binary(bytes))) => {
                        if let Some(code) = guarded(conn_id, Box::pin(session.on_frame(&bytes))).await { break Some(code) }
                    }
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                    Some(Ok(Message::Close(_))) | None => break None,
                    Some(Err(err)) => break refused_read_code(&err.to_string()),
                }
                // An `auth` frame may have brought a token with another expiry.
                if session.token_expiry() != expiry {
                    expiry = session.token_expiry();
                    expires_at = deadline(expiry, &session.realtime);
                    if let Some(at) = expires_at {
                        token_expired.as_mut().reset(at);
                    }
                }
            }
            _ = poll_fn(|cx| beats.poll(cx, |cx| heartbeat.poll_tick(cx))) => {
                if last_heard.elapsed() > limits::IDLE_TIMEOUT {
                    tracing::debug!(conn = conn_id, "peer silent; dropping");
                    break None;
                }
                let ping = session.sink.send(Message::Ping(Default::default()));
                if !matches!(tokio::time::timeout(WRITE_TIMEOUT, ping).await, Ok(Ok(()))) {
                    break None;
                }
            }
            () = &mut token_expired, if expires_at.is_some() => break Some(close_code::TOKEN_EXPIRED),
        }
    };
    // Leave the hub first: a peer that reads nothing would otherwise hold its
    // subscriptions and presence while the close handshake times out.
    // Boxed for the same reason as `on_frame`: leaving (presence, the bus) is most of the
    // future's size otherwise.
    Box::pin(session.leave_all()).await;
    // A delivery already past the hub's lookup may still offer: refuse it and free the rest.
    outbound.close();
    if let Some(code) = close_code {
        let reason = close_code::reason(code);
        let close = Message::Close(Some(CloseFrame { code, reason: reason.into() }));
        let _ = tokio::time::timeout(WRITE_TIMEOUT, session.sink.send(close)).await;
        metrics::counter!("vitrine_ws_server_closes_total", "code" => code.to_string()).increment(1);
        // A peer refused for a message too large may still be sending the rest of it: the
        // listener's lingering close (`shared::linger`) keeps the socket open, reading and
        // discarding, until the peer has read this close frame and closed too.
        let _ = tokio::time::timeout(WRITE_TIMEOUT, session.sink.flush()).await;
    }
    let _ = tokio::time::timeout(WRITE_TIMEOUT, session.sink.close()).await;
}

/// Handles one client frame. A panic while handling it (a bug) closes this connection with
/// 1011 after the usual clean-up (leaving the hub, presence, the connection count), instead
/// of ending the task with the connection still registered and its peer never told.
async fn guarded<F: Future<Output = Option<u16>>>(conn_id: ConnId, frame: Pin<Box<F>>) -> Option<u16> {
    match AssertUnwindSafe(frame).catch_unwind().await {
        Ok(code) => code,
        Err(_) => {
            tracing::error!(conn = conn_id, "handling a client frame panicked; closing the connection");
            metrics::counter!("vitrine_ws_frame_panics_total").increment(1);
            Some(close_code::INTERNAL_ERROR)
        }
    }
}

/// The close code for a message tungstenite refused to read (RFC 6455 section 7.4.1):
/// 1009 over the size limit, 1007 for a text frame that is not UTF-8. None for a
/// transport failure, where no close frame can get through.
fn refused_read_code(error: &str) -> Option<u16> {
    if error.contains("too long") || error.contains("Space limit") {
        Some(close_code::FRAME_TOO_LARGE)
    } else if error.contains("UTF-8") {
        Some(close_code::INVALID_PAYLOAD)
    } else {
        None
    }
}

/// When a token expiring at the wall-clock epoch ms `at` runs out, on the runtime's clock;
/// None without a token (or past what the clock can hold), and the branch is then disabled.
fn deadline(at: Option<i64>, realtime: &Realtime) -> Option<tokio::time::Instant> {
    let wait = Duration::from_millis(u64::try_from(at?.saturating_sub(realtime.now_ms())).unwrap_or(0));
    tokio::time::Instant::now().checked_add(wait)
}

impl Session {
    fn token_expiry(&self) -> Option<i64> {
        self.user.as_ref().map(|u| u.token_expires_at)
    }

    /// A frame for this connection alone, in its encoding (text for JSON).
    fn message(&self, frame: &ServerFrame) -> Message {
        let bytes = self.encoding.encode_server(frame);
        match self.encoding {
            Encoding::Json => Message::Text(String::from_utf8(bytes).unwrap_or_default().into()),
            Encoding::Msgpack => Message::Binary(bytes.into()),
        }
    }

    async fn send(&mut self, frame: &ServerFrame) -> Result<(), axum::Error> {
        let message = self.message(frame);
        self.sink.send(message).await
    }

    async fn send_error(&mut self, code: ErrorCode, id: Option<String>, ch: Option<String>) {
        let _ = self.send(&ServerFrame::error(code, id, ch)).await;
    }

    /// The message for a queue item, or None when this connection must not get it.
    fn message_for(&mut self, item: Outbound) -> Option<Message> {
        match item {
            Outbound::Event(event) => {
                let sub = self.subscriptions.get_mut(&event.frame.ch)?;
                if sub.durable {
                    if event.frame.seq <= sub.last_seq {
                        return None;
                    }
                    sub.last_seq = event.frame.seq;
                }
                Some(event.message(self.encoding))
            }
            Outbound::Frame(frame) => {
                if self.is_own_presence(&frame) {
                    return None;
                }
                Some(self.message(&frame))
            }
        }
    }

    /// A presence change about this connection's own user: their arrival or departure
    /// is news to others, not to them.
    fn is_own_presence(&self, frame: &ServerFrame) -> bool {
        let (ServerFrame::Presence { joined, left, .. }, Some(me)) = (frame, &self.user) else { return false };
        joined.iter().chain(left).all(|u| u.id == me.id)
    }

    /// Writes one queue item and whatever else is already queued, then flushes once.
    async fn write_queued(&mut self, first: Outbound, outbound: &OutboundQueue) -> Result<(), axum::Error> {
        if let Some(message) = self.message_for(first) {
            self.sink.feed(message).await?;
        }
        for _ in 1..WRITE_BATCH {
            let Some(item) = outbound.try_take() else { break };
            if let Some(message) = self.message_for(item) {
                self.sink.feed(message).await?;
            }
        }
        self.sink.flush().await
    }

    /// Handles one client frame; Some(code) closes the connection.
    async fn on_frame(&mut self, bytes: &[u8]) -> Option<u16> {
        match self.limiter.check(Instant::now()) {
            rate::Verdict::Allow => {}
            rate::Verdict::Refuse { report } => {
                if report {
                    self.send_error(ErrorCode::RateLimited, None, None).await;
                }
                return None;
            }
            rate::Verdict::Abuse => return Some(close_code::POLICY_VIOLATION),
        }
        let frame = match self.encoding.decode_client(bytes) {
            Ok(frame) => frame,
            Err(err) => {
                let _ = self.send(&err.to_frame()).await;
                if matches!(err, DecodeError::TooLarge { .. }) {
                    metrics::counter!("vitrine_ws_oversized_frames_total").increment(1);
                }
                return None;
            }
        };
        match frame {
            ClientFrame::Ping => {
                let _ = self.send(&ServerFrame::Pong).await;
            }
            ClientFrame::Sub { ch, since, id } => self.subscribe(ch, since, id).await,
            ClientFrame::Unsub { ch, id } => {
                self.leave(&ch).await;
                let _ = self.send(&ServerFrame::Unsubscribed { ch, id }).await;
            }
            ClientFrame::Typing { ch } => self.typing(ch).await,
            ClientFrame::Auth { token } => self.reauthenticate(token.expose()).await,
            ClientFrame::Doc { ch, msg, id } => self.on_doc(ch, msg.0, id).await,
        }
        None
    }

    async fn subscribe(&mut self, ch: String, since: Option<u64>, id: Option<String>) {
        let Ok(channel) = Channel::parse(&ch) else {
            return self.send_error(ErrorCode::ChannelInvalid, id, Some(ch)).await;
        };
        if !self.subscriptions.contains_key(&ch)
            && self.subscriptions.len() >= self.realtime.settings.ws_max_subscriptions
        {
            return self.send_error(ErrorCode::SubscriptionsLimit, id, Some(ch)).await;
        }
        let allowed = self.realtime.channels.may_subscribe(&self.realtime.db, self.user.as_ref(), &channel).await;
        match allowed {
            Ok(true) => {}
            Ok(false) => return self.send_error(ErrorCode::ChannelForbidden, id, Some(ch)).await,
            Err(err) => {
                tracing::warn!(channel = %ch, error = %err, "authorization query failed");
                return self.send_error(ErrorCode::ChannelForbidden, id, Some(ch)).await;
            }
        }
        if let Some(name) = channel.doc() {
            return self.subscribe_doc(ch, name, id).await;
        }
        let durable = !channel.is_ephemeral();
        let has_presence = self.realtime.channels.has_presence(&channel);
        let already = self.subscriptions.contains_key(&ch);
        if !already {
            self.subscriptions.insert(ch.clone(), Subscription { last_seq: 0, durable, doc: None });
            let joined = self.realtime.hub.subscribe(&ch, self.handle.clone());
            if joined.first_local {
                if let Err(err) = self.realtime.broker.sync(&ch).await {
                    tracing::warn!(channel = %ch, error = %err, "bus subscribe failed");
                }
            }
            if let (true, Some(user)) = (has_presence, joined.new_watcher) {
                if self.realtime.presence.joined(&ch, &user).await {
                    let joined = BusMessage::Presence { ch: ch.clone(), joined: vec![user], left: vec![] };
                    let _ = self.realtime.broker.publish(joined).await;
                }
            }
        }

        let (head, recovered) = if durable {
            match self.replay(&ch, since).await {
                Ok(result) => result,
                Err(err) => {
                    tracing::warn!(channel = %ch, error = %err, "history read failed");
                    self.leave(&ch).await;
                    return self.send_error(ErrorCode::ChannelForbidden, id, Some(ch)).await;
                }
            }
        } else {
            (0, false)
        };
        let presence = match has_presence {
            true => Some(self.realtime.presence.list(&ch).await),
            false => None,
        };
        let _ = self.send(&ServerFrame::Subscribed { ch, seq: head, recovered, id, presence }).await;
    }

    /// Reads the head (and with `since`, the missed events, which it sends); returns
    /// (head, recovered).
    async fn replay(&mut self, ch: &str, since: Option<u64>) -> Result<(u64, bool), sqlx::Error> {
        let mut conn = self.realtime.db.pool.acquire().await?;
        let (head, recovered, events) = match since {
            Some(after) => {
                let history = outbox::history(&mut conn, ch, after).await?;
                (history.head, history.recovered, history.events)
            }
            None => (outbox::head(&mut *conn, ch).await?, false, vec![]),
        };
        drop(conn);
        self.realtime.hub.note_head(ch, head);
        for event in events {
            let seq = event.seq;
            if self.send(&ServerFrame::Event(event)).await.is_err() {
                break;
            }
            if let Some(sub) = self.subscriptions.get_mut(ch) {
                sub.last_seq = sub.last_seq.max(seq);
            }
        }
        if let Some(sub) = self.subscriptions.get_mut(ch) {
            sub.last_seq = sub.last_seq.max(head);
        }
        Ok((head, recovered))
    }

    async fn typing(&mut self, ch: String) {
        let Ok(channel) = Channel::parse(&ch) else {
            return self.send_error(ErrorCode::ChannelInvalid, None, Some(ch)).await;
        };
        let allowed = match &self.user {
            // The channel's owner decides (direct messages: typing to a correspondent goes
            // to their own user channel); a lasting grant is not asked again.
            Some(_) if self.lasting_signals.contains(&ch) => true,
            Some(me) => {
                let subscribed = self.subscriptions.contains_key(&ch);
                match self.realtime.channels.may_signal(&self.realtime.db, me, &channel, subscribed).await {
                    SignalRight::Denied => false,
                    SignalRight::Allowed => true,
                    SignalRight::Lasting => {
                        self.lasting_signals.insert(ch.clone());
                        true
                    }
                }
            }
            None => false,
        };
        match self.user.as_ref().map(presence_user) {
            Some(user) if allowed => {
                let _ = self.realtime.broker.publish(BusMessage::Signal { ch, kind: SignalKind::Typing, user }).await;
            }
            // Anonymous, or refused by the channel's policy.
            _ => self.send_error(ErrorCode::ChannelForbidden, None, Some(ch)).await,
        }
    }

    async fn reauthenticate(&mut self, token: &str) {
        let realtime = &self.realtime;
        let fresh = realtime.channels.authenticate(&realtime.db, token, realtime.now_ms()).await.ok().flatten();
        match fresh {
            Some(fresh) if self.user.as_ref().is_none_or(|u| u.id == fresh.id) => {
                let limit = self.realtime.settings.ws_max_connections_per_user;
                if !self.realtime.hub.update_identity(self.conn_id, presence_user(&fresh), fresh.token_id, limit) {
                    // Signing in would pass the user's limit: the connection stays anonymous.
                    return self.send_error(ErrorCode::ConnectionsLimit, None, None).await;
                }
                self.handle.user = Some(presence_user(&fresh));
                self.handle.token_id = Some(fresh.token_id);
                self.anonymous_slot = None;
                self.user = Some(fresh);
            }
            _ => self.send_error(ErrorCode::AuthInvalid, None, None).await,
        }
    }

    async fn leave(&mut self, ch: &str) {
        let Some(sub) = self.subscriptions.remove(ch) else {
            return;
        };
        if let Some(doc) = sub.doc {
            self.doc_departure(ch, &doc).await;
        }
        let left = self.realtime.hub.unsubscribe(ch, self.conn_id);
        if left.last_local {
            if let Err(err) = self.realtime.broker.sync(ch).await {
                tracing::warn!(channel = %ch, error = %err, "bus unsubscribe failed");
            }
            let hub = &self.realtime.hub;
            hub.docs.release(ch, || hub.has_subscribers(ch));
        }
        if let Some(user) = left.gone_watcher {
            let has_presence = Channel::parse(ch).is_ok_and(|c| self.realtime.channels.has_presence(&c));
            if has_presence && self.realtime.presence.left(ch, &user).await {
                let left = BusMessage::Presence { ch: ch.to_owned(), joined: vec![], left: vec![user] };
                let _ = self.realtime.broker.publish(left).await;
            }
        }
    }

    async fn leave_all(&mut self) {
        let channels: Vec<String> = self.subscriptions.keys().cloned().collect();
        for ch in channels {
            self.leave(&ch).await;
        }
        self.realtime.hub.unregister(self.conn_id);
    }
}
