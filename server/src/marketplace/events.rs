//! The marketplace's hub event: `marketplace.entry.removed` on `marketplace` when an entry
//! leaves it (bought, hidden), written to the outbox in the change's transaction. It
//! carries only what every signed-in user may fetch (the listing's ids), never the buyer.

use serde_json::json;
use sqlx::AnyConnection;
use vitrine_protocol::{event_type, Channel, EventFrame};

use super::model::ListingRow;
use crate::realtime::outbox;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// Full rights were bought.
    Sold,
    /// Its designer or an admin took it out of the marketplace.
    Hidden,
}

impl Reason {
    fn as_str(self) -> &'static str {
        match self {
            Self::Sold => "sold",
            Self::Hidden => "hidden",
        }
    }
}

pub async fn removed(
    conn: &mut AnyConnection,
    listing: &ListingRow,
    reason: Reason,
    now_ms: i64,
) -> Result<Vec<EventFrame>, sqlx::Error> {
    let data = json!({
        "contest_entry_id": listing.contest_entry_id,
        "contest_id": listing.contest_id,
        "user_id": listing.app_user_id,
        "reason": reason.as_str(),
    });
    let frame =
        outbox::append(conn, &Channel::Marketplace, event_type::MARKETPLACE_ENTRY_REMOVED, data, now_ms).await?;
    Ok(vec![frame])
}
