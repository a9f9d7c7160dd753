//! What travels between the hub and a connection's writer, and the close signal.

use std::sync::{
    atomic::{AtomicU16, Ordering},
    Arc, OnceLock,
};

use axum::extract::ws::{Message, Utf8Bytes};
use bytes::Bytes;
use tokio::sync::Notify;
use vitrine_protocol::{Encoding, EventFrame, ServerFrame};

/// An event on its way to many sockets: each encoding's message is built once, by
/// the first subscriber that needs it, and cloned (a refcount) for every other.
#[derive(Debug)]
pub struct SharedEvent {
    pub frame: EventFrame,
    json: OnceLock<Utf8Bytes>,
    msgpack: OnceLock<Bytes>,
}

impl SharedEvent {
    pub fn new(frame: EventFrame) -> Arc<Self> {
        Arc::new(Self { frame, json: OnceLock::new(), msgpack: OnceLock::new() })
    }

    pub fn message(&self, encoding: Encoding) -> Message {
        match encoding {
            Encoding::Json => Message::Text(
                self.json
                    .get_or_init(|| {
                        // serde_json output is UTF-8 by construction.
                        Utf8Bytes::try_from(Bytes::from(self.frame.encode(Encoding::Json))).unwrap_or_default()
                    })
                    .clone(),
            ),
            Encoding::Msgpack => {
                Message::Binary(self.msgpack.get_or_init(|| Bytes::from(self.frame.encode(Encoding::Msgpack))).clone())
            }
        }
    }
}

/// One item of a connection's outbound queue.
#[derive(Debug, Clone)]
pub enum Outbound {
    /// A channel event, shared with every other subscriber.
    Event(Arc<SharedEvent>),
    /// A frame for this connection alone, or a small broadcast (presence, signal).
    Frame(Arc<ServerFrame>),
}

/// A request to close a connection, raised from outside its task (slow consumer,
/// token revoked, server restarting). The first code wins.
#[derive(Debug, Default)]
pub struct CloseSignal {
    code: AtomicU16,
    notify: Notify,
}

impl CloseSignal {
    pub fn raise(&self, code: u16) {
        if self.code.compare_exchange(0, code, Ordering::AcqRel, Ordering::Acquire).is_ok() {
            self.notify.notify_one();
        }
    }

    /// Completes with the close code once one is raised.
    pub async fn raised(&self) -> u16 {
        loop {
            let code = self.code.load(Ordering::Acquire);
            if code != 0 {
                return code;
            }
            self.notify.notified().await;
        }
    }
}
