//! SQL of housekeeping's pass over the accounts' credentials (`timers::housekeeping`):
//! access tokens and password-reset links that can no longer be used.

use sqlx::{Any, Executor};
use tracing::instrument;

/// Deletes access tokens expired or revoked before `cutoff`; how many.
#[instrument(skip_all)]
pub async fn purge_access_tokens<'c>(db: impl Executor<'c, Database = Any>, cutoff: i64) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query::<Any>("DELETE FROM access_token WHERE expires_at < $1 OR revoked_at < $1")
        .bind(cutoff)
        .execute(db)
        .await?
        .rows_affected())
}

/// Deletes password-reset links expired or used before `cutoff`; how many.
#[instrument(skip_all)]
pub async fn purge_password_resets<'c>(db: impl Executor<'c, Database = Any>, cutoff: i64) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query::<Any>("DELETE FROM password_reset WHERE expires_at < $1 OR used_at < $1")
        .bind(cutoff)
        .execute(db)
        .await?
        .rows_affected())
}
