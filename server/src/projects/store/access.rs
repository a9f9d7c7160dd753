//! SQL behind who may read a project's files ([`crate::projects::files`]) and enter its
//! workroom ([`crate::projects::room`]).
//!
//! `bid` and `bid_file` are the bids area's tables, but the bids area imports projects
//! (a bid is on a project), so projects cannot ask it without a cycle: the project's
//! parties are read here, as its other queries about its approved bid are.

use sqlx::{Any, Executor, Row};
use tracing::instrument;

/// Whether file `file_id` is attached to a bid that `user_id` made or received (as the
/// project's owner).
#[instrument(skip_all, fields(file_id, user_id))]
pub async fn is_bid_file_of<'c>(
    db: impl Executor<'c, Database = Any>,
    file_id: i64,
    user_id: i64,
) -> Result<bool, sqlx::Error> {
    let bid: Option<i64> = sqlx::query_scalar(
        "SELECT b.id FROM bid_file bf JOIN bid b ON b.id = bf.bid_id JOIN project p ON p.id = b.project_id \
         WHERE bf.file_id = $1 AND (b.created_by = $2 OR p.created_by = $2) LIMIT 1",
    )
    .bind(file_id)
    .bind(user_id)
    .fetch_optional(db)
    .await?;
    Ok(bid.is_some())
}

/// Whether file `file_id` is a final artwork or an update's file of a project whose
/// owner or assigned designer is `user_id`.
#[instrument(skip_all, fields(file_id, user_id))]
pub async fn is_work_file_of<'c>(
    db: impl Executor<'c, Database = Any>,
    file_id: i64,
    user_id: i64,
) -> Result<bool, sqlx::Error> {
    let party = "(p.created_by = $2 OR ab.created_by = $2)";
    let approved = "LEFT JOIN bid ab ON ab.id = p.approved_bid_id";
    let work: Option<i64> = sqlx::query_scalar(&format!(
        "SELECT p.id FROM project_artwork pa JOIN project p ON p.id = pa.project_id {approved} \
         WHERE pa.file_id = $1 AND {party} \
         UNION SELECT p.id FROM project_update_file uf JOIN project_update pu ON pu.id = uf.project_update_id \
         JOIN project p ON p.id = pu.project_id {approved} WHERE uf.file_id = $1 AND {party} LIMIT 1"
    ))
    .bind(file_id)
    .bind(user_id)
    .fetch_optional(db)
    .await?;
    Ok(work.is_some())
}

/// (answer_file_ids, project owner) of the brief answers whose file list may hold
/// `file_id`: narrowed with LIKE, so the caller reads each list to be sure.
#[instrument(skip_all, fields(file_id))]
pub async fn brief_answers_naming<'c>(
    db: impl Executor<'c, Database = Any>,
    file_id: i64,
) -> Result<Vec<(String, i64)>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT a.answer_file_ids, p.created_by FROM project_brief_answer a JOIN project p ON p.id = a.project_id \
         WHERE a.answer_file_ids LIKE $1",
    )
    .bind(format!("%{file_id}%"))
    .fetch_all(db)
    .await?;
    rows.into_iter().map(|row| Ok((row.try_get("answer_file_ids")?, row.try_get("created_by")?))).collect()
}

/// The project's owner and the designer of its approved bid (None while there is
/// none); None for an unknown project.
#[instrument(skip_all, fields(project_id))]
pub async fn parties<'c>(
    db: impl Executor<'c, Database = Any>,
    project_id: i64,
) -> Result<Option<(i64, Option<i64>)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT p.created_by, b.created_by FROM project p LEFT JOIN bid b ON b.id = p.approved_bid_id WHERE p.id = $1",
    )
    .bind(project_id)
    .fetch_optional(db)
    .await
}
