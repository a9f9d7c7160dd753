//! The bid's state machine (`bid.status_id`: 1 open, 2 approved), in one table: the
//! handlers (`routes`) ask [`BID`]; docs/states.md writes it out. A withdrawn or removed
//! bid is deleted, written here as [`REMOVED`].
//!
//! Besides the bid's own status, approving needs its project live (1): approving moves
//! the project to 2 as well (`projects::transitions`).

use super::model::{BID_APPROVED, BID_OPEN};
use crate::shared::transitions::{
    Actor::{Admin, Designer, Owner, System},
    Machine, Transition,
};

/// No row any more: the bid was withdrawn or removed.
pub const REMOVED: i64 = 0;

/// What moves a bid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BidAction {
    /// Its designer withdraws it (`DELETE /bids/{bidId}`).
    Withdraw,
    /// An admin removes it (`DELETE /bids/{bidId}`).
    Remove,
    /// An admin approves it by hand, or a subscribed owner on a subscription project
    /// (`POST /projects/{id}/approve/manually/{bidId}`).
    Approve,
    /// The owner's card payment for it settles (`/projects/{id}/bids/{bidId}/approve/payments/...`).
    Pay,
}

impl BidAction {
    pub fn name(self) -> &'static str {
        match self {
            Self::Withdraw => "withdraw",
            Self::Remove => "remove",
            Self::Approve => "approve",
            Self::Pay => "paid",
        }
    }
}

/// Every allowed move of a bid: only an open bid moves; an approved one stays.
pub const BID: Machine<i64, BidAction> = Machine(&[
    Transition { action: BidAction::Withdraw, from: &[BID_OPEN], to: REMOVED, by: &[Designer] },
    Transition { action: BidAction::Remove, from: &[BID_OPEN], to: REMOVED, by: &[Admin] },
    Transition { action: BidAction::Approve, from: &[BID_OPEN], to: BID_APPROVED, by: &[Admin, Owner] },
    Transition { action: BidAction::Pay, from: &[BID_OPEN], to: BID_APPROVED, by: &[System] },
]);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_open_bids_move() {
        for action in [BidAction::Withdraw, BidAction::Remove, BidAction::Approve, BidAction::Pay] {
            assert_eq!(BID.next(action, BID_APPROVED), None, "{}", action.name());
            assert!(BID.next(action, BID_OPEN).is_some());
        }
        assert!(!BID.may(BidAction::Withdraw, Admin) && !BID.may(BidAction::Remove, Designer));
    }
}
