//! SQL of the workroom's comments (on the project or on one update), reactions to
//! updates and image tags on them.

use sqlx::AnyConnection;
use tracing::instrument;

use super::model::{ProjectCommentView, UpdateTagView};
use crate::comments::model::{ReactionRow, USER_COLUMNS};

// ---- Comments ----

fn comment_select(filter: &str) -> String {
    format!(
        "SELECT pc.id, pc.project_id, pc.project_update_id, pc.comment, pc.created_at, {USER_COLUMNS} \
         FROM project_comment pc JOIN app_user u ON u.id = pc.created_by \
         WHERE pc.deleted_at IS NULL AND pc.project_id = $1 AND {filter}"
    )
}

/// The project's own thread (`IS NULL`) or one update's (`= $2`).
fn thread_filter(update_id: Option<i64>) -> &'static str {
    match update_id {
        Some(_) => "pc.project_update_id = $2",
        None => "pc.project_update_id IS NULL AND $2 IS NULL",
    }
}

/// A page of live comments, newest first, and how many there are in all.
#[instrument(skip_all, fields(project_id, update_id))]
pub async fn comment_page(
    conn: &mut AnyConnection,
    project_id: i64,
    update_id: Option<i64>,
    page: i64,
    per_page: i64,
) -> Result<(Vec<ProjectCommentView>, i64), sqlx::Error> {
    let filter = thread_filter(update_id);
    let rows = sqlx::query_as(&format!("{} ORDER BY pc.id DESC LIMIT $3 OFFSET $4", comment_select(filter)))
        .bind(project_id)
        .bind(update_id)
        .bind(per_page)
        .bind((page - 1) * per_page)
        .fetch_all(&mut *conn)
        .await?;
    let count_sql = format!(
        "SELECT COUNT(*) FROM project_comment pc WHERE pc.deleted_at IS NULL AND pc.project_id = $1 AND {filter}"
    );
    let total: i64 = sqlx::query_scalar(&count_sql).bind(project_id).bind(update_id).fetch_one(&mut *conn).await?;
    Ok((rows, total))
}

/// A live comment of the thread.
pub async fn find_comment(
    conn: &mut AnyConnection,
    project_id: i64,
    update_id: Option<i64>,
    comment_id: i64,
) -> Result<Option<ProjectCommentView>, sqlx::Error> {
    let sql = format!("{} AND pc.id = $3", comment_select(thread_filter(update_id)));
    sqlx::query_as(&sql).bind(project_id).bind(update_id).bind(comment_id).fetch_optional(&mut *conn).await
}

pub async fn insert_comment(
    conn: &mut AnyConnection,
    project_id: i64,
    update_id: Option<i64>,
    author: i64,
    text: &str,
    now: i64,
) -> Result<ProjectCommentView, sqlx::Error> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO project_comment (project_id, project_update_id, created_by, comment, created_at) \
         VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(project_id)
    .bind(update_id)
    .bind(author)
    .bind(text)
    .bind(now)
    .fetch_one(&mut *conn)
    .await?;
    find_comment(conn, project_id, update_id, id).await?.ok_or(sqlx::Error::RowNotFound)
}

/// Soft-deletes a live comment; false when it was already gone.
pub async fn delete_comment(conn: &mut AnyConnection, comment_id: i64, now: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("UPDATE project_comment SET deleted_at = $1 WHERE id = $2 AND deleted_at IS NULL")
        .bind(now)
        .bind(comment_id)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

// ---- Reactions ----

/// Adds a reaction; false when the user already reacted so.
pub async fn add_reaction(
    conn: &mut AnyConnection,
    update_id: i64,
    user_id: i64,
    emoji: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO project_update_reaction (project_update_id, app_user_id, emoji_reaction_id, created_at) \
         VALUES ($1, $2, $3, $4) ON CONFLICT (project_update_id, app_user_id, emoji_reaction_id) DO NOTHING",
    )
    .bind(update_id)
    .bind(user_id)
    .bind(emoji)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Removes a reaction; false when there was none.
pub async fn remove_reaction(
    conn: &mut AnyConnection,
    update_id: i64,
    user_id: i64,
    emoji: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "DELETE FROM project_update_reaction WHERE project_update_id = $1 AND app_user_id = $2 AND emoji_reaction_id = $3",
    )
    .bind(update_id)
    .bind(user_id)
    .bind(emoji)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Reactions to an update, by emoji then oldest first; `emoji` keeps one emoji only.
pub async fn reactions(
    conn: &mut AnyConnection,
    update_id: i64,
    emoji: Option<i64>,
) -> Result<Vec<ReactionRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT r.emoji_reaction_id, {USER_COLUMNS} FROM project_update_reaction r JOIN app_user u ON u.id = r.app_user_id \
         WHERE r.project_update_id = $1 AND ($2 IS NULL OR r.emoji_reaction_id = $2) \
         ORDER BY r.emoji_reaction_id, r.created_at, u.id"
    ))
    .bind(update_id)
    .bind(emoji)
    .fetch_all(&mut *conn)
    .await
}

// ---- Image tags ----

const TAG_SELECT: &str =
    "SELECT t.id, t.project_update_id, t.file_id, t.x, t.y, t.note, t.completed_at, t.created_at, \
    u.id AS user_id, u.username, u.name, u.profile_picture, u.user_type_id \
    FROM project_update_image_tag t JOIN app_user u ON u.id = t.created_by";

/// A new tag's fields.
#[derive(Debug)]
pub struct NewTag<'a> {
    pub update_id: i64,
    pub file_id: Option<i64>,
    pub user_id: i64,
    pub x: f64,
    pub y: f64,
    pub note: &'a str,
}

pub async fn insert_tag(conn: &mut AnyConnection, tag: &NewTag<'_>, now: i64) -> Result<UpdateTagView, sqlx::Error> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO project_update_image_tag (project_update_id, file_id, created_by, x, y, note, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
    )
    .bind(tag.update_id)
    .bind(tag.file_id)
    .bind(tag.user_id)
    .bind(tag.x)
    .bind(tag.y)
    .bind(tag.note)
    .bind(now)
    .fetch_one(&mut *conn)
    .await?;
    find_tag(conn, tag.update_id, id).await?.ok_or(sqlx::Error::RowNotFound)
}

pub async fn tags(conn: &mut AnyConnection, update_id: i64) -> Result<Vec<UpdateTagView>, sqlx::Error> {
    sqlx::query_as(&format!("{TAG_SELECT} WHERE t.project_update_id = $1 ORDER BY t.id"))
        .bind(update_id)
        .fetch_all(&mut *conn)
        .await
}

pub async fn find_tag(
    conn: &mut AnyConnection,
    update_id: i64,
    tag_id: i64,
) -> Result<Option<UpdateTagView>, sqlx::Error> {
    sqlx::query_as(&format!("{TAG_SELECT} WHERE t.project_update_id = $1 AND t.id = $2"))
        .bind(update_id)
        .bind(tag_id)
        .fetch_optional(&mut *conn)
        .await
}

/// Marks a tag done; false when it already was.
pub async fn complete_tag(conn: &mut AnyConnection, tag_id: i64, now: i64) -> Result<bool, sqlx::Error> {
    let done =
        sqlx::query("UPDATE project_update_image_tag SET completed_at = $1 WHERE id = $2 AND completed_at IS NULL")
            .bind(now)
            .bind(tag_id)
            .execute(&mut *conn)
            .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn delete_tag(conn: &mut AnyConnection, tag_id: i64) -> Result<bool, sqlx::Error> {
    let done =
        sqlx::query("DELETE FROM project_update_image_tag WHERE id = $1").bind(tag_id).execute(&mut *conn).await?;
    Ok(done.rows_affected() == 1)
}
