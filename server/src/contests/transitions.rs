//! The contest's state machine (`contest.status_id`, contests doc section 4), in one
//! table: the handlers (the admin's statuses, the award, the winner's delivery, the
//! removal of winners) and the deadline timers ask [`CONTEST`]; docs/states.md writes it
//! out with the specification's names.

use super::status::ContestStatus::{
    self, Active, Completed, Deciding, NoWinner, PendingCredit, PendingDelivery, Unpaid, Unverified, WinnerAwarded,
};
use crate::shared::transitions::{
    Actor::{self, Admin, Designer, Owner, System},
    Machine, Transition,
};

/// What moves a contest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContestAction {
    /// Paid for, started for free, or a start request approved: it accepts entries.
    Launch,
    /// The submission period ends (the timers).
    CloseSubmissions,
    /// The holder awards an entry (`POST .../award-winners`).
    Award,
    /// The deciding window ends without a winner (the timers).
    DecidingEnds,
    /// Admins did not verify the award within a day (the timers).
    VerificationLate,
    /// The winner uploads the final files (`POST .../artworks`) after the verification.
    Deliver,
    /// An admin takes the winners back (`POST /contests/{id}/remove-winners`): deciding again.
    RemoveWinners,
    /// An admin sets a status by hand (`PUT /contests/{id}/statuses`): verifying (7) and
    /// crediting (9) among others. Nothing goes back to unpaid, and a credited contest
    /// stays credited.
    AdminSet,
}

impl ContestAction {
    pub fn name(self) -> &'static str {
        match self {
            Self::Launch => "launch",
            Self::CloseSubmissions => "submission period ends",
            Self::Award => "award a winner",
            Self::DecidingEnds => "deciding window ends",
            Self::VerificationLate => "verification window ends",
            Self::Deliver => "deliver final files",
            Self::RemoveWinners => "remove winners",
            Self::AdminSet => "set status",
        }
    }
}

const fn row(
    action: ContestAction,
    from: &'static [ContestStatus],
    to: ContestStatus,
    by: &'static [Actor],
) -> Transition<ContestStatus, ContestAction> {
    Transition { action, from, to, by }
}

/// Every status but credited: what an admin may set by hand from.
const NOT_CREDITED: &[ContestStatus] =
    &[Unpaid, Active, Deciding, NoWinner, WinnerAwarded, Unverified, PendingDelivery, PendingCredit];

const fn admin_set(to: ContestStatus) -> Transition<ContestStatus, ContestAction> {
    row(ContestAction::AdminSet, NOT_CREDITED, to, &[Admin])
}

/// Every allowed move of a contest.
pub const CONTEST: Machine<ContestStatus, ContestAction> = Machine(&[
    row(ContestAction::Launch, &[Unpaid], Active, &[Admin, System]),
    row(ContestAction::CloseSubmissions, &[Active], Deciding, &[System]),
    row(ContestAction::Award, &[Active, Deciding], WinnerAwarded, &[Owner]),
    row(ContestAction::DecidingEnds, &[Deciding], NoWinner, &[System]),
    row(ContestAction::VerificationLate, &[WinnerAwarded], Unverified, &[System]),
    row(ContestAction::Deliver, &[PendingDelivery], PendingCredit, &[Designer]),
    row(ContestAction::RemoveWinners, &[WinnerAwarded, Unverified], Deciding, &[Admin]),
    admin_set(Active),
    admin_set(Deciding),
    admin_set(NoWinner),
    admin_set(WinnerAwarded),
    admin_set(Unverified),
    admin_set(PendingDelivery),
    admin_set(PendingCredit),
    admin_set(Completed),
    // Setting credited again (an admin's second click) changes nothing and owes nothing twice.
    row(ContestAction::AdminSet, &[Completed], Completed, &[Admin]),
]);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_returns_to_unpaid_and_credited_contests_stay_credited() {
        assert!(CONTEST.rows().iter().all(|t| t.to != Unpaid));
        assert!(CONTEST.rows().iter().filter(|t| t.from.contains(&Completed)).all(|t| t.to == Completed));
        assert!(CONTEST.allows(ContestAction::AdminSet, WinnerAwarded, PendingDelivery, Admin));
        assert!(!CONTEST.may(ContestAction::AdminSet, Owner));
        assert_eq!(CONTEST.next(ContestAction::Award, PendingDelivery), None);
    }
}
