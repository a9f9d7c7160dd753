//! The books (`GET /admin/ledger`): every ledger account's total and whether every entry
//! balances, as an admin reconciles them with the provider's statements. Each total is
//! in US cents: what payers paid (negative) and got back, what is owed to designers
//! (credited, less paid out), held for work not yet credited, the platform's fees, tax,
//! refunds due and what was paid out.

use axum::{extract::State, Json};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    accounts::CurrentUser,
    api::Data,
    error::{AppError, ErrorEnvelope},
    payments::ledger,
    state::AppState,
};

/// One account's total.
#[derive(Debug, Serialize, ToSchema)]
pub struct AccountTotal {
    /// payer, designer, held, fee, tax, refund_due or paid_out.
    pub account: String,
    pub amount_cents: i64,
}

/// The books as the ledger holds them.
#[derive(Debug, Serialize, ToSchema)]
pub struct Books {
    /// Every account with a line, by name; their totals sum to zero.
    pub accounts: Vec<AccountTotal>,
    /// Journal entries recorded.
    pub entries: i64,
    /// Entries whose lines do not sum to zero: none, unless something is wrong.
    pub unbalanced_entries: i64,
}

/// Every ledger account's total and the entries' count (admins).
#[utoipa::path(get, path = "/admin/ledger", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = Data<Books>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn books(State(state): State<AppState>, caller: CurrentUser) -> Result<Json<Data<Books>>, AppError> {
    caller.require_admin()?;
    let mut conn = state.db.pool.acquire().await?;
    let (balances, entries, unbalanced_entries) = ledger::books(&mut conn).await?;
    let accounts =
        balances.into_iter().map(|b| AccountTotal { account: b.account, amount_cents: b.amount_cents }).collect();
    Ok(Json(Data::new(Books { accounts, entries, unbalanced_entries })))
}
