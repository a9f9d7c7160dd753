//! Single-use secret links (password resets, file and invoice downloads): stored as a SHA-256
//! digest with an expiry, found by digest, and consumed once by compare-and-set.
//!
//! The kinds differ only in their table and the column naming what the link is for
//! ([`TokenTable`]).

use sqlx::{Any, Executor, FromRow};
use tracing::instrument;

/// Where one kind of link is kept. Every name is a constant of the code.
#[derive(Debug, Clone, Copy)]
pub struct TokenTable {
    pub table: &'static str,
    /// The column naming what the link is for (a user, a file).
    pub subject: &'static str,
}

pub const PASSWORD_RESET: TokenTable = TokenTable { table: "password_reset", subject: "app_user_id" };
pub const DOWNLOAD: TokenTable = TokenTable { table: "download_token", subject: "file_id" };
pub const INVOICE_DOWNLOAD: TokenTable = TokenTable { table: "invoice_download_token", subject: "contest_id" };
pub const LOGIN_GUID: TokenTable = TokenTable { table: "login_guid", subject: "app_user_id" };

/// A link as stored.
#[derive(Debug, Clone, FromRow)]
pub struct TokenRow {
    pub id: i64,
    /// The user (reset) or file (download) the link is for.
    pub subject_id: i64,
    pub expires_at: i64,
    pub used_at: Option<i64>,
}

/// The link whose secret has `token_digest`, used or not.
#[instrument(skip_all, fields(table = t.table))]
pub async fn find<'c>(
    db: impl Executor<'c, Database = Any>,
    t: TokenTable,
    token_digest: &str,
) -> Result<Option<TokenRow>, sqlx::Error> {
    let TokenTable { table, subject } = t;
    sqlx::query_as(&format!(
        "SELECT id, {subject} AS subject_id, expires_at, used_at FROM {table} WHERE token_hash = $1"
    ))
    .bind(token_digest)
    .fetch_optional(db)
    .await
}

/// Marks a live link used; false when it was used or expired meanwhile (two requests
/// racing with one link: one wins).
#[instrument(skip_all, fields(table = t.table, token_id))]
pub async fn consume<'c>(
    db: impl Executor<'c, Database = Any>,
    t: TokenTable,
    token_id: i64,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(&format!(
        "UPDATE {} SET used_at = $1 WHERE id = $2 AND used_at IS NULL AND expires_at > $1",
        t.table
    ))
    .bind(now_ms)
    .bind(token_id)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}
