//! Giving part of a settled payment back, through the provider that took it: one rejected
//! tip of a paid cart, say (the rest of the cart stays paid). The selling area decides what
//! is given back and when; this module only moves the money and records it on the payment
//! (Stripe's `charge.refunded` records the refunded total for a card; a PayPal refund has no
//! webhook here and is added at once).

use axum::http::StatusCode;

use super::transactions::{self, TransactionRow, PAID};
use crate::{
    error::{codes, AppError},
    shared::paypal::client::Money,
    state::AppState,
};

/// Gives `cents` of the paid payment whose provider id is `payment_ref` back to its payer,
/// once per `key` (the provider's idempotency key: a retry refunds nothing more). A payment
/// of nothing (provider `none`) has nothing to give back.
pub async fn refund_part(state: &AppState, payment_ref: &str, cents: i64, key: &str) -> Result<(), AppError> {
    let row: TransactionRow = transactions::find_by_intent(&state.db.pool, payment_ref)
        .await?
        .ok_or_else(|| AppError::not_found(codes::PAYMENT_NOT_FOUND))?;
    if row.status_id != PAID || cents <= 0 || cents > row.amount_cents - row.refunded_cents {
        return Err(AppError::conflict(codes::PAYMENT_NOT_OPEN));
    }
    match row.provider.as_str() {
        "stripe" => state.stripe.refund_part(&row.stripe_payment_intent_id, cents, key).await?,
        "paypal" => {
            let capture =
                row.paypal_sale_id.as_deref().ok_or_else(|| anyhow::anyhow!("a PayPal payment without a capture"))?;
            state.paypal.client.refund_capture_part(capture, &Money::usd(cents), key).await.map_err(|err| {
                tracing::error!(error = %err, "PayPal refund failed");
                AppError::rule(StatusCode::BAD_GATEWAY, codes::PROVIDER_UNAVAILABLE)
            })?;
            let mut tx = state.db.pool.begin().await?;
            transactions::record_refunded(&mut tx, &row, row.refunded_cents + cents, state.now_ms()).await?;
            tx.commit().await?;
        }
        _ => {}
    }
    tracing::info!(transaction_id = row.id, cents, "part of a payment refunded");
    Ok(())
}
