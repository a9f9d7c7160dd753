//! Frames the server sends, tagged by `op`.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::{DocBytes, ErrorCode, EventFrame};

/// A frame from server to client.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "op", rename_all = "lowercase")]
#[ts(optional_fields)]
pub enum ServerFrame {
    /// One publication on a subscribed channel.
    Event(EventFrame),
    /// The answer to `sub`, sent after any replayed events.
    Subscribed {
        ch: String,
        /// The channel head: the seq of its latest event, 0 if it has none.
        seq: u64,
        /// With `since`: every event after it was replayed. Without `since`: false.
        recovered: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<String>,
        /// Who is here now; only on channels with presence.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        presence: Option<Vec<PresenceUser>>,
    },
    /// The answer to `unsub`, or the server ending a subscription itself (no `id`).
    Unsubscribed {
        ch: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<String>,
    },
    /// The answer to `ping`.
    Pong,
    /// Users who arrived on or left a channel with presence.
    Presence {
        ch: String,
        #[serde(default)]
        joined: Vec<PresenceUser>,
        #[serde(default)]
        left: Vec<PresenceUser>,
    },
    /// A transient signal from another user; never stored, never replayed.
    Signal { ch: String, kind: SignalKind, user: PresenceUser },
    /// A client frame was refused; the connection stays open.
    Error {
        /// The `id` of the refused frame, when it had one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<String>,
        /// The channel the refused frame named, when it named one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ch: Option<String>,
        code: ErrorCode,
        message: String,
    },
    /// A y-protocols message for a subscribed document: the server's sync step 1 and
    /// step 2, and other editors' updates and awareness.
    Doc {
        ch: String,
        /// The y-protocols message: base64 in JSON, bytes in MessagePack.
        #[ts(type = "string")]
        msg: DocBytes,
    },
    /// The changes of a `doc` frame (step 2 or update) are stored: they survive a restart.
    Ack {
        ch: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<String>,
    },
}

impl ServerFrame {
    /// Every `op` the server sends.
    pub const OPS: [&'static str; 9] =
        ["event", "subscribed", "unsubscribed", "pong", "presence", "signal", "error", "doc", "ack"];

    /// An `error` frame with the code's default message.
    pub fn error(code: ErrorCode, id: Option<String>, ch: Option<String>) -> ServerFrame {
        ServerFrame::Error { id, ch, code, message: code.default_message().to_owned() }
    }
}

/// A signed-in user as other subscribers see them.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
pub struct PresenceUser {
    pub id: i64,
    pub username: String,
}

/// What a `signal` frame says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum SignalKind {
    /// The user is typing; show it for a few seconds unless another arrives.
    Typing,
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn ana() -> PresenceUser {
        PresenceUser { id: 5, username: "ana".into() }
    }

    fn json(frame: &ServerFrame) -> String {
        serde_json::to_string(frame).unwrap()
    }

    #[test]
    fn event_serializes_to_the_documented_json() {
        let event = ServerFrame::Event(EventFrame {
            ch: "contest:42".into(),
            seq: 21,
            event_type: "entry.created".into(),
            ts: 1_732_150_000_123,
            data: json!({"entry_id": 9}),
        });
        assert_eq!(
            json(&event),
            r#"{"op":"event","ch":"contest:42","seq":21,"type":"entry.created","ts":1732150000123,"data":{"entry_id":9}}"#
        );
    }

    #[test]
    fn subscribed_serializes_to_the_documented_json_and_omits_what_is_absent() {
        let full = ServerFrame::Subscribed {
            ch: "contest:42".into(),
            seq: 20,
            recovered: true,
            id: Some("r1".into()),
            presence: Some(vec![ana()]),
        };
        assert_eq!(
            json(&full),
            r#"{"op":"subscribed","ch":"contest:42","seq":20,"recovered":true,"id":"r1","presence":[{"id":5,"username":"ana"}]}"#
        );
        let bare = ServerFrame::Subscribed { ch: "court".into(), seq: 0, recovered: false, id: None, presence: None };
        assert_eq!(json(&bare), r#"{"op":"subscribed","ch":"court","seq":0,"recovered":false}"#);
    }

    #[test]
    fn small_frames_serialize_to_the_documented_json() {
        let unsub = ServerFrame::Unsubscribed { ch: "contest:42".into(), id: Some("r2".into()) };
        assert_eq!(json(&unsub), r#"{"op":"unsubscribed","ch":"contest:42","id":"r2"}"#);
        assert_eq!(json(&ServerFrame::Pong), r#"{"op":"pong"}"#);
        let presence = ServerFrame::Presence { ch: "contest:42".into(), joined: vec![ana()], left: vec![] };
        assert_eq!(
            json(&presence),
            r#"{"op":"presence","ch":"contest:42","joined":[{"id":5,"username":"ana"}],"left":[]}"#
        );
        let signal = ServerFrame::Signal { ch: "bid:7".into(), kind: SignalKind::Typing, user: ana() };
        assert_eq!(json(&signal), r#"{"op":"signal","ch":"bid:7","kind":"typing","user":{"id":5,"username":"ana"}}"#);
    }

    #[test]
    fn error_serializes_to_the_documented_json() {
        let error = ServerFrame::Error {
            id: Some("r1".into()),
            ch: Some("bid:7".into()),
            code: ErrorCode::ChannelForbidden,
            message: "no".into(),
        };
        assert_eq!(json(&error), r#"{"op":"error","id":"r1","ch":"bid:7","code":"channel.forbidden","message":"no"}"#);
        let doc = ServerFrame::Doc { ch: "doc:contest-brief:4".into(), msg: DocBytes(vec![1, 2]) };
        assert_eq!(json(&doc), r#"{"op":"doc","ch":"doc:contest-brief:4","msg":"AQI="}"#);
        let ack = ServerFrame::Ack { ch: "doc:contest-brief:4".into(), id: Some("u1".into()) };
        assert_eq!(json(&ack), r#"{"op":"ack","ch":"doc:contest-brief:4","id":"u1"}"#);
        let bare = ServerFrame::error(ErrorCode::RateLimited, None, None);
        assert_eq!(json(&bare), r#"{"op":"error","code":"rate.limited","message":"Too many frames; slow down."}"#);
    }
}
