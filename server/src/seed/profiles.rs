//! Demo profiles and marketplace for `seed --demo`: demo-gold has won an earlier contest
//! of demo-client's, rated 4 (so Reviews has two ratings and demo-client is a repeat
//! client), has entries that did not win a finished contest listed for sale, and a
//! portfolio of contest entries and a private project.
//!
//! Runs after the demo contests (it adds to demo-gold's winning "Nimbus Analytics").
//! Idempotent: nothing happens once demo-client holds the first contest below.

use sqlx::{AnyConnection, Connection};
use tracing::instrument;

use crate::{
    catalogue::FieldType,
    contests::{
        brief::CleanAnswer,
        status::{ContestStatus, DAY_MS, DECIDING_WINDOW_DAYS},
        store::{self as contests_store, NewContest},
    },
    designers::{
        model::{ADDITIONAL, CONTEST_ENTRY},
        store::{self as portfolio_store, NewItem},
    },
    entries::store::{self as entries_store, NewEntry},
    marketplace::store::{self as marketplace_store, Listing},
    store::{clock::Clock, Db},
};

/// (designer, entry title, winner, holder's rating, for sale as (title, description, dollars))
type DemoEntry = (&'static str, &'static str, bool, Option<i64>, Option<(&'static str, &'static str, i64)>);

struct DemoContest {
    title: &'static str,
    description: &'static str,
    /// How long ago it started, in days.
    started_days_ago: i64,
    entries: &'static [DemoEntry],
}

const CONTESTS: &[DemoContest] = &[
    DemoContest {
        title: "Quill & Ink Stationers",
        description: "A stationery shop that sells fountain pens and hand-bound notebooks.",
        started_days_ago: 60,
        entries: &[
            ("demo-gold", "Nib monogram", true, Some(4), None),
            ("demo-gold-2", "Ink drop", false, Some(3), None),
        ],
    },
    DemoContest {
        title: "Harbor Coffee Roasters",
        description: "Small-batch coffee roasted on the pier. Bold, warm, a little nautical.",
        started_days_ago: 30,
        entries: &[
            ("demo-silver", "Anchor cup", true, Some(5), None),
            (
                "demo-gold",
                "Roasted wave",
                false,
                Some(4),
                Some((
                    "Roasted Wave Coffee Mark",
                    "A wave made of coffee beans with a hand-lettered word mark; suits a roastery or cafe.",
                    149,
                )),
            ),
            (
                "demo-gold",
                "Steam compass",
                false,
                Some(3),
                Some((
                    "Steam Compass Emblem",
                    "A compass rose drawn in steam above a cup: a badge for travel-themed coffee brands.",
                    99,
                )),
            ),
        ],
    },
];

/// Seeds once; nothing happens without the demo accounts.
#[instrument(skip_all)]
pub async fn seed(db: &Db, clock: &dyn Clock) -> anyhow::Result<()> {
    let mut conn = db.pool.acquire().await?;
    let Some(holder) = user_id(&mut conn, "demo-client").await? else { return Ok(()) };
    let Some(gold) = user_id(&mut conn, "demo-gold").await? else { return Ok(()) };
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
    let category: Option<i64> = sqlx::query_scalar("SELECT id FROM marketplace_category WHERE title = 'Logos'")
        .fetch_optional(&mut *tx)
        .await?;
    for contest in CONTESTS {
        seed_contest(&mut tx, holder, gold, category, contest, now).await?;
    }
    // demo-gold's earlier win and a private project.
    let nimbus: Option<(i64, String)> = sqlx::query_as(
        "SELECT e.id, COALESCE(e.title, c.title) FROM contest_entry e JOIN contest c ON c.id = e.contest_id \
         WHERE e.created_by = $1 AND e.is_winner = 1 AND c.title = 'Nimbus Analytics'",
    )
    .bind(gold)
    .fetch_optional(&mut *tx)
    .await?;
    if let Some((entry, title)) = nimbus {
        add_portfolio(&mut tx, gold, CONTEST_ENTRY, &title, Some(entry), now - 20 * DAY_MS).await?;
    }
    add_portfolio(&mut tx, gold, ADDITIONAL, "Bakery packaging system", None, now - 5 * DAY_MS).await?;
    tx.commit().await?;
    Ok(())
}

async fn user_id(conn: &mut AnyConnection, username: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT id FROM app_user WHERE username = $1").bind(username).fetch_optional(&mut *conn).await
}

async fn add_portfolio(
    conn: &mut AnyConnection,
    user: i64,
    kind: i64,
    title: &str,
    entry: Option<i64>,
    at: i64,
) -> Result<(), sqlx::Error> {
    let item = NewItem {
        user_id: user,
        portfolio_type_id: kind,
        title,
        description: "",
        category_id: 1,
        file_id: None,
        contest_entry_id: entry,
    };
    portfolio_store::insert(conn, &item, at).await?;
    Ok(())
}

async fn seed_contest(
    conn: &mut AnyConnection,
    holder: i64,
    gold: i64,
    category: Option<i64>,
    spec: &DemoContest,
    now: i64,
) -> anyhow::Result<()> {
    let started = now - spec.started_days_ago * DAY_MS;
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
            now_ms: started,
        },
    )
    .await?;
    let text = |question_id: i64, field_type: FieldType, answer: &str| CleanAnswer {
        question_id,
        field_type: field_type as i64,
        answer: Some(answer.to_owned()),
        options: Vec::new(),
        sliders: Vec::new(),
        files: Vec::new(),
    };
    let answers = vec![text(101, FieldType::Text, spec.title), text(102, FieldType::Textarea, spec.description)];
    contests_store::replace_answers(conn, id, &answers).await?;
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
    contests_store::activate(conn, id, started, 7, DECIDING_WINDOW_DAYS, crate::config::DEFAULT_PUBLIC_URL).await?;
    for (index, (designer, title, winner, rating, sale)) in spec.entries.iter().enumerate() {
        let Some(designer_id) = user_id(conn, designer).await? else { continue };
        let at = started + DAY_MS + i64::try_from(index).unwrap_or(0) * 3_600_000;
        let entry = entries_store::insert(
            conn,
            &NewEntry { contest_id: id, created_by: designer_id, title: Some(title), description: None, now_ms: at },
        )
        .await?;
        if let Some(rating) = rating {
            entries_store::set_rating(conn, entry, *rating, at).await?;
        }
        if *winner {
            entries_store::mark_winner(conn, entry, started + 10 * DAY_MS).await?;
        }
        if designer_id == gold {
            add_portfolio(conn, gold, CONTEST_ENTRY, title, Some(entry), at).await?;
        }
        if let Some((sale_title, description, dollars)) = sale {
            let listing = Listing {
                entry_id: entry,
                contest_id: id,
                user_id: designer_id,
                category_id: category,
                title: sale_title,
                description,
                sale_price_cents: dollars * 100,
                is_hidden: false,
            };
            marketplace_store::upsert(conn, &listing, started + 12 * DAY_MS + i64::try_from(index).unwrap_or(0))
                .await?;
        }
    }
    contests_store::transition(conn, id, ContestStatus::Active.id(), ContestStatus::Completed.id(), now).await?;
    credit(conn, id, now).await
}

/// A demo contest credited: its winners are owed the prize in the ledger, as an admin's
/// crediting would.
pub async fn credit(conn: &mut sqlx::AnyConnection, id: i64, now: i64) -> anyhow::Result<()> {
    let contest =
        contests_store::find(&mut *conn, id).await?.ok_or_else(|| anyhow::anyhow!("demo contest vanished"))?;
    crate::contests::earnings::record_winners(conn, &contest, now).await?;
    Ok(())
}
