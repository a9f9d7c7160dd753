//! SQL of outgoing payouts: what is owed to designers, read from the ledger's credits
//! (`payments::ledger::CREDITS`: a credited contest's prize, an additional design, a
//! completed project, an approved tip or free award, a design sold), and the
//! `designer_payout` rows (admin's own table) that settle it.

use sqlx::AnyConnection;
use tracing::instrument;

use crate::payments::ledger::CREDITS as CREDITED;

fn select(paid: bool) -> String {
    let settled = if paid { "dp.id IS NOT NULL" } else { "dp.id IS NULL" };
    format!(
        "SELECT o.kind, o.source_id, o.designer_id, u.username AS designer_username, u.paypal_email, o.contest_id, \
         o.project_id, o.title, o.amount_cents, o.credited_at, dp.paid_at, dp.reference \
         FROM ({CREDITED}) o JOIN app_user u ON u.id = o.designer_id \
         LEFT JOIN designer_payout dp ON dp.kind = o.kind AND dp.source_id = o.source_id WHERE {settled}"
    )
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PayoutRow {
    pub kind: String,
    pub source_id: i64,
    pub designer_id: i64,
    pub designer_username: String,
    pub paypal_email: Option<String>,
    pub contest_id: Option<i64>,
    pub project_id: Option<i64>,
    pub title: String,
    pub amount_cents: i64,
    pub credited_at: i64,
    pub paid_at: Option<i64>,
    pub reference: Option<String>,
}

/// How many payouts are owed (the dashboard's count).
#[instrument(skip_all)]
pub async fn owed_count(conn: &mut AnyConnection) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(&format!("SELECT COUNT(*) FROM ({}) owed", select(false))).fetch_one(conn).await
}

/// One designer's owed (or paid) payouts, newest credit first.
#[instrument(skip_all, fields(designer_id))]
pub async fn of_designer(
    conn: &mut AnyConnection,
    designer_id: i64,
    paid: bool,
) -> Result<Vec<PayoutRow>, sqlx::Error> {
    sqlx::query_as(&format!("{} AND o.designer_id = $1 ORDER BY o.credited_at DESC", select(paid)))
        .bind(designer_id)
        .fetch_all(&mut *conn)
        .await
}

/// One page of owed (or paid) payouts, newest credit (or payment) first, and how many
/// there are.
#[instrument(skip_all)]
pub async fn page(
    conn: &mut AnyConnection,
    paid: bool,
    limit: i64,
    offset: i64,
) -> Result<(i64, Vec<PayoutRow>), sqlx::Error> {
    let sql = select(paid);
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM ({sql}) listed")).fetch_one(&mut *conn).await?;
    let order = if paid { "dp.paid_at DESC" } else { "o.credited_at DESC" };
    let rows: Vec<PayoutRow> =
        sqlx::query_as(&format!("{sql} ORDER BY {order}, o.kind, o.source_id LIMIT $1 OFFSET $2"))
            .bind(limit)
            .bind(offset)
            .fetch_all(&mut *conn)
            .await?;
    Ok((total, rows))
}

/// The owed (or paid) payout of `kind` for `source_id`.
#[instrument(skip_all, fields(source_id))]
pub async fn find(
    conn: &mut AnyConnection,
    paid: bool,
    kind: &str,
    source_id: i64,
) -> Result<Option<PayoutRow>, sqlx::Error> {
    sqlx::query_as(&format!("{} AND o.kind = $1 AND o.source_id = $2", select(paid)))
        .bind(kind)
        .bind(source_id)
        .fetch_optional(&mut *conn)
        .await
}

/// Records an owed payout paid; false when another admin did first (the unique
/// `(kind, source_id)` key lets one insert win).
#[instrument(skip_all, fields(source_id = owed.source_id))]
pub async fn settle(
    conn: &mut AnyConnection,
    owed: &PayoutRow,
    reference: Option<&str>,
    paid_by: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let inserted = sqlx::query(
        "INSERT INTO designer_payout (kind, source_id, designer_id, amount_cents, reference, paid_by, paid_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (kind, source_id) DO NOTHING",
    )
    .bind(&owed.kind)
    .bind(owed.source_id)
    .bind(owed.designer_id)
    .bind(owed.amount_cents)
    .bind(reference)
    .bind(paid_by)
    .bind(now)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    Ok(inserted > 0)
}

/// The paid payout of `kind` for `source_id`, which must exist (it was just settled).
#[instrument(skip_all, fields(source_id))]
pub async fn find_paid(conn: &mut AnyConnection, kind: &str, source_id: i64) -> Result<PayoutRow, sqlx::Error> {
    sqlx::query_as(&format!("{} AND o.kind = $1 AND o.source_id = $2", select(true)))
        .bind(kind)
        .bind(source_id)
        .fetch_one(&mut *conn)
        .await
}
