//! Events of bids, written in the transaction of the change: the bid itself and its
//! discussion on `bid:{id}` (the owner, the bidder, admins), and only counts and
//! statuses on `project:{id}`, which every designer may watch.

use serde::Serialize;
use sqlx::AnyConnection;
use vitrine_protocol::{Channel, EventFrame};

use crate::realtime::outbox;

/// Appends `event_type` with `data` on `bid:{bid_id}`.
pub async fn on_bid(
    conn: &mut AnyConnection,
    bid_id: i64,
    event_type: &str,
    data: &impl Serialize,
    now: i64,
) -> Result<EventFrame, sqlx::Error> {
    let data = serde_json::to_value(data).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
    outbox::append(conn, &Channel::Bid(bid_id), event_type, data, now).await
}
