//! Manual transactions (payment reason 12): money an admin says was received outside
//! Vitrine (a bank transfer for an additional design, say). Recorded like a paid payment,
//! provider `manual`, in the admin's unit of work, so the payer's transactions, invoices and
//! the admin's sales show it as they show a card payment. The selling area prices it (its
//! [`Quote`], reason [`super::quote::reason::MANUAL`]) and performs its effect in the same unit.

use super::{events, ledger, payable, quote::Quote, transactions};
use crate::{error::AppError, realtime::unit::Unit};

/// Records `quote` paid by `payer_id` for `purpose` as a manual transaction at `now`,
/// in `unit`; answers the payment's id.
pub async fn record(unit: &mut Unit, payer_id: i64, purpose: &str, quote: &Quote, now: i64) -> Result<i64, AppError> {
    let key = format!("manual-{}", crate::accounts::secrets::new_secret());
    let id = transactions::insert_without_provider(unit, payer_id, purpose, quote, &key, "manual", now).await?;
    transactions::mark_paid(unit, id, None, now).await?;
    let row = transactions::find(&mut **unit, id).await?.ok_or_else(|| anyhow::anyhow!("payment vanished"))?;
    // Shared in the ledger as a card payment of the same kind is.
    let payable = payable::from_row(&row).ok_or_else(|| anyhow::anyhow!("a manual payment of no readable purpose"))?;
    let split = payable.split(unit, &row).await?;
    ledger::record_payment(unit, &row, &split, now).await?;
    events::updated(unit, &row, now).await?;
    tracing::info!(transaction_id = id, amount_cents = quote.amount_cents, "manual transaction recorded");
    Ok(id)
}
