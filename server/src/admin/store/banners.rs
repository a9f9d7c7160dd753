//! SQL of broadcast banners (`broadcast_banner`).

use sqlx::{Any, AnyConnection, Executor};
use tracing::instrument;

use crate::admin::banners::Banner;

const SELECT: &str = "SELECT id, message, color, is_active, created_at, updated_at FROM broadcast_banner";

/// The banners, newest first: every one when `all`, else the active ones.
#[instrument(skip_all)]
pub async fn list<'c>(db: impl Executor<'c, Database = Any>, all: bool) -> Result<Vec<Banner>, sqlx::Error> {
    let sql = if all {
        format!("{SELECT} ORDER BY id DESC")
    } else {
        format!("{SELECT} WHERE is_active = 1 ORDER BY id DESC")
    };
    sqlx::query_as(&sql).fetch_all(db).await
}

#[instrument(skip_all, fields(banner_id = id))]
pub async fn find(conn: &mut AnyConnection, id: i64) -> Result<Option<Banner>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} WHERE id = $1")).bind(id).fetch_optional(conn).await
}

/// A new banner; its id.
#[instrument(skip_all)]
pub async fn insert(
    conn: &mut AnyConnection,
    message: &str,
    color: &str,
    is_active: bool,
    created_by: i64,
    now: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO broadcast_banner (message, color, is_active, created_by, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $5) RETURNING id",
    )
    .bind(message)
    .bind(color)
    .bind(i64::from(is_active))
    .bind(created_by)
    .bind(now)
    .fetch_one(conn)
    .await
}

/// Changes the fields given (None keeps one).
#[instrument(skip_all, fields(banner_id = id))]
pub async fn update(
    conn: &mut AnyConnection,
    id: i64,
    message: Option<&str>,
    color: Option<&str>,
    is_active: Option<bool>,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE broadcast_banner SET message = COALESCE($1, message), color = COALESCE($2, color), \
         is_active = COALESCE($3, is_active), updated_at = $4 WHERE id = $5",
    )
    .bind(message)
    .bind(color)
    .bind(is_active.map(i64::from))
    .bind(now)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

#[instrument(skip_all, fields(banner_id = id))]
pub async fn delete(conn: &mut AnyConnection, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM broadcast_banner WHERE id = $1").bind(id).execute(conn).await?;
    Ok(())
}
