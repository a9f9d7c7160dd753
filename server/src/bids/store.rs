//! SQL of bids and their files, and where their discussions are kept (the
//! discussions' SQL is the thread model's, [`crate::threads::store`]).

use sqlx::{Any, AnyConnection, Executor};
use tracing::instrument;

use super::model::{BidFileInfo, BidRow, BID_COLUMNS};
use crate::{
    store::search::{contains, contains_pattern},
    threads::store::CommentTable,
};

/// A bid's discussion: one thread a bid, oldest first (it reads as a conversation),
/// nothing deleted.
pub const COMMENTS: CommentTable = CommentTable::conversation("bid_comment", "bid_id");

const BID_FROM: &str = "bid b JOIN app_user u ON u.id = b.created_by";

/// The bidder and the project's owner of bid `id`: whom its channel and reads are for.
#[instrument(skip_all, fields(bid_id = id))]
pub async fn parties<'c>(db: impl Executor<'c, Database = Any>, id: i64) -> Result<Option<(i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT b.created_by AS bidder, p.created_by AS owner FROM bid b JOIN project p ON p.id = b.project_id WHERE b.id = $1",
    )
    .bind(id)
    .fetch_optional(db)
    .await
}

#[instrument(skip_all, fields(bid_id = id))]
pub async fn find<'c>(db: impl Executor<'c, Database = Any>, id: i64) -> Result<Option<BidRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {BID_COLUMNS} FROM {BID_FROM} WHERE b.id = $1")).bind(id).fetch_optional(db).await
}

/// The designer's bid on a project, if any.
pub async fn find_by(conn: &mut AnyConnection, project_id: i64, designer: i64) -> Result<Option<BidRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {BID_COLUMNS} FROM {BID_FROM} WHERE b.project_id = $1 AND b.created_by = $2"))
        .bind(project_id)
        .bind(designer)
        .fetch_optional(&mut *conn)
        .await
}

/// Sort orders of the bid list: `sort=amount`, `-amount`, `created_at`, `-created_at` (default).
pub fn order_by(sort: Option<&str>) -> Option<&'static str> {
    Some(match sort.map(str::trim).unwrap_or("-created_at") {
        "amount" => "b.amount_cents ASC, b.id ASC",
        "-amount" => "b.amount_cents DESC, b.id DESC",
        "created_at" => "b.id ASC",
        "-created_at" | "" => "b.id DESC",
        _ => return None,
    })
}

/// A page of a project's bids, optionally of bidders whose username contains `username`.
pub async fn page(
    conn: &mut AnyConnection,
    project_id: i64,
    username: Option<&str>,
    order: &str,
    page: i64,
    per_page: i64,
) -> Result<(Vec<BidRow>, i64), sqlx::Error> {
    let pattern = username.map(contains_pattern);
    let filter = format!("b.project_id = $1 AND ($2 IS NULL OR {})", contains("u.username", "$2"));
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {BID_FROM} WHERE {filter}"))
        .bind(project_id)
        .bind(pattern.as_deref())
        .fetch_one(&mut *conn)
        .await?;
    let rows = sqlx::query_as(&format!(
        "SELECT {BID_COLUMNS} FROM {BID_FROM} WHERE {filter} ORDER BY {order} LIMIT $3 OFFSET $4"
    ))
    .bind(project_id)
    .bind(pattern.as_deref())
    .bind(per_page)
    .bind((page - 1) * per_page)
    .fetch_all(&mut *conn)
    .await?;
    Ok((rows, total))
}

/// Files of a bid, in the order they were attached.
pub async fn files(conn: &mut AnyConnection, bid_id: i64) -> Result<Vec<BidFileInfo>, sqlx::Error> {
    sqlx::query_as(
        "SELECT f.id, f.original_name AS name, '/files/' || CAST(f.id AS TEXT) || '/content' AS full_path \
         FROM bid_file bf JOIN file f ON f.id = bf.file_id WHERE bf.bid_id = $1 ORDER BY bf.position",
    )
    .bind(bid_id)
    .fetch_all(&mut *conn)
    .await
}

#[instrument(skip_all, fields(project_id))]
pub async fn insert(
    conn: &mut AnyConnection,
    project_id: i64,
    designer: i64,
    amount_cents: i64,
    description: &str,
    file_ids: &[i64],
    now: i64,
) -> Result<i64, sqlx::Error> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO bid (project_id, created_by, amount_cents, description, status_id, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, 1, $5, $5) RETURNING id",
    )
    .bind(project_id)
    .bind(designer)
    .bind(amount_cents)
    .bind(description)
    .bind(now)
    .fetch_one(&mut *conn)
    .await?;
    for (position, file_id) in file_ids.iter().enumerate() {
        sqlx::query("INSERT INTO bid_file (bid_id, file_id, position) VALUES ($1, $2, $3) ON CONFLICT (bid_id, file_id) DO NOTHING")
            .bind(id)
            .bind(file_id)
            .bind(i64::try_from(position).unwrap_or(0))
            .execute(&mut *conn)
            .await?;
    }
    Ok(id)
}

pub async fn delete(conn: &mut AnyConnection, id: i64) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query("DELETE FROM bid WHERE id = $1 AND status_id = 1")
        .bind(id)
        .execute(&mut *conn)
        .await?
        .rows_affected()
        == 1)
}

pub async fn set_status(conn: &mut AnyConnection, id: i64, status_id: i64, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE bid SET status_id = $1, updated_at = $2 WHERE id = $3")
        .bind(status_id)
        .bind(now)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// How many bids `project_id` has, of any status.
pub async fn count_on_project(conn: &mut AnyConnection, project_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM bid WHERE project_id = $1").bind(project_id).fetch_one(conn).await
}

/// The designer's bids on projects still taking bids.
#[instrument(skip_all, fields(user_id))]
pub async fn open_count(conn: &mut AnyConnection, user_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM bid b JOIN project p ON p.id = b.project_id WHERE b.created_by = $1 AND p.status_id = 1",
    )
    .bind(user_id)
    .fetch_one(conn)
    .await
}
