//! Where a client connects and the numbers every connection lives by.
//!
//! The server enforces these; clients and the load harness read them from here so
//! that a change is made in one place. `docs/protocol.md` states them for outsiders.

use std::time::Duration;

/// The WebSocket endpoint (`GET`, then upgrade).
pub const WS_PATH: &str = "/ws";

/// Query parameter carrying the access token when the client cannot set headers
/// (browsers); the `Authorization: Bearer` header is preferred.
pub const ACCESS_TOKEN_QUERY_PARAM: &str = "access_token";

/// How often the server sends a WebSocket ping.
pub const PING_INTERVAL: Duration = Duration::from_secs(25);

/// A peer from which nothing (frame, pong) arrives for this long is dropped.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(60);

/// Largest client frame the server reads; a larger one is answered `frame.too_large`
/// and discarded. Server frames are not bound by it.
pub const MAX_FRAME_BYTES: usize = 64 * 1024;

/// Largest client message the transport accepts at all; past it the server stops
/// reading and closes with `close_code::FRAME_TOO_LARGE` (1009).
pub const MAX_MESSAGE_BYTES: usize = 16 * MAX_FRAME_BYTES;

/// Subscriptions one connection may hold at once (`subscriptions.limit` past it).
pub const MAX_SUBSCRIPTIONS: usize = 200;

/// Client frames per second per connection, as a bucket of this many tokens refilled
/// at this rate; frames past it are dropped with `rate.limited`.
pub const MAX_CLIENT_FRAMES_PER_SECOND: u32 = 50;

/// A connection still over the rate after being limited for this long is closed
/// with `close_code::POLICY_VIOLATION` (1008).
pub const SUSTAINED_ABUSE: Duration = Duration::from_secs(10);

/// Frames waiting to be written to one client; when full the connection is closed
/// with `close_code::SLOW_CONSUMER` (4008) rather than let one reader hold memory.
pub const OUTBOUND_QUEUE_FRAMES: usize = 1024;

/// Events kept per channel for recovery: at most this many ...
pub const HISTORY_MAX_EVENTS: usize = 1000;

/// ... and none older than this.
pub const HISTORY_MAX_AGE: Duration = Duration::from_secs(7 * 24 * 60 * 60);

/// Publications one `POST /api/publish` call may carry.
pub const PUBLISH_BATCH_MAX: usize = 1000;

/// Largest document update (a `doc` frame's step 2 or update payload) the server
/// accepts; past it `doc.too_large`. Under the frame limit even as base64 in JSON.
pub const MAX_DOC_UPDATE_BYTES: usize = 32 * 1024;

/// Largest a document's stored state may grow (snapshot plus update log); an update
/// that would pass it is refused `doc.too_large`.
pub const MAX_DOC_BYTES: usize = 4 * 1024 * 1024;

// Checked at compile time: the server pings well before it gives up on a peer, and
// the transport limit sits above the frame limit so `frame.too_large` can be answered.
const _: () = assert!(PING_INTERVAL.as_secs() * 2 <= IDLE_TIMEOUT.as_secs());
const _: () = assert!(MAX_MESSAGE_BYTES > MAX_FRAME_BYTES);
const _: () = assert!(MAX_DOC_UPDATE_BYTES * 4 / 3 + 256 < MAX_FRAME_BYTES);
