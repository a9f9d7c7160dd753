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

/// What [`redeem`] did with a paid use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Redeemed {
    /// Counted now.
    Counted,
    /// This payment's use was counted already (a webhook delivered twice).
    Already,
    /// The coupon had reached its usage limit: nothing counted.
    LimitReached,
}

/// Counts a paid use of the coupon, once per payment (a webhook delivered twice
/// redeems once), and never past its usage limit: the coupon's row is locked first (an
/// update that changes nothing takes PostgreSQL's row lock; SQLite has one writer), so of
/// two payments settling at once for its last use, the second counts the first's
/// redemption. Call in the settling transaction.
#[instrument(skip_all, fields(user_id, payment_ref))]
pub async fn redeem(
    conn: &mut AnyConnection,
    discount: &Discount,
    user_id: i64,
    contest_id: Option<i64>,
    payment_ref: &str,
    now_ms: i64,
) -> Result<Redeemed, sqlx::Error> {
    let coupon_id = discount.contest_type_coupon_id;
    sqlx::query("UPDATE contest_type_coupon SET usage_limit = usage_limit WHERE id = $1")
        .bind(coupon_id)
        .execute(&mut *conn)
        .await?;
    let already: Option<i64> =
        sqlx::query_scalar("SELECT id FROM coupon_redemption WHERE contest_type_coupon_id = $1 AND payment_ref = $2")
            .bind(coupon_id)
            .bind(payment_ref)
            .fetch_optional(&mut *conn)
            .await?;
    if already.is_some() {
        return Ok(Redeemed::Already);
    }
    let (limit, used): (Option<i64>, i64) = sqlx::query_as(
        "SELECT c.usage_limit, (SELECT COUNT(*) FROM coupon_redemption r WHERE r.contest_type_coupon_id = c.id) \
         FROM contest_type_coupon c WHERE c.id = $1",
    )
    .bind(coupon_id)
    .fetch_one(&mut *conn)
    .await?;
    if limit.is_some_and(|limit| used >= limit) {
        return Ok(Redeemed::LimitReached);
    }
    let done = sqlx::query(
        "INSERT INTO coupon_redemption (contest_type_coupon_id, app_user_id, contest_id, payment_ref, discount_cents, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (contest_type_coupon_id, payment_ref) DO NOTHING",
    )
    .bind(coupon_id)
    .bind(user_id)
    .bind(contest_id)
    .bind(payment_ref)
    .bind(discount.discount_cents)
    .bind(now_ms)
    .execute(&mut *conn)
    .await?;
    Ok(if done.rows_affected() == 1 { Redeemed::Counted } else { Redeemed::Already })
}
