//! The project's state machine (`project.status_id`, section 4), in one table: the
//! handlers (`lifecycle`), the bid approval (`bids`) and the timeline timer ask
//! [`PROJECT`]; docs/states.md writes it out.

use super::status::ProjectStatus::{self, Active, Completed, Live, PendingCredit, PendingDelivery, Unverified};
use crate::shared::transitions::{
    Actor::{Admin, Designer, Owner, System},
    Machine, Transition,
};

/// What moves a project.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProjectAction {
    /// A bid is approved: by an admin by hand or a subscribed owner on a subscription project
    /// (`POST /projects/{id}/approve/manually/{bidId}`), or by the server (the owner's card
    /// payment settled, or their queue starts the project).
    ApproveBid,
    /// The timeline ran out (the timers).
    TimelineEnds,
    /// An admin verifies it (`PUT /projects/{id}/statuses`, 4): the 48 hours to deliver start.
    Verify,
    /// The assigned designer uploads the final files (`POST /projects/{id}/artworks`).
    Deliver,
    /// The owner confirms they have the final files although none were uploaded here
    /// (`POST /projects/{id}/finalize` while pending delivery).
    Finalize,
    /// The owner accepts the uploaded files (`POST /projects/{id}/finalize` while pending
    /// credit): recorded for the admins who credit; the status stays.
    Accept,
    /// An admin credits the designer (`PUT /projects/{id}/statuses`, 6).
    Credit,
}

impl ProjectAction {
    pub fn name(self) -> &'static str {
        match self {
            Self::ApproveBid => "approve a bid",
            Self::TimelineEnds => "timeline ends",
            Self::Verify => "verify",
            Self::Deliver => "deliver final files",
            Self::Finalize => "finalize",
            Self::Accept => "accept the files",
            Self::Credit => "credit",
        }
    }
}

const fn row(
    action: ProjectAction,
    from: &'static [ProjectStatus],
    to: ProjectStatus,
    by: &'static [crate::shared::transitions::Actor],
) -> Transition<ProjectStatus, ProjectAction> {
    Transition { action, from, to, by }
}

/// Every allowed move of a project; a completed project never moves again.
pub const PROJECT: Machine<ProjectStatus, ProjectAction> = Machine(&[
    row(ProjectAction::ApproveBid, &[Live], Active, &[Admin, Owner, System]),
    row(ProjectAction::TimelineEnds, &[Active], Unverified, &[System]),
    row(ProjectAction::Verify, &[Unverified], PendingDelivery, &[Admin]),
    row(ProjectAction::Deliver, &[PendingDelivery], PendingCredit, &[Designer]),
    row(ProjectAction::Finalize, &[PendingDelivery], PendingCredit, &[Owner]),
    row(ProjectAction::Accept, &[PendingCredit], PendingCredit, &[Owner]),
    row(ProjectAction::Credit, &[PendingCredit], Completed, &[Admin]),
]);

/// The moves an admin makes with `PUT /projects/{id}/statuses`: verifying (3 -> 4) and
/// crediting (5 -> 6). The admin's other move, approving a bid, has its own route.
pub fn admin_sets(from: ProjectStatus, to: ProjectStatus) -> bool {
    matches!(PROJECT.action_for(from, to, Admin), Some(ProjectAction::Verify | ProjectAction::Credit))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn admins_set_only_verify_and_credit_and_completed_projects_stay() {
        let moves: Vec<_> = ProjectStatus::ALL
            .into_iter()
            .flat_map(|from| ProjectStatus::ALL.into_iter().map(move |to| (from, to)))
            .filter(|(from, to)| admin_sets(*from, *to))
            .map(|(from, to)| (from.id(), to.id()))
            .collect();
        assert_eq!(moves, [(3, 4), (5, 6)]);
        assert!(PROJECT.rows().iter().all(|t| !t.from.contains(&Completed)));
    }
}
