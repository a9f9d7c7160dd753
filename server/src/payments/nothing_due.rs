//! Purchases whose price is $0, such as a launch its coupon covers whole: no card or PayPal
//! can take $0, so nothing reaches a provider. The purchase is recorded as a payment of
//! nothing (provider `none`, amount 0, with the quote's details: the options and coupon it
//! priced) and settled at once in one unit of work, with the same effect, hub events and
//! invoice line as a paid one. An effect refused (the contest started meanwhile, the coupon's
//! last use gone) rolls everything back: nothing is recorded and the refusal is answered.

use super::{events, payable, transactions};
use crate::{accounts::CurrentUser, error::AppError, state::AppState};

/// Settles `purpose` for `caller` when its price is $0; None (nothing written) when
/// something is to pay, which the selling area answers in its own words.
pub async fn settle(
    state: &AppState,
    caller: &CurrentUser,
    purpose: &dyn payable::Payable,
) -> Result<Option<transactions::TransactionRow>, AppError> {
    let quote = payable::price(state, caller, purpose).await?;
    if quote.amount_cents != 0 {
        return Ok(None);
    }
    let now = state.now_ms();
    let key = format!("nothing-due-{}", crate::accounts::secrets::new_secret());
    let mut unit = state.realtime.begin().await?;
    let id = transactions::insert_without_provider(&mut unit, caller.id(), purpose.kind(), &quote, &key, "none", now)
        .await?;
    transactions::mark_paid(&mut unit, id, None, now).await?;
    let row = transactions::find(&mut *unit, id).await?.ok_or_else(|| anyhow::anyhow!("payment vanished"))?;
    let effect = payable::apply(&mut unit, &row, now).await?;
    events::updated(&mut unit, &row, now).await?;
    unit.commit().await?;
    if effect.wake_timers {
        state.realtime.wake_timers().await;
    }
    tracing::info!(transaction_id = row.id, purpose = %row.purpose, "settled with nothing to pay");
    Ok(Some(row))
}
