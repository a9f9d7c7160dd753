//! SQL of comments, reactions and image tags. One dialect for both engines.

use sqlx::{Any, AnyConnection, Executor};
use tracing::instrument;

use super::{
    access::EntryRef,
    model::{CommentView, ImageTagView, ReactionRow, USER_COLUMNS},
};

/// Entry `entry_id` if it belongs to contest `contest_id`.
#[instrument(skip_all, fields(contest_id, entry_id))]
pub async fn find_entry<'c>(
    db: impl Executor<'c, Database = Any>,
    contest_id: i64,
    entry_id: i64,
) -> Result<Option<EntryRef>, sqlx::Error> {
    sqlx::query_as("SELECT id, contest_id, created_by FROM contest_entry WHERE id = $1 AND contest_id = $2")
        .bind(entry_id)
        .bind(contest_id)
        .fetch_optional(db)
        .await
}

// ---- Comments ----

fn comment_select(filter: &str) -> String {
    format!(
        "SELECT cc.id, cc.contest_id, cc.contest_entry_id, cc.comment, cc.created_at, {USER_COLUMNS} \
         FROM contest_comment cc JOIN app_user u ON u.id = cc.created_by \
         WHERE cc.deleted_at IS NULL AND cc.contest_id = $1 AND {filter}"
    )
}

/// The filter on `contest_entry_id`: the board (`IS NULL`) or one entry (`= $2`).
fn entry_filter(entry_id: Option<i64>) -> &'static str {
    match entry_id {
        Some(_) => "cc.contest_entry_id = $2",
        None => "cc.contest_entry_id IS NULL AND $2 IS NULL",
    }
}

/// A page of live comments, newest first, and how many there are in all.
#[instrument(skip_all, fields(contest_id, entry_id))]
pub async fn comment_page(
    conn: &mut AnyConnection,
    contest_id: i64,
    entry_id: Option<i64>,
    page: i64,
    per_page: i64,
) -> Result<(Vec<CommentView>, i64), sqlx::Error> {
    let filter = entry_filter(entry_id);
    let sql = format!("{} ORDER BY cc.id DESC LIMIT $3 OFFSET $4", comment_select(filter));
    let rows: Vec<CommentView> = sqlx::query_as(&sql)
        .bind(contest_id)
        .bind(entry_id)
        .bind(per_page)
        .bind((page - 1) * per_page)
        .fetch_all(&mut *conn)
        .await?;
    let count_sql = format!(
        "SELECT COUNT(*) FROM contest_comment cc WHERE cc.deleted_at IS NULL AND cc.contest_id = $1 AND {filter}"
    );
    let total: i64 = sqlx::query_scalar(&count_sql).bind(contest_id).bind(entry_id).fetch_one(&mut *conn).await?;
    Ok((rows, total))
}

/// A live comment of the board or entry.
#[instrument(skip_all, fields(contest_id, comment_id))]
pub async fn find_comment(
    conn: &mut AnyConnection,
    contest_id: i64,
    entry_id: Option<i64>,
    comment_id: i64,
) -> Result<Option<CommentView>, sqlx::Error> {
    let sql = format!("{} AND cc.id = $3", comment_select(entry_filter(entry_id)));
    sqlx::query_as(&sql).bind(contest_id).bind(entry_id).bind(comment_id).fetch_optional(&mut *conn).await
}

/// Writes a comment and returns it as shown.
#[instrument(skip_all, fields(contest_id, user_id))]
pub async fn insert_comment(
    conn: &mut AnyConnection,
    contest_id: i64,
    entry_id: Option<i64>,
    user_id: i64,
    comment: &str,
    now_ms: i64,
) -> Result<CommentView, sqlx::Error> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO contest_comment (contest_id, contest_entry_id, created_by, comment, created_at) \
         VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(contest_id)
    .bind(entry_id)
    .bind(user_id)
    .bind(comment)
    .bind(now_ms)
    .fetch_one(&mut *conn)
    .await?;
    find_comment(conn, contest_id, entry_id, id).await?.ok_or(sqlx::Error::RowNotFound)
}

/// Soft-deletes a comment; false when it was already gone.
#[instrument(skip_all, fields(comment_id))]
pub async fn delete_comment(conn: &mut AnyConnection, comment_id: i64, now_ms: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("UPDATE contest_comment SET deleted_at = $2 WHERE id = $1 AND deleted_at IS NULL")
        .bind(comment_id)
        .bind(now_ms)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

// ---- Reactions ----

/// Every reaction on an entry with its user, by emoji then age.
#[instrument(skip_all, fields(entry_id))]
pub async fn reactions(conn: &mut AnyConnection, entry_id: i64) -> Result<Vec<ReactionRow>, sqlx::Error> {
    let sql = format!(
        "SELECT r.emoji_reaction_id, {USER_COLUMNS} FROM entry_reaction r JOIN app_user u ON u.id = r.app_user_id \
         WHERE r.contest_entry_id = $1 ORDER BY r.emoji_reaction_id, r.created_at, u.id"
    );
    sqlx::query_as(&sql).bind(entry_id).fetch_all(&mut *conn).await
}

/// Adds a reaction; false when the user had already reacted so.
#[instrument(skip_all, fields(entry_id, user_id, emoji))]
pub async fn add_reaction(
    conn: &mut AnyConnection,
    entry_id: i64,
    user_id: i64,
    emoji: i64,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO entry_reaction (contest_entry_id, app_user_id, emoji_reaction_id, created_at) \
         VALUES ($1, $2, $3, $4) ON CONFLICT (contest_entry_id, app_user_id, emoji_reaction_id) DO NOTHING",
    )
    .bind(entry_id)
    .bind(user_id)
    .bind(emoji)
    .bind(now_ms)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Removes a reaction; false when there was none.
#[instrument(skip_all, fields(entry_id, user_id, emoji))]
pub async fn remove_reaction(
    conn: &mut AnyConnection,
    entry_id: i64,
    user_id: i64,
    emoji: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "DELETE FROM entry_reaction WHERE contest_entry_id = $1 AND app_user_id = $2 AND emoji_reaction_id = $3",
    )
    .bind(entry_id)
    .bind(user_id)
    .bind(emoji)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

// ---- Image tags ----

const TAG_SELECT: &str = "SELECT t.id, t.contest_entry_id, t.x, t.y, t.note, t.completed_at, t.created_at";

/// The tags of an entry, oldest first.
#[instrument(skip_all, fields(entry_id))]
pub async fn tags(conn: &mut AnyConnection, entry_id: i64) -> Result<Vec<ImageTagView>, sqlx::Error> {
    let sql = format!(
        "{TAG_SELECT}, {USER_COLUMNS} FROM image_tag t JOIN app_user u ON u.id = t.created_by \
         WHERE t.contest_entry_id = $1 ORDER BY t.id"
    );
    sqlx::query_as(&sql).bind(entry_id).fetch_all(&mut *conn).await
}

/// Tag `tag_id` of the entry.
#[instrument(skip_all, fields(entry_id, tag_id))]
pub async fn find_tag(
    conn: &mut AnyConnection,
    entry_id: i64,
    tag_id: i64,
) -> Result<Option<ImageTagView>, sqlx::Error> {
    let sql = format!(
        "{TAG_SELECT}, {USER_COLUMNS} FROM image_tag t JOIN app_user u ON u.id = t.created_by \
         WHERE t.contest_entry_id = $1 AND t.id = $2"
    );
    sqlx::query_as(&sql).bind(entry_id).bind(tag_id).fetch_optional(&mut *conn).await
}

/// A new tag on the entry.
pub struct NewTag<'a> {
    pub entry_id: i64,
    pub user_id: i64,
    pub x: f64,
    pub y: f64,
    pub note: &'a str,
}

#[instrument(skip_all, fields(entry_id = tag.entry_id))]
pub async fn insert_tag(conn: &mut AnyConnection, tag: &NewTag<'_>, now_ms: i64) -> Result<ImageTagView, sqlx::Error> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO image_tag (contest_entry_id, created_by, x, y, note, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    )
    .bind(tag.entry_id)
    .bind(tag.user_id)
    .bind(tag.x)
    .bind(tag.y)
    .bind(tag.note)
    .bind(now_ms)
    .fetch_one(&mut *conn)
    .await?;
    find_tag(conn, tag.entry_id, id).await?.ok_or(sqlx::Error::RowNotFound)
}

/// Marks a tag done; false when it already was.
#[instrument(skip_all, fields(tag_id))]
pub async fn complete_tag(conn: &mut AnyConnection, tag_id: i64, now_ms: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("UPDATE image_tag SET completed_at = $2 WHERE id = $1 AND completed_at IS NULL")
        .bind(tag_id)
        .bind(now_ms)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

#[instrument(skip_all, fields(tag_id))]
pub async fn delete_tag(conn: &mut AnyConnection, tag_id: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("DELETE FROM image_tag WHERE id = $1").bind(tag_id).execute(&mut *conn).await?;
    Ok(done.rows_affected() == 1)
}
