//! What a project's designer earns, as the ledger holds it: the approved bid and the
//! budget raises paid are held for the project's work (`payable` and `bids::payable` split
//! their payments so) until the project completes, when the designer is credited with the
//! bid and every raise.

use super::{model::ProjectRow, store};
use crate::{
    error::AppError,
    payments::ledger::{self, Funding, Work},
    realtime::unit::Unit,
};

/// The purpose of a budget raise's payment (`payable::KIND`).
pub const BUDGET_INCREASE: &str = "budget_increase";

/// A project's work, as the ledger holds it until the project completes.
pub fn project_work(project_id: i64, title: &str) -> Work {
    Work::new("project", project_id, title).in_project(project_id)
}

/// The project is completed: its approved designer is owed the bid and every budget raise
/// paid, out of what their payments held.
pub async fn credit_designer(unit: &mut Unit, project: &ProjectRow, now: i64) -> Result<(), AppError> {
    let Some((designer_id, bid_cents)) = store::approved_bid(unit, project).await? else { return Ok(()) };
    let work = project_work(project.id, &project.title);
    let raises = ledger::held(unit, &work, BUDGET_INCREASE).await?;
    ledger::credit(unit, designer_id, &work, bid_cents + raises, Funding::Held(work.clone()), now).await?;
    ledger::announce(unit, designer_id, now).await
}
