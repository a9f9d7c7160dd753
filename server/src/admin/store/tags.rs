//! SQL of designer tags (`tag`, and `user_tag`, which designers carry which).

use sqlx::{Any, AnyConnection, Executor};
use tracing::instrument;

use crate::admin::tags::Tag;

const SELECT: &str = "SELECT t.id, t.name, (SELECT COUNT(*) FROM user_tag ut WHERE ut.tag_id = t.id) AS users_count, \
    t.created_at, t.updated_at FROM tag t";

#[instrument(skip_all, fields(tag_id = id))]
pub async fn find(conn: &mut AnyConnection, id: i64) -> Result<Option<Tag>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} WHERE t.id = $1")).bind(id).fetch_optional(conn).await
}

/// Every tag, by name.
#[instrument(skip_all)]
pub async fn list<'c>(db: impl Executor<'c, Database = Any>) -> Result<Vec<Tag>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} ORDER BY LOWER(t.name), t.id")).fetch_all(db).await
}

/// Whether another tag than `except` has this name, case aside.
#[instrument(skip_all)]
pub async fn name_taken(conn: &mut AnyConnection, name: &str, except: Option<i64>) -> Result<bool, sqlx::Error> {
    let taken: Option<i64> = sqlx::query_scalar("SELECT id FROM tag WHERE LOWER(name) = LOWER($1) AND id <> $2")
        .bind(name)
        .bind(except.unwrap_or(0))
        .fetch_optional(&mut *conn)
        .await?;
    Ok(taken.is_some())
}

/// A new tag; its id.
#[instrument(skip_all)]
pub async fn insert(conn: &mut AnyConnection, name: &str, now: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("INSERT INTO tag (name, created_at, updated_at) VALUES ($1, $2, $2) RETURNING id")
        .bind(name)
        .bind(now)
        .fetch_one(&mut *conn)
        .await
}

#[instrument(skip_all, fields(tag_id = id))]
pub async fn rename(conn: &mut AnyConnection, id: i64, name: &str, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE tag SET name = $1, updated_at = $2 WHERE id = $3")
        .bind(name)
        .bind(now)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Deletes a tag, taking it from the designers carrying it; false when there is none.
#[instrument(skip_all, fields(tag_id = id))]
pub async fn delete(conn: &mut AnyConnection, id: i64) -> Result<bool, sqlx::Error> {
    sqlx::query("DELETE FROM user_tag WHERE tag_id = $1").bind(id).execute(&mut *conn).await?;
    let removed = sqlx::query("DELETE FROM tag WHERE id = $1").bind(id).execute(&mut *conn).await?.rows_affected();
    Ok(removed > 0)
}

/// A designer's tags, by name.
#[instrument(skip_all, fields(user_id))]
pub async fn of_user(conn: &mut AnyConnection, user_id: i64) -> Result<Vec<Tag>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{SELECT} WHERE t.id IN (SELECT tag_id FROM user_tag WHERE app_user_id = $1) ORDER BY LOWER(t.name), t.id"
    ))
    .bind(user_id)
    .fetch_all(conn)
    .await
}

/// Replaces a designer's tags with `tag_ids`.
#[instrument(skip_all, fields(user_id))]
pub async fn set_user_tags(conn: &mut AnyConnection, user_id: i64, tag_ids: &[i64]) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM user_tag WHERE app_user_id = $1").bind(user_id).execute(&mut *conn).await?;
    for id in tag_ids {
        sqlx::query("INSERT INTO user_tag (app_user_id, tag_id) VALUES ($1, $2)")
            .bind(user_id)
            .bind(*id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}
