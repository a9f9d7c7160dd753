//! SQL of invoices' one-time download links: the insert (finding and consuming a link
//! are `store::one_time_tokens`', shared by every kind of link).

use sqlx::{Any, Executor};
use tracing::instrument;

use crate::store::one_time_tokens::TokenTable;

/// Stores a new link to the invoice of `subject_id` in `table`, for `user_id`.
#[instrument(skip_all, fields(table = table.table, subject_id))]
pub async fn insert_token<'c>(
    db: impl Executor<'c, Database = Any>,
    table: TokenTable,
    subject_id: i64,
    user_id: i64,
    token_digest: &str,
    now_ms: i64,
    expires_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(&format!(
        "INSERT INTO {} ({}, app_user_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)",
        table.table, table.subject
    ))
    .bind(subject_id)
    .bind(user_id)
    .bind(token_digest)
    .bind(now_ms)
    .bind(expires_at)
    .execute(db)
    .await?;
    Ok(())
}
