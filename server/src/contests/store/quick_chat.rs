//! SQL of quick-start chats (`quick_chat_contest`).

use sqlx::{Any, Executor, FromRow};
use tracing::instrument;

#[derive(Debug, Clone, FromRow)]
pub struct ChatRow {
    pub tracker_id: String,
    pub email: String,
    pub contest_type_id: i64,
    pub app_user_id: Option<i64>,
    pub contest_id: Option<i64>,
    pub created_at: i64,
}

#[instrument(skip_all)]
pub async fn find<'c>(db: impl Executor<'c, Database = Any>, tracker_id: &str) -> Result<Option<ChatRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT tracker_id, email, contest_type_id, app_user_id, contest_id, created_at FROM quick_chat_contest \
         WHERE tracker_id = $1",
    )
    .bind(tracker_id)
    .fetch_optional(db)
    .await
}

#[instrument(skip_all, fields(contest_type_id))]
pub async fn insert<'c>(
    db: impl Executor<'c, Database = Any>,
    tracker_id: &str,
    email: &str,
    contest_type_id: i64,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO quick_chat_contest (tracker_id, email, contest_type_id, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $4)",
    )
    .bind(tracker_id)
    .bind(email)
    .bind(contest_type_id)
    .bind(now_ms)
    .execute(db)
    .await?;
    Ok(())
}

/// Links the chat to the user it led to and, when given, their contest.
#[instrument(skip_all, fields(user_id, contest_id))]
pub async fn link<'c>(
    db: impl Executor<'c, Database = Any>,
    tracker_id: &str,
    user_id: i64,
    contest_id: Option<i64>,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE quick_chat_contest SET app_user_id = $1, contest_id = COALESCE($2, contest_id), updated_at = $3 \
         WHERE tracker_id = $4",
    )
    .bind(user_id)
    .bind(contest_id)
    .bind(now_ms)
    .bind(tracker_id)
    .execute(db)
    .await?;
    Ok(())
}
