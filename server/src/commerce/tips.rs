//! Tips: paid cart items awaiting an admin (1 pending, 2 approved, 3 rejected). The
//! admin lists and decides them; the designer is notified of an approval and the
//! tipping client hears of either decision (`tip.updated`). Tip stats sum approved tips.

use serde::Serialize;
use serde_json::{json, Value};
use sqlx::AnyConnection;
use tracing::instrument;
use utoipa::ToSchema;
use vitrine_protocol::{event_type, Channel};

// A read, and a paid item's tip, with nothing to decide: the store's own functions.
use super::store::tips as store;
pub use super::store::tips::find;
pub(super) use super::store::tips::insert_pending;
use crate::shared::{
    money::as_dollars,
    transitions::{Actor, Machine, Transition},
};
use crate::{
    error::AppError,
    notifications::{notify, texts, NewNotification, NotificationType, Text},
    payments::{
        ledger::{self, Funding, Work},
        transactions as payments,
    },
    realtime::unit::Unit,
};

pub const PENDING: i64 = 1;
pub const APPROVED: i64 = 2;
pub const REJECTED: i64 = 3;

/// What moves a tip (`approval_status_id`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TipAction {
    /// An admin approves it (`PATCH /contest-entry-tips/{id}`, 2): the designer is owed it.
    Approve,
    /// An admin rejects it (3): the client is refunded.
    Reject,
}

/// The tip's state machine, in one table (docs/states.md): a paid tip is created pending
/// (1) and an admin decides it once; a decided tip never moves again.
pub const TIP: Machine<i64, TipAction> = Machine(&[
    Transition { action: TipAction::Approve, from: &[PENDING], to: APPROVED, by: &[Actor::Admin] },
    Transition { action: TipAction::Reject, from: &[PENDING], to: REJECTED, by: &[Actor::Admin] },
]);

/// Whether `status` is a decision an admin can take on some tip.
pub fn is_decision(status: i64) -> bool {
    TIP.rows().iter().any(|t| t.to == status)
}
/// Tips per page of the admin's list.
pub const PER_PAGE: i64 = 48;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TipRow {
    pub id: i64,
    pub contest_id: i64,
    pub contest_title: String,
    pub contest_entry_id: i64,
    pub entry_number: i64,
    pub created_by: i64,
    pub client_username: String,
    pub designer_id: i64,
    pub designer_username: String,
    pub amount_cents: i64,
    pub approval_status_id: i64,
    pub created_at: i64,
    pub decided_at: Option<i64>,
    /// The provider's id of the payment that paid it (the cart's).
    pub payment_ref: String,
    /// 1: a subscriber's free award, paid by their subscription: nothing to give back.
    pub is_free_award: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UserName {
    pub id: i64,
    pub username: String,
}

/// A tip as the admin's list and the `tip.updated` event show it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TipView {
    pub id: i64,
    pub contest_id: i64,
    pub contest_title: String,
    pub contest_entry_id: i64,
    pub entry_number: i64,
    /// The tipping client.
    pub created_by_user: UserName,
    /// The entry's designer, who receives the tip.
    pub designer: UserName,
    /// US dollars.
    pub amount: f64,
    pub amount_cents: i64,
    /// 1 pending, 2 approved, 3 rejected.
    pub approval_status_id: i64,
    pub created_at: i64,
    pub decided_at: Option<i64>,
}

impl From<TipRow> for TipView {
    fn from(t: TipRow) -> Self {
        Self {
            id: t.id,
            contest_id: t.contest_id,
            contest_title: t.contest_title,
            contest_entry_id: t.contest_entry_id,
            entry_number: t.entry_number,
            created_by_user: UserName { id: t.created_by, username: t.client_username },
            designer: UserName { id: t.designer_id, username: t.designer_username },
            amount: as_dollars(t.amount_cents),
            amount_cents: t.amount_cents,
            approval_status_id: t.approval_status_id,
            created_at: t.created_at,
            decided_at: t.decided_at,
        }
    }
}

/// One page of tips, newest first, optionally of one approval status; and the count.
pub async fn page(conn: &mut AnyConnection, status: Option<i64>, page: i64) -> Result<(Vec<TipRow>, i64), sqlx::Error> {
    store::page(conn, status, PER_PAGE, (page - 1) * PER_PAGE).await
}

/// One page of the tips `user_id` gave (all of them) or received (approved ones only:
/// a designer hears of a tip once an admin approved it), newest first; and the count.
pub async fn page_for_user(
    conn: &mut AnyConnection,
    user_id: i64,
    page: i64,
) -> Result<(Vec<TipRow>, i64), sqlx::Error> {
    store::page_for_user(conn, user_id, PER_PAGE, (page - 1) * PER_PAGE).await
}

/// A rejected tip's money back to the client who paid it: its amount of the cart's payment,
/// through the provider that took it, once (the decision is taken once, and the provider's
/// key is the tip's). A free award cost the client nothing. Called after the decision
/// commits; a provider that fails leaves the tip rejected and the failure logged for an
/// admin, who refunds it at the provider.
pub async fn give_back(state: &crate::state::AppState, tip: &TipRow) {
    if tip.is_free_award == 1 {
        return;
    }
    let key = format!("refund-tip-{}", tip.id);
    if let Err(err) = crate::payments::refunds::refund_part(state, &tip.payment_ref, tip.amount_cents, &key).await {
        tracing::error!(tip_id = tip.id, error = %err, "a rejected tip could not be refunded");
    }
}

/// The tips a cart's payment (`payment_ref`) became.
pub async fn of_payment(conn: &mut AnyConnection, payment_ref: &str) -> Result<Vec<TipRow>, sqlx::Error> {
    store::of_payment(conn, payment_ref).await
}

/// A tip (or free award) as the ledger holds it until an admin decides it, and credits it.
pub fn work(tip: &TipRow) -> Work {
    let kind = if tip.is_free_award == 1 { "free_award" } else { "tip" };
    Work::new(kind, tip.id, &tip.contest_title).in_contest(tip.contest_id)
}

/// The ledger's side of a decision: an approved tip is owed to its designer (out of what
/// the client paid, held since; a free award out of the platform's fee), a rejected one
/// is due back to the client (given back by [`give_back`] after commit).
async fn account_for(conn: &mut AnyConnection, tip: &TipRow, decision: i64, now_ms: i64) -> Result<(), AppError> {
    let work = work(tip);
    match (decision, tip.is_free_award == 1) {
        (APPROVED, true) => {
            ledger::credit(conn, tip.designer_id, &work, tip.amount_cents, Funding::Platform, now_ms).await
        }
        (APPROVED, false) => {
            let held = Funding::Held(work.clone());
            ledger::credit(conn, tip.designer_id, &work, tip.amount_cents, held, now_ms).await
        }
        (_, false) => {
            let Some(payment) = payments::find_by_intent(&mut *conn, &tip.payment_ref).await? else { return Ok(()) };
            ledger::owe_refund(conn, payment.id, &work, tip.amount_cents, now_ms).await
        }
        (_, true) => Ok(()),
    }
}

/// Decides a pending tip as [`TIP`] allows (compare-and-set: false if it was no longer
/// pending), and
/// writes what follows: the ledger's lines, the designer's notification on approval,
/// `tip.updated` to the client, in the unit.
#[instrument(skip_all, fields(tip_id = id, decision))]
pub async fn decide(unit: &mut Unit, id: i64, decision: i64, admin_id: i64, now_ms: i64) -> Result<bool, AppError> {
    let conn: &mut AnyConnection = unit;
    let Some(current) = find(conn, id).await? else { return Ok(false) };
    let from = current.approval_status_id;
    if TIP.action_for(from, decision, Actor::Admin).is_none() {
        return Ok(false);
    }
    if !store::decide(conn, id, from, decision, admin_id, now_ms).await? {
        return Ok(false);
    }
    let Some(tip) = find(conn, id).await? else { return Ok(false) };
    account_for(conn, &tip, decision, now_ms).await?;
    if decision == APPROVED {
        ledger::announce(unit, tip.designer_id, now_ms).await?;
        let n = NewNotification {
            user_id: tip.designer_id,
            kind: NotificationType::TipApproved,
            created_by: Some(tip.created_by),
            trigger_entity_id: Some(tip.id),
            text: Text::new(
                texts::TIP_APPROVED,
                json!({
                    "username": tip.client_username,
                    "amount": format!("{:.2}", as_dollars(tip.amount_cents)),
                    "number": tip.entry_number,
                    "contest": tip.contest_title,
                }),
            ),
            data: json!({"contest_id": tip.contest_id, "contest_entry_id": tip.contest_entry_id, "id": tip.id}),
        };
        notify(unit, n, now_ms).await?;
    }
    let client = tip.created_by;
    let data = serde_json::to_value(TipView::from(tip)).unwrap_or(Value::Null);
    unit.append(&Channel::User(client), event_type::TIP_UPDATED, data, now_ms).await?;
    Ok(true)
}

/// Approved tips of a user: received (designers) or given (everyone else); the sum
/// in cents and the number of contests they span.
pub async fn stats(conn: &mut AnyConnection, user_id: i64, as_designer: bool) -> Result<(i64, i64), sqlx::Error> {
    store::approved_sum(conn, user_id, as_designer).await
}
