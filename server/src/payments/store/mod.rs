//! SQL of the payments area: saved cards and customers ([`cards`]), invoices' download
//! links ([`invoices`]), stored payments ([`transactions`]), the price list and the Stripe
//! events handled. PayPal's own rows are in `paypal::store`.

pub mod cards;
pub mod invoices;
pub mod ledger;
pub mod transactions;

use sqlx::{Any, Executor, FromRow};
use tracing::instrument;

/// A `payment_price` row.
#[derive(Debug, FromRow)]
pub struct PriceRow {
    pub code: String,
    pub amount_cents: i64,
    pub description: String,
}

/// The price with `code`, in cents; None when no row has it.
#[instrument(skip_all)]
pub async fn price_cents<'c>(db: impl Executor<'c, Database = Any>, code: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT amount_cents FROM payment_price WHERE code = $1").bind(code).fetch_optional(db).await
}

/// Every price, by code.
#[instrument(skip_all)]
pub async fn prices<'c>(db: impl Executor<'c, Database = Any>) -> Result<Vec<PriceRow>, sqlx::Error> {
    sqlx::query_as("SELECT code, amount_cents, description FROM payment_price ORDER BY code").fetch_all(db).await
}

/// Records a Stripe event as handled; false when it was already (a redelivery).
#[instrument(skip_all)]
pub async fn record_stripe_event<'c>(
    db: impl Executor<'c, Database = Any>,
    id: &str,
    kind: &str,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    let done =
        sqlx::query("INSERT INTO stripe_event (id, type, received_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING")
            .bind(id)
            .bind(kind)
            .bind(now_ms)
            .execute(db)
            .await?;
    Ok(done.rows_affected() == 1)
}
