//! Demo data for the social screens: a few direct messages between the demo accounts
//! and a design-court case with a juror's vote, so `/messages` and `/design-court`
//! have something to show on a fresh `make run`. Idempotent like the rest of the demo
//! seed: each part is skipped when its marker is already there.

use sqlx::{AnyConnection, Connection};
use tracing::instrument;

use crate::{
    accounts::store::find_user_by_login,
    messages::store::{self as messages_store, NewMessage},
    store::{clock::Clock, Db},
};

/// The demo contest that holds the court case (its title is the idempotence marker).
const COURT_CONTEST_TITLE: &str = "Seaside Bakery Logo";

/// (from, to, text), oldest first: a client and a silver designer already talking,
/// and a gold designer who wrote to the bronze one (so bronze may answer).
const MESSAGES: &[(&str, &str, &str)] = &[
    ("demo-client", "demo-silver", "Hi Sil! I loved your portfolio. Would you design a logo for my bakery?"),
    ("demo-silver", "demo-client", "Thanks Cleo! Happy to help. What feeling should the logo give?"),
    ("demo-client", "demo-silver", "Warm and a little nautical: we bake by the harbour."),
    ("demo-gold", "demo-bronze", "Welcome aboard, Bruno! Ask me anything about your first contests."),
];

const MINUTE_MS: i64 = 60_000;

async fn user_id(conn: &mut AnyConnection, username: &str) -> anyhow::Result<i64> {
    find_user_by_login(&mut *conn, username)
        .await?
        .map(|user| user.id)
        .ok_or_else(|| anyhow::anyhow!("demo account {username} is missing"))
}

/// Seeds the messages and the court case that are not there yet.
#[instrument(skip_all)]
pub async fn seed(db: &Db, clock: &dyn Clock) -> anyhow::Result<()> {
    let mut conn = db.pool.acquire().await?;
    let mut tx = conn.begin().await?;
    let now = clock.now_ms();
    messages(&mut tx, now).await?;
    court_case(&mut tx, now).await?;
    tx.commit().await?;
    Ok(())
}

async fn messages(conn: &mut AnyConnection, now: i64) -> anyhow::Result<()> {
    let client = user_id(conn, "demo-client").await?;
    let silver = user_id(conn, "demo-silver").await?;
    if messages_store::have_conversation(conn, client, silver).await? {
        return Ok(());
    }
    let count = i64::try_from(MESSAGES.len())?;
    for (i, (from, to, text)) in (0_i64..).zip(MESSAGES) {
        let new = NewMessage {
            sender_id: user_id(conn, from).await?,
            recipient_id: user_id(conn, to).await?,
            body: text,
            contest_id: None,
            trigger_id: 1,
            has_email_address: false,
        };
        messages_store::insert(conn, &new, now - (count - i) * 10 * MINUTE_MS).await?;
    }
    Ok(())
}

/// A running contest of demo-client with two entries; the bronze one reported by the
/// admin as a copy of the silver one, and one gold juror's vote.
async fn court_case(conn: &mut AnyConnection, now: i64) -> anyhow::Result<()> {
    let exists: Option<i64> = sqlx::query_scalar("SELECT id FROM contest WHERE title = $1")
        .bind(COURT_CONTEST_TITLE)
        .fetch_optional(&mut *conn)
        .await?;
    // The contest needs the launch catalogue (contest type 1); without it, a later seed adds the case.
    let catalogue: Option<i64> =
        sqlx::query_scalar("SELECT id FROM contest_type WHERE id = 1").fetch_optional(&mut *conn).await?;
    if exists.is_some() || catalogue.is_none() {
        return Ok(());
    }
    let client = user_id(conn, "demo-client").await?;
    let admin = user_id(conn, "demo-admin").await?;
    let silver = user_id(conn, "demo-silver").await?;
    let bronze = user_id(conn, "demo-bronze").await?;
    let gold = user_id(conn, "demo-gold").await?;
    let started = now - 120 * MINUTE_MS;
    let contest: i64 = sqlx::query_scalar(
        "INSERT INTO contest (contest_type_id, created_by, title, description, status_id, created_at, updated_at) \
         VALUES (1, $1, $2, $3, 2, $4, $4) RETURNING id",
    )
    .bind(client)
    .bind(COURT_CONTEST_TITLE)
    .bind("A warm, nautical logo for a harbour-side bakery.")
    .bind(started)
    .fetch_one(&mut *conn)
    .await?;
    let entry = |number: i64, designer: i64, at: i64| {
        sqlx::query_scalar::<_, i64>(
            "INSERT INTO contest_entry (contest_id, created_by, number, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $4) RETURNING id",
        )
        .bind(contest)
        .bind(designer)
        .bind(number)
        .bind(at)
    };
    let original = entry(1, silver, started + 10 * MINUTE_MS).fetch_one(&mut *conn).await?;
    let reported = entry(2, bronze, started + 40 * MINUTE_MS).fetch_one(&mut *conn).await?;
    let report: i64 = sqlx::query_scalar(
        "INSERT INTO contest_entry_report (contest_entry_id, reported_by, copied_entry_id, reason, status_id, created_at) \
         VALUES ($1, $2, $3, $4, 1, $5) RETURNING id",
    )
    .bind(reported)
    .bind(admin)
    .bind(original)
    .bind("The anchor and the wheat sheaf are the same drawing as entry #1, recoloured.")
    .bind(now - 45 * MINUTE_MS)
    .fetch_one(&mut *conn)
    .await?;
    sqlx::query(
        "INSERT INTO contest_entry_report_vote (contest_entry_report_id, juror_id, vote, created_at) \
         VALUES ($1, $2, 1, $3)",
    )
    .bind(report)
    .bind(gold)
    .bind(now - 20 * MINUTE_MS)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
