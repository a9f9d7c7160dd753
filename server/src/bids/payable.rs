//! A bid's approval, as the payments area sells it ([`Payable`]): the project's owner
//! pays the bid (and, for a pay-to-start project, its listing fee), and once paid the
//! bid is approved and the project starts (1 -> 2) through the same
//! [`super::routes::approve_in`] as a free approval. Its routes are in
//! [`super::payment_routes`]; start-up registers [`KIND`].

use futures::future::BoxFuture;
use serde_json::json;

use super::{access::visible_bid, model::BID_OPEN, routes::approve_in, store as bid_store};
use crate::{
    accounts::CurrentUser,
    error::{codes, AppError},
    payments::{
        intents::{filed_under, IntentPath, IntentRequest, PayRoute},
        ledger::Split,
        payable::{Effect, Payable, PayableKind},
        prices,
        quote::{reason, PriceLine, Quote},
        transactions::TransactionRow,
    },
    projects::{access::owned as owned_project, earnings::project_work, status::ProjectStatus, store as project_store},
    realtime::unit::Unit,
    state::AppState,
};

/// Payment trigger id of a bid's approval: ours, the specification names none.
pub const TRIGGER_ID: i64 = 10;

/// Approving a bid on a live project (1 -> 2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BidApproval {
    pub project_id: i64,
    pub bid_id: i64,
}

/// How stored payments for bid approvals are read back.
pub const KIND: &PayableKind = &PayableKind { name: "bid_approval", invoice_label: "Payment", from_row: of_row };

fn of_row(row: &TransactionRow) -> Option<Box<dyn Payable>> {
    Some(Box::new(BidApproval { project_id: row.project_id?, bid_id: row.subject_id? }))
}

impl Payable for BidApproval {
    fn kind(&self) -> &'static str {
        "bid_approval"
    }

    fn same_as(&self, row: &TransactionRow) -> bool {
        row.project_id == Some(self.project_id)
    }

    fn price<'a>(&'a self, state: &'a AppState, caller: &'a CurrentUser) -> BoxFuture<'a, Result<Quote, AppError>> {
        Box::pin(async move {
            let project = owned_project(state, caller, self.project_id, false).await?;
            let bid = visible_bid(state, caller, self.bid_id, Some(project.id)).await?.bid;
            if project.status() != ProjectStatus::Live || bid.status_id != BID_OPEN {
                return Err(AppError::conflict(codes::PROJECT_NOT_LIVE));
            }
            // A pay-to-start project pays its listing fee with the approval; a subscription's
            // queued project lists free. The designer is owed the bid, never the fee.
            let fee_cents = match project.is_subscription {
                0 => prices::amount_cents(&state.db.pool, prices::code::PROJECT_LISTING_FEE).await?,
                _ => 0,
            };
            let with_fee = match fee_cents {
                0 => String::new(),
                fee => format!(", listing fee ${} included", fee / 100),
            };
            Ok(Quote {
                amount_cents: bid.amount_cents + fee_cents,
                description: format!("Bid #{} approved: {} (project #{}){with_fee}", bid.id, project.title, project.id),
                trigger_id: TRIGGER_ID,
                reason_id: reason::WON_PROJECT,
                contest_id: None,
                project_id: Some(project.id),
                subject_id: Some(bid.id),
                details: json!({"bid_cents": bid.amount_cents, "listing_fee_cents": fee_cents}),
                lines: bid_lines(bid.id, bid.amount_cents, fee_cents),
            })
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
            let project_id = self.project_id;
            let project = project_store::find(&mut **unit, project_id).await?.ok_or_else(gone)?;
            let bid = bid_store::find(&mut **unit, self.bid_id)
                .await?
                .filter(|b| b.project_id == project_id)
                .ok_or_else(gone)?;
            let (_, ends_at) = approve_in(unit, &project, &bid, None, now).await?;
            Ok(Effect { wake_timers: ends_at.is_some() })
        })
    }

    /// The bid is held for its designer until the project completes; the listing fee is
    /// the platform's.
    fn split<'a>(&'a self, unit: &'a mut Unit, row: &'a TransactionRow) -> BoxFuture<'a, Result<Split, AppError>> {
        Box::pin(async move {
            let project = project_store::find(&mut **unit, self.project_id)
                .await?
                .ok_or_else(|| anyhow::anyhow!("project vanished"))?;
            let details: serde_json::Value = serde_json::from_str(&row.details).unwrap_or_default();
            let bid_cents = details["bid_cents"].as_i64().unwrap_or(row.amount_cents);
            Ok(Split::fee_only().held_for(project_work(project.id, &project.title), bid_cents))
        })
    }
}

/// An approved bid's lines: the bid, and the listing fee when one is due.
fn bid_lines(bid_id: i64, bid_cents: i64, fee_cents: i64) -> Vec<PriceLine> {
    let mut lines = vec![PriceLine {
        kind: "bid",
        id: bid_id,
        name: format!("Bid #{bid_id}"),
        list_cents: bid_cents,
        amount_cents: bid_cents,
    }];
    if fee_cents > 0 {
        lines.push(PriceLine {
            kind: "listing_fee",
            id: 0,
            name: "Listing fee".into(),
            list_cents: fee_cents,
            amount_cents: fee_cents,
        });
    }
    lines
}

/// The route of a bid's approval: `/projects/{id}/bids/{bidId}/approve/...`.
#[derive(Debug, Clone, Copy)]
pub struct BidRoute;

impl PayRoute for BidRoute {
    fn payable(&self, path: &IntentPath, _req: &IntentRequest) -> Result<Box<dyn Payable>, AppError> {
        let bid_id = path.bid_id.ok_or_else(|| anyhow::anyhow!("route without bidId"))?;
        Ok(Box::new(BidApproval { project_id: path.id, bid_id }))
    }

    fn of_route(&self, row: &TransactionRow, path: &IntentPath) -> bool {
        filed_under(row, "bid_approval", row.project_id, path, path.bid_id)
    }

    fn paypal_route(&self, path: &IntentPath) -> String {
        format!("/projects/{}/bids/{}/approve/payments/paypal", path.id, path.bid_id.unwrap_or(0))
    }
}
