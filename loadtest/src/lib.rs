//! `vitrine-loadtest`: drives real WebSocket subscribers and a REST publisher against a
//! running Vitrine hub (or the Socket.IO peer) on loopback and reports what happened.
//!
//! Layout:
//! - [`cli`]: the command line (`vitrine-loadtest fanout --target ...`).
//! - [`scenarios`]: one module per scenario: [`scenarios::fanout`] (the hub) and
//!   [`scenarios::deadlines`] (the worker's lag from deadline to transition).
//! - [`hub`]: a subscriber speaking the Vitrine hub protocol v1 (JSON or MessagePack).
//! - [`socketio`]: the same subscriber speaking Engine.IO v4 to the Socket.IO peer.
//! - [`publisher`]: the paced publisher (`POST /api/publish` batches, or the peer's `/publish`).
//! - [`stats`]: what one subscriber saw: latency histogram, ids, duplicates, order.
//! - [`report`]: the final figures, as a table and as JSON.
//! - [`proc`]: server RSS and CPU read from `/proc/<pid>/`.
//!
//! Latency is publish-to-deliver on one machine's clock: the publisher stamps `sent_us`
//! (wall clock, microseconds) into each event's data; the subscriber subtracts it from its
//! own wall clock when it has decoded the frame.

pub mod cli;
pub mod hub;
pub mod proc;
pub mod publisher;
pub mod report;
pub mod scenarios;
pub mod socketio;
pub mod stats;

/// Wall clock in microseconds since the Unix epoch: the one clock latency is measured on.
pub fn now_us() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_micros() as u64).unwrap_or(0)
}

/// The HTTP base (`http://host:port`) of a `ws://host:port[/path]` target.
pub fn http_base(target: &str) -> String {
    let rest = target
        .strip_prefix("ws://")
        .map(|r| format!("http://{r}"))
        .or_else(|| target.strip_prefix("wss://").map(|r| format!("https://{r}")))
        .unwrap_or_else(|| target.to_owned());
    let scheme_end = rest.find("://").map_or(0, |i| i + 3);
    match rest[scheme_end..].find('/') {
        Some(slash) => rest[..scheme_end + slash].to_owned(),
        None => rest,
    }
}

/// The `ws://host:port` origin of a target, without any path.
pub fn ws_base(target: &str) -> String {
    let scheme_end = target.find("://").map_or(0, |i| i + 3);
    match target[scheme_end..].find('/') {
        Some(slash) => target[..scheme_end + slash].to_owned(),
        None => target.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_map_to_http_and_ws_origins() {
        assert_eq!(http_base("ws://127.0.0.1:8080"), "http://127.0.0.1:8080");
        assert_eq!(http_base("ws://127.0.0.1:8080/ws"), "http://127.0.0.1:8080");
        assert_eq!(http_base("wss://example.test/ws"), "https://example.test");
        assert_eq!(ws_base("ws://127.0.0.1:8080/ws"), "ws://127.0.0.1:8080");
        assert_eq!(ws_base("ws://127.0.0.1:8080"), "ws://127.0.0.1:8080");
    }
}
