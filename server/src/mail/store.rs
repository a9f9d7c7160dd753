//! SQL of the mail area: its `mail_outbox` table, written by [`super::queue`] and
//! drained by [`super::sender`].

use sqlx::{Any, AnyConnection, Executor};
use tracing::instrument;

/// Inserts one message to send; its id.
#[instrument(skip_all)]
pub async fn insert<'c>(
    db: impl Executor<'c, Database = Any>,
    to: &str,
    mail: &super::templates::Rendered,
    list_unsubscribe: Option<&str>,
    now_ms: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO mail_outbox (to_address, subject, body, html_body, list_unsubscribe, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    )
    .bind(to)
    .bind(&mail.subject)
    .bind(&mail.text)
    .bind(&mail.html)
    .bind(list_unsubscribe)
    .bind(now_ms)
    .fetch_one(db)
    .await
}

/// A message waiting in the outbox.
#[derive(sqlx::FromRow)]
pub struct Queued {
    pub id: i64,
    pub to_address: String,
    pub subject: String,
    pub body: String,
    /// The HTML part (none on messages queued before there was one).
    pub html_body: Option<String>,
    /// Where `List-Unsubscribe` points (launch e-mails).
    pub list_unsubscribe: Option<String>,
    pub attempts: i64,
}

/// Up to 50 unsent messages with fewer than `max_attempts` attempts whose next attempt
/// is due at `now_ms`, oldest first.
#[instrument(skip_all)]
pub async fn queued<'c>(
    db: impl Executor<'c, Database = Any>,
    max_attempts: i64,
    now_ms: i64,
) -> Result<Vec<Queued>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, to_address, subject, body, html_body, list_unsubscribe, attempts FROM mail_outbox \
         WHERE sent_at IS NULL AND attempts < $1 AND (next_attempt_at IS NULL OR next_attempt_at <= $2) \
         ORDER BY id LIMIT 50",
    )
    .bind(max_attempts)
    .bind(now_ms)
    .fetch_all(db)
    .await
}

/// Claims a message for one more attempt by compare-and-set on its attempt count; false
/// when another sender took it (or sent it) first.
#[instrument(skip_all, fields(mail_id = mail.id))]
pub async fn claim<'c>(db: impl Executor<'c, Database = Any>, mail: &Queued) -> Result<bool, sqlx::Error> {
    let claimed =
        sqlx::query("UPDATE mail_outbox SET attempts = $1 WHERE id = $2 AND attempts = $3 AND sent_at IS NULL")
            .bind(mail.attempts + 1)
            .bind(mail.id)
            .bind(mail.attempts)
            .execute(db)
            .await?;
    Ok(claimed.rows_affected() == 1)
}

/// Records an attempt's outcome: sent at `sent_at`, or its error and when to try next.
#[instrument(skip_all, fields(mail_id))]
pub async fn record_attempt<'c>(
    db: impl Executor<'c, Database = Any>,
    mail_id: i64,
    sent_at: Option<i64>,
    error: Option<String>,
    next_attempt_at: Option<i64>,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE mail_outbox SET sent_at = $1, last_error = $2, next_attempt_at = $3 WHERE id = $4")
        .bind(sent_at)
        .bind(error)
        .bind(next_attempt_at)
        .bind(mail_id)
        .execute(db)
        .await?;
    Ok(())
}

/// The key that signs user `user_id`'s unsubscribe link: the stored one, or `fresh` stored
/// now when they have none (the first launch e-mail; a concurrent first one keeps its own).
#[instrument(skip_all, fields(user_id))]
pub async fn unsubscribe_key(conn: &mut AnyConnection, user_id: i64, fresh: &str) -> Result<String, sqlx::Error> {
    sqlx::query("UPDATE app_user SET unsubscribe_key = $1 WHERE id = $2 AND unsubscribe_key IS NULL")
        .bind(fresh)
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    sqlx::query_scalar("SELECT unsubscribe_key FROM app_user WHERE id = $1").bind(user_id).fetch_one(&mut *conn).await
}

/// The language of the user whose unsubscribe key `key` is, when `user_id` has that key.
#[instrument(skip_all, fields(user_id))]
pub async fn unsubscriber_language<'c>(
    db: impl Executor<'c, Database = Any>,
    user_id: i64,
    key: &str,
) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT language FROM app_user WHERE id = $1 AND unsubscribe_key = $2")
        .bind(user_id)
        .bind(key)
        .fetch_optional(db)
        .await
}

/// Opts user `user_id` (holding `key`) out of launch e-mails; false when the key is not theirs.
#[instrument(skip_all, fields(user_id))]
pub async fn opt_out_of_launch_mail<'c>(
    db: impl Executor<'c, Database = Any>,
    user_id: i64,
    key: &str,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("UPDATE app_user SET receives_launch_mail = 0 WHERE id = $1 AND unsubscribe_key = $2")
        .bind(user_id)
        .bind(key)
        .execute(db)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Whether user `user_id` receives launch e-mails (the Email Blast); false for no such user.
#[instrument(skip_all, fields(user_id))]
pub async fn receives_launch_mail<'c>(
    db: impl Executor<'c, Database = Any>,
    user_id: i64,
) -> Result<bool, sqlx::Error> {
    let flag: Option<i64> =
        sqlx::query_scalar("SELECT CAST(receives_launch_mail AS BIGINT) FROM app_user WHERE id = $1")
            .bind(user_id)
            .fetch_optional(db)
            .await?;
    Ok(flag == Some(1))
}

/// Opts user `user_id` in to (`receives` true) or out of launch e-mails, from their settings.
#[instrument(skip_all, fields(user_id, receives))]
pub async fn set_receives_launch_mail<'c>(
    db: impl Executor<'c, Database = Any>,
    user_id: i64,
    receives: bool,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE app_user SET receives_launch_mail = $2 WHERE id = $1")
        .bind(user_id)
        .bind(i64::from(receives))
        .execute(db)
        .await?;
    Ok(())
}
