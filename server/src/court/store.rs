//! SQL of the design court.

use sqlx::{AnyConnection, FromRow};
use tracing::instrument;

use super::model::{ReportRow, Tally, VoteRow};

/// The columns of [`ReportRow`]; `$1` is the viewer whose own vote `my_vote` reads.
const REPORT_SELECT: &str = "SELECT r.id, r.reason, r.status_id, r.created_at, r.judged_at, r.judged_by, \
    r.contest_entry_id, e.number AS entry_number, e.title AS entry_title, e.status_id AS entry_status_id, \
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

/// A page of reports, newest first, optionally of one status; and how many there are.
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
        "{REPORT_SELECT} WHERE ($2 = 0 OR r.status_id = $2) ORDER BY r.id DESC LIMIT $3 OFFSET $4"
    ))
    .bind(viewer_id)
    .bind(status)
    .bind(per_page)
    .bind((page - 1) * per_page)
    .fetch_all(&mut *conn)
    .await?;
    let total: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM contest_entry_report r WHERE ($1 = 0 OR r.status_id = $1)")
            .bind(status)
            .fetch_one(&mut *conn)
            .await?;
    Ok((rows, total))
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
    let done = sqlx::query(
        "UPDATE contest_entry_report SET status_id = $1, judged_by = $2, judged_at = $3 WHERE id = $4 AND status_id = 1",
    )
    .bind(status_id)
    .bind(judge_id)
    .bind(now_ms)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
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
