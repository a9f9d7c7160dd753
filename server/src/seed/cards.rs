//! A saved test card for each demo client (`seed --demo`), default and already used
//! once, so a demo client can pay with a saved card at once (no CVC asked again).
//!
//! The card is one of Stripe's test payment methods (`pm_card_visa`...): the test-mode
//! provider's local Stripe (`vitrine-stripe-mock`) clones it on every payment, so it
//! works after each restart although the local Stripe keeps nothing; real Stripe in
//! test mode accepts the same ids. Idempotent: a client with a card is left alone.

use sqlx::Connection;
use tracing::instrument;

use crate::{
    payments::store::cards::{self as card_store, NewCard},
    store::{clock::Clock, Db},
};

/// Stripe's test payment methods, as (id, brand, last 4 digits): one per demo client.
const TEST_CARDS: &[(&str, &str, &str)] =
    &[("pm_card_visa", "visa", "4242"), ("pm_card_mastercard", "mastercard", "4444"), ("pm_card_amex", "amex", "8431")];

/// Saves a test card for every demo client without one.
#[instrument(skip_all)]
pub async fn seed(db: &Db, clock: &dyn Clock) -> anyhow::Result<()> {
    let mut conn = db.pool.acquire().await?;
    let clients: Vec<i64> = sqlx::query_scalar(
        "SELECT u.id FROM app_user u WHERE u.user_type_id = 2 AND u.username LIKE 'demo-%' \
         AND NOT EXISTS (SELECT 1 FROM customer_card c WHERE c.app_user_id = u.id) ORDER BY u.id",
    )
    .fetch_all(&mut *conn)
    .await?;
    let now = clock.now_ms();
    // Four years ahead, by the calendar year of `now` (365.25-day years suffice here).
    let exp_year = 1970 + now / 31_557_600_000 + 4;
    let mut tx = conn.begin().await?;
    for user_id in clients {
        // Each test card at most once: `stripe_id` is unique.
        let mut free = None;
        for card in TEST_CARDS {
            if card_store::find_by_stripe_id(&mut *tx, card.0).await?.is_none() {
                free = Some(*card);
                break;
            }
        }
        let Some((stripe_id, brand, last4)) = free else { break };
        let card = NewCard { user_id, object: "payment_method", stripe_id, brand, last4, exp_month: 12, exp_year };
        let id = card_store::insert(&mut tx, &card, now).await?;
        card_store::mark_paid(&mut tx, id, now).await?;
    }
    tx.commit().await?;
    Ok(())
}
