//! Demo data of the project side, for `seed --demo`: a live project of `demo-client`
//! (New Logo, a two-week timeline) with bids from `demo-gold` and `demo-silver`, both
//! invited, and a short discussion on the gold bid, so the projects pages have
//! something to show. Plain rows, no events or notifications (nobody is watching a
//! seed). Idempotent: a second run finds the project by its title and owner and stops.

use sqlx::{AnyConnection, Connection};
use tracing::instrument;

use crate::store::{clock::Clock, Db};

pub const DEMO_PROJECT_TITLE: &str = "Seaside Bakery rebrand";

const DESCRIPTION: &str = "A family bakery by the pier needs a new logo for its signs, bags and \
     website: warm, a little nostalgic, readable from across the street.";

/// (designer, amount in dollars, offer)
const BIDS: &[(&str, i64, &str)] = &[
    (
        "demo-gold",
        350,
        "Three sketched directions in the first week, two rounds of changes, and the final files \
      (vector, PNG, a one-page guide).",
    ),
    ("demo-silver", 300, "A clean wordmark plus an icon of a croissant and a wave; two concepts, unlimited tweaks."),
];

/// (author, message) on the gold bid, oldest first.
const DISCUSSION: &[(&str, &str)] = &[
    ("demo-client", "Could the icon work in one colour for the paper bags?"),
    ("demo-gold", "Yes: every concept will come in one colour and in full colour."),
    ("demo-client", "Great, looking forward to the sketches."),
];

async fn user_id(conn: &mut AnyConnection, username: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT id FROM app_user WHERE username = $1").bind(username).fetch_optional(&mut *conn).await
}

/// Seeds the demo project once; does nothing without the demo accounts.
#[instrument(skip_all)]
pub async fn demo(db: &Db, clock: &dyn Clock) -> anyhow::Result<()> {
    let mut conn = db.pool.acquire().await?;
    let mut tx = conn.begin().await?;
    let Some(client) = user_id(&mut tx, "demo-client").await? else { return Ok(()) };
    let exists: Option<i64> = sqlx::query_scalar("SELECT id FROM project WHERE created_by = $1 AND title = $2")
        .bind(client)
        .bind(DEMO_PROJECT_TITLE)
        .fetch_optional(&mut *tx)
        .await?;
    if exists.is_some() {
        return Ok(());
    }
    let now = clock.now_ms();
    let project: i64 = sqlx::query_scalar(
        "INSERT INTO project (created_by, title, description, status_id, project_category_id, \
         project_sub_category_id, project_service_id, budget_cents, timeline, is_subscription, created_at, updated_at) \
         VALUES ($1, $2, $3, 1, 1, 1, 1, 40000, 14, 0, $4, $4) RETURNING id",
    )
    .bind(client)
    .bind(DEMO_PROJECT_TITLE)
    .bind(DESCRIPTION)
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    let mut gold_bid = None;
    for (offset, (designer, amount, offer)) in (1_i64..).zip(BIDS) {
        let Some(designer_id) = user_id(&mut tx, designer).await? else { continue };
        sqlx::query(
            "INSERT INTO project_invite (project_id, app_user_id, invited_by, created_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(project)
        .bind(designer_id)
        .bind(client)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        let bid: i64 = sqlx::query_scalar(
            "INSERT INTO bid (project_id, created_by, amount_cents, description, status_id, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, 1, $5, $5) RETURNING id",
        )
        .bind(project)
        .bind(designer_id)
        .bind(amount * 100)
        .bind(*offer)
        .bind(now + offset)
        .fetch_one(&mut *tx)
        .await?;
        if *designer == "demo-gold" {
            gold_bid = Some(bid);
        }
    }
    if let Some(bid) = gold_bid {
        for (offset, (author, message)) in (10_i64..).zip(DISCUSSION) {
            let Some(author_id) = user_id(&mut tx, author).await? else { continue };
            sqlx::query("INSERT INTO bid_comment (bid_id, created_by, comment, created_at) VALUES ($1, $2, $3, $4)")
                .bind(bid)
                .bind(author_id)
                .bind(*message)
                .bind(now + offset)
                .execute(&mut *tx)
                .await?;
        }
    }
    tx.commit().await?;
    Ok(())
}
