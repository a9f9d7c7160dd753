//! SQL of every thread: comments, reactions and image tags, each table described by
//! its area ([`CommentTable`], [`ReactionTable`], [`TagTable`]). One dialect for both
//! engines. Table and column names come from the areas' constants, never from input.

use sqlx::AnyConnection;
use tracing::instrument;

use super::{
    model::{ReactionRow, Row, USER_COLUMNS},
    read_state::{ReadTable, Reading},
    rules::Point,
};

// ---- Comments ----

/// Where an area keeps its comments: `id, {parent}, [{child},] created_by, comment,
/// created_at[, deleted_at]`.
#[derive(Debug, Clone, Copy)]
pub struct CommentTable {
    pub table: &'static str,
    /// What every comment hangs on (`contest_id`, `project_id`, `bid_id`).
    pub parent: &'static str,
    /// The sub-thread, when the thing has several: null for the thing's own thread
    /// (`contest_entry_id`, `project_update_id`). None: one thread per parent.
    pub child: Option<&'static str>,
    /// Comments are deleted by setting `deleted_at`, and lists leave those out.
    pub soft_delete: bool,
    /// Pages read newest first (a feed) rather than oldest first (a conversation).
    pub newest_first: bool,
}

impl CommentTable {
    /// Comments that read like a feed, newest first, soft-deleted, on a thing (`parent`)
    /// or one of its parts (`child`, null for the thing's own thread).
    pub const fn feed(table: &'static str, parent: &'static str, child: &'static str) -> Self {
        Self { table, parent, child: Some(child), soft_delete: true, newest_first: true }
    }

    /// One conversation a `parent`, oldest first, every message kept.
    pub const fn conversation(table: &'static str, parent: &'static str) -> Self {
        Self { table, parent, child: None, soft_delete: false, newest_first: false }
    }

    /// `FROM ... WHERE` the live comments of thread `$1`, and of sub-thread `$2` (the
    /// thing's own thread when `child` is None, so `$2` is null).
    fn thread(&self, child: Option<i64>) -> String {
        let live = if self.soft_delete { "c.deleted_at IS NULL AND " } else { "" };
        let sub = match (self.child, child) {
            (Some(column), Some(_)) => format!("c.{column} = $2"),
            (Some(column), None) => format!("c.{column} IS NULL AND $2 IS NULL"),
            (None, _) => "$2 IS NULL".to_owned(),
        };
        format!(
            "FROM {} c JOIN app_user u ON u.id = c.created_by WHERE {live}c.{} = $1 AND {sub}",
            self.table, self.parent
        )
    }

    fn select(&self, child: Option<i64>) -> String {
        let column = self.child.map(|c| format!("c.{c}, ")).unwrap_or_default();
        let from = self.thread(child);
        format!("SELECT c.id, c.{}, {column}c.comment, c.created_at, {USER_COLUMNS} {from}", self.parent)
    }
}

/// A page of live comments of a thread, in the table's order, and how many there are.
#[instrument(skip_all, fields(table = table.table, parent, child))]
pub async fn comment_page<T: Row>(
    conn: &mut AnyConnection,
    table: &CommentTable,
    parent: i64,
    child: Option<i64>,
    page: i64,
    per_page: i64,
) -> Result<(Vec<T>, i64), sqlx::Error> {
    let order = if table.newest_first { "DESC" } else { "ASC" };
    let rows = sqlx::query_as(&format!("{} ORDER BY c.id {order} LIMIT $3 OFFSET $4", table.select(child)))
        .bind(parent)
        .bind(child)
        .bind(per_page)
        .bind((page - 1) * per_page)
        .fetch_all(&mut *conn)
        .await?;
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) {}", table.thread(child)))
        .bind(parent)
        .bind(child)
        .fetch_one(&mut *conn)
        .await?;
    Ok((rows, total))
}

/// A live comment of the thread.
#[instrument(skip_all, fields(table = table.table, parent, comment_id))]
pub async fn find_comment<T: Row>(
    conn: &mut AnyConnection,
    table: &CommentTable,
    parent: i64,
    child: Option<i64>,
    comment_id: i64,
) -> Result<Option<T>, sqlx::Error> {
    let sql = format!("{} AND c.id = $3", table.select(child));
    sqlx::query_as(&sql).bind(parent).bind(child).bind(comment_id).fetch_optional(&mut *conn).await
}

/// Writes a comment and returns it as read.
#[instrument(skip_all, fields(table = table.table, parent, author))]
pub async fn insert_comment<T: Row>(
    conn: &mut AnyConnection,
    table: &CommentTable,
    parent: i64,
    child: Option<i64>,
    author: i64,
    text: &str,
    now_ms: i64,
) -> Result<T, sqlx::Error> {
    let (child_column, child_value) = match table.child {
        Some(column) => (format!("{column}, "), "$5, "),
        None => (String::new(), ""),
    };
    let sql = format!(
        "INSERT INTO {} ({}, {child_column}created_by, comment, created_at) VALUES ($1, {child_value}$2, $3, $4) \
         RETURNING id",
        table.table, table.parent
    );
    let mut insert = sqlx::query_scalar(&sql).bind(parent).bind(author).bind(text).bind(now_ms);
    if table.child.is_some() {
        insert = insert.bind(child);
    }
    let id: i64 = insert.fetch_one(&mut *conn).await?;
    find_comment(conn, table, parent, child, id).await?.ok_or(sqlx::Error::RowNotFound)
}

/// Soft-deletes a live comment; false when it was already gone.
#[instrument(skip_all, fields(table = table.table, comment_id))]
pub async fn delete_comment(
    conn: &mut AnyConnection,
    table: &CommentTable,
    comment_id: i64,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    let sql = format!("UPDATE {} SET deleted_at = $1 WHERE id = $2 AND deleted_at IS NULL", table.table);
    let done = sqlx::query(&sql).bind(now_ms).bind(comment_id).execute(&mut *conn).await?;
    Ok(done.rows_affected() == 1)
}

// ---- Reactions ----

/// Where an area keeps reactions: one row per `{target}`, `app_user_id` and
/// `emoji_reaction_id` (the primary key), with `created_at`.
#[derive(Debug, Clone, Copy)]
pub struct ReactionTable {
    pub table: &'static str,
    /// What is reacted to (`contest_entry_id`, `project_update_id`).
    pub target: &'static str,
}

/// Reactions to a target with their users, by emoji then oldest first; `emoji`
/// keeps one emoji only.
#[instrument(skip_all, fields(table = table.table, target, emoji))]
pub async fn reactions(
    conn: &mut AnyConnection,
    table: &ReactionTable,
    target: i64,
    emoji: Option<i64>,
) -> Result<Vec<ReactionRow>, sqlx::Error> {
    let sql = format!(
        "SELECT r.emoji_reaction_id, {USER_COLUMNS} FROM {} r JOIN app_user u ON u.id = r.app_user_id \
         WHERE r.{} = $1 AND ($2 IS NULL OR r.emoji_reaction_id = $2) ORDER BY r.emoji_reaction_id, r.created_at, u.id",
        table.table, table.target
    );
    sqlx::query_as(&sql).bind(target).bind(emoji).fetch_all(&mut *conn).await
}

/// Adds a reaction; false when the user had already reacted so.
#[instrument(skip_all, fields(table = table.table, target, user_id, emoji))]
pub async fn add_reaction(
    conn: &mut AnyConnection,
    table: &ReactionTable,
    target: i64,
    user_id: i64,
    emoji: i64,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    let (name, column) = (table.table, table.target);
    let sql = format!(
        "INSERT INTO {name} ({column}, app_user_id, emoji_reaction_id, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT ({column}, app_user_id, emoji_reaction_id) DO NOTHING"
    );
    let done = sqlx::query(&sql).bind(target).bind(user_id).bind(emoji).bind(now_ms).execute(&mut *conn).await?;
    Ok(done.rows_affected() == 1)
}

/// Removes a reaction; false when there was none.
#[instrument(skip_all, fields(table = table.table, target, user_id, emoji))]
pub async fn remove_reaction(
    conn: &mut AnyConnection,
    table: &ReactionTable,
    target: i64,
    user_id: i64,
    emoji: i64,
) -> Result<bool, sqlx::Error> {
    let sql = format!(
        "DELETE FROM {} WHERE {} = $1 AND app_user_id = $2 AND emoji_reaction_id = $3",
        table.table, table.target
    );
    let done = sqlx::query(&sql).bind(target).bind(user_id).bind(emoji).execute(&mut *conn).await?;
    Ok(done.rows_affected() == 1)
}

// ---- Image tags ----

/// Where an area keeps image tags: `id, {target}, [file_id,] created_by, x, y, note,
/// completed_at, created_at`.
#[derive(Debug, Clone, Copy)]
pub struct TagTable {
    pub table: &'static str,
    /// What is tagged (`contest_entry_id`, `project_update_id`).
    pub target: &'static str,
    /// Tags name which of the target's images they are on (`file_id`).
    pub per_file: bool,
}

impl TagTable {
    fn select(&self) -> String {
        let file = if self.per_file { "t.file_id, " } else { "" };
        format!(
            "SELECT t.id, t.{target}, {file}t.x, t.y, t.note, t.completed_at, t.created_at, {USER_COLUMNS} \
             FROM {table} t JOIN app_user u ON u.id = t.created_by WHERE t.{target} = $1",
            target = self.target,
            table = self.table
        )
    }
}

/// A new tag on a target.
#[derive(Debug)]
pub struct NewTag<'a> {
    pub target: i64,
    /// Which image, on tables whose tags are per file.
    pub file_id: Option<i64>,
    pub user_id: i64,
    pub point: &'a Point,
}

/// The tags of a target, oldest first.
#[instrument(skip_all, fields(table = table.table, target))]
pub async fn tags<T: Row>(conn: &mut AnyConnection, table: &TagTable, target: i64) -> Result<Vec<T>, sqlx::Error> {
    sqlx::query_as(&format!("{} ORDER BY t.id", table.select())).bind(target).fetch_all(&mut *conn).await
}

/// Tag `tag_id` of the target.
#[instrument(skip_all, fields(table = table.table, target, tag_id))]
pub async fn find_tag<T: Row>(
    conn: &mut AnyConnection,
    table: &TagTable,
    target: i64,
    tag_id: i64,
) -> Result<Option<T>, sqlx::Error> {
    sqlx::query_as(&format!("{} AND t.id = $2", table.select()))
        .bind(target)
        .bind(tag_id)
        .fetch_optional(&mut *conn)
        .await
}

#[instrument(skip_all, fields(table = table.table, target = tag.target))]
pub async fn insert_tag<T: Row>(
    conn: &mut AnyConnection,
    table: &TagTable,
    tag: &NewTag<'_>,
    now_ms: i64,
) -> Result<T, sqlx::Error> {
    let (file_column, file_value) = if table.per_file { ("file_id, ", "$7, ") } else { ("", "") };
    let sql = format!(
        "INSERT INTO {} ({}, {file_column}created_by, x, y, note, created_at) \
         VALUES ($1, {file_value}$2, $3, $4, $5, $6) RETURNING id",
        table.table, table.target
    );
    let mut insert = sqlx::query_scalar(&sql)
        .bind(tag.target)
        .bind(tag.user_id)
        .bind(tag.point.x)
        .bind(tag.point.y)
        .bind(tag.point.note.as_str())
        .bind(now_ms);
    if table.per_file {
        insert = insert.bind(tag.file_id);
    }
    let id: i64 = insert.fetch_one(&mut *conn).await?;
    find_tag(conn, table, tag.target, id).await?.ok_or(sqlx::Error::RowNotFound)
}

/// Marks a tag done; false when it already was.
#[instrument(skip_all, fields(table = table.table, tag_id))]
pub async fn complete_tag(
    conn: &mut AnyConnection,
    table: &TagTable,
    tag_id: i64,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    let sql = format!("UPDATE {} SET completed_at = $1 WHERE id = $2 AND completed_at IS NULL", table.table);
    let done = sqlx::query(&sql).bind(now_ms).bind(tag_id).execute(&mut *conn).await?;
    Ok(done.rows_affected() == 1)
}

#[instrument(skip_all, fields(table = table.table, tag_id))]
pub async fn delete_tag(conn: &mut AnyConnection, table: &TagTable, tag_id: i64) -> Result<bool, sqlx::Error> {
    let done =
        sqlx::query(&format!("DELETE FROM {} WHERE id = $1", table.table)).bind(tag_id).execute(&mut *conn).await?;
    Ok(done.rows_affected() == 1)
}

// ---- Read state ----

/// Marks read what the writer sent the reader; returns how many changed and the newest
/// id among them. A row already read keeps its `read_at`.
#[instrument(skip_all, fields(table = reading.table.table, reader = reading.reader, writer = reading.writer))]
pub async fn mark_read(
    conn: &mut AnyConnection,
    reading: &Reading,
    now_ms: i64,
) -> Result<(u64, Option<i64>), sqlx::Error> {
    let ReadTable { table, reader, writer } = reading.table;
    let unread = format!("FROM {table} WHERE {reader} = $1 AND {writer} = $2 AND read_at IS NULL");
    let up_to: Option<i64> = sqlx::query_scalar(&format!("SELECT MAX(id) {unread}"))
        .bind(reading.reader)
        .bind(reading.writer)
        .fetch_one(&mut *conn)
        .await?;
    let Some(up_to) = up_to else { return Ok((0, None)) };
    let marked = sqlx::query(&format!(
        "UPDATE {table} SET read_at = $3 WHERE {reader} = $1 AND {writer} = $2 AND read_at IS NULL AND id <= $4"
    ))
    .bind(reading.reader)
    .bind(reading.writer)
    .bind(now_ms)
    .bind(up_to)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    Ok((marked, Some(up_to)))
}
