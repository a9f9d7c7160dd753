//! SQL of client feedback (`client_feedback`), read with its contest's or project's title.

use sqlx::{Any, AnyConnection, Executor, Pool};
use tracing::instrument;

use crate::admin::feedback::FeedbackRow;

const SELECT: &str = "SELECT f.id, f.contest_id, f.project_id, COALESCE(c.title, p.title, '') AS title, \
    f.created_by AS client_id, u.username AS client_username, f.question_id, f.rating, f.answer, f.created_at \
    FROM client_feedback f JOIN app_user u ON u.id = f.created_by \
    LEFT JOIN contest c ON c.id = f.contest_id LEFT JOIN project p ON p.id = f.project_id";

/// Stores an answer of the contest's (or project's) client, replacing an earlier answer
/// to the same question.
#[allow(clippy::too_many_arguments)]
#[instrument(skip_all, fields(contest_id, project_id, question_id))]
pub async fn replace_answer(
    conn: &mut AnyConnection,
    contest_id: Option<i64>,
    project_id: Option<i64>,
    question_id: i64,
    rating: Option<i64>,
    answer: Option<&str>,
    created_by: i64,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM client_feedback WHERE question_id = $1 AND (contest_id = $2 OR project_id = $3)")
        .bind(question_id)
        .bind(contest_id.unwrap_or(0))
        .bind(project_id.unwrap_or(0))
        .execute(&mut *conn)
        .await?;
    sqlx::query(
        "INSERT INTO client_feedback (contest_id, project_id, question_id, rating, answer, created_by, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(contest_id)
    .bind(project_id)
    .bind(question_id)
    .bind(rating)
    .bind(answer)
    .bind(created_by)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// A contest's answers, by question.
#[instrument(skip_all, fields(contest_id))]
pub async fn of_contest<'c>(
    db: impl Executor<'c, Database = Any>,
    contest_id: i64,
) -> Result<Vec<FeedbackRow>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} WHERE f.contest_id = $1 ORDER BY f.question_id"))
        .bind(contest_id)
        .fetch_all(db)
        .await
}

/// A project's answers, by question.
#[instrument(skip_all, fields(project_id))]
pub async fn of_project<'c>(
    db: impl Executor<'c, Database = Any>,
    project_id: i64,
) -> Result<Vec<FeedbackRow>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} WHERE f.project_id = $1 ORDER BY f.question_id"))
        .bind(project_id)
        .fetch_all(db)
        .await
}

/// One page of the answers about contests (or projects), newest first, and how many
/// there are.
#[instrument(skip_all)]
pub async fn page(
    pool: &Pool<Any>,
    of_projects: bool,
    limit: i64,
    offset: i64,
) -> Result<(i64, Vec<FeedbackRow>), sqlx::Error> {
    let which = if of_projects { "f.project_id IS NOT NULL" } else { "f.contest_id IS NOT NULL" };
    let total: i64 =
        sqlx::query_scalar(&format!("SELECT COUNT(*) FROM client_feedback f WHERE {which}")).fetch_one(pool).await?;
    let rows = sqlx::query_as(&format!("{SELECT} WHERE {which} ORDER BY f.id DESC LIMIT $1 OFFSET $2"))
        .bind(limit)
        .bind(offset)
        .fetch_all(pool)
        .await?;
    Ok((total, rows))
}
