//! SQL of flagged clients (`client_flag`), read with the client and what they launched.

use sqlx::{Any, Executor, Pool};
use tracing::instrument;

use crate::admin::flagged::FlaggedClient;

const SELECT: &str = "SELECT f.app_user_id AS user_id, u.username, u.name, u.email, f.reason, f.flagged_by, \
    a.username AS flagged_by_username, f.created_at, \
    (SELECT COUNT(*) FROM contest c WHERE c.created_by = f.app_user_id) AS contests_count, \
    (SELECT COUNT(*) FROM project p WHERE p.created_by = f.app_user_id) AS projects_count \
    FROM client_flag f JOIN app_user u ON u.id = f.app_user_id JOIN app_user a ON a.id = f.flagged_by";

/// One page of flagged clients, most recently flagged first, and how many there are.
#[instrument(skip_all)]
pub async fn page(pool: &Pool<Any>, limit: i64, offset: i64) -> Result<(i64, Vec<FlaggedClient>), sqlx::Error> {
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM client_flag").fetch_one(pool).await?;
    let rows = sqlx::query_as(&format!("{SELECT} ORDER BY f.created_at DESC, f.app_user_id LIMIT $1 OFFSET $2"))
        .bind(limit)
        .bind(offset)
        .fetch_all(pool)
        .await?;
    Ok((total, rows))
}

#[instrument(skip_all, fields(user_id))]
pub async fn find<'c>(db: impl Executor<'c, Database = Any>, user_id: i64) -> Result<FlaggedClient, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} WHERE f.app_user_id = $1")).bind(user_id).fetch_one(db).await
}

/// Flags the client, or changes the reason (and who flagged) of their flag.
#[instrument(skip_all, fields(user_id))]
pub async fn flag<'c>(
    db: impl Executor<'c, Database = Any>,
    user_id: i64,
    reason: &str,
    flagged_by: i64,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO client_flag (app_user_id, reason, flagged_by, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (app_user_id) DO UPDATE SET reason = excluded.reason, flagged_by = excluded.flagged_by",
    )
    .bind(user_id)
    .bind(reason)
    .bind(flagged_by)
    .bind(now)
    .execute(db)
    .await?;
    Ok(())
}

/// Lifts the client's flag; false when there was none.
#[instrument(skip_all, fields(user_id))]
pub async fn unflag<'c>(db: impl Executor<'c, Database = Any>, user_id: i64) -> Result<bool, sqlx::Error> {
    let removed =
        sqlx::query("DELETE FROM client_flag WHERE app_user_id = $1").bind(user_id).execute(db).await?.rows_affected();
    Ok(removed > 0)
}

/// How many clients are flagged.
#[instrument(skip_all)]
pub async fn count<'c>(db: impl Executor<'c, Database = Any>) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM client_flag").fetch_one(db).await
}
