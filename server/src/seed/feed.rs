//! The community feed's demo content for `seed --demo`: showcases of the demo
//! designers, and the activities of the demo contests (their entries, likes and
//! winner) in the order they happened, so `/feed` is not empty on a first run.
//!
//! Runs after the demo contests. Idempotent: a demo-gold with showcases is left alone.
//! The showcases get their pictures afterwards from `seed::pictures` (which knows the
//! files folder), as the demo entries do.

use sqlx::{AnyConnection, Connection};
use tracing::instrument;

use crate::{
    community::activity::ActivityType,
    store::{clock::Clock, Db},
};

/// (designer, title, description, link)
const SHOWCASES: &[(&str, &str, &str, Option<&str>)] = &[
    (
        "demo-gold",
        "Harbour Coffee rebrand",
        "Logo, cups and signage for a seaside roastery.",
        Some("https://example.com/harbour-coffee"),
    ),
    ("demo-silver", "Fern & Field stationery", "Letterpress business cards and a botanical monogram.", None),
    (
        "demo-gold-2",
        "Orbit app icon set",
        "Forty-eight icons for a budgeting app, in two weights.",
        Some("https://example.com/orbit-icons"),
    ),
];

#[instrument(skip_all)]
pub async fn seed(db: &Db, clock: &dyn Clock) -> anyhow::Result<()> {
    let mut conn = db.pool.acquire().await?;
    let Some(gold) = user_id(&mut conn, "demo-gold").await? else { return Ok(()) };
    let seeded: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM external_showcase WHERE app_user_id = $1")
        .bind(gold)
        .fetch_one(&mut *conn)
        .await?;
    if seeded > 0 {
        return Ok(());
    }
    let now = clock.now_ms();
    let mut tx = conn.begin().await?;
    let mut activities = contest_activities(&mut tx).await?;
    for (index, (designer, title, description, url)) in SHOWCASES.iter().enumerate() {
        let Some(designer) = user_id(&mut tx, designer).await? else { continue };
        let at = now - 3_600_000 * (i64::try_from(SHOWCASES.len() - index).unwrap_or(1));
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO external_showcase (app_user_id, title, description, url, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $5) RETURNING id",
        )
        .bind(designer)
        .bind(*title)
        .bind(*description)
        .bind(*url)
        .bind(at)
        .fetch_one(&mut *tx)
        .await?;
        activities.push(Activity {
            at,
            kind: ActivityType::ShowcaseAdded,
            user: designer,
            contest: None,
            entry: None,
            showcase: Some(id),
        });
    }
    // The feed pages by id: insert oldest first.
    activities.sort_by_key(|a| a.at);
    for a in activities {
        sqlx::query(
            "INSERT INTO community_activity (activity_type_id, app_user_id, contest_id, contest_entry_id, \
             external_showcase_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(a.kind.id())
        .bind(a.user)
        .bind(a.contest)
        .bind(a.entry)
        .bind(a.showcase)
        .bind(a.at)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

struct Activity {
    at: i64,
    kind: ActivityType,
    user: i64,
    contest: Option<i64>,
    entry: Option<i64>,
    showcase: Option<i64>,
}

/// Entries, likes and winners of demo-client's public contests.
async fn contest_activities(conn: &mut AnyConnection) -> Result<Vec<Activity>, sqlx::Error> {
    let Some(holder) = user_id(conn, "demo-client").await? else { return Ok(Vec::new()) };
    const PUBLIC: &str = "c.created_by = $1 AND c.is_private = 0 AND c.is_blind = 0";
    let entries: Vec<(i64, i64, i64, i64, i64, Option<i64>)> = sqlx::query_as(&format!(
        "SELECT e.id, e.contest_id, e.created_by, e.created_at, e.is_winner, e.awarded_at \
         FROM contest_entry e JOIN contest c ON c.id = e.contest_id WHERE {PUBLIC}"
    ))
    .bind(holder)
    .fetch_all(&mut *conn)
    .await?;
    let mut out = Vec::new();
    for (entry, contest, designer, at, winner, awarded_at) in entries {
        let on =
            |kind, user, at| Activity { at, kind, user, contest: Some(contest), entry: Some(entry), showcase: None };
        out.push(on(ActivityType::EntrySubmitted, designer, at));
        if winner != 0 {
            out.push(on(ActivityType::WinnerAwarded, holder, awarded_at.unwrap_or(at) + 1));
        }
    }
    let likes: Vec<(i64, i64, i64, i64)> = sqlx::query_as(&format!(
        "SELECT r.contest_entry_id, e.contest_id, r.app_user_id, r.created_at FROM entry_reaction r \
         JOIN contest_entry e ON e.id = r.contest_entry_id JOIN contest c ON c.id = e.contest_id \
         WHERE {PUBLIC} AND r.emoji_reaction_id = 1"
    ))
    .bind(holder)
    .fetch_all(&mut *conn)
    .await?;
    for (entry, contest, user, at) in likes {
        out.push(Activity {
            at: at + 1,
            kind: ActivityType::EntryLiked,
            user,
            contest: Some(contest),
            entry: Some(entry),
            showcase: None,
        });
    }
    Ok(out)
}

async fn user_id(conn: &mut AnyConnection, username: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT id FROM app_user WHERE username = $1").bind(username).fetch_optional(&mut *conn).await
}
