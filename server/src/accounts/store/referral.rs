//! SQL of the referral a sign-up carries ([`crate::accounts::referral`]).
//!
//! `referral_visit` and `referral` are the commerce area's tables (it writes the visits
//! and lists the credit), but commerce imports accounts, so accounts cannot ask it
//! without a cycle: crediting a sign-up reads and writes them here.

use sqlx::AnyConnection;
use tracing::instrument;

/// The referrer and time of the visit that set `cookie`, if one did.
#[instrument(skip_all)]
pub async fn visit(conn: &mut AnyConnection, cookie: &str) -> Result<Option<(i64, i64)>, sqlx::Error> {
    sqlx::query_as("SELECT referrer_id, created_at FROM referral_visit WHERE cookie = $1")
        .bind(cookie)
        .fetch_optional(&mut *conn)
        .await
}

/// Credits `user_id`'s sign-up to `referrer_id` (once: a user is referred at most once).
#[instrument(skip_all, fields(user_id, referrer_id))]
pub async fn credit(
    conn: &mut AnyConnection,
    user_id: i64,
    referrer_id: i64,
    visited_at: i64,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
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
    Ok(())
}
