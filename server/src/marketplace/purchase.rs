//! Buying full rights to an entry for sale: priced here for the payment-intent flow of
//! every purpose (`/marketplace-contest-entries/{id}/payments/stripe/payment-intents`),
//! and what the paid purchase does in the webhook's transaction: the listing is sold to
//! the payer and leaves the marketplace everywhere (`marketplace.entry.removed`).

use serde_json::json;

use super::{events, store};
use crate::{
    accounts::{domain::UserType, CurrentUser},
    error::{codes, AppError},
    payments::quote::Quote,
    realtime::unit::Unit,
    state::AppState,
};

/// Payment trigger and reason of a marketplace purchase. The specification names
/// neither, so they are ours (past every id it does name).
pub const TRIGGER_ID: i64 = 30;
pub const REASON_ID: i64 = 30;

/// Prices a purchase of entry `entry_id` for `caller`: a client, not the designer,
/// and the entry for sale now (`contest.entry.not_available.purchase` otherwise).
pub async fn quote(state: &AppState, caller: &CurrentUser, entry_id: i64) -> Result<Quote, AppError> {
    if caller.user.user_type() != UserType::Client {
        return Err(AppError::forbidden(codes::MARKETPLACE_CLIENTS_ONLY));
    }
    let mut conn = state.db.pool.acquire().await?;
    let listing = store::find(&mut conn, entry_id)
        .await?
        .filter(|l| l.is_available())
        .ok_or_else(|| AppError::conflict(codes::ENTRY_NOT_PURCHASABLE))?;
    if !store::is_available(&mut conn, entry_id).await? {
        return Err(AppError::conflict(codes::ENTRY_NOT_PURCHASABLE));
    }
    Ok(Quote {
        amount_cents: listing.sale_price_cents,
        description: format!(
            "Full rights: {} by {} (entry #{})",
            listing.title, listing.username, listing.contest_entry_id
        ),
        trigger_id: TRIGGER_ID,
        reason_id: REASON_ID,
        contest_id: Some(listing.contest_id),
        project_id: None,
        subject_id: Some(listing.contest_entry_id),
        details: json!({"sale_price_cents": listing.sale_price_cents}),
        lines: Vec::new(),
    })
}

/// The paid purchase: the listing is the payer's. A rule error (sold to someone else,
/// or hidden, meanwhile) leaves the payment to be refunded by the webhook.
pub async fn paid(unit: &mut Unit, entry_id: i64, buyer: i64, transaction_id: i64, now: i64) -> Result<(), AppError> {
    if !store::mark_sold(unit, entry_id, buyer, transaction_id, now).await? {
        return Err(AppError::conflict(codes::ENTRY_NOT_PURCHASABLE));
    }
    let listing = store::find(unit, entry_id).await?.ok_or_else(|| anyhow::anyhow!("listing vanished"))?;
    Ok(events::removed(unit, &listing, events::Reason::Sold, now).await?)
}
