//! Frames a client sends, tagged by `op`.

use std::fmt;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::DocBytes;

/// A frame from client to server.
///
/// Channel names stay strings here: a name that does not parse must still be echoed
/// back in a `channel.invalid` error, so the server parses them after decoding.
/// Unknown fields are ignored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "op", rename_all = "lowercase")]
#[ts(optional_fields)]
pub enum ClientFrame {
    /// Subscribe to `ch`; with `since`, first replay every event after that seq.
    Sub {
        ch: String,
        /// The last seq the client saw on this channel.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        since: Option<u64>,
        /// Echoed in the `subscribed` or `error` answer.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<String>,
    },
    /// Stop receiving `ch`.
    Unsub {
        ch: String,
        /// Echoed in the `unsubscribed` or `error` answer.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<String>,
    },
    /// Answered with `pong`.
    Ping,
    /// The user is typing in `ch`; relayed to the others there as a `signal`.
    Typing { ch: String },
    /// Replace the connection's token (a refreshed one, or a first sign-in).
    Auth {
        #[ts(type = "string")]
        token: AccessToken,
    },
    /// A y-protocols message for the document on `ch` (subscribed first): sync step 1,
    /// step 2, update or awareness. Step 2 and update are answered `ack` once stored.
    Doc {
        ch: String,
        /// The y-protocols message: base64 in JSON, bytes in MessagePack.
        #[ts(type = "string")]
        msg: DocBytes,
        /// Echoed in the `ack` or `error` answer.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<String>,
    },
}

impl ClientFrame {
    /// Every `op` a client may send, for telling `op.unknown` from `frame.invalid`.
    pub const OPS: [&'static str; 6] = ["sub", "unsub", "ping", "typing", "auth", "doc"];
}

/// A bearer token, kept out of `Debug` output so frames can be logged safely.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct AccessToken(String);

impl AccessToken {
    pub fn new(token: impl Into<String>) -> Self {
        AccessToken(token.into())
    }

    /// The token itself, for the code that verifies it.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for AccessToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("AccessToken(<redacted>)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(frame: &ClientFrame) -> String {
        serde_json::to_string(frame).unwrap()
    }

    #[test]
    fn frames_serialize_to_the_documented_json() {
        let sub = ClientFrame::Sub { ch: "contest:42".into(), since: Some(17), id: Some("r1".into()) };
        assert_eq!(json(&sub), r#"{"op":"sub","ch":"contest:42","since":17,"id":"r1"}"#);
        let bare_sub = ClientFrame::Sub { ch: "contest:42".into(), since: None, id: None };
        assert_eq!(json(&bare_sub), r#"{"op":"sub","ch":"contest:42"}"#);
        let unsub = ClientFrame::Unsub { ch: "contest:42".into(), id: Some("r2".into()) };
        assert_eq!(json(&unsub), r#"{"op":"unsub","ch":"contest:42","id":"r2"}"#);
        assert_eq!(json(&ClientFrame::Ping), r#"{"op":"ping"}"#);
        let typing = ClientFrame::Typing { ch: "bid:7".into() };
        assert_eq!(json(&typing), r#"{"op":"typing","ch":"bid:7"}"#);
        let auth = ClientFrame::Auth { token: AccessToken::new("t0k") };
        assert_eq!(json(&auth), r#"{"op":"auth","token":"t0k"}"#);
        let doc =
            ClientFrame::Doc { ch: "doc:notes:user:3".into(), msg: DocBytes(vec![0, 0, 1, 0]), id: Some("u1".into()) };
        assert_eq!(json(&doc), r#"{"op":"doc","ch":"doc:notes:user:3","msg":"AAABAA==","id":"u1"}"#);
    }

    #[test]
    fn optional_fields_may_be_absent_or_null_and_unknown_fields_are_ignored() {
        let frame: ClientFrame = serde_json::from_str(r#"{"op":"sub","ch":"court","since":null,"extra":[1]}"#).unwrap();
        assert_eq!(frame, ClientFrame::Sub { ch: "court".into(), since: None, id: None });
    }

    #[test]
    fn debug_output_never_shows_the_token() {
        let auth = ClientFrame::Auth { token: AccessToken::new("secret-token") };
        assert!(!format!("{auth:?}").contains("secret-token"));
        let ClientFrame::Auth { token } = auth else { unreachable!() };
        assert_eq!(token.expose(), "secret-token");
    }
}
