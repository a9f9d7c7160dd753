//! `Subscribers`: WebSocket clients that connect through the proxy, subscribe to a set
//! of channels, and behave as docs/protocol.md asks of a client: on a lost connection
//! they reconnect with backoff and resubscribe with `since` = the last seq they saw; on
//! a gap in seq they resubscribe with `since`. Each keeps, per channel, the last seq it
//! holds with nothing missing before it, so what a client lacks at the end is lost.

use std::{
    collections::{HashMap, HashSet},
    sync::{Arc, Mutex},
    time::Duration,
};

use futures::{SinkExt, StreamExt};
use tokio::{sync::watch, task::JoinHandle};
use tokio_tungstenite::tungstenite::{client::IntoClientRequest, Message};
use vitrine_protocol::{ClientFrame, ServerFrame};

/// What one client has seen.
#[derive(Debug, Default, Clone)]
pub struct ClientState {
    /// Per channel: the highest seq held with every seq before it.
    pub last: HashMap<String, u64>,
    /// Channels subscribed on the current connection.
    pub subscribed: HashSet<String>,
    /// Successful WebSocket handshakes (1 = never reconnected).
    pub connects: u64,
    /// Events received again (a replay overlapping live delivery): harmless, counted.
    pub duplicates: u64,
    /// Gaps seen in live delivery, each repaired by resubscribing with `since`.
    pub gaps: u64,
    /// `subscribed` answers with `since` that said `recovered: false`: the client would
    /// have had to reload, so events may be lost.
    pub not_recovered: u64,
}

pub struct Subscribers {
    pub channels: Vec<String>,
    clients: Vec<Arc<Mutex<ClientState>>>,
    stop: watch::Sender<bool>,
    tasks: Vec<JoinHandle<()>>,
}

impl Subscribers {
    /// `n` clients of `url`, each subscribed to every one of `channels`.
    pub fn start(url: &str, channels: &[String], n: usize) -> Self {
        let (stop, _) = watch::channel(false);
        let mut clients = Vec::new();
        let mut tasks = Vec::new();
        for index in 0..n {
            let state = Arc::new(Mutex::new(ClientState::default()));
            clients.push(Arc::clone(&state));
            tasks.push(tokio::spawn(run(url.to_owned(), channels.to_vec(), index, state, stop.subscribe())));
        }
        Self { channels: channels.to_vec(), clients, stop, tasks }
    }

    pub fn states(&self) -> Vec<ClientState> {
        self.clients.iter().map(|c| c.lock().expect("client state").clone()).collect()
    }

    /// True when every client is subscribed to every channel on its current connection.
    pub fn all_subscribed(&self) -> bool {
        self.states().iter().all(|s| self.channels.iter().all(|ch| s.subscribed.contains(ch)))
    }

    /// True when every client holds every channel up to `heads` (same order as `channels`).
    pub fn caught_up(&self, heads: &[u64]) -> bool {
        self.states()
            .iter()
            .all(|s| self.channels.iter().zip(heads).all(|(ch, head)| s.last.get(ch).copied().unwrap_or(0) >= *head))
    }

    /// Events held by all clients (each counted once per client), capped at `heads`.
    pub fn delivered(&self, heads: &[u64]) -> u64 {
        self.states()
            .iter()
            .map(|s| {
                self.channels
                    .iter()
                    .zip(heads)
                    .map(|(ch, head)| s.last.get(ch).copied().unwrap_or(0).min(*head))
                    .sum::<u64>()
            })
            .sum()
    }

    /// Reconnections over all clients (handshakes beyond each one's first).
    pub fn reconnects(&self) -> u64 {
        self.states().iter().map(|s| s.connects.saturating_sub(1)).sum()
    }

    pub fn len(&self) -> usize {
        self.clients.len()
    }

    pub fn is_empty(&self) -> bool {
        self.clients.is_empty()
    }

    pub async fn stop(self) {
        self.stop.send_replace(true);
        for mut task in self.tasks {
            if tokio::time::timeout(Duration::from_secs(5), &mut task).await.is_err() {
                task.abort();
            }
        }
    }
}

async fn run(
    url: String,
    channels: Vec<String>,
    index: usize,
    state: Arc<Mutex<ClientState>>,
    mut stop: watch::Receiver<bool>,
) {
    let mut backoff = Duration::from_millis(100);
    // Channels subscribed at least once: from then on every `sub` carries `since`.
    let mut known: HashSet<String> = HashSet::new();
    while !*stop.borrow() {
        let mut request = url.as_str().into_client_request().expect("a WebSocket URL");
        request.headers_mut().insert("Sec-WebSocket-Protocol", "v1.json".parse().expect("a header value"));
        let connected = tokio::select! {
            result = tokio_tungstenite::connect_async(request) => result.ok(),
            _ = stop.changed() => return,
        };
        if let Some((socket, _)) = connected {
            backoff = Duration::from_millis(100);
            state.lock().expect("client state").connects += 1;
            session(socket, &channels, &state, &mut known, &mut stop).await;
            state.lock().expect("client state").subscribed.clear();
        }
        // Backoff spread per client, as the protocol asks (jitter); short, the test is bounded.
        let jitter = Duration::from_millis((index as u64 % 7) * 15);
        tokio::select! {
            _ = tokio::time::sleep(backoff + jitter) => {}
            _ = stop.changed() => return,
        }
        backoff = (backoff * 2).min(Duration::from_secs(1));
    }
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// One connection: subscribe (with `since` where known), then read until it ends.
async fn session(
    socket: Socket,
    channels: &[String],
    state: &Arc<Mutex<ClientState>>,
    known: &mut HashSet<String>,
    stop: &mut watch::Receiver<bool>,
) {
    let (mut tx, mut rx) = socket.split();
    // Channels with a `sub` in flight (after a gap), so a gap asks only once.
    let mut resubscribing: HashSet<String> = HashSet::new();
    for ch in channels {
        let since = known.contains(ch).then(|| state.lock().expect("client state").last.get(ch).copied().unwrap_or(0));
        if send(&mut tx, ClientFrame::Sub { ch: ch.clone(), since, id: None }).await.is_err() {
            return;
        }
    }
    let mut ping = tokio::time::interval(Duration::from_secs(10));
    loop {
        let message = tokio::select! {
            message = rx.next() => message,
            _ = ping.tick() => {
                if send(&mut tx, ClientFrame::Ping).await.is_err() { return; }
                continue;
            }
            _ = stop.changed() => {
                // The close handshake needs the read half, no longer polled: do not wait for it.
                let _ = tokio::time::timeout(Duration::from_millis(500), tx.close()).await;
                return;
            }
        };
        let text = match message {
            Some(Ok(Message::Text(text))) => text,
            Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return,
            Some(Ok(_)) => continue,
        };
        let Ok(frame) = serde_json::from_str::<ServerFrame>(&text) else { continue };
        let mut resubscribe = None;
        {
            let mut s = state.lock().expect("client state");
            match frame {
                ServerFrame::Event(event) => {
                    let last = s.last.get(&event.ch).copied().unwrap_or(0);
                    if event.seq == last + 1 {
                        s.last.insert(event.ch.clone(), event.seq);
                    } else if event.seq <= last {
                        s.duplicates += 1;
                    } else if resubscribing.insert(event.ch.clone()) {
                        s.gaps += 1;
                        resubscribe = Some((event.ch.clone(), last));
                    }
                }
                ServerFrame::Subscribed { ch, recovered, .. } => {
                    if known.contains(&ch) && !recovered {
                        s.not_recovered += 1;
                    }
                    known.insert(ch.clone());
                    resubscribing.remove(&ch);
                    s.subscribed.insert(ch);
                }
                _ => {}
            }
        }
        if let Some((ch, since)) = resubscribe {
            if send(&mut tx, ClientFrame::Sub { ch, since: Some(since), id: None }).await.is_err() {
                return;
            }
        }
    }
}

async fn send<S>(tx: &mut S, frame: ClientFrame) -> Result<(), ()>
where
    S: futures::Sink<Message> + Unpin,
{
    let text = serde_json::to_string(&frame).map_err(|_| ())?;
    tx.send(Message::Text(text.into())).await.map_err(|_| ())
}
