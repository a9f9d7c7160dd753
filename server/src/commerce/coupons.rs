//! Coupons of a contest type: the rules a code must pass (the six `coupon.*` codes of
//! the contests doc, section 8), the discount it gives on a package, and its use.
//!
//! A coupon is valid for 24 hours from the moment a user first applies it (the
//! validation call records that moment); after that the code is no longer valid for
//! that user. Its usage limit counts redemptions, which the payment webhook writes
//! with [`redeem`] once the order is paid.
//!
//! The payments area computes a launch price with [`apply`]; it reads, never writes.

use serde::Serialize;
use sqlx::AnyConnection;
use tracing::instrument;
use utoipa::ToSchema;

// Reads, and the paid use, with nothing to decide: the store's own functions.
use super::store::coupons as store;
pub use super::store::coupons::{applied_at, find_by_code};
use crate::{
    accounts::{domain::UserType, model::UserRow},
    catalogue::store as catalogue_store,
    error::{codes, AppError, Code},
};

/// How long an applied coupon stays valid (contests doc, section 9).
pub const VALIDITY_MS: i64 = 24 * 60 * 60 * 1000;

/// One `contest_type_coupon` row.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CouponRow {
    pub id: i64,
    pub contest_type_id: i64,
    pub code: String,
    pub percent_off: Option<i64>,
    pub amount_off_cents: Option<i64>,
    pub app_user_id: Option<i64>,
    pub contest_type_pricing_id: Option<i64>,
    pub allows_custom_prize: i64,
    pub usage_limit: Option<i64>,
    pub created_at: i64,
    /// Redemptions so far.
    pub used_count: i64,
}

/// What the coupon is to be applied to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Package {
    /// A prize package of the contest type (`contest_type_pricing.id`).
    Priced(i64),
    /// A prize amount the client set by hand.
    Custom { amount_cents: i64 },
    /// Nothing chosen yet: the validation call before the options step.
    Unknown,
}

/// A coupon applied to a price, in cents.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize, ToSchema)]
pub struct Discount {
    pub contest_type_coupon_id: i64,
    pub code: String,
    /// The package's price before the coupon.
    pub original_cents: i64,
    pub discount_cents: i64,
    /// What remains to pay for the package: `original_cents - discount_cents`.
    pub payable_cents: i64,
}

/// What the rules need to know besides the coupon.
#[derive(Debug, Clone, Copy)]
pub struct Attempt<'a> {
    pub user: &'a UserRow,
    pub contest_type_id: i64,
    pub package: Package,
    /// When this user first applied the coupon, if they have.
    pub applied_at: Option<i64>,
    pub now_ms: i64,
}

/// The rules in the order a client should hear about them: the code itself, its
/// type, its user, its time, its limit, then the package.
pub fn check(coupon: Option<&CouponRow>, attempt: &Attempt<'_>, pricing_type: Option<i64>) -> Result<(), Code> {
    let Some(coupon) = coupon else { return Err(codes::COUPON_INVALID) };
    if coupon.contest_type_id != attempt.contest_type_id {
        return Err(codes::COUPON_TYPE_INVALID);
    }
    // Only clients launch contests; a coupon made for one client is theirs alone.
    let for_someone_else = coupon.app_user_id.is_some_and(|u| u != attempt.user.id);
    if attempt.user.user_type() != UserType::Client || for_someone_else {
        return Err(codes::COUPON_USER_INVALID);
    }
    if attempt.applied_at.is_some_and(|at| attempt.now_ms >= at + VALIDITY_MS) {
        return Err(codes::COUPON_INVALID);
    }
    if coupon.usage_limit.is_some_and(|limit| coupon.used_count >= limit) {
        return Err(codes::COUPON_LIMIT_EXCEED);
    }
    match attempt.package {
        Package::Unknown => Ok(()),
        Package::Custom { .. } if coupon.allows_custom_prize == 0 => Err(codes::COUPON_CUSTOM_DISCOUNT_DROPS),
        Package::Custom { .. } => Ok(()),
        Package::Priced(pricing_id) => {
            let of_this_type = pricing_type == Some(attempt.contest_type_id);
            let allowed = coupon.contest_type_pricing_id.is_none_or(|p| p == pricing_id);
            match of_this_type && allowed {
                true => Ok(()),
                false => Err(codes::COUPON_PRICING_INVALID),
            }
        }
    }
}

/// The discount `coupon` gives on `original_cents`, never more than the price.
pub fn discount_on(coupon: &CouponRow, original_cents: i64) -> Discount {
    let off = match (coupon.percent_off, coupon.amount_off_cents) {
        (Some(percent), _) => (original_cents * percent + 50) / 100,
        (None, Some(amount)) => amount,
        (None, None) => 0,
    }
    .clamp(0, original_cents);
    Discount {
        contest_type_coupon_id: coupon.id,
        code: coupon.code.clone(),
        original_cents,
        discount_cents: off,
        payable_cents: original_cents - off,
    }
}

/// Counts the paid use of `discount` by the settling payment `payment_ref`, once per
/// payment. The usage limit is checked again here, atomically: a coupon priced into two
/// launches with one use left counts the first payment to settle, and the second is
/// refused `coupon.limit_exceed` (its settlement refunds it and applies nothing).
#[instrument(skip_all, fields(user_id, payment_ref))]
pub async fn redeem(
    conn: &mut AnyConnection,
    discount: &Discount,
    user_id: i64,
    contest_id: Option<i64>,
    payment_ref: &str,
    now_ms: i64,
) -> Result<(), AppError> {
    match store::redeem(conn, discount, user_id, contest_id, payment_ref, now_ms).await? {
        store::Redeemed::LimitReached => Err(AppError::conflict(codes::COUPON_LIMIT_EXCEED)),
        store::Redeemed::Counted | store::Redeemed::Already => Ok(()),
    }
}

/// A rule failure as the API answers it: 422 with the catalogue's exact message.
pub fn refused(code: Code) -> AppError {
    AppError::unprocessable(code)
}

/// Records the first application (later ones keep the first moment: the window does
/// not restart by asking again). Returns the moment the window started.
pub async fn record_application(
    conn: &mut AnyConnection,
    coupon_id: i64,
    user_id: i64,
    now_ms: i64,
) -> Result<i64, sqlx::Error> {
    store::insert_application(conn, coupon_id, user_id, now_ms).await?;
    Ok(applied_at(conn, coupon_id, user_id).await?.unwrap_or(now_ms))
}

/// Checks `code` for `user` launching a contest of `contest_type_id` with `package`,
/// and answers the discount on the package's price. Writes nothing: the payments
/// area calls this to price an order, and [`redeem`] once the order is paid.
///
/// `Package::Unknown` is refused here (`coupon.pricing.invalid`): a price needs a package.
#[instrument(skip_all, fields(user_id = user.id, contest_type_id))]
pub async fn apply(
    conn: &mut AnyConnection,
    user: &UserRow,
    contest_type_id: i64,
    package: Package,
    code: &str,
    now_ms: i64,
) -> Result<Discount, AppError> {
    let coupon = find_by_code(conn, code).await?;
    let applied = match &coupon {
        Some(c) => applied_at(conn, c.id, user.id).await?,
        None => None,
    };
    let (original, pricing_type) = match package {
        Package::Priced(id) => match catalogue_store::pricing_price_and_type(&mut *conn, id).await? {
            Some((amount, type_id)) => (amount, Some(type_id)),
            None => (0, None),
        },
        Package::Custom { amount_cents } => (amount_cents, None),
        Package::Unknown => return Err(refused(codes::COUPON_PRICING_INVALID)),
    };
    let attempt = Attempt { user, contest_type_id, package, applied_at: applied, now_ms };
    check(coupon.as_ref(), &attempt, pricing_type).map_err(refused)?;
    let coupon = coupon.ok_or_else(|| refused(codes::COUPON_INVALID))?;
    Ok(discount_on(&coupon, original))
}

/// Validates for the validation call: the same rules as [`apply`] but a package is
/// optional, and on success the application is recorded (its 24 hours start).
/// Returns the coupon and when its window started.
pub async fn validate_and_record(
    conn: &mut AnyConnection,
    user: &UserRow,
    contest_type_id: i64,
    package: Package,
    code: &str,
    now_ms: i64,
) -> Result<(CouponRow, i64), AppError> {
    let coupon = find_by_code(conn, code).await?;
    let applied = match &coupon {
        Some(c) => applied_at(conn, c.id, user.id).await?,
        None => None,
    };
    let pricing_type = match package {
        Package::Priced(id) => {
            catalogue_store::pricing_price_and_type(&mut *conn, id).await?.map(|(_, type_id)| type_id)
        }
        _ => None,
    };
    let attempt = Attempt { user, contest_type_id, package, applied_at: applied, now_ms };
    check(coupon.as_ref(), &attempt, pricing_type).map_err(refused)?;
    let coupon = coupon.ok_or_else(|| refused(codes::COUPON_INVALID))?;
    let started = record_application(conn, coupon.id, user.id, now_ms).await?;
    Ok((coupon, started))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn coupon() -> CouponRow {
        CouponRow {
            id: 1,
            contest_type_id: 3,
            code: "SAVE10".into(),
            percent_off: Some(10),
            amount_off_cents: None,
            app_user_id: None,
            contest_type_pricing_id: None,
            allows_custom_prize: 0,
            usage_limit: Some(2),
            created_at: 0,
            used_count: 0,
        }
    }

    fn user(id: i64, user_type_id: i64) -> UserRow {
        UserRow::for_tests(id, user_type_id, "en")
    }

    fn attempt(user: &UserRow, package: Package, applied_at: Option<i64>, now_ms: i64) -> Attempt<'_> {
        Attempt { user, contest_type_id: 3, package, applied_at, now_ms }
    }

    #[test]
    fn each_rule_answers_its_code() {
        let client = user(7, 2);
        let ok = attempt(&client, Package::Priced(30), None, 0);
        assert_eq!(check(None, &ok, Some(3)), Err(codes::COUPON_INVALID));
        assert_eq!(check(Some(&coupon()), &ok, Some(3)), Ok(()));
        let other_type = CouponRow { contest_type_id: 4, ..coupon() };
        assert_eq!(check(Some(&other_type), &ok, Some(3)), Err(codes::COUPON_TYPE_INVALID));
        let someone_elses = CouponRow { app_user_id: Some(8), ..coupon() };
        assert_eq!(check(Some(&someone_elses), &ok, Some(3)), Err(codes::COUPON_USER_INVALID));
        let designer = user(7, 3);
        assert_eq!(
            check(Some(&coupon()), &attempt(&designer, Package::Unknown, None, 0), None),
            Err(codes::COUPON_USER_INVALID)
        );
        let used_up = CouponRow { used_count: 2, ..coupon() };
        assert_eq!(check(Some(&used_up), &ok, Some(3)), Err(codes::COUPON_LIMIT_EXCEED));
        let custom = attempt(&client, Package::Custom { amount_cents: 50_000 }, None, 0);
        assert_eq!(check(Some(&coupon()), &custom, None), Err(codes::COUPON_CUSTOM_DISCOUNT_DROPS));
        let only_31 = CouponRow { contest_type_pricing_id: Some(31), ..coupon() };
        assert_eq!(check(Some(&only_31), &ok, Some(3)), Err(codes::COUPON_PRICING_INVALID));
        assert_eq!(check(Some(&coupon()), &ok, Some(4)), Err(codes::COUPON_PRICING_INVALID));
    }

    #[test]
    fn an_application_lasts_exactly_24_hours() {
        let client = user(7, 2);
        let inside = attempt(&client, Package::Unknown, Some(1_000), 1_000 + VALIDITY_MS - 1);
        assert_eq!(check(Some(&coupon()), &inside, None), Ok(()));
        let after = attempt(&client, Package::Unknown, Some(1_000), 1_000 + VALIDITY_MS);
        assert_eq!(check(Some(&coupon()), &after, None), Err(codes::COUPON_INVALID));
    }

    #[test]
    fn discounts_never_exceed_the_price() {
        let d = discount_on(&coupon(), 29_900);
        assert_eq!((d.discount_cents, d.payable_cents), (2_990, 26_910));
        let fixed = CouponRow { percent_off: None, amount_off_cents: Some(50_000), ..coupon() };
        let d = discount_on(&fixed, 29_900);
        assert_eq!((d.discount_cents, d.payable_cents), (29_900, 0));
    }
}
