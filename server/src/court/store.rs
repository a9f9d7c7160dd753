//! SQL of the design court.

use sqlx::{AnyConnection, FromRow};
use tracing::instrument;

use super::model::{JoinedRow, ReportRow, Tally, VoteRow};

/// The columns of [`ReportRow`]; `$1` is the viewer whose own vote `my_vote` reads.
const REPORT_SELECT: &str = "SELECT r.id, r.reason, r.status_id, r.created_at, r.judged_at, r.judged_by, \
    r.case_report_id, r.contest_entry_id, e.number AS entry_number, e.title AS entry_title, e.status_id AS entry_status_id, \
    e.created_by AS entry_designer_id, du.username AS entry_designer_username, \
    e.contest_id, c.title AS contest_title, c.created_by AS contest_owner_id, \
    r.reported_by, ru.username AS reporter_username, \
    r.copied_entry_id, ce.contest_id AS copied_contest_id, ce.number AS copied_number, ce.title AS copied_title, \
    ce.created_by AS copied_designer_id, cu.username AS copied_designer_username, \
    (SELECT COUNT(*) FROM contest_entry_report_vote v WHERE v.contest_entry_report_id = r.id AND v.vote = 1) AS votes_copied, \
    (SELECT COUNT(*) FROM contest_entry_report_vote v WHERE v.contest_entry_report_id = r.id AND v.vote = 2) AS votes_not_copied, \
    (SELECT v.vote FROM contest_entry_report_vote v WHERE v.contest_entry_report_id = r.id AND v.juror_id = $1) AS my_vote \
    FROM contest_entry_report r \
    JOIN contest_entry e ON e.id = r.contest_entry_id \
    JOIN contest c ON c.id = e.contest_id \
    JOIN app_user du ON du.id = e.created_by \
    JOIN app_user ru ON ru.id = r.reported_by \
    LEFT JOIN contest_entry ce ON ce.id = r.copied_entry_id \
    LEFT JOIN app_user cu ON cu.id = ce.created_by";

/// One report as `viewer_id` sees it (0: nobody's vote).
#[instrument(skip_all, fields(report_id = id))]
pub async fn find(conn: &mut AnyConnection, viewer_id: i64, id: i64) -> Result<Option<ReportRow>, sqlx::Error> {
    sqlx::query_as(&format!("{REPORT_SELECT} WHERE r.id = $2"))
        .bind(viewer_id)
        .bind(id)
        .fetch_optional(&mut *conn)
        .await
}

/// A page of cases (reports that joined no other), newest first, optionally of one
/// status; and how many there are.
#[instrument(skip_all, fields(status, page))]
pub async fn page(
    conn: &mut AnyConnection,
    viewer_id: i64,
    status: Option<i64>,
    page: i64,
    per_page: i64,
) -> Result<(Vec<ReportRow>, i64), sqlx::Error> {
    // 0 stands for "any status" so that one statement serves both.
    let status = status.unwrap_or(0);
    let rows = sqlx::query_as(&format!(
        "{REPORT_SELECT} WHERE ($2 = 0 OR r.status_id = $2) AND r.case_report_id IS NULL \
         ORDER BY r.id DESC LIMIT $3 OFFSET $4"
    ))
    .bind(viewer_id)
    .bind(status)
    .bind(per_page)
    .bind((page - 1) * per_page)
    .fetch_all(&mut *conn)
    .await?;
    let total: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM contest_entry_report r WHERE ($1 = 0 OR r.status_id = $1) AND r.case_report_id IS NULL",
    )
    .bind(status)
    .fetch_one(&mut *conn)
    .await?;
    Ok((rows, total))
}

/// Open cases waiting for the court (the admin dashboard's count).
pub async fn open_case_count(conn: &mut AnyConnection) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM contest_entry_report WHERE status_id = 1 AND case_report_id IS NULL")
        .fetch_one(&mut *conn)
        .await
}

/// Files a report once per user and entry, joining the entry's open case when it has
/// one; `None` when this user already reported the entry.
///
/// The entry's row is locked first (a no-op write: PostgreSQL's row lock, and SQLite's
/// write lock) so that two reports filed at once do not both open a case.
#[instrument(skip_all, fields(entry_id))]
pub async fn insert_report(
    conn: &mut AnyConnection,
    entry_id: i64,
    user_id: i64,
    copied_entry_id: Option<i64>,
    reason: &str,
    now_ms: i64,
) -> Result<Option<NewReport>, sqlx::Error> {
    sqlx::query("UPDATE contest_entry SET id = id WHERE id = $1").bind(entry_id).execute(&mut *conn).await?;
    let case_id: Option<i64> = sqlx::query_scalar(
        "SELECT id FROM contest_entry_report WHERE contest_entry_id = $1 AND status_id = 1 AND case_report_id IS NULL \
         ORDER BY id LIMIT 1",
    )
    .bind(entry_id)
    .fetch_optional(&mut *conn)
    .await?;
    let id: Option<i64> = sqlx::query_scalar(
        "INSERT INTO contest_entry_report \
         (contest_entry_id, reported_by, copied_entry_id, reason, status_id, created_at, case_report_id) \
         VALUES ($1, $2, $3, $4, 1, $5, $6) ON CONFLICT (contest_entry_id, reported_by) DO NOTHING RETURNING id",
    )
    .bind(entry_id)
    .bind(user_id)
    .bind(copied_entry_id)
    .bind(reason)
    .bind(now_ms)
    .bind(case_id)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(id.map(|id| NewReport { id, case_id }))
}

/// A report just filed: its id, and the open case it joined (none: it opened one).
#[derive(Debug, Clone, Copy)]
pub struct NewReport {
    pub id: i64,
    pub case_id: Option<i64>,
}

/// The reports that joined each of `case_ids`, oldest first.
pub async fn joined(conn: &mut AnyConnection, case_ids: &[i64]) -> Result<Vec<JoinedRow>, sqlx::Error> {
    if case_ids.is_empty() {
        return Ok(Vec::new());
    }
    // Cases are listed a page (48) at a time: the ids are bound one by one.
    let marks: Vec<String> = (1..=case_ids.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT r.id, r.case_report_id, r.reported_by, u.username, r.reason, r.created_at \
         FROM contest_entry_report r JOIN app_user u ON u.id = r.reported_by \
         WHERE r.case_report_id IN ({}) ORDER BY r.id",
        marks.join(", ")
    );
    let mut query = sqlx::query_as(&sql);
    for id in case_ids {
        query = query.bind(*id);
    }
    query.fetch_all(&mut *conn).await
}

/// Whether `user_id` filed the case or a report that joined it.
pub async fn is_reporter(conn: &mut AnyConnection, case_id: i64, user_id: i64) -> Result<bool, sqlx::Error> {
    let found: Option<i64> = sqlx::query_scalar(
        "SELECT id FROM contest_entry_report WHERE (id = $1 OR case_report_id = $1) AND reported_by = $2 LIMIT 1",
    )
    .bind(case_id)
    .bind(user_id)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(found.is_some())
}

/// Takes the report's row lock for the rest of the transaction (and SQLite's write
/// lock: call it first) and answers its status: votes and the judgment are decided
/// one writer at a time, so no vote lands after a judgment and tallies never go back.
pub async fn lock(conn: &mut AnyConnection, id: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("UPDATE contest_entry_report SET status_id = status_id WHERE id = $1 RETURNING status_id")
        .bind(id)
        .fetch_optional(&mut *conn)
        .await
}

/// Records a vote; `None` when this juror already voted on the report.
pub async fn insert_vote(
    conn: &mut AnyConnection,
    report_id: i64,
    juror_id: i64,
    vote: i64,
    now_ms: i64,
) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO contest_entry_report_vote (contest_entry_report_id, juror_id, vote, created_at) \
         VALUES ($1, $2, $3, $4) ON CONFLICT (contest_entry_report_id, juror_id) DO NOTHING RETURNING id",
    )
    .bind(report_id)
    .bind(juror_id)
    .bind(vote)
    .bind(now_ms)
    .fetch_optional(&mut *conn)
    .await
}

pub async fn tally(conn: &mut AnyConnection, report_id: i64) -> Result<Tally, sqlx::Error> {
    #[derive(FromRow)]
    struct Counts {
        copied: i64,
        not_copied: i64,
    }
    let counts: Counts = sqlx::query_as(
        "SELECT COALESCE(SUM(CASE WHEN vote = 1 THEN 1 ELSE 0 END), 0) AS copied, \
         COALESCE(SUM(CASE WHEN vote = 2 THEN 1 ELSE 0 END), 0) AS not_copied \
         FROM contest_entry_report_vote WHERE contest_entry_report_id = $1",
    )
    .bind(report_id)
    .fetch_one(&mut *conn)
    .await?;
    Ok(Tally::new(counts.copied, counts.not_copied))
}

/// A report's votes, oldest first.
pub async fn votes(conn: &mut AnyConnection, report_id: i64) -> Result<Vec<VoteRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT v.juror_id, u.username, v.vote, v.created_at FROM contest_entry_report_vote v \
         JOIN app_user u ON u.id = v.juror_id WHERE v.contest_entry_report_id = $1 ORDER BY v.id",
    )
    .bind(report_id)
    .fetch_all(&mut *conn)
    .await
}

/// Judges an open report (compare-and-set: of two judgments, one wins); false when
/// it was judged already.
pub async fn judge(
    conn: &mut AnyConnection,
    id: i64,
    status_id: i64,
    judge_id: i64,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    if decide(conn, "id", id, status_id, judge_id, now_ms).await? != 1 {
        return Ok(false);
    }
    // The reports the case gathered are decided with it.
    decide(conn, "case_report_id", id, status_id, judge_id, now_ms).await?;
    Ok(true)
}

/// Sets the judgment on the open reports whose `column` (`id` or `case_report_id`) is
/// `id`; answers how many it decided.
async fn decide(
    conn: &mut AnyConnection,
    column: &'static str,
    id: i64,
    status_id: i64,
    judge_id: i64,
    now_ms: i64,
) -> Result<u64, sqlx::Error> {
    let sql = format!(
        "UPDATE contest_entry_report SET status_id = $1, judged_by = $2, judged_at = $3 \
         WHERE {column} = $4 AND status_id = 1"
    );
    let done = sqlx::query(&sql).bind(status_id).bind(judge_id).bind(now_ms).bind(id).execute(&mut *conn).await?;
    Ok(done.rows_affected())
}

/// An entry that may be named as the copied one, with what decides who may see it.
#[derive(Debug, Clone, FromRow)]
pub struct CandidateRow {
    pub id: i64,
    pub contest_id: i64,
    pub number: i64,
    pub title: Option<String>,
    pub designer_id: i64,
    pub designer_username: String,
    pub contest_title: Option<String>,
    pub contest_owner_id: i64,
    pub contest_status_id: i64,
    pub contest_is_private: i64,
    pub contest_is_blind: i64,
}

pub async fn candidate(conn: &mut AnyConnection, entry_id: i64) -> Result<Option<CandidateRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT e.id, e.contest_id, e.number, e.title, e.created_by AS designer_id, u.username AS designer_username, \
         c.title AS contest_title, c.created_by AS contest_owner_id, c.status_id AS contest_status_id, \
         c.is_private AS contest_is_private, c.is_blind AS contest_is_blind \
         FROM contest_entry e JOIN contest c ON c.id = e.contest_id JOIN app_user u ON u.id = e.created_by \
         WHERE e.id = $1",
    )
    .bind(entry_id)
    .fetch_optional(&mut *conn)
    .await
}
