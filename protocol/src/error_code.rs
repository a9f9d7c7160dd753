//! The codes an `error` frame carries, and what each one means.
//!
//! A code never changes meaning; clients branch on it and show their own text.

use std::fmt;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Why the server refused a client frame. Serialized as the dotted string.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
pub enum ErrorCode {
    /// The frame is not valid JSON / MessagePack, not a map with an `op`, or a known
    /// op with missing or mistyped fields.
    #[serde(rename = "frame.invalid")]
    FrameInvalid,
    /// The frame is larger than the frame limit; it was discarded unread.
    #[serde(rename = "frame.too_large")]
    FrameTooLarge,
    /// A well-formed frame whose `op` this server does not know.
    #[serde(rename = "op.unknown")]
    OpUnknown,
    /// The channel name does not parse.
    #[serde(rename = "channel.invalid")]
    ChannelInvalid,
    /// The channel exists but this connection may not use it.
    #[serde(rename = "channel.forbidden")]
    ChannelForbidden,
    /// The connection already holds the maximum number of subscriptions.
    #[serde(rename = "subscriptions.limit")]
    SubscriptionsLimit,
    /// The connection sent frames faster than allowed; this one was dropped.
    #[serde(rename = "rate.limited")]
    RateLimited,
    /// The token in an `auth` frame was refused; the connection keeps its identity.
    #[serde(rename = "auth.invalid")]
    AuthInvalid,
    /// An `auth` frame signing in an anonymous connection for a user who already holds
    /// the most sockets allowed on this node; the connection stays anonymous.
    #[serde(rename = "connections.limit")]
    ConnectionsLimit,
    /// A document change from a connection that may only read the document; nothing changed.
    #[serde(rename = "doc.read_only")]
    DocReadOnly,
    /// A `doc` message (or the update in it) that is not valid y-protocols / Yjs; nothing changed.
    #[serde(rename = "doc.invalid")]
    DocInvalid,
    /// An update over the update limit, or one that would grow the document past its limit.
    #[serde(rename = "doc.too_large")]
    DocTooLarge,
    /// The update could not be stored right now; nothing changed: send it again later.
    #[serde(rename = "doc.unavailable")]
    DocUnavailable,
}

impl ErrorCode {
    /// Every code, in documentation order.
    pub const ALL: [ErrorCode; 13] = [
        ErrorCode::FrameInvalid,
        ErrorCode::FrameTooLarge,
        ErrorCode::OpUnknown,
        ErrorCode::ChannelInvalid,
        ErrorCode::ChannelForbidden,
        ErrorCode::SubscriptionsLimit,
        ErrorCode::RateLimited,
        ErrorCode::AuthInvalid,
        ErrorCode::ConnectionsLimit,
        ErrorCode::DocReadOnly,
        ErrorCode::DocInvalid,
        ErrorCode::DocTooLarge,
        ErrorCode::DocUnavailable,
    ];

    /// The wire string, e.g. `"channel.forbidden"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorCode::FrameInvalid => "frame.invalid",
            ErrorCode::FrameTooLarge => "frame.too_large",
            ErrorCode::OpUnknown => "op.unknown",
            ErrorCode::ChannelInvalid => "channel.invalid",
            ErrorCode::ChannelForbidden => "channel.forbidden",
            ErrorCode::SubscriptionsLimit => "subscriptions.limit",
            ErrorCode::RateLimited => "rate.limited",
            ErrorCode::AuthInvalid => "auth.invalid",
            ErrorCode::ConnectionsLimit => "connections.limit",
            ErrorCode::DocReadOnly => "doc.read_only",
            ErrorCode::DocInvalid => "doc.invalid",
            ErrorCode::DocTooLarge => "doc.too_large",
            ErrorCode::DocUnavailable => "doc.unavailable",
        }
    }

    /// An English message for the `message` field when the server has nothing more precise.
    pub const fn default_message(self) -> &'static str {
        match self {
            ErrorCode::FrameInvalid => "The frame could not be read.",
            ErrorCode::FrameTooLarge => "The frame is larger than 64 KiB.",
            ErrorCode::OpUnknown => "Unknown op.",
            ErrorCode::ChannelInvalid => "The channel name is not valid.",
            ErrorCode::ChannelForbidden => "You may not use this channel.",
            ErrorCode::SubscriptionsLimit => "Too many subscriptions on this connection.",
            ErrorCode::RateLimited => "Too many frames; slow down.",
            ErrorCode::AuthInvalid => "The token is not valid.",
            ErrorCode::ConnectionsLimit => "Too many open connections for this account.",
            ErrorCode::DocReadOnly => "You may read this document but not change it.",
            ErrorCode::DocInvalid => "The document message could not be read; nothing changed.",
            ErrorCode::DocTooLarge => "The update is larger than 32 KiB or the document would pass 4 MiB.",
            ErrorCode::DocUnavailable => "The update could not be stored; nothing changed. Try again.",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serde_uses_the_same_dotted_string_as_as_str() {
        for code in ErrorCode::ALL {
            let json = serde_json::to_string(&code).unwrap();
            assert_eq!(json, format!("\"{}\"", code.as_str()));
            assert_eq!(serde_json::from_str::<ErrorCode>(&json).unwrap(), code);
        }
    }

    #[test]
    fn codes_are_unique_dotted_and_have_a_message() {
        let mut seen = std::collections::HashSet::new();
        for code in ErrorCode::ALL {
            assert!(seen.insert(code.as_str()), "duplicate {code}");
            assert!(code.as_str().contains('.'), "{code} is not area.reason");
            assert!(!code.default_message().is_empty());
        }
    }

    #[test]
    fn the_frame_limit_message_matches_the_limit() {
        let kib = crate::limits::MAX_FRAME_BYTES / 1024;
        assert!(ErrorCode::FrameTooLarge.default_message().contains(&format!("{kib} KiB")));
    }
}
