//! A raise of a project's budget, as the payments area sells it ([`Payable`]): once a bid is
//! approved the owner pays the difference, the budget grows
//! ([`super::lifecycle::raise_budget`]) and the approved designer is owed the difference on
//! top of the bid (admin payouts). Before approval the budget is the brief's, edited for free.
//! Its routes are in [`super::payment_routes`]; start-up registers [`KIND`].

use futures::future::BoxFuture;
use serde::Deserialize;
use serde_json::{json, Value};

use super::{
    access::owned as owned_project, earnings::project_work, lifecycle::raise_budget, status::ProjectStatus,
    store as project_store,
};
use crate::{
    accounts::CurrentUser,
    api::loose_id,
    error::{codes, AppError},
    payments::{
        intents::{filed_under, required, IntentPath, IntentRequest, PayRoute},
        ledger::Split,
        payable::{Effect, Payable, PayableKind},
        quote::{reason, Quote},
        transactions::TransactionRow,
    },
    realtime::unit::Unit,
    state::AppState,
};

/// Payment trigger id of a budget raise: ours, the specification names none.
pub const TRIGGER_ID: i64 = 11;

/// Raising a project's budget to `budget_cents`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BudgetIncrease {
    pub project_id: i64,
    pub budget_cents: i64,
}

/// How stored payments for budget raises are read back.
pub const KIND: &PayableKind =
    &PayableKind { name: super::earnings::BUDGET_INCREASE, invoice_label: "Payment", from_row: of_row };

fn of_row(row: &TransactionRow) -> Option<Box<dyn Payable>> {
    let details: Value = serde_json::from_str(&row.details).unwrap_or(Value::Null);
    Some(Box::new(BudgetIncrease { project_id: row.project_id?, budget_cents: details["budget_cents"].as_i64()? }))
}

impl Payable for BudgetIncrease {
    fn kind(&self) -> &'static str {
        "budget_increase"
    }

    fn same_as(&self, row: &TransactionRow) -> bool {
        row.project_id == Some(self.project_id)
    }

    fn price<'a>(&'a self, state: &'a AppState, caller: &'a CurrentUser) -> BoxFuture<'a, Result<Quote, AppError>> {
        Box::pin(async move {
            let budget_cents = self.budget_cents;
            let project = owned_project(state, caller, self.project_id, false).await?;
            if project.status() == ProjectStatus::Completed {
                return Err(AppError::conflict(codes::PROJECT_STARTED));
            }
            // Money moves for the work once a bid is approved: before, the budget is a figure
            // of the brief (edited for free), and the approval charges the bid.
            if project.status() == ProjectStatus::Live || project.approved_bid_id.is_none() {
                return Err(AppError::conflict(codes::BUDGET_BEFORE_APPROVAL));
            }
            let current = project.budget_cents.unwrap_or(0);
            super::rules::check_raise(current, budget_cents)?;
            Ok(Quote {
                amount_cents: budget_cents - current,
                description: format!(
                    "Budget of {} (project #{}) raised to ${}",
                    project.title,
                    project.id,
                    budget_cents / 100
                ),
                trigger_id: TRIGGER_ID,
                reason_id: reason::ADDITIONAL_PAYMENT,
                contest_id: None,
                project_id: Some(project.id),
                subject_id: None,
                // The budget it was priced from: the difference paid is from there.
                details: json!({"budget_cents": budget_cents, "from_cents": current}),
                lines: Vec::new(),
            })
        })
    }

    fn apply<'a>(
        &'a self,
        unit: &'a mut Unit,
        row: &'a TransactionRow,
        now: i64,
    ) -> BoxFuture<'a, Result<Effect, AppError>> {
        Box::pin(async move {
            let gone = || AppError::conflict(codes::PAYMENT_NOT_DUE);
            let project = project_store::find(&mut **unit, self.project_id).await?.ok_or_else(gone)?;
            // What settles is what was priced: the difference from the budget it was priced
            // from. Another raise settled meanwhile (two raises priced from one budget) makes
            // this one a different purchase: refused, and refunded.
            let details: Value = serde_json::from_str(&row.details).unwrap_or(Value::Null);
            let current = project.budget_cents.unwrap_or(0);
            if details["from_cents"].as_i64().is_some_and(|from| from != current) || self.budget_cents <= current {
                return Err(AppError::conflict(codes::BUDGET_NOT_HIGHER));
            }
            raise_budget(unit, self.project_id, self.budget_cents, None, now).await?;
            Ok(Effect { wake_timers: false })
        })
    }

    /// All of it held for the approved designer, with the bid, until the project completes.
    fn split<'a>(&'a self, unit: &'a mut Unit, row: &'a TransactionRow) -> BoxFuture<'a, Result<Split, AppError>> {
        Box::pin(async move {
            let project = project_store::find(&mut **unit, self.project_id)
                .await?
                .ok_or_else(|| anyhow::anyhow!("project vanished"))?;
            Ok(Split::fee_only().held_for(project_work(project.id, &project.title), row.amount_cents))
        })
    }
}

/// The route of a budget raise: `/projects/{id}/increase-budget/...`.
#[derive(Debug, Clone, Copy)]
pub struct BudgetRoute;

/// A budget raise's body beside its key ([`super::payment_routes::BudgetIntentCreate`]).
#[derive(Debug, Deserialize)]
struct BudgetFields {
    /// The new budget in whole dollars.
    #[serde(default, deserialize_with = "loose_id")]
    budget: Option<i64>,
}

impl PayRoute for BudgetRoute {
    fn payable(&self, path: &IntentPath, req: &IntentRequest) -> Result<Box<dyn Payable>, AppError> {
        let BudgetFields { budget } = req.fields()?;
        let dollars = budget.ok_or_else(|| required("budget"))?;
        Ok(Box::new(BudgetIncrease { project_id: path.id, budget_cents: dollars.saturating_mul(100) }))
    }

    fn of_route(&self, row: &TransactionRow, path: &IntentPath) -> bool {
        filed_under(row, "budget_increase", row.project_id, path, None)
    }

    fn paypal_route(&self, path: &IntentPath) -> String {
        format!("/projects/{}/increase-budget/payments/paypal", path.id)
    }
}
