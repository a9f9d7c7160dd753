//! SQL of the mail area: its `mail_outbox` table, written by [`super::queue`] and
//! drained by [`super::sender`].

use sqlx::{Any, Executor};
use tracing::instrument;

/// Inserts one message to send; its id.
#[instrument(skip_all)]
pub async fn insert<'c>(
    db: impl Executor<'c, Database = Any>,
    to: &str,
    subject: &str,
    body: &str,
    now_ms: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO mail_outbox (to_address, subject, body, created_at) VALUES ($1, $2, $3, $4) RETURNING id",
    )
    .bind(to)
    .bind(subject)
    .bind(body)
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
        "SELECT id, to_address, subject, body, attempts FROM mail_outbox \
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
