//! The message area's SQL.
//!
//! A conversation between the caller and another user is both directions of
//! `message`, minus what the caller deleted on their side. Every query is scoped by
//! the caller's id: nobody reads or changes another pair's conversation.

use sqlx::{AnyConnection, FromRow};
use tracing::instrument;

use super::model::{ConversationRow, MessageRow, MESSAGE_COLUMNS};
use crate::threads::read_state::ReadTable;

/// A conversation's read state: what the recipient has read of what the sender sent
/// (marked by the thread model, [`crate::threads::read_state`]).
pub const READ: ReadTable = ReadTable { table: "message", reader: "recipient_id", writer: "sender_id" };

/// The messages the caller `$1` may see, with `other_id` the other party.
const VISIBLE: &str = "SELECT m.id, CASE WHEN m.sender_id = $1 THEN m.recipient_id ELSE m.sender_id END AS other_id, \
     CASE WHEN m.recipient_id = $1 AND m.read_at IS NULL THEN 1 ELSE 0 END AS unread \
     FROM message m \
     WHERE (m.sender_id = $1 AND m.deleted_by_sender_at IS NULL) \
        OR (m.recipient_id = $1 AND m.deleted_by_recipient_at IS NULL)";

/// `$first, $first+1, ...`: placeholders for an `IN` list (the Any driver binds no arrays).
fn placeholders(first: usize, count: usize) -> String {
    (first..first + count).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ")
}

/// A recipient found by username.
#[derive(Debug, Clone, FromRow)]
pub struct Recipient {
    pub id: i64,
    pub username: String,
}

/// The active users among `usernames` (already lower-cased), matched in either case.
#[instrument(skip_all, fields(count = usernames.len()))]
pub async fn find_recipients(conn: &mut AnyConnection, usernames: &[String]) -> Result<Vec<Recipient>, sqlx::Error> {
    let sql = format!(
        "SELECT id, username FROM app_user WHERE is_active = 1 AND LOWER(username) IN ({})",
        placeholders(1, usernames.len())
    );
    let mut query = sqlx::query_as(&sql);
    for name in usernames {
        query = query.bind(name);
    }
    query.fetch_all(&mut *conn).await
}

/// Whether `from` has ever written to `to` (so `to` may answer whatever their level).
#[instrument(skip_all, fields(from, to))]
pub async fn has_written(conn: &mut AnyConnection, from: i64, to: i64) -> Result<bool, sqlx::Error> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT id FROM message WHERE sender_id = $1 AND recipient_id = $2 LIMIT 1")
            .bind(from)
            .bind(to)
            .fetch_optional(&mut *conn)
            .await?;
    Ok(found.is_some())
}

/// Whether `a` and `b` have a conversation: a message either way.
#[instrument(skip_all, fields(a, b))]
pub async fn have_conversation(conn: &mut AnyConnection, a: i64, b: i64) -> Result<bool, sqlx::Error> {
    Ok(has_written(conn, a, b).await? || has_written(conn, b, a).await?)
}

/// A message to write.
#[derive(Debug)]
pub struct NewMessage<'a> {
    pub sender_id: i64,
    pub recipient_id: i64,
    pub body: &'a str,
    pub contest_id: Option<i64>,
    pub trigger_id: i64,
    pub has_email_address: bool,
}

#[instrument(skip_all, fields(sender_id = m.sender_id, recipient_id = m.recipient_id))]
pub async fn insert(conn: &mut AnyConnection, m: &NewMessage<'_>, now_ms: i64) -> Result<MessageRow, sqlx::Error> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO message (sender_id, recipient_id, body, contest_id, trigger_id, has_email_address, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
    )
    .bind(m.sender_id)
    .bind(m.recipient_id)
    .bind(m.body)
    .bind(m.contest_id)
    .bind(m.trigger_id)
    .bind(i64::from(m.has_email_address))
    .bind(now_ms)
    .fetch_one(&mut *conn)
    .await?;
    Ok(MessageRow {
        id,
        sender_id: m.sender_id,
        recipient_id: m.recipient_id,
        body: m.body.to_owned(),
        contest_id: m.contest_id,
        trigger_id: m.trigger_id,
        has_email_address: i64::from(m.has_email_address),
        read_at: None,
        created_at: now_ms,
    })
}

/// One page of the caller's conversations, newest last message first, narrowed to
/// correspondents of one user type when given; and how many there are in all.
#[instrument(skip_all, fields(user_id, page))]
pub async fn conversations(
    conn: &mut AnyConnection,
    user_id: i64,
    user_type_id: Option<i64>,
    page: i64,
    per_page: i64,
) -> Result<(Vec<ConversationRow>, i64), sqlx::Error> {
    let by_type = if user_type_id.is_some() { "u.user_type_id = $2" } else { "$2 = 0" };
    let conversations = format!(
        "WITH visible AS ({VISIBLE}), \
         conv AS (SELECT other_id, MAX(id) AS last_id, SUM(unread) AS unread_count FROM visible GROUP BY other_id)"
    );
    let type_arg = user_type_id.unwrap_or(0);
    let total: i64 = sqlx::query_scalar(&format!(
        "{conversations} SELECT COUNT(*) FROM conv JOIN app_user u ON u.id = conv.other_id WHERE {by_type}"
    ))
    .bind(user_id)
    .bind(type_arg)
    .fetch_one(&mut *conn)
    .await?;
    let rows = sqlx::query_as(&format!(
        "{conversations} \
         SELECT conv.other_id, u.username, u.name, CAST(u.user_type_id AS BIGINT) AS user_type_id, u.profile_picture, \
           CAST(conv.unread_count AS BIGINT) AS unread_count, {MESSAGE_COLUMNS} \
         FROM conv JOIN message m ON m.id = conv.last_id JOIN app_user u ON u.id = conv.other_id \
         WHERE {by_type} ORDER BY conv.last_id DESC LIMIT $3 OFFSET $4"
    ))
    .bind(user_id)
    .bind(type_arg)
    .bind(per_page)
    .bind((page - 1) * per_page)
    .fetch_all(&mut *conn)
    .await?;
    Ok((rows, total))
}

/// One page of the caller's conversation with `other_id`, newest first, and its size.
#[instrument(skip_all, fields(user_id, other_id, page))]
pub async fn thread(
    conn: &mut AnyConnection,
    user_id: i64,
    other_id: i64,
    page: i64,
    per_page: i64,
) -> Result<(Vec<MessageRow>, i64), sqlx::Error> {
    const PAIR: &str = "FROM message m \
         WHERE (m.sender_id = $1 AND m.recipient_id = $2 AND m.deleted_by_sender_at IS NULL) \
            OR (m.sender_id = $2 AND m.recipient_id = $1 AND m.deleted_by_recipient_at IS NULL)";
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) {PAIR}"))
        .bind(user_id)
        .bind(other_id)
        .fetch_one(&mut *conn)
        .await?;
    let rows = sqlx::query_as(&format!("SELECT {MESSAGE_COLUMNS} {PAIR} ORDER BY m.id DESC LIMIT $3 OFFSET $4"))
        .bind(user_id)
        .bind(other_id)
        .bind(per_page)
        .bind((page - 1) * per_page)
        .fetch_all(&mut *conn)
        .await?;
    Ok((rows, total))
}

/// The caller's unread messages per correspondent, optionally one correspondent only.
#[instrument(skip_all, fields(user_id))]
pub async fn unread_counts(
    conn: &mut AnyConnection,
    user_id: i64,
    from: Option<i64>,
) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    let only = if from.is_some() { "AND sender_id = $2" } else { "AND $2 = 0" };
    sqlx::query_as(&format!(
        "SELECT sender_id, COUNT(*) FROM message \
         WHERE recipient_id = $1 AND read_at IS NULL AND deleted_by_recipient_at IS NULL {only} \
         GROUP BY sender_id ORDER BY sender_id"
    ))
    .bind(user_id)
    .bind(from.unwrap_or(0))
    .fetch_all(&mut *conn)
    .await
}

/// Hides a message from the caller's side. False when it is not the caller's to hide
/// (someone else's, missing, or already hidden).
#[instrument(skip_all, fields(user_id, message_id))]
pub async fn delete_for(
    conn: &mut AnyConnection,
    user_id: i64,
    message_id: i64,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    let changed = sqlx::query(
        "UPDATE message SET \
           deleted_by_sender_at = CASE WHEN sender_id = $1 THEN $3 ELSE deleted_by_sender_at END, \
           deleted_by_recipient_at = CASE WHEN recipient_id = $1 THEN $3 ELSE deleted_by_recipient_at END \
         WHERE id = $2 AND ((sender_id = $1 AND deleted_by_sender_at IS NULL) \
                         OR (recipient_id = $1 AND deleted_by_recipient_at IS NULL))",
    )
    .bind(user_id)
    .bind(message_id)
    .bind(now_ms)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    Ok(changed > 0)
}

/// The messages the user has not read (nor deleted).
#[instrument(skip_all, fields(user_id))]
pub async fn unread_count(conn: &mut AnyConnection, user_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM message WHERE recipient_id = $1 AND read_at IS NULL AND deleted_by_recipient_at IS NULL",
    )
    .bind(user_id)
    .fetch_one(conn)
    .await
}
