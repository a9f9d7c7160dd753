//! SQL of the community's activity rows (`community_activity`), written in the
//! action's transaction ([`crate::community::activity`]).

use sqlx::AnyConnection;
use tracing::instrument;

/// Inserts an activity of `activity_type_id` about an entry; its id.
#[instrument(skip_all, fields(activity_type_id, entry_id))]
pub async fn insert_entry(
    conn: &mut AnyConnection,
    activity_type_id: i64,
    user_id: i64,
    contest_id: i64,
    entry_id: i64,
    now_ms: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO community_activity (activity_type_id, app_user_id, contest_id, contest_entry_id, created_at) \
         VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(activity_type_id)
    .bind(user_id)
    .bind(contest_id)
    .bind(entry_id)
    .bind(now_ms)
    .fetch_one(&mut *conn)
    .await
}

/// Inserts an activity of `activity_type_id` about a showcase; its id.
#[instrument(skip_all, fields(showcase_id))]
pub async fn insert_showcase(
    conn: &mut AnyConnection,
    activity_type_id: i64,
    user_id: i64,
    showcase_id: i64,
    now_ms: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO community_activity (activity_type_id, app_user_id, external_showcase_id, created_at) \
         VALUES ($1, $2, $3, $4) RETURNING id",
    )
    .bind(activity_type_id)
    .bind(user_id)
    .bind(showcase_id)
    .bind(now_ms)
    .fetch_one(&mut *conn)
    .await
}

/// Deletes `user_id`'s activities of `activity_type_id` about entry `entry_id`.
#[instrument(skip_all, fields(entry_id))]
pub async fn delete_entry(
    conn: &mut AnyConnection,
    activity_type_id: i64,
    user_id: i64,
    entry_id: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "DELETE FROM community_activity WHERE contest_entry_id = $1 AND app_user_id = $2 AND activity_type_id = $3",
    )
    .bind(entry_id)
    .bind(user_id)
    .bind(activity_type_id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
