//! SQL of contest shares (`contest_share`).

use sqlx::{Any, Executor};
use tracing::instrument;

use crate::admin::shares::Share;

const SELECT: &str = "SELECT id, contest_id, created_by, network, code, created_at FROM contest_share";

/// A new share link; its id.
#[instrument(skip_all, fields(contest_id))]
pub async fn insert<'c>(
    db: impl Executor<'c, Database = Any>,
    contest_id: i64,
    created_by: i64,
    network: &str,
    code: &str,
    now: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO contest_share (contest_id, created_by, network, code, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(contest_id)
    .bind(created_by)
    .bind(network)
    .bind(code)
    .bind(now)
    .fetch_one(db)
    .await
}

#[instrument(skip_all, fields(share_id = id))]
pub async fn find<'c>(db: impl Executor<'c, Database = Any>, id: i64) -> Result<Share, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} WHERE id = $1")).bind(id).fetch_one(db).await
}

/// The share of link code `code`, if there is one.
#[instrument(skip_all)]
pub async fn find_by_code<'c>(db: impl Executor<'c, Database = Any>, code: &str) -> Result<Option<Share>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} WHERE code = $1")).bind(code).fetch_optional(db).await
}

/// Share `id` of contest `contest_id`, if it is one.
#[instrument(skip_all, fields(contest_id, share_id = id))]
pub async fn find_in<'c>(
    db: impl Executor<'c, Database = Any>,
    contest_id: i64,
    id: i64,
) -> Result<Option<Share>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} WHERE id = $1 AND contest_id = $2"))
        .bind(id)
        .bind(contest_id)
        .fetch_optional(db)
        .await
}

/// A contest's shares, newest first.
#[instrument(skip_all, fields(contest_id))]
pub async fn of_contest<'c>(db: impl Executor<'c, Database = Any>, contest_id: i64) -> Result<Vec<Share>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} WHERE contest_id = $1 ORDER BY id DESC")).bind(contest_id).fetch_all(db).await
}

#[instrument(skip_all, fields(share_id = id))]
pub async fn delete<'c>(db: impl Executor<'c, Database = Any>, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM contest_share WHERE id = $1").bind(id).execute(db).await?;
    Ok(())
}
