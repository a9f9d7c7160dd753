//! Events of bids, written in the transaction of the change: the bid itself and its
//! discussion on `bid:{id}` (the owner, the bidder, admins), and only counts and
//! statuses on `project:{id}`, which every designer may watch.

use serde::Serialize;
use vitrine_protocol::{BidCount, Channel};

use super::store;
use crate::realtime::unit::Unit;

/// Appends `event_type` with `data` on `bid:{bid_id}`.
pub async fn on_bid(
    unit: &mut Unit,
    bid_id: i64,
    event_type: &str,
    data: &impl Serialize,
    now: i64,
) -> Result<(), sqlx::Error> {
    let data = serde_json::to_value(data).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
    unit.append(&Channel::Bid(bid_id), event_type, data, now).await?;
    Ok(())
}

/// `bid.created` or `bid.deleted` on `project:{project_id}`: which bid, and the project's
/// new count of bids only (every designer may watch the project, not read its bids).
pub async fn count_on_project(
    unit: &mut Unit,
    project_id: i64,
    bid_id: i64,
    event_type: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    let bids_count = store::count_on_project(unit, project_id).await?;
    let data = serde_json::to_value(BidCount { id: bid_id, project_id, bids_count }).unwrap_or_default();
    unit.append(&Channel::Project(project_id), event_type, data, now).await?;
    Ok(())
}
