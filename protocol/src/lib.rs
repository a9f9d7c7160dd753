//! Wire types of the Vitrine hub protocol v1, shared by the server, the load harness
//! and (through generated TypeScript) the browser. No I/O lives here.
//!
//! The public contract for client authors is `docs/protocol.md`; this crate is its
//! executable form. Layout:
//!
//! - [`channel`]: [`Channel`] names (`contest:42`, `court`, `bench:x`), parsed strictly.
//! - [`doc`]: collaborative documents: [`DocName`]s of `doc:` channels and the
//!   y-protocols bytes ([`DocBytes`]) their `doc` frames carry.
//! - [`client`]: [`ClientFrame`], what clients send (`sub`, `unsub`, `ping`, `typing`, `auth`, `doc`).
//! - [`server`]: [`ServerFrame`], what the server sends, and [`PresenceUser`].
//! - [`event`]: [`EventFrame`] and [`EncodedEvent`], an event encoded once per encoding
//!   for fan-out to many sockets.
//! - [`encoding`]: [`Encoding`] (`v1.json` | `v1.msgpack`): negotiation, encoding, decoding.
//! - [`decode_error`]: [`DecodeError`], telling `frame.invalid` from `op.unknown`.
//! - [`error_code`]: [`ErrorCode`], the codes of `error` frames.
//! - [`close_code`]: WebSocket close codes as named constants.
//! - [`event_type`]: the `type` strings the product publishes.
//! - [`limits`]: endpoint, heartbeat, sizes, rates and history retention.
//! - [`history`]: the REST mirror of a channel's events.
//! - [`publish`]: the server-side publish API's request and answer.
//! - [`ts_export`]: generates `web/src/realtime/protocol.gen.ts` and checks it is current.

pub mod channel;
pub mod client;
pub mod close_code;
pub mod decode_error;
pub mod doc;
pub mod encoding;
pub mod error_code;
pub mod event;
pub mod event_type;
pub mod history;
pub mod limits;
pub mod payloads;
pub mod publish;
pub mod server;
pub mod ts_export;

#[cfg(test)]
mod samples;

pub use channel::{Channel, ChannelError, ChannelKind};
pub use client::{AccessToken, ClientFrame};
pub use decode_error::DecodeError;
pub use doc::{DocBytes, DocKind, DocName, NotesEntity};
pub use encoding::{
    bearer_from_subprotocols, Encoding, SUBPROTOCOL_BEARER_PREFIX, SUBPROTOCOL_JSON, SUBPROTOCOL_MSGPACK,
};
pub use error_code::ErrorCode;
pub use event::{EncodedEvent, EventFrame};
pub use history::{ChannelEvents, EventsQuery};
pub use payloads::{BannerWithdrawn, BidCount, BidGone, EntryListed, EntryRemoved, MessageReceipt, RemovalReason};
pub use publish::{Publication, PublishAccepted, PublishRequest};
pub use server::{PresenceUser, ServerFrame, SignalKind};
