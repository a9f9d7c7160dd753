//! Events, and encoding each one once for every subscriber.
//!
//! A server fans one event out to thousands of sockets. Encoding per socket would
//! repeat the same work thousands of times, so the hub wraps the event in an
//! [`EncodedEvent`] and every session takes the shared bytes for its encoding.

use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::Encoding;

/// The body of an `event` frame; also one item of the REST history.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct EventFrame {
    pub ch: String,
    /// Position in the channel: consecutive from 1 on channels with history.
    pub seq: u64,
    /// One of the product's event types (`EVENT_TYPES`), or a publisher's own.
    #[serde(rename = "type")]
    pub event_type: String,
    /// When the event was published, in milliseconds since the Unix epoch (UTC).
    pub ts: i64,
    /// The payload; its shape belongs to the event type.
    #[ts(type = "unknown")]
    pub data: serde_json::Value,
}

/// The `event` frame around a borrowed [`EventFrame`], so encoding needs no clone.
#[derive(Serialize)]
#[serde(tag = "op", rename_all = "lowercase")]
enum TaggedEvent<'a> {
    Event(&'a EventFrame),
}

impl EventFrame {
    /// The complete `event` frame in `encoding`, identical to
    /// `encoding.encode_server(&ServerFrame::Event(..))`.
    pub fn encode(&self, encoding: Encoding) -> Vec<u8> {
        encoding.encode(&TaggedEvent::Event(self))
    }
}

/// An event with its frame bytes, each encoding computed on first use and then shared.
///
/// Wrap it in an `Arc` and hand the same value to every subscriber's queue; the
/// `Arc<[u8]>` it returns can back a zero-copy buffer (`Bytes::from_owner`).
#[derive(Debug)]
pub struct EncodedEvent {
    /// The event itself, for history, filtering and logging.
    frame: EventFrame,
    /// The `v1.json` frame (UTF-8 text), once a JSON subscriber needed it.
    json: OnceLock<Arc<[u8]>>,
    /// The `v1.msgpack` frame, once a MessagePack subscriber needed it.
    msgpack: OnceLock<Arc<[u8]>>,
}

impl EncodedEvent {
    pub fn new(frame: EventFrame) -> Self {
        EncodedEvent { frame, json: OnceLock::new(), msgpack: OnceLock::new() }
    }

    pub fn frame(&self) -> &EventFrame {
        &self.frame
    }

    /// The frame bytes in `encoding`; encoded by the first caller, shared afterwards.
    pub fn bytes(&self, encoding: Encoding) -> Arc<[u8]> {
        let cell = match encoding {
            Encoding::Json => &self.json,
            Encoding::Msgpack => &self.msgpack,
        };
        Arc::clone(cell.get_or_init(|| self.frame.encode(encoding).into()))
    }
}

impl From<EventFrame> for EncodedEvent {
    fn from(frame: EventFrame) -> Self {
        EncodedEvent::new(frame)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::ServerFrame;

    fn event() -> EventFrame {
        EventFrame {
            ch: "contest:42".into(),
            seq: 21,
            event_type: crate::event_type::ENTRY_CREATED.into(),
            ts: 1_732_150_000_123,
            data: json!({"entry": {"id": 9, "tags": ["logo", 3.5, null, true]}, "by": -1}),
        }
    }

    #[test]
    fn encoding_an_event_matches_encoding_the_server_frame() {
        for encoding in Encoding::ALL {
            let direct = event().encode(encoding);
            let via_frame = encoding.encode_server(&ServerFrame::Event(event()));
            assert_eq!(direct, via_frame, "{encoding:?}");
        }
    }

    #[test]
    fn encoded_event_encodes_once_and_shares_the_bytes() {
        let encoded = EncodedEvent::new(event());
        for encoding in Encoding::ALL {
            let first = encoded.bytes(encoding);
            let second = encoded.bytes(encoding);
            assert!(Arc::ptr_eq(&first, &second), "{encoding:?} was encoded twice");
            assert_eq!(&*first, event().encode(encoding).as_slice());
        }
        assert_ne!(encoded.bytes(Encoding::Json), encoded.bytes(Encoding::Msgpack));
    }

    #[test]
    fn encoded_event_is_shareable_across_threads() {
        fn assert_send_sync<T: Send + Sync>() {}
        assert_send_sync::<EncodedEvent>();
    }
}
