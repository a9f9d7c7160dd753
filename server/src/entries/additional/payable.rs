//! An additional design bought by the contest's holder, as the payments area sells it
//! ([`Payable`]): priced at what the holder's request stored (`additional_entry`,
//! status 1), and once paid, the purchase walks to 2 and the designer is told
//! ([`super::paid`]). Its routes are in [`super::payment_routes`]; start-up registers
//! [`KIND`].

use futures::future::BoxFuture;

use super::{paid, store as additional_store, AdditionalStatus};
use crate::{
    accounts::CurrentUser,
    contests::launch::owned as owned_contest,
    error::{codes, AppError},
    payments::{
        intents::{filed_under, IntentPath, IntentRequest, PayRoute},
        ledger::{Split, Work},
        payable::{Effect, Payable, PayableKind},
        quote::{reason, Quote},
        transactions::TransactionRow,
    },
    realtime::unit::Unit,
    state::AppState,
};

/// Payment trigger id of an additional design (contests doc, section 9).
pub const TRIGGER_ID: i64 = 7;

/// An additional design the holder asked to buy (`additional_entry`, status 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdditionalDesign {
    pub contest_id: i64,
    pub entry_id: i64,
}

/// The manual transaction (reason 12) of a purchase an admin records as paid outside
/// Vitrine: the design's price, paid by the contest's holder.
pub fn manual_quote(purchase: &super::AdditionalRow) -> Quote {
    let what = format!("Additional design #{}", purchase.entry_number);
    Quote {
        amount_cents: purchase.amount_cents,
        description: format!(
            "{what}: {} (contest #{}), recorded by an admin",
            purchase.contest_title, purchase.contest_id
        ),
        trigger_id: TRIGGER_ID,
        reason_id: reason::MANUAL,
        contest_id: Some(purchase.contest_id),
        project_id: None,
        subject_id: Some(purchase.contest_entry_id),
        details: serde_json::json!({}),
        lines: Vec::new(),
    }
    .single_line("additional_design", purchase.contest_entry_id, &what)
}

/// How stored payments for additional designs are read back.
pub const KIND: &PayableKind =
    &PayableKind { name: "additional_design", invoice_label: "Additional design", from_row: of_row };

fn of_row(row: &TransactionRow) -> Option<Box<dyn Payable>> {
    Some(Box::new(AdditionalDesign { contest_id: row.contest_id?, entry_id: row.subject_id? }))
}

impl Payable for AdditionalDesign {
    fn kind(&self) -> &'static str {
        "additional_design"
    }

    fn same_as(&self, row: &TransactionRow) -> bool {
        row.contest_id == Some(self.contest_id)
    }

    fn price<'a>(&'a self, state: &'a AppState, caller: &'a CurrentUser) -> BoxFuture<'a, Result<Quote, AppError>> {
        Box::pin(async move {
            let contest = owned_contest(state, caller, self.contest_id).await?;
            let mut conn = state.db.pool.acquire().await?;
            let purchase = additional_store::find_by_entry(&mut conn, contest.id, self.entry_id)
                .await?
                .filter(|p| p.status_id == AdditionalStatus::Requested.id())
                .ok_or_else(|| AppError::conflict(codes::ENTRY_NOT_PURCHASABLE))?;
            let what = format!("Additional design #{}", purchase.entry_number);
            Ok(Quote {
                amount_cents: purchase.amount_cents,
                description: format!("{what}: {} (contest #{})", contest.title, contest.id),
                trigger_id: TRIGGER_ID,
                reason_id: reason::ADDITIONAL_ENTRY,
                contest_id: Some(contest.id),
                project_id: None,
                subject_id: Some(self.entry_id),
                details: serde_json::json!({}),
                lines: Vec::new(),
            }
            .single_line("additional_design", self.entry_id, &what))
        })
    }

    fn apply<'a>(
        &'a self,
        unit: &'a mut Unit,
        _row: &'a TransactionRow,
        now: i64,
    ) -> BoxFuture<'a, Result<Effect, AppError>> {
        Box::pin(async move {
            let gone = || AppError::conflict(codes::PAYMENT_NOT_DUE);
            let purchase =
                additional_store::find_by_entry(unit, self.contest_id, self.entry_id).await?.ok_or_else(gone)?;
            paid(unit, &purchase, now).await?;
            Ok(Effect { wake_timers: false })
        })
    }

    /// All of it held for the designer until an admin credits the design (status 4).
    fn split<'a>(&'a self, unit: &'a mut Unit, _row: &'a TransactionRow) -> BoxFuture<'a, Result<Split, AppError>> {
        Box::pin(async move {
            let purchase = additional_store::find_by_entry(unit, self.contest_id, self.entry_id)
                .await?
                .ok_or_else(|| anyhow::anyhow!("additional design vanished"))?;
            Ok(Split::fee_only().held_for(work(&purchase), purchase.amount_cents))
        })
    }
}

/// The designer's work of an additional design, as the ledger holds and credits it.
pub fn work(purchase: &super::AdditionalRow) -> Work {
    Work::new("additional_entry", purchase.id, &purchase.contest_title).in_contest(purchase.contest_id)
}

/// The route of an additional design: `/contests/{id}/entries/{entryId}/...`.
#[derive(Debug, Clone, Copy)]
pub struct AdditionalRoute;

impl PayRoute for AdditionalRoute {
    fn payable(&self, path: &IntentPath, _req: &IntentRequest) -> Result<Box<dyn Payable>, AppError> {
        let entry_id = path.entry_id.ok_or_else(|| anyhow::anyhow!("route without entryId"))?;
        Ok(Box::new(AdditionalDesign { contest_id: path.id, entry_id }))
    }

    fn of_route(&self, row: &TransactionRow, path: &IntentPath) -> bool {
        filed_under(row, "additional_design", row.contest_id, path, path.entry_id)
    }

    fn paypal_route(&self, path: &IntentPath) -> String {
        format!("/contests/{}/entries/{}/payments/paypal", path.id, path.entry_id.unwrap_or(0))
    }
}
