//! SQL of the commerce area: here, coupons as admins keep them, referral codes and
//! visits; by topic, what its rules read and write: [`carts`], [`coupons`] (their
//! applications and redemptions), [`subscriptions`], [`tips`].

pub mod carts;
pub mod coupons;
pub mod subscriptions;
pub mod tips;

use sqlx::{Any, Executor};
use tracing::instrument;

use self::coupons::COLUMNS;
use super::coupons::CouponRow;

/// A coupon as an admin creates it (amounts in cents).
pub struct CouponRecord<'a> {
    pub contest_type_id: i64,
    pub code: &'a str,
    pub percent_off: Option<i64>,
    pub amount_off_cents: Option<i64>,
    pub user_id: Option<i64>,
    pub contest_type_pricing_id: Option<i64>,
    pub allows_custom_prize: bool,
    pub usage_limit: Option<i64>,
    pub created_by: i64,
}

/// Inserts a coupon; its id. A code already taken fails on `contest_type_coupon_code_key`.
#[instrument(skip_all, fields(contest_type_id = coupon.contest_type_id))]
pub async fn insert_coupon<'c>(
    db: impl Executor<'c, Database = Any>,
    coupon: &CouponRecord<'_>,
    now_ms: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO contest_type_coupon (contest_type_id, code, percent_off, amount_off_cents, app_user_id, \
         contest_type_pricing_id, allows_custom_prize, usage_limit, created_by, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
    )
    .bind(coupon.contest_type_id)
    .bind(coupon.code)
    .bind(coupon.percent_off)
    .bind(coupon.amount_off_cents)
    .bind(coupon.user_id)
    .bind(coupon.contest_type_pricing_id)
    .bind(i64::from(coupon.allows_custom_prize))
    .bind(coupon.usage_limit)
    .bind(coupon.created_by)
    .bind(now_ms)
    .fetch_one(db)
    .await
}

#[instrument(skip_all, fields(coupon_id = id))]
pub async fn find_coupon<'c>(db: impl Executor<'c, Database = Any>, id: i64) -> Result<CouponRow, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {COLUMNS} FROM contest_type_coupon c WHERE c.id = $1")).bind(id).fetch_one(db).await
}

/// A contest type's live (not deleted) coupons, oldest first.
#[instrument(skip_all, fields(contest_type_id = type_id))]
pub async fn list_coupons<'c>(
    db: impl Executor<'c, Database = Any>,
    type_id: i64,
) -> Result<Vec<CouponRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM contest_type_coupon c WHERE c.contest_type_id = $1 AND c.deleted_at IS NULL ORDER BY c.id"
    ))
    .bind(type_id)
    .fetch_all(db)
    .await
}

/// Marks a type's live coupon with this code (any case) deleted; whether one was.
#[instrument(skip_all, fields(contest_type_id = type_id))]
pub async fn delete_coupon<'c>(
    db: impl Executor<'c, Database = Any>,
    type_id: i64,
    code: &str,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE contest_type_coupon SET deleted_at = $1 \
         WHERE contest_type_id = $2 AND LOWER(code) = LOWER($3) AND deleted_at IS NULL",
    )
    .bind(now_ms)
    .bind(type_id)
    .bind(code)
    .execute(db)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// Gives the user `code` as their referral code unless they have one already.
#[instrument(skip_all, fields(user_id))]
pub async fn ensure_referral_code<'c>(
    db: impl Executor<'c, Database = Any>,
    user_id: i64,
    code: &str,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO referral_code (app_user_id, code, created_at) VALUES ($1, $2, $3) ON CONFLICT (app_user_id) DO NOTHING",
    )
    .bind(user_id)
    .bind(code)
    .bind(now_ms)
    .execute(db)
    .await?;
    Ok(())
}

#[instrument(skip_all, fields(user_id))]
pub async fn referral_code<'c>(db: impl Executor<'c, Database = Any>, user_id: i64) -> Result<String, sqlx::Error> {
    sqlx::query_scalar("SELECT code FROM referral_code WHERE app_user_id = $1").bind(user_id).fetch_one(db).await
}

/// The users credited to a referrer: (user id, username, signed up at), newest first.
#[instrument(skip_all, fields(referrer_id))]
pub async fn referred_users<'c>(
    db: impl Executor<'c, Database = Any>,
    referrer_id: i64,
) -> Result<Vec<(i64, String, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT r.referred_user_id, u.username, r.created_at FROM referral r JOIN app_user u ON u.id = r.referred_user_id \
         WHERE r.referrer_id = $1 ORDER BY r.created_at DESC, r.referred_user_id DESC",
    )
    .bind(referrer_id)
    .fetch_all(db)
    .await
}

/// The user whose referral code this is.
#[instrument(skip_all)]
pub async fn referrer_by_code<'c>(
    db: impl Executor<'c, Database = Any>,
    code: &str,
) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT app_user_id FROM referral_code WHERE code = $1").bind(code).fetch_optional(db).await
}

#[instrument(skip_all, fields(referrer_id))]
pub async fn insert_referral_visit<'c>(
    db: impl Executor<'c, Database = Any>,
    cookie: &str,
    referrer_id: i64,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO referral_visit (cookie, referrer_id, created_at) VALUES ($1, $2, $3)")
        .bind(cookie)
        .bind(referrer_id)
        .bind(now_ms)
        .execute(db)
        .await?;
    Ok(())
}

/// Items in the user's tipping cart.
#[instrument(skip_all, fields(user_id))]
pub async fn cart_item_count<'c>(db: impl Executor<'c, Database = Any>, user_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM cart_item WHERE app_user_id = $1").bind(user_id).fetch_one(db).await
}

/// Paid tips awaiting an admin's approval.
#[instrument(skip_all)]
pub async fn tips_to_approve_count<'c>(db: impl Executor<'c, Database = Any>) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM contest_entry_tip WHERE approval_status_id = 1").fetch_one(db).await
}
