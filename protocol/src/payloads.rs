//! The payloads of the live events whose data is not a REST view: the small objects
//! the server's `events.rs` modules write, declared once here so the server encodes
//! them with serde and the browser reads them through the generated TypeScript
//! (`protocol.gen.ts`). An event whose payload is a REST view carries that view
//! (the browser types it from the OpenAPI document).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `bid.created` and `bid.deleted` on `project:{id}`: which bid, and the project's new
/// count only (every designer may watch the project; a bid's content is the bid's).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct BidCount {
    pub id: i64,
    pub project_id: i64,
    pub bids_count: i64,
}

/// `bid.deleted` on `bid:{id}`: the bid that is gone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct BidGone {
    pub id: i64,
    pub project_id: i64,
}

/// `message.read` on the writer's channel: `by` read everything they were sent up to
/// `up_to` (a message id).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct MessageReceipt {
    /// Who read.
    pub by: i64,
    /// The newest message now read.
    pub up_to: i64,
}

/// Why an entry left the marketplace.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum RemovalReason {
    /// Full rights were bought.
    Sold,
    /// Its designer or an admin took it out of the marketplace.
    Hidden,
}

/// `marketplace.entry.removed` on `marketplace`: only what every member may fetch (the
/// listing's ids), never the buyer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct EntryRemoved {
    pub contest_entry_id: i64,
    pub contest_id: i64,
    /// The entry's designer.
    pub user_id: i64,
    pub reason: RemovalReason,
}

/// `marketplace.entry.listed` on `marketplace`: the listing's ids, which every member may
/// fetch (the listing itself is fetched as any listing is).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct EntryListed {
    pub contest_entry_id: i64,
    pub contest_id: i64,
    /// The entry's designer.
    pub user_id: i64,
}

/// `banner.withdrawn` on `broadcast`: the banner to take down.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct BannerWithdrawn {
    pub id: i64,
}
