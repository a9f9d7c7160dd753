//! SQL of admin notes (`admin_note`), read with their writer's username.

use sqlx::{Any, AnyConnection, Executor};
use tracing::instrument;

use crate::admin::notes::Note;

const SELECT: &str = "SELECT n.id, n.subject_type AS notable_type, n.subject_id AS notable_id, n.body AS note, \
    n.created_by, u.username AS created_by_username, n.created_at, n.updated_at \
    FROM admin_note n JOIN app_user u ON u.id = n.created_by";

#[instrument(skip_all, fields(note_id = id))]
pub async fn find(conn: &mut AnyConnection, id: i64) -> Result<Option<Note>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} WHERE n.id = $1")).bind(id).fetch_optional(conn).await
}

/// The notes on one subject (`contest`, `project`, `user`), newest first.
#[instrument(skip_all, fields(subject_id))]
pub async fn of_subject<'c>(
    db: impl Executor<'c, Database = Any>,
    subject_type: &str,
    subject_id: i64,
) -> Result<Vec<Note>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} WHERE n.subject_type = $1 AND n.subject_id = $2 ORDER BY n.id DESC"))
        .bind(subject_type)
        .bind(subject_id)
        .fetch_all(db)
        .await
}

/// A new note; its id.
#[instrument(skip_all, fields(subject_id))]
pub async fn insert(
    conn: &mut AnyConnection,
    subject_type: &str,
    subject_id: i64,
    body: &str,
    created_by: i64,
    now: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO admin_note (subject_type, subject_id, body, created_by, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $5) RETURNING id",
    )
    .bind(subject_type)
    .bind(subject_id)
    .bind(body)
    .bind(created_by)
    .bind(now)
    .fetch_one(conn)
    .await
}

/// Rewrites a note; false when there is none.
#[instrument(skip_all, fields(note_id = id))]
pub async fn set_body(conn: &mut AnyConnection, id: i64, body: &str, now: i64) -> Result<bool, sqlx::Error> {
    let changed = sqlx::query("UPDATE admin_note SET body = $1, updated_at = $2 WHERE id = $3")
        .bind(body)
        .bind(now)
        .bind(id)
        .execute(conn)
        .await?
        .rows_affected();
    Ok(changed > 0)
}

/// Deletes a note; false when there is none.
#[instrument(skip_all, fields(note_id = id))]
pub async fn delete<'c>(db: impl Executor<'c, Database = Any>, id: i64) -> Result<bool, sqlx::Error> {
    let removed = sqlx::query("DELETE FROM admin_note WHERE id = $1").bind(id).execute(db).await?.rows_affected();
    Ok(removed > 0)
}
