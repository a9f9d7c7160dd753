//! The referral a sign-up carries: a visit through a referral link set a cookie of 32
//! random digits; a sign-up that brings it as `referral_source` within 720 hours of the
//! visit is credited to the referrer (contests doc, sections 5 and 9). Recording it is
//! part of signing up; the codes, visits and credit are the commerce area's
//! (`commerce::referrals`).

use sqlx::AnyConnection;
use tracing::instrument;

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
    let visit: Option<(i64, i64)> =
        sqlx::query_as("SELECT referrer_id, created_at FROM referral_visit WHERE cookie = $1")
            .bind(cookie)
            .fetch_optional(&mut *conn)
            .await?;
    let Some((referrer_id, visited_at)) =
        visit.filter(|(referrer, at)| now_ms < at + WINDOW_MS && *referrer != user_id)
    else {
        return Ok(None);
    };
    sqlx::query(
        "INSERT INTO referral (referred_user_id, referrer_id, visited_at, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (referred_user_id) DO NOTHING",
    )
    .bind(user_id)
    .bind(referrer_id)
    .bind(visited_at)
    .bind(now_ms)
    .execute(&mut *conn)
    .await?;
    Ok(Some(referrer_id))
}
