//! The entry's state machine (`contest_entry.status_id`), in one table: every move an
//! entry makes, and who makes it. The handlers (`submit`, `judge`) and the court's
//! judgment ask [`ENTRY`]; docs/states.md writes it out.
//!
//! Besides its own status, a move needs the contest in the right status (entries move
//! while the contest accepts entries, 2, or is being decided, 3; a withdrawal only while
//! it accepts entries), and a winning entry no longer moves at all.

use sqlx::AnyConnection;

use super::model::EntryStatus::{self, Active, Eliminated, Withdrawn};
use crate::shared::transitions::{
    Actor::{Designer, Owner, System},
    Machine, Transition,
};

/// What moves an entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryAction {
    /// Its designer takes it out of the running (`DELETE /contests/{id}/entries/{entryId}`).
    Withdraw,
    /// The contest holder eliminates it (`PATCH .../status`, `eliminated`).
    Eliminate,
    /// The contest holder puts an eliminated entry back in the running (`PATCH .../status`, `active`).
    Reinstate,
    /// The contest holder awards it (`POST .../award-winners`): it stays active, marked the winner.
    Award,
    /// A new version of its images (`POST .../versions`): it stays active.
    AddVersion,
    /// Judged a copy by the court (`contest-entry-reports`): eliminated.
    Judge,
}

impl EntryAction {
    pub fn name(self) -> &'static str {
        match self {
            Self::Withdraw => "withdraw",
            Self::Eliminate => "eliminate",
            Self::Reinstate => "reinstate",
            Self::Award => "award",
            Self::AddVersion => "add version",
            Self::Judge => "judged a copy",
        }
    }
}

const fn row(
    action: EntryAction,
    from: &'static [EntryStatus],
    to: EntryStatus,
    by: &'static [crate::shared::transitions::Actor],
) -> Transition<EntryStatus, EntryAction> {
    Transition { action, from, to, by }
}

/// Every allowed move of an entry. A withdrawn entry never moves again, and an eliminated
/// one only back into the running by the holder's hand: its designer cannot overwrite
/// the holder's decision by withdrawing it (issue #51).
pub const ENTRY: Machine<EntryStatus, EntryAction> = Machine(&[
    row(EntryAction::Withdraw, &[Active], Withdrawn, &[Designer]),
    row(EntryAction::Eliminate, &[Active], Eliminated, &[Owner]),
    row(EntryAction::Reinstate, &[Eliminated], Active, &[Owner]),
    row(EntryAction::Award, &[Active], Active, &[Owner]),
    row(EntryAction::AddVersion, &[Active], Active, &[Designer]),
    row(EntryAction::Judge, &[Active], Eliminated, &[System]),
]);

/// Moves entry `id`, now in status `from`, by `action`: the status it is in afterwards, or
/// None when the table has no such move from `from` or the entry left `from` meanwhile
/// (compare-and-set). Moves that keep the status (award, a new version) write nothing.
pub async fn apply(
    conn: &mut AnyConnection,
    id: i64,
    from: i64,
    action: EntryAction,
    now_ms: i64,
) -> Result<Option<EntryStatus>, sqlx::Error> {
    let Some(to) = EntryStatus::from_id(from).and_then(|status| ENTRY.next(action, status)) else {
        return Ok(None);
    };
    if to.id() == from {
        return Ok(Some(to));
    }
    Ok(super::store::move_status(conn, id, from, to.id(), now_ms).await?.then_some(to))
}

/// Whether the table lets an entry in status `from` take `action`.
pub fn can(action: EntryAction, from: i64) -> bool {
    EntryStatus::from_id(from).and_then(|status| ENTRY.next(action, status)).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn withdrawn_entries_never_move_and_eliminated_ones_only_back_by_the_holder() {
        for action in [EntryAction::Withdraw, EntryAction::Eliminate, EntryAction::Reinstate, EntryAction::Award] {
            assert_eq!(ENTRY.next(action, Withdrawn), None, "{action:?}");
        }
        assert_eq!(ENTRY.next(EntryAction::Withdraw, Eliminated), None);
        assert_eq!(ENTRY.next(EntryAction::Reinstate, Eliminated), Some(Active));
        assert!(!ENTRY.may(EntryAction::Reinstate, Designer));
        assert!(!ENTRY.may(EntryAction::Withdraw, Owner));
    }
}
