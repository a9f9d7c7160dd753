//! WebSocket close codes the server uses, and the reason text it sends with each.
//!
//! 4000-4999 are the application's own range (RFC 6455 section 7.4.2); the others are
//! the standard codes with their standard meaning.

macro_rules! close_codes {
    ($($(#[$doc:meta])* $name:ident = $code:literal, $reason:literal;)*) => {
        $($(#[$doc])* pub const $name: u16 = $code;)*

        /// Every code with its constant's name, for documentation and the TypeScript file.
        pub const ALL: &[(&str, u16)] = &[$((stringify!($name), $code)),*];

        /// The close reason text sent with `code` (empty for a code not listed here).
        pub const fn reason(code: u16) -> &'static str {
            match code {
                $($code => $reason,)*
                _ => "",
            }
        }
    };
}

close_codes! {
    /// The connection's token expired or was revoked. Refresh it, then reconnect.
    TOKEN_EXPIRED = 4001, "token expired or revoked";
    /// The client read too slowly and its outbound queue overflowed. Reconnect and
    /// resubscribe with `since`.
    SLOW_CONSUMER = 4008, "slow consumer";
    /// The node fell behind its bus and dropped messages it cannot read back (events of
    /// channels without history, presence, signals, revocations): the connection's state
    /// may be incomplete. Reconnect and resubscribe with `since` (Centrifugo's
    /// "insufficient state").
    INSUFFICIENT_STATE = 4009, "insufficient state: reconnect and resubscribe with since";
    /// A client frame exceeded the transport limit. A client bug: do not resend it.
    FRAME_TOO_LARGE = 1009, "frame too large";
    /// A text frame was not valid UTF-8 (RFC 6455 section 8.1). A client bug.
    INVALID_PAYLOAD = 1007, "invalid UTF-8 in a text frame";
    /// The node is shutting down or restarting. Reconnect with backoff.
    SERVER_RESTARTING = 1012, "server restarting";
    /// Sustained abuse (rate limit ignored). Reconnect only after a long pause.
    POLICY_VIOLATION = 1008, "policy violation";
    /// The server failed handling one of the connection's frames (a bug, logged). The
    /// connection's state is gone: reconnect and resubscribe with `since`.
    INTERNAL_ERROR = 1011, "internal error: reconnect and resubscribe";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn application_codes_sit_in_the_private_range_and_have_reasons() {
        for &(name, code) in ALL {
            assert!(!reason(code).is_empty(), "{name}");
            // A close reason must fit in a control frame: 125 bytes minus the code.
            assert!(reason(code).len() <= 123, "{name}");
            if name == "TOKEN_EXPIRED" || name == "SLOW_CONSUMER" || name == "INSUFFICIENT_STATE" {
                assert!((4000..5000).contains(&code), "{name}");
            }
        }
        assert_eq!(reason(4999), "");
    }
}
