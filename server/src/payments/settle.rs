//! A payment that the provider says is paid, settled once, whichever provider took
//! the money (Stripe's `payment_intent.succeeded` webhook, PayPal's execute): marked
//! paid and its effect performed in the caller's unit of work, its hub events appended
//! there and published when the unit commits.

use super::{events, ledger, payable, store::cards as card_store, transactions};
use crate::{error::AppError, realtime::unit::Unit, state::AppState};

/// What settling leaves to do after commit.
#[derive(Debug, Default)]
pub struct Settled {
    pub wake_timers: bool,
    /// Paid, but what it paid for can no longer happen (an admin started the contest
    /// meanwhile, say): the caller gives the money back through its provider.
    pub refund: bool,
}

/// Marks `row` paid, performs its effect and records it in the ledger, `charged_cents`
/// being what the provider took.
/// None when it was paid already (two reports of one payment: exactly one goes on to the
/// effect).
///
/// What settles is exactly what was priced: a provider that took another amount than the
/// payment's, or an effect whose limit was reached meanwhile (the coupon's last use, an
/// upgrade bought twice, a design sold), leaves the payment recorded with a note, applies
/// nothing, and asks the caller to refund it.
pub async fn paid(
    unit: &mut Unit,
    row: &transactions::TransactionRow,
    charged_cents: i64,
    now: i64,
) -> Result<Option<Settled>, AppError> {
    // Marked first: the conditional update holds the row, so of two reports about one
    // payment exactly one goes on to the effect.
    if !transactions::mark_paid(unit, row.id, None, now).await? {
        return Ok(None);
    }
    let mut effect = payable::Effect::default();
    let mut refund = false;
    if charged_cents != row.amount_cents {
        tracing::error!(transaction_id = row.id, charged_cents, "the provider took another amount than priced");
        let note = format!("paid {charged_cents} cents where {} were priced: not applied, refunded", row.amount_cents);
        transactions::note(unit, row.id, &note).await?;
        ledger::record_unapplied(unit, row, charged_cents, now).await?;
        refund = true;
    } else {
        // A savepoint: an effect refused half-way leaves nothing of itself behind, neither
        // its writes nor its events.
        let savepoint = unit.savepoint().await?;
        match payable::apply(unit, row, now).await {
            Ok(done) => {
                unit.release(savepoint).await?;
                effect = done;
            }
            Err(refused @ (AppError::Rule { .. } | AppError::Invalid(_))) => {
                unit.rollback_to(savepoint).await?;
                let code = refusal_code(&refused);
                tracing::error!(transaction_id = row.id, code = %code, "paid, but its effect can no longer happen");
                transactions::note(unit, row.id, &format!("paid, effect not applied ({code}): refunded")).await?;
                ledger::record_unapplied(unit, row, row.amount_cents, now).await?;
                refund = true;
            }
            Err(other) => return Err(other),
        }
    }
    if let Some(card_id) = row.customer_card_id {
        card_store::mark_paid(unit, card_id, now).await?;
    }
    let paid = transactions::find(&mut **unit, row.id).await?.ok_or_else(|| anyhow::anyhow!("payment vanished"))?;
    events::updated(unit, &paid, now).await?;
    tracing::info!(transaction_id = row.id, "payment succeeded");
    Ok(Some(Settled { wake_timers: effect.wake_timers, refund }))
}

/// The catalogue code of an effect's refusal, for the payment's note.
fn refusal_code(error: &AppError) -> String {
    match error {
        AppError::Rule { code, .. } => code.code.to_owned(),
        AppError::Invalid(fields) => serde_json::to_string(fields).unwrap_or_default(),
        other => other.to_string(),
    }
}

/// Commits `unit` (its events published on commit), then wakes the timers when a
/// deadline was set or moved. Answers whether the caller must give the money back
/// through its provider ([`Settled::refund`]).
pub async fn commit(state: &AppState, unit: Unit, settled: Settled) -> Result<bool, AppError> {
    unit.commit().await?;
    if settled.wake_timers {
        state.realtime.wake_timers().await;
    }
    Ok(settled.refund)
}
