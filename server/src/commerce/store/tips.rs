//! SQL of tips ([`crate::commerce::tips`]): `contest_entry_tip` rows, pending an admin's
//! approval, decided, summed.

use sqlx::AnyConnection;
use tracing::instrument;

use crate::commerce::{
    carts::CartRow,
    tips::{TipRow, APPROVED, PENDING},
};

/// A tip with its contest's title, its entry's number and both users' names ([`TipRow`]).
const SELECT: &str =
    "SELECT t.id, t.contest_id, c.title AS contest_title, t.contest_entry_id, e.number AS entry_number, \
    t.created_by, cu.username AS client_username, t.designer_id, du.username AS designer_username, t.amount_cents, \
    t.approval_status_id, t.created_at, t.decided_at, t.payment_ref, CAST(t.is_free_award AS BIGINT) AS is_free_award \
    FROM contest_entry_tip t JOIN contest c ON c.id = t.contest_id JOIN contest_entry e ON e.id = t.contest_entry_id \
    JOIN app_user cu ON cu.id = t.created_by JOIN app_user du ON du.id = t.designer_id";

/// A paid cart item becomes a pending tip of the amount paid (once per payment and entry).
#[instrument(skip_all, fields(cart_item_id = item.id, payment_ref))]
pub async fn insert_pending(
    conn: &mut AnyConnection,
    item: &CartRow,
    amount_cents: i64,
    is_free_award: bool,
    payment_ref: &str,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO contest_entry_tip (contest_id, contest_entry_id, created_by, designer_id, amount_cents, \
         approval_status_id, payment_ref, created_at, is_free_award) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
         ON CONFLICT (payment_ref, contest_entry_id) DO NOTHING",
    )
    .bind(item.contest_id)
    .bind(item.contest_entry_id)
    .bind(item.app_user_id)
    .bind(item.designer_id)
    .bind(amount_cents)
    .bind(PENDING)
    .bind(payment_ref)
    .bind(now_ms)
    .bind(i64::from(is_free_award))
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// The tips a cart's payment became, in order.
#[instrument(skip_all, fields(payment_ref))]
pub async fn of_payment(conn: &mut AnyConnection, payment_ref: &str) -> Result<Vec<TipRow>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} WHERE t.payment_ref = $1 ORDER BY t.id")).bind(payment_ref).fetch_all(conn).await
}

#[instrument(skip_all, fields(tip_id = id))]
pub async fn find(conn: &mut AnyConnection, id: i64) -> Result<Option<TipRow>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} WHERE t.id = $1")).bind(id).fetch_optional(&mut *conn).await
}

/// `limit` tips from `offset`, newest first, optionally of one approval status; and
/// the count of them all.
#[instrument(skip_all)]
pub async fn page(
    conn: &mut AnyConnection,
    status: Option<i64>,
    limit: i64,
    offset: i64,
) -> Result<(Vec<TipRow>, i64), sqlx::Error> {
    let rows = sqlx::query_as(&format!(
        "{SELECT} WHERE ($1 IS NULL OR t.approval_status_id = $1) ORDER BY t.id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(status)
    .bind(limit)
    .bind(offset)
    .fetch_all(&mut *conn)
    .await?;
    let total =
        sqlx::query_scalar("SELECT COUNT(*) FROM contest_entry_tip WHERE ($1 IS NULL OR approval_status_id = $1)")
            .bind(status)
            .fetch_one(&mut *conn)
            .await?;
    Ok((rows, total))
}

/// `limit` tips from `offset` that `user_id` gave (all of them) or received (approved
/// ones only), newest first; and the count of them all.
#[instrument(skip_all, fields(user_id))]
pub async fn page_for_user(
    conn: &mut AnyConnection,
    user_id: i64,
    limit: i64,
    offset: i64,
) -> Result<(Vec<TipRow>, i64), sqlx::Error> {
    const MINE: &str = "(t.created_by = $1 OR (t.designer_id = $1 AND t.approval_status_id = 2))";
    let rows = sqlx::query_as(&format!("{SELECT} WHERE {MINE} ORDER BY t.id DESC LIMIT $2 OFFSET $3"))
        .bind(user_id)
        .bind(limit)
        .bind(offset)
        .fetch_all(&mut *conn)
        .await?;
    let total = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM contest_entry_tip t WHERE {MINE}"))
        .bind(user_id)
        .fetch_one(&mut *conn)
        .await?;
    Ok((rows, total))
}

/// Moves a tip from `from` to `decision` by compare-and-set; false if it was no longer in `from`.
#[instrument(skip_all, fields(tip_id = id, decision))]
pub async fn decide(
    conn: &mut AnyConnection,
    id: i64,
    from: i64,
    decision: i64,
    admin_id: i64,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE contest_entry_tip SET approval_status_id = $1, decided_at = $2, decided_by = $3 \
         WHERE id = $4 AND approval_status_id = $5",
    )
    .bind(decision)
    .bind(now_ms)
    .bind(admin_id)
    .bind(id)
    .bind(from)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() != 0)
}

/// Approved tips of a user: received (`as_designer`) or given; the sum in cents and the
/// number of contests they span.
#[instrument(skip_all, fields(user_id, as_designer))]
pub async fn approved_sum(
    conn: &mut AnyConnection,
    user_id: i64,
    as_designer: bool,
) -> Result<(i64, i64), sqlx::Error> {
    let column = if as_designer { "designer_id" } else { "created_by" };
    sqlx::query_as(&format!(
        "SELECT CAST(COALESCE(SUM(amount_cents), 0) AS BIGINT), COUNT(DISTINCT contest_id) FROM contest_entry_tip \
         WHERE {column} = $1 AND approval_status_id = $2"
    ))
    .bind(user_id)
    .bind(APPROVED)
    .fetch_one(&mut *conn)
    .await
}
