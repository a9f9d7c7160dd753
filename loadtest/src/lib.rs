//! `vitrine-loadtest`: drives real WebSocket subscribers and a REST publisher against a
//! running Vitrine hub (or the Socket.IO peer) on loopback and reports what happened.
//!
//! Layout:
//! - [`cli`]: the command line (`vitrine-loadtest fanout --target ...`).
//! - [`scenarios`]: one module per scenario: [`scenarios::pubsub`] (`fanout`, `broadcast`,
//!   `cluster`), [`scenarios::idle`], [`scenarios::marketplace`] and [`scenarios::deadlines`]
//!   (`timers`: the worker's lag from deadline to transition).
//! - [`hub`]: a subscriber speaking the Vitrine hub protocol v1 (JSON or MessagePack).
//! - [`socketio`]: the same subscriber speaking Engine.IO v4 to the Socket.IO peer.
//! - [`pusher`]: the same subscriber speaking the Pusher protocol 7 to the Sockudo peer.
//! - [`limit`]: the `limit` peer (the smallest epoll server doing the same job) and its
//!   subscriber.
//! - [`publisher`]: the paced publisher (`POST /api/publish` batches, or the peers' calls).
//! - [`stats`]: what subscribers saw: latency histograms, timeline, ids, duplicates, order.
//! - [`report`]: the final figures, as a table and as JSON; [`chart`]: the SVG chart.
//! - [`summary`]: the BENCHMARKS.md section of `make bench` from its JSON reports;
//!   [`capacity`]: its capacity-at-a-bound and equal-load tables (medians of repeats).
//! - [`proc`]: server RSS and CPU read from `/proc/<pid>/`.
//! - [`bus`]: the bus each hub node ran on and the bus messages it lost to lag.
//!
//! Latency is publish-to-deliver on one machine's clock: the publisher stamps `sent_us`
//! (wall clock, microseconds) into each event's data; the subscriber subtracts it from its
//! own wall clock when it has decoded the frame.

pub mod bus;
pub mod capacity;
pub mod chart;
pub mod cli;
pub mod hub;
pub mod limit;
pub mod proc;
pub mod publisher;
pub mod pusher;
pub mod report;
pub mod scenarios;
pub mod socketio;
pub mod stats;
pub mod summary;

use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::{client::IntoClientRequest, protocol::WebSocketConfig};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Client read buffer per socket: tungstenite's default (128 KiB) would cost the harness
/// gigabytes at tens of thousands of sockets; frames here are small.
const CLIENT_READ_BUFFER: usize = 4 * 1024;

/// Opens a WebSocket with a small read buffer and Nagle off (latency is what is measured).
pub async fn ws_connect(request: impl IntoClientRequest + Unpin) -> anyhow::Result<Socket> {
    let request = request.into_client_request()?;
    let uri = request.uri().to_string();
    let config = WebSocketConfig::default().read_buffer_size(CLIENT_READ_BUFFER);
    let (socket, _) = tokio_tungstenite::connect_async_with_config(request, Some(config), true)
        .await
        .map_err(|e| anyhow::anyhow!("connecting to {uri}: {e}"))?;
    Ok(socket)
}

/// File descriptors the harness needs beyond one per connection.
pub const SPARE_FDS: u64 = 128;

/// Raises the soft fd limit to the hard one; returns the limit and warns when it is
/// below `needed` (the run then opens fewer connections than asked).
pub fn raise_fd_limit(needed: u64) -> u64 {
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(limit) => {
            if limit < needed {
                eprintln!(
                    "warning: the fd limit is capped at {limit} (hard limit) and {needed} are needed: \
                     connections beyond it will fail; raise the hard limit (ulimit -Hn) or ask for fewer"
                );
            } else {
                eprintln!("fd limit raised to {limit}");
            }
            limit
        }
        Err(e) => {
            eprintln!("warning: could not raise the fd limit ({e}); check ulimit -n");
            rlimit::getrlimit(rlimit::Resource::NOFILE).map_or(0, |(soft, _)| soft)
        }
    }
}

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
