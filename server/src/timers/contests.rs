//! Contest deadlines: when entries stop (2 -> 3, the client sees 'Deciding'), when
//! the deciding window runs out with no winner (3 -> 4, the holder is mailed), and
//! when an awarded contest is still unverified a day later (5 -> 6).
//!
//! How a deadline is found and performed exactly once is [`super::due`]'s; this module
//! says which deadlines contests have and what each move writes: the `contest.status`
//! event, and for 3 -> 4 the holder's mail, in the move's transaction.

use futures::future::BoxFuture;
use tracing::instrument;

use super::due::{self, Deadline};
pub use super::due::{Pass, BATCH};
use crate::{
    accounts::store as accounts,
    contests::{events, model::ContestRow, status::ContestStatus, store as contests},
    realtime::{unit::Unit, Realtime},
    store::Db,
};

const fn deadline(from: ContestStatus, to: ContestStatus, column: &'static str) -> Deadline {
    Deadline { table: "contest", column, from: from as i64, to: to as i64 }
}

const DEADLINES: [Deadline; 3] = [
    deadline(ContestStatus::Active, ContestStatus::Deciding, "submission_ends_at"),
    deadline(ContestStatus::Deciding, ContestStatus::NoWinner, "deciding_ends_at"),
    // An awarded contest admins have not verified within the window shows as Unverified.
    deadline(ContestStatus::WinnerAwarded, ContestStatus::Unverified, "verification_due_at"),
];

/// Performs every contest transition due at `now_ms`, oldest deadline first (each
/// batch's events published on its commit).
#[instrument(skip_all)]
pub async fn run_due(realtime: &Realtime, link_base: &str, now_ms: i64) -> Result<Pass, sqlx::Error> {
    due::perform_all(realtime, link_base, now_ms, &DEADLINES, moved).await
}

/// What a contest's move writes: its `contest.status` event, and the holder's mail
/// when the deciding window ran out.
fn moved<'c>(
    deadline: Deadline,
    unit: &'c mut Unit,
    link_base: &'c str,
    id: i64,
    stamp: i64,
) -> BoxFuture<'c, Result<(), sqlx::Error>> {
    Box::pin(async move {
        let Some(contest) = contests::find(&mut **unit, id).await? else { return Ok(()) };
        events::status_changed(unit, &contest, stamp).await?;
        if deadline.to == ContestStatus::NoWinner.id() {
            tell_holder_no_winner(unit, &contest, link_base, stamp).await?;
        }
        Ok(())
    })
}

/// The deciding window ran out: the holder hears by mail (the status event tells
/// whoever is watching the page).
async fn tell_holder_no_winner(
    unit: &mut Unit,
    contest: &ContestRow,
    link_base: &str,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    let Some(holder) = accounts::find_user(&mut **unit, contest.created_by).await? else { return Ok(()) };
    let link = crate::contests::page_link(link_base, contest.id);
    let message = crate::mail::Mail::NoWinner { title: contest.title.clone(), link };
    crate::mail::queue(&mut **unit, &holder.email, &message, holder.language(), now_ms).await?;
    Ok(())
}

/// How many contest transitions are due at `now_ms` and not yet performed.
pub async fn queue_depth(db: &Db, now_ms: i64) -> Result<i64, sqlx::Error> {
    due::queue_depth(db, now_ms, &DEADLINES).await
}

/// The earliest contest deadline still to be acted on, if any.
pub async fn next_deadline(db: &Db) -> Result<Option<i64>, sqlx::Error> {
    due::next(db, &DEADLINES).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{contests::transitions::CONTEST, shared::transitions::Actor};

    #[test]
    fn every_deadline_is_a_move_of_the_contest_table() {
        for deadline in DEADLINES {
            let (from, to) =
                (ContestStatus::from_id(deadline.from).unwrap(), ContestStatus::from_id(deadline.to).unwrap());
            let action = CONTEST.action_for(from, to, Actor::System);
            assert!(
                action.is_some(),
                "{} -> {} is not the timers' in contests::transitions",
                deadline.from,
                deadline.to
            );
        }
    }
}
