//! SQL of the accounts area: users, access tokens, password resets, sign-in guids;
//! [`referral`]: the referral a sign-up carries; [`sweep`]: dead credentials deleted;
//! [`admins`]: the operators' CLI (admins listed, an account's type changed).

pub mod admins;
pub mod referral;
pub mod sweep;

use sqlx::{Any, Executor};
use tracing::instrument;

use super::model::{UserRow, USER_COLUMNS};

/// Everything needed to insert a user; validated by the caller.
#[derive(Debug)]
pub struct NewUser<'a> {
    pub username: &'a str,
    pub email: &'a str,
    pub name: &'a str,
    pub phone: Option<&'a str>,
    pub password_hash: &'a str,
    pub user_type_id: i64,
    pub creative_level_id: Option<i64>,
    pub registration_step: i64,
    pub region_id: Option<i64>,
    pub country_id: Option<i64>,
    pub state_id: Option<i64>,
    pub city: Option<&'a str>,
    pub paypal_email: Option<&'a str>,
    pub referral_source: Option<&'a str>,
    pub rewardful_referral: Option<&'a str>,
    pub now_ms: i64,
}

#[instrument(skip_all, fields(username = user.username))]
pub async fn insert_user<'c>(db: impl Executor<'c, Database = Any>, user: &NewUser<'_>) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO app_user (username, email, name, phone, password_hash, user_type_id, creative_level_id, \
         registration_step, region_id, country_id, state_id, city, paypal_email, referral_source, rewardful_referral, \
         terms_accepted_at, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16, $16) RETURNING id",
    )
    .bind(user.username)
    .bind(user.email)
    .bind(user.name)
    .bind(user.phone)
    .bind(user.password_hash)
    .bind(user.user_type_id)
    .bind(user.creative_level_id)
    .bind(user.registration_step)
    .bind(user.region_id)
    .bind(user.country_id)
    .bind(user.state_id)
    .bind(user.city)
    .bind(user.paypal_email)
    .bind(user.referral_source)
    .bind(user.rewardful_referral)
    .bind(user.now_ms)
    .fetch_one(db)
    .await
}

#[instrument(skip_all, fields(user_id = id))]
pub async fn find_user<'c>(db: impl Executor<'c, Database = Any>, id: i64) -> Result<Option<UserRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {USER_COLUMNS} FROM app_user u WHERE u.id = $1")).bind(id).fetch_optional(db).await
}

/// Finds a user by username or e-mail, either case.
#[instrument(skip_all)]
pub async fn find_user_by_login<'c>(
    db: impl Executor<'c, Database = Any>,
    login: &str,
) -> Result<Option<UserRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {USER_COLUMNS} FROM app_user u WHERE LOWER(u.username) = $1 OR LOWER(u.email) = $1 \
         ORDER BY u.id LIMIT 1"
    ))
    .bind(login.trim().to_lowercase())
    .fetch_optional(db)
    .await
}

/// Which of (username, email) are taken, either case.
#[instrument(skip_all)]
pub async fn taken<'c>(
    db: impl Executor<'c, Database = Any>,
    username: &str,
    email: &str,
) -> Result<(bool, bool), sqlx::Error> {
    let (username_taken, email_taken): (i64, i64) = sqlx::query_as(
        "SELECT \
           (SELECT COUNT(*) FROM app_user WHERE LOWER(username) = $1), \
           (SELECT COUNT(*) FROM app_user WHERE LOWER(email) = $2)",
    )
    .bind(username.to_lowercase())
    .bind(email.to_lowercase())
    .fetch_one(db)
    .await?;
    Ok((username_taken > 0, email_taken > 0))
}

#[instrument(skip_all, fields(user_id))]
pub async fn insert_access_token<'c>(
    db: impl Executor<'c, Database = Any>,
    user_id: i64,
    token_digest: &str,
    now_ms: i64,
    expires_at_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO access_token (app_user_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)")
        .bind(user_id)
        .bind(token_digest)
        .bind(now_ms)
        .bind(expires_at_ms)
        .execute(db)
        .await?;
    Ok(())
}

/// The user behind a live (unrevoked, unexpired) token, and the token's id and expiry.
#[instrument(skip_all)]
pub async fn find_token_user<'c>(
    db: impl Executor<'c, Database = Any>,
    token_digest: &str,
    now_ms: i64,
) -> Result<Option<(UserRow, i64, i64)>, sqlx::Error> {
    #[derive(sqlx::FromRow)]
    struct Found {
        #[sqlx(flatten)]
        user: UserRow,
        token_id: i64,
        token_expires_at: i64,
    }
    let found: Option<Found> = sqlx::query_as(&format!(
        "SELECT {USER_COLUMNS}, t.id AS token_id, t.expires_at AS token_expires_at \
         FROM access_token t JOIN app_user u ON u.id = t.app_user_id \
         WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > $2"
    ))
    .bind(token_digest)
    .bind(now_ms)
    .fetch_optional(db)
    .await?;
    Ok(found.map(|f| (f.user, f.token_id, f.token_expires_at)))
}

#[instrument(skip_all, fields(token_id))]
pub async fn revoke_token<'c>(
    db: impl Executor<'c, Database = Any>,
    token_id: i64,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE access_token SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL")
        .bind(now_ms)
        .bind(token_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Revokes every live token of a user (password change, deactivation).
#[instrument(skip_all, fields(user_id))]
pub async fn revoke_user_tokens<'c>(
    db: impl Executor<'c, Database = Any>,
    user_id: i64,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE access_token SET revoked_at = $1 WHERE app_user_id = $2 AND revoked_at IS NULL")
        .bind(now_ms)
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(())
}

#[instrument(skip_all, fields(user_id))]
pub async fn insert_password_reset<'c>(
    db: impl Executor<'c, Database = Any>,
    user_id: i64,
    token_digest: &str,
    now_ms: i64,
    expires_at_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO password_reset (app_user_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)")
        .bind(user_id)
        .bind(token_digest)
        .bind(now_ms)
        .bind(expires_at_ms)
        .execute(db)
        .await?;
    Ok(())
}

#[instrument(skip_all, fields(user_id))]
pub async fn set_password_hash<'c>(
    db: impl Executor<'c, Database = Any>,
    user_id: i64,
    hash: &str,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE app_user SET password_hash = $1, updated_at = $2 WHERE id = $3")
        .bind(hash)
        .bind(now_ms)
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(())
}

#[instrument(skip_all, fields(user_id))]
pub async fn set_active<'c>(
    db: impl Executor<'c, Database = Any>,
    user_id: i64,
    active: bool,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("UPDATE app_user SET is_active = $1, updated_at = $2 WHERE id = $3")
        .bind(i64::from(active))
        .bind(now_ms)
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// The editable profile fields; `None` leaves a field as it is.
#[derive(Debug, Default)]
pub struct ProfileChange {
    pub name: Option<String>,
    pub phone: Option<String>,
    pub city: Option<String>,
    pub about_self: Option<String>,
    pub featured_bio: Option<String>,
    pub paypal_email: Option<String>,
    pub region_id: Option<i64>,
    pub country_id: Option<i64>,
    pub state_id: Option<i64>,
    pub qualification: Option<String>,
    pub registration_step: Option<i64>,
}

#[instrument(skip_all, fields(user_id))]
pub async fn update_profile<'c>(
    db: impl Executor<'c, Database = Any>,
    user_id: i64,
    change: &ProfileChange,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE app_user SET \
           name = COALESCE($1, name), phone = COALESCE($2, phone), city = COALESCE($3, city), \
           about_self = COALESCE($4, about_self), featured_bio = COALESCE($5, featured_bio), \
           paypal_email = COALESCE($6, paypal_email), region_id = COALESCE($7, region_id), \
           country_id = COALESCE($8, country_id), state_id = COALESCE($9, state_id), \
           qualification = COALESCE($10, qualification), registration_step = COALESCE($11, registration_step), \
           updated_at = $12 \
         WHERE id = $13",
    )
    .bind(change.name.as_deref())
    .bind(change.phone.as_deref())
    .bind(change.city.as_deref())
    .bind(change.about_self.as_deref())
    .bind(change.featured_bio.as_deref())
    .bind(change.paypal_email.as_deref())
    .bind(change.region_id)
    .bind(change.country_id)
    .bind(change.state_id)
    .bind(change.qualification.as_deref())
    .bind(change.registration_step)
    .bind(now_ms)
    .bind(user_id)
    .execute(db)
    .await?;
    Ok(())
}

/// Stores a sign-in guid (its digest) for the user, live until `expires_at_ms`.
#[instrument(skip_all, fields(user_id))]
pub async fn insert_login_guid<'c>(
    db: impl Executor<'c, Database = Any>,
    user_id: i64,
    guid_digest: &str,
    now_ms: i64,
    expires_at_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO login_guid (app_user_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)")
        .bind(user_id)
        .bind(guid_digest)
        .bind(now_ms)
        .bind(expires_at_ms)
        .execute(db)
        .await?;
    Ok(())
}

/// Ends the user's sign-in links not yet used (only the newest link works).
#[instrument(skip_all, fields(user_id))]
pub async fn void_live_guids<'c>(
    db: impl Executor<'c, Database = Any>,
    user_id: i64,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE login_guid SET expires_at = $1 WHERE app_user_id = $2 AND used_at IS NULL AND expires_at > $1")
        .bind(now)
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Ends the user's password-reset links not yet used: once the password has changed, an
/// older link (perhaps read from a mailbox an attacker still holds) must not change it again.
#[instrument(skip_all, fields(user_id))]
pub async fn void_live_resets<'c>(
    db: impl Executor<'c, Database = Any>,
    user_id: i64,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE password_reset SET expires_at = $1 WHERE app_user_id = $2 AND used_at IS NULL AND expires_at > $1",
    )
    .bind(now)
    .bind(user_id)
    .execute(db)
    .await?;
    Ok(())
}

/// Whether the user exists and is an active creative (a designer).
#[instrument(skip_all, fields(user_id))]
pub async fn is_active_creative<'c>(db: impl Executor<'c, Database = Any>, user_id: i64) -> Result<bool, sqlx::Error> {
    let creative: Option<i64> =
        sqlx::query_scalar("SELECT id FROM app_user WHERE id = $1 AND user_type_id = 3 AND is_active = 1")
            .bind(user_id)
            .fetch_optional(db)
            .await?;
    Ok(creative.is_some())
}

/// Renames the user; a name taken fails on `app_user_username_key`.
#[instrument(skip_all, fields(user_id))]
pub async fn set_username<'c>(
    db: impl Executor<'c, Database = Any>,
    user_id: i64,
    username: &str,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE app_user SET username = $1, updated_at = $2 WHERE id = $3")
        .bind(username)
        .bind(now_ms)
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Users whose username, name or e-mail holds the text (the admin's search): at most 48, newest first; `like` is a `contains_pattern`, `id` matches the id.
#[instrument(skip_all)]
pub async fn search<'c>(
    db: impl Executor<'c, Database = Any>,
    like: &str,
    id: i64,
) -> Result<Vec<crate::store::search::SearchHitRow>, sqlx::Error> {
    let has = |column: &str| crate::store::search::contains(column, "$1");
    let sql = format!(
        "SELECT 'user' AS kind, u.id, u.username AS title, u.name || ' · ' || u.email AS subtitle, \
        CAST(NULL AS BIGINT) AS contest_id, u.user_type_id AS status_id FROM app_user u \
        WHERE u.id = $2 OR {} OR {} OR {} ORDER BY u.id DESC LIMIT 48",
        has("u.username"),
        has("u.name"),
        has("u.email")
    );
    sqlx::query_as(&sql).bind(like).bind(id).fetch_all(db).await
}

/// The user's `has_subscribed` flag (1 while an unlimited-contests subscription is active).
#[instrument(skip_all, fields(user_id))]
pub async fn has_subscribed<'c>(db: impl Executor<'c, Database = Any>, user_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT has_subscribed FROM app_user WHERE id = $1").bind(user_id).fetch_one(db).await
}

/// The state the user gave at sign-up, if any (None too for an unknown user).
#[instrument(skip_all, fields(user_id))]
pub async fn state_of<'c>(db: impl Executor<'c, Database = Any>, user_id: i64) -> Result<Option<i64>, sqlx::Error> {
    Ok(sqlx::query_scalar::<_, Option<i64>>("SELECT state_id FROM app_user WHERE id = $1")
        .bind(user_id)
        .fetch_optional(db)
        .await?
        .flatten())
}

/// Sets `has_subscribed` to whether the user has a `user_subscription` of `trigger_id`
/// in `status_id` (the commerce area's mirror of "unlimited contests active"). One
/// statement, so the flag is computed from the rows it is written beside.
#[instrument(skip_all, fields(user_id))]
pub async fn sync_subscribed<'c>(
    db: impl Executor<'c, Database = Any>,
    user_id: i64,
    trigger_id: i64,
    status_id: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE app_user SET has_subscribed = (SELECT COUNT(*) FROM user_subscription \
         WHERE app_user_id = $1 AND trigger_id = $2 AND status_id = $3) WHERE id = $1",
    )
    .bind(user_id)
    .bind(trigger_id)
    .bind(status_id)
    .execute(db)
    .await?;
    Ok(())
}
