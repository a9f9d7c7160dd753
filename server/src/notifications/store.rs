//! The notification area's SQL: writing one, the list, marking read, muted types, the
//! badge's counters and its coalescing state (`badge_state`).
//!
//! Every query is scoped by `app_user_id`: a caller only ever reads or marks their own.

use serde_json::Value;
use sqlx::{AnyConnection, FromRow};
use tracing::instrument;

/// A notification with the user who caused it, as the list reads it.
#[derive(Debug, FromRow)]
pub struct NotificationRow {
    pub id: i64,
    pub notification_type_id: i64,
    pub read_at: Option<i64>,
    pub created_at: i64,
    pub created_by: Option<i64>,
    pub trigger_entity_id: Option<i64>,
    pub plain_content: String,
    /// JSON text.
    pub data: String,
    pub creator_username: Option<String>,
    pub creator_name: Option<String>,
    pub creator_profile_picture: Option<String>,
}

/// What an entity mark-as-read refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entity {
    Contest(i64),
    /// An entry, narrowed to its contest when the caller named one.
    ContestEntry {
        contest_id: Option<i64>,
        contest_entry_id: i64,
    },
    Project(i64),
}

/// `$first, $first+1, ...`: placeholders for an `IN` list (the Any driver binds no arrays).
fn placeholders(first: usize, count: usize) -> String {
    (first..first + count).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ")
}

/// One page of the user's notifications, newest first, and how many there are in all.
#[instrument(skip_all, fields(user_id = user_id, unread_only = unread_only, page = page))]
pub async fn page(
    conn: &mut AnyConnection,
    user_id: i64,
    unread_only: bool,
    page: i64,
    per_page: i64,
) -> Result<(Vec<NotificationRow>, i64), sqlx::Error> {
    let unread = if unread_only { " AND n.read_at IS NULL" } else { "" };
    let total: i64 =
        sqlx::query_scalar(&format!("SELECT COUNT(*) FROM notification n WHERE n.app_user_id = $1{unread}"))
            .bind(user_id)
            .fetch_one(&mut *conn)
            .await?;
    let rows = sqlx::query_as(&format!(
        "SELECT n.id, CAST(n.notification_type_id AS BIGINT) AS notification_type_id, n.read_at, n.created_at, \
         n.created_by, n.trigger_entity_id, n.plain_content, n.data, u.username AS creator_username, \
         u.name AS creator_name, u.profile_picture AS creator_profile_picture \
         FROM notification n LEFT JOIN app_user u ON u.id = n.created_by \
         WHERE n.app_user_id = $1{unread} ORDER BY n.id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(user_id)
    .bind(per_page)
    .bind((page - 1).saturating_mul(per_page))
    .fetch_all(&mut *conn)
    .await?;
    Ok((rows, total))
}

/// Which of `ids` are the user's own notifications.
#[instrument(skip_all, fields(user_id = user_id, ids = ids.len()))]
pub async fn owned(conn: &mut AnyConnection, user_id: i64, ids: &[i64]) -> Result<Vec<i64>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(vec![]);
    }
    let sql = format!("SELECT id FROM notification WHERE app_user_id = $1 AND id IN ({})", placeholders(2, ids.len()));
    let mut query = sqlx::query_scalar(&sql).bind(user_id);
    for id in ids {
        query = query.bind(*id);
    }
    query.fetch_all(&mut *conn).await
}

/// Sets `read_at` on those of `ids` that are the user's and unread; returns how many changed.
#[instrument(skip_all, fields(user_id = user_id, ids = ids.len()))]
pub async fn mark_read(conn: &mut AnyConnection, user_id: i64, ids: &[i64], now_ms: i64) -> Result<u64, sqlx::Error> {
    if ids.is_empty() {
        return Ok(0);
    }
    let sql = format!(
        "UPDATE notification SET read_at = $2 WHERE app_user_id = $1 AND read_at IS NULL AND id IN ({})",
        placeholders(3, ids.len())
    );
    let mut query = sqlx::query(&sql).bind(user_id).bind(now_ms);
    for id in ids {
        query = query.bind(*id);
    }
    Ok(query.execute(&mut *conn).await?.rows_affected())
}

/// Marks every unread notification of the user read; returns how many changed.
#[instrument(skip_all, fields(user_id = user_id))]
pub async fn mark_all_read(conn: &mut AnyConnection, user_id: i64, now_ms: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("UPDATE notification SET read_at = $2 WHERE app_user_id = $1 AND read_at IS NULL")
        .bind(user_id)
        .bind(now_ms)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected())
}

/// Marks the user's unread notifications about `entity` read; returns how many changed.
#[instrument(skip_all, fields(user_id = user_id, entity = ?entity))]
pub async fn mark_entity_read(
    conn: &mut AnyConnection,
    user_id: i64,
    entity: Entity,
    now_ms: i64,
) -> Result<u64, sqlx::Error> {
    let (filter, first, second) = match entity {
        Entity::Contest(id) => ("contest_id = $3", id, None),
        Entity::ContestEntry { contest_id, contest_entry_id } => match contest_id {
            Some(contest_id) => ("contest_entry_id = $3 AND contest_id = $4", contest_entry_id, Some(contest_id)),
            None => ("contest_entry_id = $3", contest_entry_id, None),
        },
        Entity::Project(id) => ("project_id = $3", id, None),
    };
    let sql = format!("UPDATE notification SET read_at = $2 WHERE app_user_id = $1 AND read_at IS NULL AND {filter}");
    let mut query = sqlx::query(&sql).bind(user_id).bind(now_ms).bind(first);
    if let Some(second) = second {
        query = query.bind(second);
    }
    Ok(query.execute(&mut *conn).await?.rows_affected())
}

/// The notification types the user muted, in ascending order.
#[instrument(skip_all, fields(user_id = user_id))]
pub async fn muted_types(conn: &mut AnyConnection, user_id: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT CAST(notification_type_id AS BIGINT) FROM notification_mute WHERE app_user_id = $1 \
         ORDER BY notification_type_id",
    )
    .bind(user_id)
    .fetch_all(&mut *conn)
    .await
}

/// Whether the user muted this notification type.
#[instrument(skip_all, fields(user_id = user_id, type_id = type_id))]
pub async fn is_muted(conn: &mut AnyConnection, user_id: i64, type_id: i64) -> Result<bool, sqlx::Error> {
    let found: Option<i64> = sqlx::query_scalar(
        "SELECT CAST(1 AS BIGINT) FROM notification_mute WHERE app_user_id = $1 AND notification_type_id = $2",
    )
    .bind(user_id)
    .bind(type_id)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(found.is_some())
}

/// Replaces the user's muted types with `types` (already validated, 1-22, no repeats).
#[instrument(skip_all, fields(user_id = user_id, types = types.len()))]
pub async fn set_muted_types(
    conn: &mut AnyConnection,
    user_id: i64,
    types: &[i64],
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM notification_mute WHERE app_user_id = $1").bind(user_id).execute(&mut *conn).await?;
    for type_id in types {
        sqlx::query(
            "INSERT INTO notification_mute (app_user_id, notification_type_id, created_at) VALUES ($1, $2, $3)",
        )
        .bind(user_id)
        .bind(*type_id)
        .bind(now_ms)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// The user's unread notifications.
#[instrument(skip_all, fields(user_id))]
pub async fn unread_count(conn: &mut AnyConnection, user_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM notification WHERE app_user_id = $1 AND read_at IS NULL")
        .bind(user_id)
        .fetch_one(conn)
        .await
}

/// A notification's row, as [`insert`] writes it.
#[derive(Debug)]
pub struct NewRow<'a> {
    pub user_id: i64,
    pub type_id: i64,
    pub created_by: Option<i64>,
    pub trigger_entity_id: Option<i64>,
    pub plain_content: &'a str,
    pub data: &'a Value,
    /// The click target's ids, kept in columns so marking an entity's notices read is one update.
    pub contest_id: Option<i64>,
    pub contest_entry_id: Option<i64>,
    pub project_id: Option<i64>,
}

/// Writes a notification; answers its id.
pub async fn insert(conn: &mut AnyConnection, row: &NewRow<'_>, now_ms: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO notification (app_user_id, notification_type_id, created_by, trigger_entity_id, plain_content, \
         data, contest_id, contest_entry_id, project_id, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
    )
    .bind(row.user_id)
    .bind(row.type_id)
    .bind(row.created_by)
    .bind(row.trigger_entity_id)
    .bind(row.plain_content)
    .bind(row.data.to_string())
    .bind(row.contest_id)
    .bind(row.contest_entry_id)
    .bind(row.project_id)
    .bind(now_ms)
    .fetch_one(conn)
    .await
}

/// The user's unread notifications, and how many of them are of `new_entry_type`.
pub async fn unread_counts(
    conn: &mut AnyConnection,
    user_id: i64,
    new_entry_type: i64,
) -> Result<(i64, i64), sqlx::Error> {
    sqlx::query_as(
        "SELECT COUNT(*), COALESCE(SUM(CASE WHEN notification_type_id = $2 THEN 1 ELSE 0 END), 0) \
         FROM notification WHERE app_user_id = $1 AND read_at IS NULL",
    )
    .bind(user_id)
    .bind(new_entry_type)
    .fetch_one(conn)
    .await
}

/// The badge's two counters of other areas' tables: the user's unread direct messages
/// and the items in their tipping cart. Read here, in one place, because the badge is one
/// read of every counter and the areas owning `message` and `cart_item` notify through
/// this one (they sit above it: reading their stores from here would be a cycle).
pub async fn other_counters(conn: &mut AnyConnection, user_id: i64) -> Result<(i64, i64), sqlx::Error> {
    let unread_messages: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM message WHERE recipient_id = $1 AND read_at IS NULL AND deleted_by_recipient_at IS NULL",
    )
    .bind(user_id)
    .fetch_one(&mut *conn)
    .await?;
    let cart_count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM cart_item WHERE app_user_id = $1")
        .bind(user_id)
        .fetch_one(&mut *conn)
        .await?;
    Ok((unread_messages, cart_count))
}

/// When the user's badge was last pushed, if ever.
pub async fn badge_last_pushed(conn: &mut AnyConnection, user_id: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT last_pushed_at FROM badge_state WHERE user_id = $1")
        .bind(user_id)
        .fetch_optional(conn)
        .await
}

/// Marks the user's badge due at `due_at`, unless it is due already.
pub async fn mark_badge_due(conn: &mut AnyConnection, user_id: i64, due_at: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE badge_state SET due_at = $1 WHERE user_id = $2 AND due_at IS NULL")
        .bind(due_at)
        .bind(user_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Records a badge pushed at `now_ms` (and nothing due).
pub async fn record_badge_pushed(conn: &mut AnyConnection, user_id: i64, now_ms: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO badge_state (user_id, last_pushed_at, due_at) VALUES ($1, $2, NULL) \
         ON CONFLICT (user_id) DO UPDATE SET last_pushed_at = $2, due_at = NULL",
    )
    .bind(user_id)
    .bind(now_ms)
    .execute(conn)
    .await?;
    Ok(())
}

/// Up to `limit` users whose badge is due at `now_ms`, the longest due first.
pub async fn badges_due<'c>(
    db: impl sqlx::Executor<'c, Database = sqlx::Any>,
    now_ms: i64,
    limit: i64,
) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT user_id FROM badge_state WHERE due_at <= $1 ORDER BY due_at LIMIT $2")
        .bind(now_ms)
        .bind(limit)
        .fetch_all(db)
        .await
}

/// Whether the user's badge is still due at `now_ms`, re-read under its row's lock
/// (`lock` is `" FOR UPDATE"` on PostgreSQL, empty on SQLite, which has one writer).
pub async fn badge_still_due(
    conn: &mut AnyConnection,
    user_id: i64,
    now_ms: i64,
    lock: &str,
) -> Result<bool, sqlx::Error> {
    let due: Option<i64> =
        sqlx::query_scalar(&format!("SELECT user_id FROM badge_state WHERE user_id = $1 AND due_at <= $2{lock}"))
            .bind(user_id)
            .bind(now_ms)
            .fetch_optional(conn)
            .await?;
    Ok(due.is_some())
}
