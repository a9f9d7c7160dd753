//! What a contest's winners earn, as the ledger holds it: its launch and prize raises
//! hold the prize (`payable` splits their payments so) until an admin credits the contest
//! (status 9), when each winning entry's designer is credited with the prize.

use super::{model::ContestRow, store};
use sqlx::AnyConnection;

use crate::{
    error::AppError,
    payments::ledger::{self, Funding, Work},
    realtime::unit::Unit,
};

/// The contest's prize as the ledger holds it until the contest is credited.
pub fn prize_held(contest: &ContestRow) -> Work {
    Work::new("prize", contest.id, &contest.title).in_contest(contest.id)
}

/// The contest is credited: each winning entry's designer is owed the prize, out of what
/// was held for it (the platform covers a prize nobody paid for, as a launch its coupon
/// covered whole); answers the designers credited.
pub async fn record_winners(conn: &mut AnyConnection, contest: &ContestRow, now: i64) -> Result<Vec<i64>, AppError> {
    let held = prize_held(contest);
    let mut credited = Vec::new();
    for (entry_id, designer_id) in store::winners(conn, contest.id).await? {
        let work = Work::new("contest", entry_id, &contest.title).in_contest(contest.id);
        let prize = contest.winning_entry_amount_cents;
        ledger::credit(conn, designer_id, &work, prize, Funding::Held(held.clone()), now).await?;
        credited.push(designer_id);
    }
    Ok(credited)
}

/// [`record_winners`], each winner's earnings screen told.
pub async fn credit_winners(unit: &mut Unit, contest: &ContestRow, now: i64) -> Result<(), AppError> {
    for designer_id in record_winners(unit, contest, now).await? {
        ledger::announce(unit, designer_id, now).await?;
    }
    Ok(())
}
