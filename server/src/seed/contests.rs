//! Demo contests for `seed --demo`: a running contest with entries, comments, likes and
//! ratings, one being decided, and one completed and credited, all held by demo-client
//! and entered by the demo designers, so a first `make run` shows real contest pages.
//!
//! Written straight through the areas' store functions, without events or
//! notifications (nobody is watching yet). Idempotent: a holder who already has the
//! first demo contest is left alone. Entries have no images: files need the files
//! folder, which the seed does not know.

use sqlx::{AnyConnection, Connection};
use tracing::instrument;

use crate::{
    catalogue::FieldType,
    comments::{
        model::CommentView,
        store::{COMMENTS, REACTIONS},
    },
    contests::{
        brief::CleanAnswer,
        status::{ContestStatus, DAY_MS, DECIDING_WINDOW_DAYS},
        store::{self as contests_store, NewContest},
    },
    entries::store::{self as entries_store, NewEntry},
    store::{clock::Clock, Db},
    threads::{rules::LIKE, store as threads},
};

/// A demo contest: title, description, final status, and its entries as
/// (designer, title, rating, likes from, comment).
struct DemoContest {
    title: &'static str,
    description: &'static str,
    status: ContestStatus,
    entries: &'static [DemoEntry],
    board: &'static [(&'static str, &'static str)],
}

struct DemoEntry {
    designer: &'static str,
    title: &'static str,
    rating: Option<i64>,
    liked_by: &'static [&'static str],
    comment: Option<(&'static str, &'static str)>,
    winner: bool,
}

const fn entry(designer: &'static str, title: &'static str, rating: Option<i64>) -> DemoEntry {
    DemoEntry { designer, title, rating, liked_by: &[], comment: None, winner: false }
}

const CONTESTS: &[DemoContest] = &[
    DemoContest {
        title: "Lighthouse Bakery",
        description: "A family bakery by the harbour, open since 1962. We want a warm, hand-made mark.",
        status: ContestStatus::Active,
        entries: &[
            DemoEntry {
                liked_by: &["demo-client", "demo-silver"],
                comment: Some(("demo-client", "Love the lighthouse in the loaf. Could the blue be warmer?")),
                ..entry("demo-gold", "Loaf and beam", Some(5))
            },
            DemoEntry { liked_by: &["demo-gold"], ..entry("demo-silver", "Harbour script", Some(4)) },
            entry("demo-bronze", "Round stamp", Some(3)),
        ],
        board: &[
            ("demo-silver", "Should the year 1962 appear in the logo?"),
            ("demo-client", "Yes please, small, under the name."),
        ],
    },
    DemoContest {
        title: "Trailhead Outfitters",
        description: "Outdoor gear for weekend hikers. Rugged, friendly, not extreme.",
        status: ContestStatus::Deciding,
        entries: &[
            DemoEntry { liked_by: &["demo-client"], ..entry("demo-gold", "Pine compass", Some(4)) },
            entry("demo-silver", "Mountain badge", Some(2)),
        ],
        board: &[("demo-client", "Thank you all, I am choosing this week.")],
    },
    DemoContest {
        title: "Nimbus Analytics",
        description: "A data dashboard for small shops. Clean and trustworthy.",
        status: ContestStatus::Completed,
        entries: &[
            DemoEntry {
                winner: true,
                liked_by: &["demo-client", "demo-bronze"],
                comment: Some(("demo-client", "This is the one. Thank you!")),
                ..entry("demo-gold", "Cloud chart", Some(5))
            },
            entry("demo-silver", "Bar cloud", Some(3)),
        ],
        board: &[],
    },
];

/// Seeds the demo contests once; nothing happens without the demo accounts.
#[instrument(skip_all)]
pub async fn seed(db: &Db, clock: &dyn Clock) -> anyhow::Result<()> {
    let mut conn = db.pool.acquire().await?;
    let Some(holder) = user_id(&mut conn, "demo-client").await? else { return Ok(()) };
    let seeded: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM contest WHERE created_by = $1 AND title = $2")
        .bind(holder)
        .bind(CONTESTS[0].title)
        .fetch_one(&mut *conn)
        .await?;
    if seeded > 0 {
        return Ok(());
    }
    let now = clock.now_ms();
    let mut tx = conn.begin().await?;
    for contest in CONTESTS {
        seed_contest(&mut tx, holder, contest, now).await?;
    }
    tx.commit().await?;
    Ok(())
}

async fn user_id(conn: &mut AnyConnection, username: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT id FROM app_user WHERE username = $1").bind(username).fetch_optional(&mut *conn).await
}

async fn seed_contest(conn: &mut AnyConnection, holder: i64, spec: &DemoContest, now: i64) -> anyhow::Result<()> {
    let id = contests_store::insert(
        conn,
        &NewContest {
            contest_type_id: 1,
            created_by: holder,
            title: spec.title,
            description: spec.description,
            is_quick_start: false,
            is_tip: false,
            is_added_queue: false,
            terms_accepted: true,
            coupon_code: None,
            referral_source: None,
            now_ms: now,
        },
    )
    .await?;
    contests_store::replace_answers(conn, id, &brief(spec)).await?;
    // The cheapest package of the logo type: the contest has a prize.
    let (pricing, prize): (i64, i64) = sqlx::query_as(
        "SELECT id, winning_entry_amount_cents FROM contest_type_pricing WHERE contest_type_id = 1 ORDER BY position LIMIT 1",
    )
    .fetch_one(&mut *conn)
    .await?;
    sqlx::query("UPDATE contest SET contest_type_pricing_id = $1, winning_entry_amount_cents = $2 WHERE id = $3")
        .bind(pricing)
        .bind(prize)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    // Started long enough ago for its status: a running contest has days left.
    let started = match spec.status {
        ContestStatus::Active => now - 2 * DAY_MS,
        _ => now - 9 * DAY_MS,
    };
    contests_store::activate(conn, id, started, 7, DECIDING_WINDOW_DAYS, crate::config::DEFAULT_PUBLIC_URL).await?;
    for (index, e) in spec.entries.iter().enumerate() {
        let at = started + i64::try_from(index).unwrap_or(0) * 3_600_000;
        seed_entry(conn, id, holder, e, at).await?;
    }
    for (index, (author, text)) in spec.board.iter().enumerate() {
        if let Some(author) = user_id(conn, author).await? {
            let at = started + DAY_MS + i64::try_from(index).unwrap_or(0) * 600_000;
            threads::insert_comment::<CommentView>(conn, &COMMENTS, id, None, author, text, at).await?;
        }
    }
    if spec.status != ContestStatus::Active {
        contests_store::transition(conn, id, ContestStatus::Active.id(), spec.status.id(), now).await?;
        if spec.status == ContestStatus::Completed {
            super::profiles::credit(conn, id, now).await?;
        }
    }
    Ok(())
}

async fn seed_entry(conn: &mut AnyConnection, contest: i64, holder: i64, e: &DemoEntry, at: i64) -> anyhow::Result<()> {
    let Some(designer) = user_id(conn, e.designer).await? else { return Ok(()) };
    let entry = entries_store::insert(
        conn,
        &NewEntry { contest_id: contest, created_by: designer, title: Some(e.title), description: None, now_ms: at },
    )
    .await?;
    if let Some(rating) = e.rating {
        entries_store::set_rating(conn, entry, rating, at).await?;
    }
    for liker in e.liked_by {
        if let Some(liker) = user_id(conn, liker).await? {
            threads::add_reaction(conn, &REACTIONS, entry, liker, LIKE, at).await?;
        }
    }
    if let Some((author, text)) = e.comment {
        let author = if author == "demo-client" { Some(holder) } else { user_id(conn, author).await? };
        if let Some(author) = author {
            let at = at + 600_000;
            threads::insert_comment::<CommentView>(conn, &COMMENTS, contest, Some(entry), author, text, at).await?;
        }
    }
    if e.winner {
        entries_store::mark_winner(conn, entry, at).await?;
    }
    Ok(())
}

/// The brief's answers: name, description, industry (the first option), a style
/// picture, and the logo's size.
fn brief(spec: &DemoContest) -> Vec<CleanAnswer> {
    let text = |question_id: i64, field_type: i64, answer: &str| CleanAnswer {
        question_id,
        field_type,
        answer: Some(answer.to_owned()),
        options: Vec::new(),
        sliders: Vec::new(),
        files: Vec::new(),
    };
    let options = |question_id: i64, field_type: i64, options: Vec<i64>| CleanAnswer {
        answer: None,
        options,
        ..text(question_id, field_type, "")
    };
    // Question ids are the logo type's: type * 100 + position (catalogue::seed).
    vec![
        text(101, FieldType::Text as i64, spec.title),
        text(102, FieldType::Textarea as i64, spec.description),
        options(103, FieldType::Select as i64, vec![10300]),
        options(106, FieldType::ImageCheckbox as i64, vec![10601, 10602]),
        text(110, FieldType::Text as i64, "500 px"),
        text(111, FieldType::Text as i64, "500 px"),
    ]
}
