//! Subscriptions: unlimited contests (trigger 13, $449) and unlimited upgrades
//! (trigger 2, $49). A purchase is recorded pending; the payment webhook makes it
//! active with [`activate`]; admins set a user's subscriptions directly.
//!
//! `app_user.has_subscribed` mirrors "has an active unlimited-contests subscription":
//! the contest start request (`contests::lifecycle::request_start`, one free slot at
//! a time) and the project queue (`projects::launch`, `is_subscription`) read it, so
//! every change here goes through [`sync_flag`] in the same transaction. A subscribed
//! owner approves a bid on a subscription project without paying, one active at a
//! time (`projects::queue::may_start_project_free`, checked by `bids::routes::approve`).

use serde::Serialize;
use serde_json::Value;
use sqlx::AnyConnection;
use tracing::instrument;
use utoipa::ToSchema;
use vitrine_protocol::{event_type, Channel};

// Reads with nothing to decide: the store's own functions.
use super::store::subscriptions as store;
pub use super::store::subscriptions::{all, find};
use crate::shared::money::as_dollars;
use crate::{
    accounts::store as accounts_store,
    error::{codes, AppError},
    realtime::unit::Unit,
    store::is_unique_violation,
};

/// Subscription codes (contests doc, section 9), used as their trigger ids.
pub const UNLIMITED_UPGRADES: i64 = 2;
pub const UNLIMITED_CONTESTS: i64 = 13;

/// Status of a `user_subscription`.
pub const PENDING: i64 = 1;
pub const ACTIVE: i64 = 2;
pub const CANCELLED: i64 = 3;

/// What a subscription costs, in cents (contests doc, section 9: 49 and 449).
pub fn price_cents(trigger_id: i64) -> Option<i64> {
    match trigger_id {
        UNLIMITED_UPGRADES => Some(4_900),
        UNLIMITED_CONTESTS => Some(44_900),
        _ => None,
    }
}

fn name(trigger_id: i64) -> &'static str {
    match trigger_id {
        UNLIMITED_UPGRADES => "Unlimited Upgrades",
        _ => "Unlimited Contests",
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SubscriptionRow {
    pub id: i64,
    pub app_user_id: i64,
    pub trigger_id: i64,
    pub amount_cents: i64,
    pub status_id: i64,
    pub created_at: i64,
    pub activated_at: Option<i64>,
    pub cancelled_at: Option<i64>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SubscriptionView {
    pub id: i64,
    pub user_id: i64,
    /// 2 unlimited upgrades, 13 unlimited contests.
    pub trigger_id: i64,
    pub name: &'static str,
    /// US dollars.
    pub amount: f64,
    pub amount_cents: i64,
    /// 1 pending payment, 2 active, 3 cancelled.
    pub status_id: i64,
    pub created_at: i64,
    pub activated_at: Option<i64>,
    pub cancelled_at: Option<i64>,
}

impl From<SubscriptionRow> for SubscriptionView {
    fn from(s: SubscriptionRow) -> Self {
        Self {
            id: s.id,
            user_id: s.app_user_id,
            trigger_id: s.trigger_id,
            name: name(s.trigger_id),
            amount: as_dollars(s.amount_cents),
            amount_cents: s.amount_cents,
            status_id: s.status_id,
            created_at: s.created_at,
            activated_at: s.activated_at,
            cancelled_at: s.cancelled_at,
        }
    }
}

/// The user's active subscriptions, optionally only of `trigger_ids`.
pub async fn active(
    conn: &mut AnyConnection,
    user_id: i64,
    trigger_ids: &[i64],
) -> Result<Vec<SubscriptionRow>, sqlx::Error> {
    let rows = store::active(conn, user_id).await?;
    Ok(rows.into_iter().filter(|s| trigger_ids.is_empty() || trigger_ids.contains(&s.trigger_id)).collect())
}

/// True when the user has this subscription active: the payments area asks this
/// before charging for upgrades (2) and the contest rules for free starts (13).
pub async fn has_active(conn: &mut AnyConnection, user_id: i64, trigger_id: i64) -> Result<bool, sqlx::Error> {
    Ok(!active(conn, user_id, &[trigger_id]).await?.is_empty())
}

/// Records a purchase awaiting payment, or answers the one already pending (a
/// retried purchase makes no second row). 409 when the subscription is already active.
#[instrument(skip_all, fields(user_id, trigger_id))]
pub async fn purchase(
    conn: &mut AnyConnection,
    user_id: i64,
    trigger_id: i64,
    now_ms: i64,
) -> Result<SubscriptionRow, AppError> {
    let amount =
        price_cents(trigger_id).ok_or_else(|| AppError::field("trigger_id", codes::SUBSCRIPTION_TRIGGER_IN))?;
    if has_active(conn, user_id, trigger_id).await? {
        return Err(AppError::conflict(codes::SUBSCRIPTION_ACTIVE));
    }
    if let Some(pending) = store::latest_pending(conn, user_id, trigger_id).await? {
        return Ok(pending);
    }
    let id = store::insert_pending(conn, user_id, trigger_id, amount, now_ms).await?;
    find(conn, id).await?.ok_or_else(|| anyhow::anyhow!("subscription {id} vanished").into())
}

/// The payment for a pending subscription succeeded: it becomes active, the user's
/// `has_subscribed` follows, and `subscription.updated` goes to the user. Call in the
/// settling unit. A second delivery of the same payment changes nothing and appends no
/// event; 409 if the user meanwhile got the same subscription otherwise (the caller
/// refunds), 404 if there is no such subscription.
#[instrument(skip_all, fields(subscription_id, payment_ref))]
pub async fn activate(unit: &mut Unit, subscription_id: i64, payment_ref: &str, now_ms: i64) -> Result<(), AppError> {
    let conn: &mut AnyConnection = unit;
    let row = find(conn, subscription_id).await?.ok_or_else(|| AppError::not_found(codes::SUBSCRIPTION_NOT_FOUND))?;
    if row.status_id != PENDING {
        return Ok(());
    }
    let done = store::activate(conn, subscription_id, payment_ref, now_ms).await.map_err(|err| {
        match is_unique_violation(&err, "user_subscription_active_key") {
            true => AppError::conflict(codes::SUBSCRIPTION_ACTIVE),
            false => err.into(),
        }
    })?;
    if !done {
        return Ok(());
    }
    changed(unit, row.app_user_id, subscription_id, now_ms).await
}

/// An admin turns a subscription on (a free grant, no payment) or off for a user.
/// Appends `subscription.updated` when something changed.
#[instrument(skip_all, fields(user_id, trigger_id, on))]
pub async fn set(unit: &mut Unit, user_id: i64, trigger_id: i64, on: bool, now_ms: i64) -> Result<(), AppError> {
    let conn: &mut AnyConnection = unit;
    let current = active(conn, user_id, &[trigger_id]).await?;
    match (on, current.first()) {
        (true, Some(_)) | (false, None) => Ok(()),
        (true, None) => {
            let id = store::insert_granted(conn, user_id, trigger_id, now_ms).await?;
            changed(unit, user_id, id, now_ms).await
        }
        (false, Some(row)) => {
            store::cancel(conn, row.id, now_ms).await?;
            changed(unit, user_id, row.id, now_ms).await
        }
    }
}

/// After a change: the mirror flag, then the event with the subscription as it is.
async fn changed(unit: &mut Unit, user_id: i64, subscription_id: i64, now_ms: i64) -> Result<(), AppError> {
    sync_flag(unit, user_id).await?;
    let row = find(unit, subscription_id).await?.ok_or_else(|| AppError::not_found(codes::SUBSCRIPTION_NOT_FOUND))?;
    let data = serde_json::to_value(SubscriptionView::from(row)).unwrap_or(Value::Null);
    unit.append(&Channel::User(user_id), event_type::SUBSCRIPTION_UPDATED, data, now_ms).await?;
    Ok(())
}

/// `has_subscribed` = an unlimited-contests subscription is active.
pub async fn sync_flag(conn: &mut AnyConnection, user_id: i64) -> Result<(), sqlx::Error> {
    accounts_store::sync_subscribed(&mut *conn, user_id, UNLIMITED_CONTESTS, ACTIVE).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_are_the_specifications() {
        assert_eq!(price_cents(UNLIMITED_CONTESTS), Some(44_900));
        assert_eq!(price_cents(UNLIMITED_UPGRADES), Some(4_900));
        assert_eq!(price_cents(9), None);
    }
}
