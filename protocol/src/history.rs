//! The REST mirror of a channel's history: `GET /realtime/channels/{ch}/events?after=SEQ`.
//!
//! For clients that missed more than a reconnect can replay, or that poll instead of
//! holding a socket. The same access rules as `sub` apply.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::EventFrame;

/// The route, in axum's path syntax.
pub const CHANNEL_EVENTS_PATH: &str = "/realtime/channels/{ch}/events";

/// Query of [`CHANNEL_EVENTS_PATH`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventsQuery {
    /// Return events with a seq above this; 0 (the default) for everything kept.
    #[serde(default)]
    pub after: u64,
}

/// Answer of `GET /realtime/channels/{ch}/events?after=SEQ`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ChannelEvents {
    pub ch: String,
    /// The seq of the channel's latest event, 0 if it has none.
    pub head: u64,
    /// True when `events` holds every event after `after`; false when some were no
    /// longer kept, and the client must reload the state it shows.
    pub recovered: bool,
    /// The kept events after `after`, oldest first.
    pub events: Vec<EventFrame>,
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn answer_serializes_with_plain_event_objects() {
        let answer = ChannelEvents {
            ch: "contest:42".into(),
            head: 21,
            recovered: true,
            events: vec![EventFrame {
                ch: "contest:42".into(),
                seq: 21,
                event_type: "entry.created".into(),
                ts: 1,
                data: json!({}),
            }],
        };
        assert_eq!(
            serde_json::to_string(&answer).unwrap(),
            r#"{"ch":"contest:42","head":21,"recovered":true,"events":[{"ch":"contest:42","seq":21,"type":"entry.created","ts":1,"data":{}}]}"#
        );
    }

    #[test]
    fn after_defaults_to_zero() {
        let query: EventsQuery = serde_json::from_str("{}").unwrap();
        assert_eq!(query.after, 0);
    }
}
