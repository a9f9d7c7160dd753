//! Each user's Stripe customer, made the first time a card or a payment needs it.

use tracing::instrument;

use super::store::cards as card_store;
use crate::{accounts::CurrentUser, error::AppError, state::AppState};

/// The caller's Stripe customer id, creating the customer at Stripe on first need.
/// Stripe's side is idempotent per user, so two racing first requests make one.
#[instrument(skip_all, fields(user_id = caller.id()))]
pub async fn ensure(state: &AppState, caller: &CurrentUser) -> Result<String, AppError> {
    if let Some(customer) = card_store::customer_of(&state.db.pool, caller.id()).await? {
        return Ok(customer);
    }
    let user = &caller.user;
    let customer = state.stripe.create_customer(user.id, &user.email, &user.name).await?;
    let mut conn = state.db.pool.acquire().await?;
    card_store::save_customer(&mut conn, user.id, &customer, state.now_ms()).await?;
    Ok(card_store::customer_of(&mut *conn, user.id).await?.unwrap_or(customer))
}
