//! Stored payments (`payment_transaction`) and `GET /transactions`: a client sees
//! their own payments, an admin everyone's. Their SQL is [`super::store::transactions`]
//! (its functions re-exported here, where the payments area has always called them).

use axum::{extract::State, Json};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};

use super::store::transactions as store;
pub use super::store::transactions::{
    find, find_by_intent, find_by_key, insert, insert_without_provider, mark_failed, mark_paid, note, paid_for_contest,
    reprice, set_card, TransactionRow,
};
use crate::{
    accounts::CurrentUser,
    error::{ApiQuery, AppError, ErrorEnvelope},
    shared::page::Page,
    state::AppState,
};

pub const PER_PAGE: i64 = 48;

/// Records that `refunded_total` of the payment `row` was given back in all (Stripe's
/// `charge.refunded`, a PayPal refund): on the payment, and what is new of it in the
/// ledger ([`super::ledger::record_refunded`]), in the caller's transaction.
pub async fn record_refunded(
    conn: &mut sqlx::AnyConnection,
    row: &TransactionRow,
    refunded_total: i64,
    now: i64,
) -> Result<(), AppError> {
    store::mark_refunded(conn, row.id, refunded_total, now).await?;
    super::ledger::record_refunded(conn, row, refunded_total, now).await
}
/// `status_id` (contests doc, section 4).
pub const UNPAID: i64 = 1;
pub const PAID: i64 = 2;

/// A payment as the API shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct TransactionView {
    pub id: i64,
    pub user_id: i64,
    /// contest_launch, contest_upgrade, contest_extend, contest_prize, additional_design,
    /// bid_approval or budget_increase.
    pub purpose: String,
    /// Payment trigger id (4 contest create, 5 upgrade, 6 extend, 7 additional design,
    /// 8 prize increase, 10 bid approval, 11 budget increase).
    pub trigger_id: i64,
    /// Payment reason id (7 won contest, 8 additional entry, 9 additional payment, 21 won project).
    pub reason_id: i64,
    pub contest_id: Option<i64>,
    pub project_id: Option<i64>,
    /// The additional entry's entry id or the approved bid id.
    pub subject_id: Option<i64>,
    /// Whole US dollars.
    pub amount: i64,
    pub amount_cents: i64,
    pub currency: String,
    /// 1 Unpaid, 2 Paid.
    pub status_id: i64,
    pub status: &'static str,
    /// open, failed, paid or refunded.
    pub state: String,
    /// Stripe's `pi_...`, or PayPal's order id when `provider` is paypal (`PAYID-...`, a v1 payment id, on
    /// payments made before the Orders v2 API).
    pub payment_intent_id: String,
    /// stripe (a card) or paypal.
    pub provider: String,
    pub failure_message: Option<String>,
    pub refunded_cents: i64,
    pub paid_at: Option<i64>,
    pub created_at: i64,
}

impl From<TransactionRow> for TransactionView {
    fn from(row: TransactionRow) -> Self {
        Self {
            id: row.id,
            user_id: row.app_user_id,
            purpose: row.purpose,
            trigger_id: row.trigger_id,
            reason_id: row.reason_id,
            contest_id: row.contest_id,
            project_id: row.project_id,
            subject_id: row.subject_id,
            amount: row.amount_cents / 100,
            amount_cents: row.amount_cents,
            currency: row.currency,
            status_id: row.status_id,
            status: if row.status_id == PAID { "Paid" } else { "Unpaid" },
            state: row.state,
            payment_intent_id: row.stripe_payment_intent_id,
            provider: row.provider,
            failure_message: row.failure_message,
            refunded_cents: row.refunded_cents,
            paid_at: row.paid_at,
            created_at: row.created_at,
        }
    }
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    #[serde(default, deserialize_with = "crate::shared::page::page_number")]
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
}

/// Payments, newest first, 48 a page: a user's own; an admin sees everyone's.
#[utoipa::path(get, path = "/transactions", tag = "payments", params(ListQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<TransactionView>), (status = 401, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = caller.id()))]
pub async fn list(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<Page<TransactionView>>, AppError> {
    let page = query.page.unwrap_or(1).max(1);
    // An admin sees everyone's.
    let owner = (!caller.is_admin()).then(|| caller.id());
    let mut conn = state.db.pool.acquire().await?;
    let (total, rows) = store::page(&mut conn, owner, PER_PAGE, (page - 1) * PER_PAGE).await?;
    let next_page_url = (page * PER_PAGE < total).then(|| format!("/transactions?page={}", page + 1));
    Ok(Json(Page {
        data: rows.into_iter().map(TransactionView::from).collect(),
        current_page: page,
        per_page: PER_PAGE,
        next_page_url,
        total,
    }))
}
