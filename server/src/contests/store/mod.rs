//! SQL of the contests area; [`all`]: every contest as the admin lists and searches them;
//! [`brief`]: brief questions' rules and stored answers, for contests and projects alike;
//! [`delivery`]: the winner's delivery alarms; [`quick_chat`]: quick-start chats;
//! [`stats`]: the counts of a contest's entries.

use sqlx::{Any, AnyConnection, Executor, FromRow};
use tracing::instrument;

pub mod all;
pub mod brief;
pub mod delivery;
pub mod quick_chat;
pub mod stats;

use super::{
    brief::{CleanAnswer, QuestionRule, SliderValue},
    model::{ContestRow, CONTEST_COLUMNS, CONTEST_FROM},
};

pub async fn find<'c>(db: impl Executor<'c, Database = Any>, id: i64) -> Result<Option<ContestRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {CONTEST_COLUMNS} FROM {CONTEST_FROM} WHERE c.id = $1"))
        .bind(id)
        .fetch_optional(db)
        .await
}

/// The rules of a contest type's brief questions; empty when the type is unknown.
pub async fn question_rules(conn: &mut AnyConnection, contest_type_id: i64) -> Result<Vec<QuestionRule>, sqlx::Error> {
    let questions = brief::question_rules(conn, brief::CONTEST, contest_type_id).await?;
    Ok(questions.into_iter().map(|(rule, _)| rule).collect())
}

/// Whether contest type `id` has terms the client accepts on the brief; None when no such type.
pub async fn contest_type_has_terms<'c>(
    db: impl Executor<'c, Database = Any>,
    id: i64,
) -> Result<Option<bool>, sqlx::Error> {
    let found: Option<i64> = sqlx::query_scalar("SELECT CAST(has_terms AS BIGINT) FROM contest_type WHERE id = $1")
        .bind(id)
        .fetch_optional(db)
        .await?;
    Ok(found.map(|has_terms| has_terms != 0))
}

/// A new contest's brief-level fields.
#[derive(Debug)]
pub struct NewContest<'a> {
    pub contest_type_id: i64,
    pub created_by: i64,
    pub title: &'a str,
    pub description: &'a str,
    pub is_quick_start: bool,
    pub is_tip: bool,
    pub is_added_queue: bool,
    /// The client accepted the type's terms on the brief (recorded as `terms_accepted_at`).
    pub terms_accepted: bool,
    pub coupon_code: Option<&'a str>,
    pub referral_source: Option<&'a str>,
    pub now_ms: i64,
}

#[instrument(skip_all, fields(contest_type_id = contest.contest_type_id))]
pub async fn insert(conn: &mut AnyConnection, contest: &NewContest<'_>) -> Result<i64, sqlx::Error> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO contest (contest_type_id, created_by, title, description, status_id, is_quick_start, is_tip, \
         is_added_queue, coupon_code, referral_source, terms_accepted_at, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, 1, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id",
    )
    .bind(contest.contest_type_id)
    .bind(contest.created_by)
    .bind(contest.title)
    .bind(contest.description)
    .bind(i64::from(contest.is_quick_start))
    .bind(i64::from(contest.is_tip))
    .bind(i64::from(contest.is_added_queue))
    .bind(contest.coupon_code)
    .bind(contest.referral_source)
    .bind(contest.terms_accepted.then_some(contest.now_ms))
    .bind(contest.now_ms)
    .fetch_one(&mut *conn)
    .await?;
    sqlx::query("UPDATE contest SET slug = $1 WHERE id = $2")
        .bind(slug(contest.title, id))
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(id)
}

/// `bright-bean-coffee-42`: readable, and unique through the id.
pub fn slug(title: &str, id: i64) -> String {
    let words: Vec<String> = title
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(8)
        .map(str::to_ascii_lowercase)
        .collect();
    if words.is_empty() {
        format!("contest-{id}")
    } else {
        format!("{}-{id}", words.join("-"))
    }
}

/// Replaces the stored brief of a contest with `answers`.
pub async fn replace_answers(
    conn: &mut AnyConnection,
    contest_id: i64,
    answers: &[CleanAnswer],
) -> Result<(), sqlx::Error> {
    brief::replace(conn, brief::CONTEST, contest_id, answers).await
}

/// A saved brief answer as the API shows it (contests doc, section 3).
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct SavedAnswer {
    pub contest_type_question_id: i64,
    pub form_field_type_id: i64,
    pub answer: Option<String>,
    pub answer_options: Vec<i64>,
    pub answer_slider_options: Vec<SliderValue>,
    pub answer_file_ids: Vec<i64>,
    /// The attached files, filled by [`super::brief_files::attach`] where the brief is shown.
    pub files: Vec<crate::files::FileView>,
}

pub async fn answers<'c>(
    db: impl Executor<'c, Database = Any>,
    contest_id: i64,
) -> Result<Vec<SavedAnswer>, sqlx::Error> {
    let stored = brief::read(db, brief::CONTEST, contest_id).await?;
    Ok(stored
        .into_iter()
        .map(|a| SavedAnswer {
            contest_type_question_id: a.question_id,
            form_field_type_id: a.form_field_type_id,
            answer: a.answer,
            answer_options: a.answer_options,
            answer_slider_options: a.answer_slider_options,
            answer_file_ids: a.answer_file_ids,
            files: Vec::new(),
        })
        .collect())
}

pub async fn update_brief_fields(
    conn: &mut AnyConnection,
    id: i64,
    title: &str,
    description: &str,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE contest SET title = $1, description = $2, updated_at = $3 WHERE id = $4")
        .bind(title)
        .bind(description)
        .bind(now_ms)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Moves a contest from `from` to `to` only if it is still in `from` (compare-and-set).
pub async fn transition(
    conn: &mut AnyConnection,
    id: i64,
    from: i64,
    to: i64,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("UPDATE contest SET status_id = $1, updated_at = $2 WHERE id = $3 AND status_id = $4")
        .bind(to)
        .bind(now_ms)
        .bind(id)
        .bind(from)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Starts an unpaid contest: status 2 and its deadlines (and the launch e-mail, whose
/// links are built on `link_base`, the public URL).
pub async fn activate(
    conn: &mut AnyConnection,
    id: i64,
    now_ms: i64,
    length_days: i64,
    deciding_days: i64,
    link_base: &str,
) -> Result<bool, sqlx::Error> {
    let day = super::status::DAY_MS;
    let ends = now_ms + length_days * day;
    let done = sqlx::query(
        "UPDATE contest SET status_id = 2, launched_at = $1, submission_ends_at = $2, deciding_ends_at = $3, updated_at = $1 \
         WHERE id = $4 AND status_id = 1",
    )
    .bind(now_ms)
    .bind(ends)
    .bind(ends + deciding_days * day)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    if done.rows_affected() != 1 {
        return Ok(false);
    }
    // Launch day: the Email Blast upgrade goes out now, once (the update above moved it from Unpaid).
    super::email_blast::on_activated(conn, id, now_ms, link_base).await?;
    Ok(true)
}

/// What the launch mail of contest `id` says: (title, type id, type title, prize cents,
/// is_notified_via_email).
pub async fn blast_subject(
    conn: &mut AnyConnection,
    id: i64,
) -> Result<Option<(String, i64, String, i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT c.title, c.contest_type_id, t.title, c.winning_entry_amount_cents, c.is_notified_via_email \
         FROM contest c JOIN contest_type t ON t.id = c.contest_type_id WHERE c.id = $1",
    )
    .bind(id)
    .fetch_optional(&mut *conn)
    .await
}

/// The top-rated designers of contest type `contest_type_id` who take launch e-mails (see
/// [`super::email_blast`]): Gold and Platinum, or four stars on average there; each one's
/// (id, e-mail address, language).
pub async fn blast_recipients(
    conn: &mut AnyConnection,
    contest_type_id: i64,
    limit: i64,
) -> Result<Vec<(i64, String, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT u.id, u.email, u.language FROM app_user u WHERE u.user_type_id = 3 AND u.is_active = 1 \
         AND u.receives_launch_mail = 1 AND (u.creative_level_id >= 3 \
         OR (SELECT AVG(e.rating) FROM contest_entry e JOIN contest c ON c.id = e.contest_id \
             WHERE e.created_by = u.id AND c.contest_type_id = $1 AND e.rating IS NOT NULL) >= 4) \
         ORDER BY COALESCE(u.creative_level_id, 0) DESC, u.id LIMIT $2",
    )
    .bind(contest_type_id)
    .bind(limit)
    .fetch_all(&mut *conn)
    .await
}

/// Sets when admins are due to have verified an awarded contest.
pub async fn set_verification_due(conn: &mut AnyConnection, id: i64, at_ms: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE contest SET verification_due_at = $1 WHERE id = $2")
        .bind(at_ms)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Sets when the winner's final files are due.
/// Starts the delivery window: due at `at_ms`, with its first alarm (the reminder)
/// `remind_before_ms` earlier.
pub async fn set_delivery_due(
    conn: &mut AnyConnection,
    id: i64,
    at_ms: i64,
    remind_before_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE contest SET delivery_due_at = $1, delivery_alarm_at = $2 WHERE id = $3")
        .bind(at_ms)
        .bind(at_ms - remind_before_ms)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The winning entry of a contest: (entry id, its designer).
pub async fn winner(conn: &mut AnyConnection, id: i64) -> Result<Option<(i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, created_by FROM contest_entry WHERE contest_id = $1 AND is_winner = 1 ORDER BY id LIMIT 1",
    )
    .bind(id)
    .fetch_optional(&mut *conn)
    .await
}

/// Every winning entry of contest `id` and its designer, in order.
pub async fn winners(conn: &mut AnyConnection, id: i64) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    sqlx::query_as("SELECT id, created_by FROM contest_entry WHERE contest_id = $1 AND is_winner = 1 ORDER BY id")
        .bind(id)
        .fetch_all(&mut *conn)
        .await
}

pub async fn set_approval(
    conn: &mut AnyConnection,
    id: i64,
    approval_status_id: i64,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE contest SET approval_status_id = $1, updated_at = $2 WHERE id = $3")
        .bind(approval_status_id)
        .bind(now_ms)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

pub async fn set_internal_status(
    conn: &mut AnyConnection,
    id: i64,
    internal_status_id: Option<i64>,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE contest SET internal_status_id = $1, updated_at = $2 WHERE id = $3")
        .bind(internal_status_id)
        .bind(now_ms)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Pushes both deadlines of an active contest back by `days`.
pub async fn extend(conn: &mut AnyConnection, id: i64, days: i64, now_ms: i64) -> Result<bool, sqlx::Error> {
    let by = days * super::status::DAY_MS;
    let done = sqlx::query(
        "UPDATE contest SET submission_ends_at = submission_ends_at + $1, deciding_ends_at = deciding_ends_at + $1, \
         updated_at = $2 WHERE id = $3 AND status_id = 2",
    )
    .bind(by)
    .bind(now_ms)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn delete_unstarted(conn: &mut AnyConnection, id: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("DELETE FROM contest WHERE id = $1 AND status_id = 1").bind(id).execute(&mut *conn).await?;
    Ok(done.rows_affected() == 1)
}

/// One more view of contest `id`; `external` when it came from outside Vitrine (source 2).
pub async fn count_view<'c>(db: impl Executor<'c, Database = Any>, id: i64, external: bool) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE contest SET views_count = views_count + 1, external_views_count = external_views_count + $2 WHERE id = $1",
    )
    .bind(id)
    .bind(i64::from(external))
    .execute(db)
    .await?;
    Ok(())
}

/// One page of contests matching `filter` (a WHERE fragment over `c`; it uses `$1`
/// for the viewer id exactly when `viewer` is given) in `order` (an ORDER BY over `c`,
/// ending in `c.id DESC` so that pages are stable); and the total.
pub async fn page(
    conn: &mut AnyConnection,
    filter: &str,
    order: &str,
    viewer: Option<i64>,
    page: i64,
    per_page: i64,
) -> Result<(Vec<ContestRow>, i64), sqlx::Error> {
    let count_sql = format!("SELECT COUNT(*) FROM {CONTEST_FROM} WHERE {filter}");
    let mut count = sqlx::query_scalar::<_, i64>(&count_sql);
    if let Some(viewer) = viewer {
        count = count.bind(viewer);
    }
    let total = count.fetch_one(&mut *conn).await?;
    let (limit, offset) = if viewer.is_some() { ("$2", "$3") } else { ("$1", "$2") };
    let rows_sql = format!(
        "SELECT {CONTEST_COLUMNS} FROM {CONTEST_FROM} WHERE {filter} ORDER BY {order} LIMIT {limit} OFFSET {offset}"
    );
    let mut rows = sqlx::query_as::<_, ContestRow>(&rows_sql);
    if let Some(viewer) = viewer {
        rows = rows.bind(viewer);
    }
    let rows = rows.bind(per_page).bind((page - 1) * per_page).fetch_all(&mut *conn).await?;
    Ok((rows, total))
}

/// What turning `upgrades` on sets: each kind's flag where one of them carries it (`$1` to
/// `$6`), `updated_at` (`$7`).
const UPGRADES_SET: &str = "is_highlighted = CASE WHEN $1 = 1 THEN 1 ELSE is_highlighted END, \
     is_featured = CASE WHEN $2 = 1 THEN 1 ELSE is_featured END, \
     is_private = CASE WHEN $3 = 1 THEN 1 ELSE is_private END, \
     is_blind = CASE WHEN $4 = 1 THEN 1 ELSE is_blind END, \
     is_notified_via_email = CASE WHEN $5 = 1 THEN 1 ELSE is_notified_via_email END, \
     is_featured_blog_post = CASE WHEN $6 = 1 THEN 1 ELSE is_featured_blog_post END, updated_at = $7";

/// The flags of `upgrades`, in [`UPGRADES_SET`]'s order.
fn upgrade_flags(upgrades: &[crate::catalogue::model::UpgradeRow]) -> [i64; 6] {
    let on = |pick: fn(&crate::catalogue::model::UpgradeRow) -> i64| i64::from(upgrades.iter().any(|u| pick(u) != 0));
    [
        on(|u| u.is_highlighted),
        on(|u| u.is_featured),
        on(|u| u.is_private),
        on(|u| u.is_blind),
        on(|u| u.is_notified_via_email),
        on(|u| u.is_featured_blog_post),
    ]
}

/// Turns `upgrades` on for the contest (an admin's grant, a free upgrade); those it has
/// already stay on.
#[instrument(skip_all, fields(contest_id = id))]
pub async fn apply_upgrades(
    conn: &mut AnyConnection,
    id: i64,
    upgrades: &[crate::catalogue::model::UpgradeRow],
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    let sql = format!("UPDATE contest SET {UPGRADES_SET} WHERE id = $8");
    let mut query = sqlx::query(&sql);
    for flag in upgrade_flags(upgrades) {
        query = query.bind(flag);
    }
    query.bind(now_ms).bind(id).execute(conn).await?;
    Ok(())
}

/// Turns bought `upgrades` on for a running contest (active or deciding) that has none
/// of them yet, in one conditional update: of two payments for one upgrade settling at
/// once, exactly one applies it. False when the contest is not running or already has
/// one of them (that payment is refunded).
#[instrument(skip_all, fields(contest_id = id))]
pub async fn apply_bought_upgrades(
    conn: &mut AnyConnection,
    id: i64,
    upgrades: &[crate::catalogue::model::UpgradeRow],
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    let sql = format!(
        "UPDATE contest SET {UPGRADES_SET} WHERE id = $8 AND status_id IN (2, 3) AND NOT ( \
         ($1 = 1 AND is_highlighted = 1) OR ($2 = 1 AND is_featured = 1) OR ($3 = 1 AND is_private = 1) \
         OR ($4 = 1 AND is_blind = 1) OR ($5 = 1 AND is_notified_via_email = 1) OR ($6 = 1 AND is_featured_blog_post = 1))"
    );
    let mut query = sqlx::query(&sql);
    for flag in upgrade_flags(upgrades) {
        query = query.bind(flag);
    }
    let done = query.bind(now_ms).bind(id).execute(conn).await?;
    Ok(done.rows_affected() == 1)
}

/// Raises the prize of a contest that has not ended by `cents`; false when it has ended.
pub async fn raise_prize(conn: &mut AnyConnection, id: i64, cents: i64, now_ms: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE contest SET winning_entry_amount_cents = winning_entry_amount_cents + $1, updated_at = $2 \
         WHERE id = $3 AND status_id IN (1, 2, 3)",
    )
    .bind(cents)
    .bind(now_ms)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Records the holder's acceptance of the final files, once: false if already recorded.
pub async fn accept_artworks(conn: &mut AnyConnection, id: i64, now_ms: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE contest SET artwork_accepted_at = $1, updated_at = $1 WHERE id = $2 AND artwork_accepted_at IS NULL",
    )
    .bind(now_ms)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn has_artwork(conn: &mut AnyConnection, entry_id: i64) -> Result<bool, sqlx::Error> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT id FROM contest_entry_file WHERE contest_entry_id = $1 AND kind = $2 LIMIT 1")
            .bind(entry_id)
            .bind(super::model::file_kind::ARTWORK)
            .fetch_optional(&mut *conn)
            .await?;
    Ok(found.is_some())
}

/// The coupon code the contest's client applied (at launch or on the options step).
pub async fn coupon_code(conn: &mut AnyConnection, id: i64) -> Result<Option<String>, sqlx::Error> {
    let code: Option<Option<String>> =
        sqlx::query_scalar("SELECT coupon_code FROM contest WHERE id = $1").bind(id).fetch_optional(&mut *conn).await?;
    Ok(code.flatten().filter(|c| !c.trim().is_empty()))
}

/// Replaces (or, with None, removes) the coupon code of an unstarted contest.
pub async fn set_coupon_code(
    conn: &mut AnyConnection,
    id: i64,
    code: Option<&str>,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE contest SET coupon_code = $1, updated_at = $2 WHERE id = $3 AND status_id = 1")
        .bind(code)
        .bind(now_ms)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// A contest's description: the text its brief document starts from.
pub async fn description<'c>(
    db: impl Executor<'c, Database = Any>,
    contest_id: i64,
) -> Result<Option<String>, sqlx::Error> {
    let description: Option<Option<String>> =
        sqlx::query_scalar("SELECT description FROM contest WHERE id = $1").bind(contest_id).fetch_optional(db).await?;
    Ok(description.flatten())
}

/// Makes a contest's description its brief document's text, in the transaction that
/// stores the document's change.
pub async fn set_description(
    conn: &mut AnyConnection,
    contest_id: i64,
    description: &str,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE contest SET description = $1, updated_at = $2 WHERE id = $3")
        .bind(description)
        .bind(now_ms)
        .bind(contest_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// The launch options chosen in step 2 (flags 0 or 1). A launch payment keeps the ones
/// it priced (`contests::payable`), and its settlement stores exactly those.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ContestOptions {
    pub contest_type_pricing_id: i64,
    pub winning_entry_amount_cents: i64,
    pub contest_length_id: Option<i64>,
    pub is_highlighted: i64,
    pub is_featured: i64,
    pub is_private: i64,
    pub is_blind: i64,
    pub is_notified_via_email: i64,
    pub is_featured_blog_post: i64,
}

/// Stores the launch options of a contest not started yet (status 1); else nothing.
#[instrument(skip_all, fields(contest_id = id))]
pub async fn set_options(
    conn: &mut AnyConnection,
    id: i64,
    options: &ContestOptions,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE contest SET contest_type_pricing_id = $1, winning_entry_amount_cents = $2, contest_length_id = $3, \
         is_highlighted = $4, is_featured = $5, is_private = $6, is_blind = $7, is_notified_via_email = $8, \
         is_featured_blog_post = $9, updated_at = $10 WHERE id = $11 AND status_id = 1",
    )
    .bind(options.contest_type_pricing_id)
    .bind(options.winning_entry_amount_cents)
    .bind(options.contest_length_id)
    .bind(options.is_highlighted)
    .bind(options.is_featured)
    .bind(options.is_private)
    .bind(options.is_blind)
    .bind(options.is_notified_via_email)
    .bind(options.is_featured_blog_post)
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// How many of the client's other contests hold their free slot: a pending approval
/// request on an unstarted contest, or an approved one on an active contest.
#[instrument(skip_all, fields(user_id, contest_id = except_id))]
pub async fn free_slot_holders<'c>(
    db: impl Executor<'c, Database = Any>,
    user_id: i64,
    except_id: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM contest WHERE created_by = $1 AND id <> $2 \
         AND ((status_id = 1 AND approval_status_id = 1) OR (status_id = 2 AND approval_status_id = 2))",
    )
    .bind(user_id)
    .bind(except_id)
    .fetch_one(db)
    .await
}

/// The contest's `extends_disabled` flag; None when there is no such contest.
#[instrument(skip_all, fields(contest_id = id))]
pub async fn extends_disabled<'c>(db: impl Executor<'c, Database = Any>, id: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT extends_disabled FROM contest WHERE id = $1").bind(id).fetch_optional(db).await
}

/// Switches every upgrade of the contest off (an admin's call; nothing is refunded).
#[instrument(skip_all, fields(contest_id = id))]
pub async fn remove_upgrades(conn: &mut AnyConnection, id: i64, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE contest SET is_highlighted = 0, is_featured = 0, is_private = 0, is_blind = 0, is_notified_via_email = 0, \
         is_featured_blog_post = 0, updated_at = $1 WHERE id = $2",
    )
    .bind(now)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Sends a contest awaiting verification (5, 6) back to deciding (3), open at least
/// until `deciding_until`; false when it was in neither status.
#[instrument(skip_all, fields(contest_id = id))]
pub async fn back_to_deciding(
    conn: &mut AnyConnection,
    id: i64,
    deciding_until: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let moved = sqlx::query(
        "UPDATE contest SET status_id = 3, verification_due_at = NULL, \
         deciding_ends_at = CASE WHEN deciding_ends_at IS NULL OR deciding_ends_at < $1 THEN $1 ELSE deciding_ends_at END, \
         updated_at = $2 WHERE id = $3 AND status_id IN (5, 6)",
    )
    .bind(deciding_until)
    .bind(now)
    .bind(id)
    .execute(conn)
    .await?
    .rows_affected();
    Ok(moved > 0)
}

/// Stops further extensions of the contest.
#[instrument(skip_all, fields(contest_id = id))]
pub async fn disable_extends(conn: &mut AnyConnection, id: i64, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE contest SET extends_disabled = 1, updated_at = $1 WHERE id = $2")
        .bind(now)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// A client's contests by stage: not started (1), running or deciding (2, 3), past
/// their decision (4 and on).
#[instrument(skip_all, fields(user_id))]
pub async fn client_counts(conn: &mut AnyConnection, user_id: i64) -> Result<(i64, i64, i64), sqlx::Error> {
    let unstarted: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM contest WHERE created_by = $1 AND status_id = 1")
        .bind(user_id)
        .fetch_one(&mut *conn)
        .await?;
    let active: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM contest WHERE created_by = $1 AND status_id IN (2, 3)")
        .bind(user_id)
        .fetch_one(&mut *conn)
        .await?;
    let completed: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM contest WHERE created_by = $1 AND status_id >= 4")
        .bind(user_id)
        .fetch_one(&mut *conn)
        .await?;
    Ok((unstarted, active, completed))
}

/// Contests open to entries now (`user_id` is bound but not used: any positive id).
#[instrument(skip_all, fields(user_id))]
pub async fn open_count(conn: &mut AnyConnection, user_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM contest WHERE status_id = 2 AND $1 > 0")
        .bind(user_id)
        .fetch_one(conn)
        .await
}

/// The contests that wait for an admin, by kind (`admin::queue`).
#[derive(Debug)]
pub struct AdminQueue {
    /// Awarded, awaiting verification (5, 6).
    pub to_verify: i64,
    /// Delivered, awaiting credit (8).
    pub to_credit: i64,
    /// Ended without a winner (4).
    pub no_winner: i64,
    /// Subscribers' start requests awaiting a decision (unstarted, approval 1).
    pub start_requests: i64,
}

#[instrument(skip_all)]
pub async fn admin_queue(conn: &mut AnyConnection) -> Result<AdminQueue, sqlx::Error> {
    let to_verify: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM contest WHERE status_id IN (5, 6)").fetch_one(&mut *conn).await?;
    let to_credit: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM contest WHERE status_id = 8").fetch_one(&mut *conn).await?;
    let no_winner: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM contest WHERE status_id = 4").fetch_one(&mut *conn).await?;
    let start_requests: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM contest WHERE status_id = 1 AND approval_status_id = 1")
            .fetch_one(&mut *conn)
            .await?;
    Ok(AdminQueue { to_verify, to_credit, no_winner, start_requests })
}

/// Whose contests a user's list shows: a client's launched, a designer's entered, or
/// those where the designer's entry won.
#[derive(Debug, Clone, Copy)]
pub enum Whose {
    Launched,
    Entered,
    Won,
}

/// Which stage of contests a user's list shows.
#[derive(Debug, Clone, Copy)]
pub enum Stage {
    Any,
    /// Won but not credited yet (5 to 8).
    Uncredited,
    /// Credited (9).
    Completed,
}

/// A contest in a user's list.
#[derive(Debug, FromRow)]
pub struct UserContestRow {
    pub id: i64,
    pub title: String,
    pub status_id: i64,
    pub contest_type_id: i64,
    pub created_at: i64,
    pub winning_entry_amount_cents: i64,
}

/// One page of a user's contests, newest first, and how many there are.
#[instrument(skip_all, fields(user_id))]
pub async fn of_user(
    conn: &mut AnyConnection,
    user_id: i64,
    whose: Whose,
    stage: Stage,
    limit: i64,
    offset: i64,
) -> Result<(i64, Vec<UserContestRow>), sqlx::Error> {
    let mine = match whose {
        Whose::Entered => "EXISTS (SELECT 1 FROM contest_entry e WHERE e.contest_id = c.id AND e.created_by = $1)",
        Whose::Won => {
            "EXISTS (SELECT 1 FROM contest_entry e WHERE e.contest_id = c.id AND e.created_by = $1 AND e.is_winner = 1)"
        }
        Whose::Launched => "c.created_by = $1",
    };
    let status = match stage {
        Stage::Any => "1 = 1",
        Stage::Uncredited => "c.status_id BETWEEN 5 AND 8",
        Stage::Completed => "c.status_id = 9",
    };
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM contest c WHERE {mine} AND {status}"))
        .bind(user_id)
        .fetch_one(&mut *conn)
        .await?;
    let rows = sqlx::query_as(&format!(
        "SELECT c.id, c.title, c.status_id, c.contest_type_id, c.created_at, c.winning_entry_amount_cents FROM contest c \
         WHERE {mine} AND {status} ORDER BY c.id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(user_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(&mut *conn)
    .await?;
    Ok((total, rows))
}

/// Owner, status and privacy flag of a contest, as the visibility rules take them.
#[instrument(skip_all, fields(contest_id = id))]
pub async fn visibility_parts<'c>(
    db: impl Executor<'c, Database = Any>,
    id: i64,
) -> Result<Option<(i64, i64, i64)>, sqlx::Error> {
    sqlx::query_as("SELECT created_by, status_id, is_private FROM contest WHERE id = $1")
        .bind(id)
        .fetch_optional(db)
        .await
}

/// The contest's id when it is public and not blind (the community feed records
/// nothing of other contests), else None.
#[instrument(skip_all, fields(contest_id = id))]
pub async fn public_not_blind<'c>(db: impl Executor<'c, Database = Any>, id: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT id FROM contest WHERE id = $1 AND is_private = 0 AND is_blind = 0")
        .bind(id)
        .fetch_optional(db)
        .await
}

#[cfg(test)]
mod tests {
    #[test]
    fn slugs_are_readable_and_unique_by_id() {
        assert_eq!(super::slug("Bright Bean Coffee!", 42), "bright-bean-coffee-42");
        assert_eq!(super::slug("¡¡¡", 7), "contest-7");
    }
}
