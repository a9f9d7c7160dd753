//! Who may see a bid: the project's owner, the bidder and admins ([`may_see`]), over
//! REST and on the hub's `bid:{id}` channel alike. Anyone else gets a 404 over REST,
//! as if the bid did not exist, and `channel.forbidden` on the hub.

use super::{model::BidRow, store};
use crate::{
    accounts::{model::UserRow, CurrentUser},
    error::{codes, AppError},
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

/// The rule: `user` may see a bid by `bidder` on a project of `owner` when they are one
/// of the two, or an admin. `bids::channels` applies it to subscribers of `bid:{id}`.
pub fn may_see(user: &UserRow, bidder: i64, owner: i64) -> bool {
    user.is_admin() || user.id == bidder || user.id == owner
}

/// Bid `bid_id` (of project `project_id` when given) if `viewer` may see it.
pub async fn visible_bid(
    state: &AppState,
    viewer: &CurrentUser,
    bid_id: i64,
    project_id: Option<i64>,
) -> Result<BidRef, AppError> {
    let not_found = || AppError::not_found(codes::BID_NOT_FOUND);
    let bid = store::find(&state.db.pool, bid_id).await?.ok_or_else(not_found)?;
    if project_id.is_some_and(|p| p != bid.project_id) {
        return Err(not_found());
    }
    let project = projects::find(&state.db.pool, bid.project_id).await?.ok_or_else(not_found)?;
    if !may_see(&viewer.user, bid.bidder.id, project.created_by) {
        return Err(not_found());
    }
    Ok(BidRef { bid, project })
}
