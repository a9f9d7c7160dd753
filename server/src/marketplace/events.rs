//! The marketplace's hub events on `marketplace`, written to the outbox in the change's
//! transaction: `marketplace.entry.listed` when an entry is for sale (listed, put back on
//! sale, changed) and `marketplace.entry.removed` when it leaves (bought, hidden). They
//! carry only what every signed-in user may fetch (the listing's ids), never the buyer.

use vitrine_protocol::{event_type, Channel, EntryListed, EntryRemoved};

use super::model::ListingRow;
use crate::realtime::unit::Unit;

/// Why an entry left (the protocol's `RemovalReason`, shared with the browser).
pub use vitrine_protocol::RemovalReason as Reason;

/// `marketplace.entry.removed` on `marketplace`.
pub async fn removed(unit: &mut Unit, listing: &ListingRow, reason: Reason, now_ms: i64) -> Result<(), sqlx::Error> {
    let removed = EntryRemoved {
        contest_entry_id: listing.contest_entry_id,
        contest_id: listing.contest_id,
        user_id: listing.app_user_id,
        reason,
    };
    let data = serde_json::to_value(removed).unwrap_or_default();
    unit.append(&Channel::Marketplace, event_type::MARKETPLACE_ENTRY_REMOVED, data, now_ms).await?;
    Ok(())
}

/// `marketplace.entry.listed` on `marketplace`.
pub async fn listed(unit: &mut Unit, listing: &ListingRow, now_ms: i64) -> Result<(), sqlx::Error> {
    let listed = EntryListed {
        contest_entry_id: listing.contest_entry_id,
        contest_id: listing.contest_id,
        user_id: listing.app_user_id,
    };
    let data = serde_json::to_value(listed).unwrap_or_default();
    unit.append(&Channel::Marketplace, event_type::MARKETPLACE_ENTRY_LISTED, data, now_ms).await?;
    Ok(())
}
