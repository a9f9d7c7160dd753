//! The PayPal side of `payment_transaction`: a new PayPal payment (the same row a card
//! payment has, `provider = 'paypal'`, PayPal's order id in the intent column, its
//! approval link in `paypal_approval_url`) and the payer and capture a capture recorded
//! (the capture id in `paypal_sale_id`, the column's name from the v1 API's sales).

use sqlx::AnyConnection;
use tracing::instrument;

use crate::payments::quote::Quote;

/// A new open PayPal payment; None when the (user, key) pair exists (a racing retry).
#[allow(clippy::too_many_arguments)]
#[instrument(skip_all, fields(user_id = user_id, purpose = %purpose))]
pub async fn insert(
    conn: &mut AnyConnection,
    user_id: i64,
    purpose: &str,
    quote: &Quote,
    order_id: &str,
    approval_url: &str,
    key: &str,
    now: i64,
) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO payment_transaction (app_user_id, purpose, trigger_id, reason_id, contest_id, project_id, subject_id, \
         details, amount_cents, stripe_payment_intent_id, client_secret, idempotency_key, provider, paypal_approval_url, \
         created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, '', $11, 'paypal', $12, $13, $13) \
         ON CONFLICT (app_user_id, idempotency_key) DO NOTHING RETURNING id",
    )
    .bind(user_id)
    .bind(purpose)
    .bind(quote.trigger_id)
    .bind(quote.reason_id)
    .bind(quote.contest_id)
    .bind(quote.project_id)
    .bind(quote.subject_id)
    .bind(quote.details.to_string())
    .bind(quote.amount_cents)
    .bind(order_id)
    .bind(key)
    .bind(approval_url)
    .bind(now)
    .fetch_optional(conn)
    .await
}

/// The payer and the capture of a captured order, before it is settled.
#[instrument(skip_all, fields(transaction_id = id))]
pub async fn set_capture(
    conn: &mut AnyConnection,
    id: i64,
    payer_id: &str,
    capture_id: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE payment_transaction SET paypal_payer_id = $1, paypal_sale_id = $2, updated_at = $3 WHERE id = $4",
    )
    .bind(payer_id)
    .bind(capture_id)
    .bind(now)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}
