//! SQL of subscriptions ([`crate::commerce::subscriptions`]): `user_subscription` rows,
//! pending until paid, active, cancelled. (`app_user.has_subscribed`, which mirrors
//! them, is written by `accounts::store::sync_subscribed`.)

use sqlx::AnyConnection;
use tracing::instrument;

use crate::commerce::subscriptions::{SubscriptionRow, ACTIVE, CANCELLED, PENDING};

const COLUMNS: &str = "id, app_user_id, trigger_id, amount_cents, status_id, created_at, activated_at, cancelled_at";

#[instrument(skip_all, fields(subscription_id = id))]
pub async fn find(conn: &mut AnyConnection, id: i64) -> Result<Option<SubscriptionRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {COLUMNS} FROM user_subscription WHERE id = $1"))
        .bind(id)
        .fetch_optional(&mut *conn)
        .await
}

/// The user's active subscriptions, by trigger.
#[instrument(skip_all, fields(user_id))]
pub async fn active(conn: &mut AnyConnection, user_id: i64) -> Result<Vec<SubscriptionRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM user_subscription WHERE app_user_id = $1 AND status_id = $2 ORDER BY trigger_id"
    ))
    .bind(user_id)
    .bind(ACTIVE)
    .fetch_all(&mut *conn)
    .await
}

/// Every subscription of the user, newest first (pending, active and cancelled).
#[instrument(skip_all, fields(user_id))]
pub async fn all(conn: &mut AnyConnection, user_id: i64) -> Result<Vec<SubscriptionRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {COLUMNS} FROM user_subscription WHERE app_user_id = $1 ORDER BY id DESC"))
        .bind(user_id)
        .fetch_all(&mut *conn)
        .await
}

/// The user's latest purchase of `trigger_id` awaiting payment, if any.
#[instrument(skip_all, fields(user_id, trigger_id))]
pub async fn latest_pending(
    conn: &mut AnyConnection,
    user_id: i64,
    trigger_id: i64,
) -> Result<Option<SubscriptionRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM user_subscription WHERE app_user_id = $1 AND trigger_id = $2 AND status_id = $3 \
         ORDER BY id DESC LIMIT 1"
    ))
    .bind(user_id)
    .bind(trigger_id)
    .bind(PENDING)
    .fetch_optional(&mut *conn)
    .await
}

/// Inserts a purchase awaiting payment; its id.
#[instrument(skip_all, fields(user_id, trigger_id))]
pub async fn insert_pending(
    conn: &mut AnyConnection,
    user_id: i64,
    trigger_id: i64,
    amount_cents: i64,
    now_ms: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO user_subscription (app_user_id, trigger_id, amount_cents, status_id, created_at) \
         VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(user_id)
    .bind(trigger_id)
    .bind(amount_cents)
    .bind(PENDING)
    .bind(now_ms)
    .fetch_one(&mut *conn)
    .await
}

/// Makes a pending subscription active, paid by `payment_ref` (compare-and-set on its
/// status): false when it was no longer pending. A second active subscription of the
/// same kind for the user fails on `user_subscription_active_key`.
#[instrument(skip_all, fields(subscription_id = id, payment_ref))]
pub async fn activate(conn: &mut AnyConnection, id: i64, payment_ref: &str, now_ms: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE user_subscription SET status_id = $1, payment_ref = $2, activated_at = $3 WHERE id = $4 AND status_id = $5",
    )
    .bind(ACTIVE)
    .bind(payment_ref)
    .bind(now_ms)
    .bind(id)
    .bind(PENDING)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() != 0)
}

/// Inserts an active subscription an admin granted (free, paid by `admin`); its id.
#[instrument(skip_all, fields(user_id, trigger_id))]
pub async fn insert_granted(
    conn: &mut AnyConnection,
    user_id: i64,
    trigger_id: i64,
    now_ms: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO user_subscription (app_user_id, trigger_id, amount_cents, status_id, payment_ref, created_at, activated_at) \
         VALUES ($1, $2, 0, $3, 'admin', $4, $4) RETURNING id",
    )
    .bind(user_id)
    .bind(trigger_id)
    .bind(ACTIVE)
    .bind(now_ms)
    .fetch_one(&mut *conn)
    .await
}

/// Cancels a subscription.
#[instrument(skip_all, fields(subscription_id = id))]
pub async fn cancel(conn: &mut AnyConnection, id: i64, now_ms: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE user_subscription SET status_id = $1, cancelled_at = $2 WHERE id = $3")
        .bind(CANCELLED)
        .bind(now_ms)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}
