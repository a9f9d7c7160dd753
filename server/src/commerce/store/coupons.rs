//! SQL of the coupon rules ([`crate::commerce::coupons`]): a coupon found by its code,
//! when a user first applied it, and its paid uses.

use sqlx::AnyConnection;
use tracing::instrument;

use crate::commerce::coupons::{CouponRow, Discount};

/// A `contest_type_coupon c` row's columns as [`CouponRow`] reads them, with its
/// redemptions counted.
pub(super) const COLUMNS: &str = "c.id, c.contest_type_id, c.code, c.percent_off, c.amount_off_cents, c.app_user_id, \
    c.contest_type_pricing_id, c.allows_custom_prize, c.usage_limit, c.created_at, \
    (SELECT COUNT(*) FROM coupon_redemption r WHERE r.contest_type_coupon_id = c.id) AS used_count";

/// The live coupon with this code, whatever its type (case-insensitive).
#[instrument(skip_all)]
pub async fn find_by_code(conn: &mut AnyConnection, code: &str) -> Result<Option<CouponRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM contest_type_coupon c WHERE LOWER(c.code) = LOWER($1) AND c.deleted_at IS NULL"
    ))
    .bind(code.trim())
    .fetch_optional(&mut *conn)
    .await
}

/// When `user_id` first applied the coupon, if they have.
#[instrument(skip_all, fields(coupon_id, user_id))]
pub async fn applied_at(conn: &mut AnyConnection, coupon_id: i64, user_id: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT applied_at FROM coupon_application WHERE contest_type_coupon_id = $1 AND app_user_id = $2",
    )
    .bind(coupon_id)
    .bind(user_id)
    .fetch_optional(&mut *conn)
    .await
}

/// Records that `user_id` applied the coupon at `now_ms`, unless they already had
/// (the first moment stays).
#[instrument(skip_all, fields(coupon_id, user_id))]
pub async fn insert_application(
    conn: &mut AnyConnection,
    coupon_id: i64,
    user_id: i64,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO coupon_application (contest_type_coupon_id, app_user_id, applied_at) VALUES ($1, $2, $3) \
         ON CONFLICT (contest_type_coupon_id, app_user_id) DO NOTHING",
    )
    .bind(coupon_id)
    .bind(user_id)
    .bind(now_ms)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Counts a paid use of the coupon, once per payment (a webhook delivered twice
/// redeems once). Call in the webhook's transaction. True when it was new.
#[instrument(skip_all, fields(user_id, payment_ref))]
pub async fn redeem(
    conn: &mut AnyConnection,
    discount: &Discount,
    user_id: i64,
    contest_id: Option<i64>,
    payment_ref: &str,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO coupon_redemption (contest_type_coupon_id, app_user_id, contest_id, payment_ref, discount_cents, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (contest_type_coupon_id, payment_ref) DO NOTHING",
    )
    .bind(discount.contest_type_coupon_id)
    .bind(user_id)
    .bind(contest_id)
    .bind(payment_ref)
    .bind(discount.discount_cents)
    .bind(now_ms)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}
