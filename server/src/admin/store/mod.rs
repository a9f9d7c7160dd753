//! SQL of the admin area's own tables: banners, client feedback, client flags, notes,
//! outgoing payouts, contest shares, designer tags, analytics events; and the admin
//! lists that read them with other areas' rows. What admin reads or changes of another
//! area's table alone goes through that area's store.

pub mod banners;
pub mod feedback;
pub mod flags;
pub mod lists;
pub mod notes;
pub mod payouts;
pub mod shares;
pub mod tags;

use sqlx::{Any, Executor};
use tracing::instrument;

/// Records an analytics event (`POST /analytics/event`).
#[instrument(skip_all)]
pub async fn insert_analytics_event<'c>(
    db: impl Executor<'c, Database = Any>,
    user_id: Option<i64>,
    category: &str,
    sub_category: Option<&str>,
    contest_id: Option<i64>,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO analytics_event (app_user_id, category, sub_category, contest_id, created_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(user_id)
    .bind(category)
    .bind(sub_category)
    .bind(contest_id)
    .bind(now)
    .execute(db)
    .await?;
    Ok(())
}
