//! Demo data for the collaborative documents, for `seed --demo`: an active project of
//! `demo-client` ("Harbour Café menu board") whose bid from `demo-gold` was approved, so
//! the two meet in its workroom and can write its working brief together. Plain rows, no
//! events. Idempotent: a second run finds the project by its title and owner and stops.

use sqlx::{AnyConnection, Connection};
use tracing::instrument;

use crate::store::{clock::Clock, Db};

pub const DEMO_ACTIVE_PROJECT_TITLE: &str = "Harbour Café menu board";

const DESCRIPTION: &str = "A chalkboard-style menu for a café on the harbour: coffee, pastries and \
     the daily specials, readable from the queue.";

const TWO_WEEKS_MS: i64 = 14 * 24 * 60 * 60 * 1000;

async fn user_id(conn: &mut AnyConnection, username: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT id FROM app_user WHERE username = $1").bind(username).fetch_optional(&mut *conn).await
}

/// Seeds the active project once; does nothing without the demo accounts.
#[instrument(skip_all)]
pub async fn demo(db: &Db, clock: &dyn Clock) -> anyhow::Result<()> {
    let mut conn = db.pool.acquire().await?;
    let mut tx = conn.begin().await?;
    let (Some(client), Some(designer)) = (user_id(&mut tx, "demo-client").await?, user_id(&mut tx, "demo-gold").await?)
    else {
        return Ok(());
    };
    let exists: Option<i64> = sqlx::query_scalar("SELECT id FROM project WHERE created_by = $1 AND title = $2")
        .bind(client)
        .bind(DEMO_ACTIVE_PROJECT_TITLE)
        .fetch_optional(&mut *tx)
        .await?;
    if exists.is_some() {
        return Ok(());
    }
    let now = clock.now_ms();
    let project: i64 = sqlx::query_scalar(
        "INSERT INTO project (created_by, title, description, status_id, project_category_id, \
         project_sub_category_id, project_service_id, budget_cents, timeline, is_subscription, \
         timeline_ends_at, created_at, updated_at) \
         VALUES ($1, $2, $3, 2, 1, 1, 1, 30000, 14, 0, $4, $5, $5) RETURNING id",
    )
    .bind(client)
    .bind(DEMO_ACTIVE_PROJECT_TITLE)
    .bind(DESCRIPTION)
    .bind(now + TWO_WEEKS_MS)
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    let bid: i64 = sqlx::query_scalar(
        "INSERT INTO bid (project_id, created_by, amount_cents, description, status_id, created_at, updated_at) \
         VALUES ($1, $2, 30000, $3, 2, $4, $4) RETURNING id",
    )
    .bind(project)
    .bind(designer)
    .bind("A hand-lettered board in two sizes, with a printable A4 version.")
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    sqlx::query("UPDATE project SET approved_bid_id = $1 WHERE id = $2")
        .bind(bid)
        .bind(project)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}
