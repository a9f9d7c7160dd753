//! Who may see a bid: the project's owner, the bidder and admins, as on the hub's
//! `bid:{id}` channel. Anyone else gets a 404, as if the bid did not exist.

use super::{model::BidRow, store};
use crate::{
    accounts::CurrentUser,
    error::{catalogue, AppError},
    projects::{model::ProjectRow, store as projects},
    state::AppState,
};

/// A bid with its project.
#[derive(Debug, Clone)]
pub struct BidRef {
    pub bid: BidRow,
    pub project: ProjectRow,
}

impl BidRef {
    pub fn bidder(&self) -> i64 {
        self.bid.bidder.id
    }
    pub fn owner(&self) -> i64 {
        self.project.created_by
    }
}

/// Bid `bid_id` (of project `project_id` when given) if `viewer` may see it.
pub async fn visible_bid(
    state: &AppState,
    viewer: &CurrentUser,
    bid_id: i64,
    project_id: Option<i64>,
) -> Result<BidRef, AppError> {
    let not_found = || AppError::not_found(catalogue::BID_NOT_FOUND);
    let bid = store::find(&state.db.pool, bid_id).await?.ok_or_else(not_found)?;
    if project_id.is_some_and(|p| p != bid.project_id) {
        return Err(not_found());
    }
    let project = projects::find(&state.db.pool, bid.project_id).await?.ok_or_else(not_found)?;
    let may = viewer.is_admin() || viewer.id() == bid.bidder.id || viewer.id() == project.created_by;
    if !may {
        return Err(not_found());
    }
    Ok(BidRef { bid, project })
}
