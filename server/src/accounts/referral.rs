//! The referral a sign-up carries: a visit through a referral link set a cookie of 32
//! random digits; a sign-up that brings it as `referral_source` within 720 hours of the
//! visit is credited to the referrer (contests doc, sections 5 and 9). Recording it is
//! part of signing up; the codes, visits and credit are the commerce area's
//! (`commerce::referrals`).

use sqlx::AnyConnection;
use tracing::instrument;

use super::store::referral as store;

/// How long a referral visit counts: 720 hours (contests doc, section 9).
pub const WINDOW_MS: i64 = 720 * 60 * 60 * 1000;
/// Digits of the visit cookie's value.
pub const COOKIE_DIGITS: usize = 32;

/// Credits the new user's sign-up to a referrer when `referral_source` is a visit
/// cookie set less than 720 hours ago. Returns the referrer credited, if any.
#[instrument(skip_all, fields(user_id))]
pub async fn record_signup(
    conn: &mut AnyConnection,
    user_id: i64,
    referral_source: Option<&str>,
    now_ms: i64,
) -> Result<Option<i64>, sqlx::Error> {
    let Some(cookie) = referral_source.map(str::trim).filter(|c| c.len() == COOKIE_DIGITS) else { return Ok(None) };
    let visit = store::visit(conn, cookie).await?;
    let Some((referrer_id, visited_at)) =
        visit.filter(|(referrer, at)| now_ms < at + WINDOW_MS && *referrer != user_id)
    else {
        return Ok(None);
    };
    store::credit(conn, user_id, referrer_id, visited_at, now_ms).await?;
    Ok(Some(referrer_id))
}
