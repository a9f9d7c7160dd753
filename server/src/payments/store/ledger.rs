//! SQL of the ledger (`ledger_entry`, `ledger_line`): entries recorded once by key, their
//! lines, and what the screens read from them (a designer's credited work, a payment's
//! split, every account's balance).

use sqlx::{AnyConnection, FromRow};
use tracing::instrument;

/// One line to record: `amount_cents` into `account` (negative: out of it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewLine {
    pub account: &'static str,
    pub party_id: Option<i64>,
    pub work_kind: Option<String>,
    pub work_id: Option<i64>,
    pub title: Option<String>,
    pub contest_id: Option<i64>,
    pub project_id: Option<i64>,
    pub amount_cents: i64,
}

/// Records an entry with `lines`, once per `key`; false (nothing written) when an entry
/// with that key exists already (a retried settlement, a redelivered webhook).
#[instrument(skip_all, fields(key))]
pub async fn insert_entry(
    conn: &mut AnyConnection,
    key: &str,
    kind: &str,
    purpose: &str,
    payment_id: Option<i64>,
    lines: &[NewLine],
    now: i64,
) -> Result<bool, sqlx::Error> {
    let id: Option<i64> = sqlx::query_scalar(
        "INSERT INTO ledger_entry (entry_key, kind, purpose, payment_id, created_at) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (entry_key) DO NOTHING RETURNING id",
    )
    .bind(key)
    .bind(kind)
    .bind(purpose)
    .bind(payment_id)
    .bind(now)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(entry_id) = id else { return Ok(false) };
    for line in lines {
        sqlx::query(
            "INSERT INTO ledger_line (entry_id, account, party_id, work_kind, work_id, title, contest_id, project_id, \
             amount_cents) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(entry_id)
        .bind(line.account)
        .bind(line.party_id)
        .bind(line.work_kind.as_deref())
        .bind(line.work_id)
        .bind(line.title.as_deref())
        .bind(line.contest_id)
        .bind(line.project_id)
        .bind(line.amount_cents)
        .execute(&mut *conn)
        .await?;
    }
    Ok(true)
}

/// The balance of `account` over the entries of payment `payment_id` (what of it is held
/// for a refund, what the payer got back).
#[instrument(skip_all, fields(payment_id))]
pub async fn payment_balance(conn: &mut AnyConnection, payment_id: i64, account: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(l.amount_cents), 0) AS BIGINT) FROM ledger_line l \
         JOIN ledger_entry e ON e.id = l.entry_id WHERE e.payment_id = $1 AND l.account = $2",
    )
    .bind(payment_id)
    .bind(account)
    .fetch_one(conn)
    .await
}

/// The balance of the money held for the work of `work_kind` and `work_id` by payments of
/// `purpose`.
#[instrument(skip_all, fields(work_id))]
pub async fn held_for(
    conn: &mut AnyConnection,
    work_kind: &str,
    work_id: i64,
    purpose: &str,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(l.amount_cents), 0) AS BIGINT) FROM ledger_line l          JOIN ledger_entry e ON e.id = l.entry_id          WHERE l.account = 'held' AND l.work_kind = $1 AND l.work_id = $2 AND e.purpose = $3",
    )
    .bind(work_kind)
    .bind(work_id)
    .bind(purpose)
    .fetch_one(conn)
    .await
}

/// What a payment's refunds gave back so far (the payer's lines on its refund entries).
#[instrument(skip_all, fields(payment_id))]
pub async fn refunded_so_far(conn: &mut AnyConnection, payment_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(l.amount_cents), 0) AS BIGINT) FROM ledger_line l \
         JOIN ledger_entry e ON e.id = l.entry_id WHERE e.payment_id = $1 AND e.kind = 'refund' AND l.account = 'payer'",
    )
    .bind(payment_id)
    .fetch_one(conn)
    .await
}

/// The designer's credit lines: one per piece of work credited (its payout's kind and
/// source), with the entry's time as when it was credited. A fragment the payouts' reads
/// select from.
pub const CREDITS: &str = "SELECT l.work_kind AS kind, l.work_id AS source_id, l.party_id AS designer_id, \
    l.contest_id, l.project_id, COALESCE(l.title, '') AS title, l.amount_cents, e.created_at AS credited_at \
    FROM ledger_line l JOIN ledger_entry e ON e.id = l.entry_id \
    WHERE l.account = 'designer' AND l.amount_cents > 0";

/// One line as the screens read it.
#[derive(Debug, Clone, FromRow, PartialEq, Eq)]
pub struct LineRow {
    pub entry_id: i64,
    pub entry_kind: String,
    pub purpose: String,
    pub payment_id: Option<i64>,
    pub account: String,
    pub party_id: Option<i64>,
    pub work_kind: Option<String>,
    pub work_id: Option<i64>,
    pub title: Option<String>,
    pub amount_cents: i64,
    pub created_at: i64,
}

const LINES: &str = "SELECT e.id AS entry_id, e.kind AS entry_kind, e.purpose, e.payment_id, l.account, l.party_id, \
    l.work_kind, l.work_id, l.title, l.amount_cents, e.created_at FROM ledger_line l JOIN ledger_entry e ON e.id = l.entry_id";

/// The lines of every entry of payment `payment_id` (its split, its refunds), in order.
#[instrument(skip_all, fields(payment_id))]
pub async fn lines_of_payment(conn: &mut AnyConnection, payment_id: i64) -> Result<Vec<LineRow>, sqlx::Error> {
    sqlx::query_as(&format!("{LINES} WHERE e.payment_id = $1 ORDER BY e.id, l.id"))
        .bind(payment_id)
        .fetch_all(conn)
        .await
}

/// Every line on `designer_id`'s account (credits and payouts), newest first.
#[instrument(skip_all, fields(designer_id))]
pub async fn lines_of_designer(conn: &mut AnyConnection, designer_id: i64) -> Result<Vec<LineRow>, sqlx::Error> {
    sqlx::query_as(&format!("{LINES} WHERE l.account = 'designer' AND l.party_id = $1 ORDER BY e.id DESC, l.id"))
        .bind(designer_id)
        .fetch_all(conn)
        .await
}

/// An account's total.
#[derive(Debug, Clone, FromRow, PartialEq, Eq)]
pub struct Balance {
    pub account: String,
    pub amount_cents: i64,
}

/// Every account's total over the whole ledger.
#[instrument(skip_all)]
pub async fn balances(conn: &mut AnyConnection) -> Result<Vec<Balance>, sqlx::Error> {
    sqlx::query_as(
        "SELECT account, CAST(SUM(amount_cents) AS BIGINT) AS amount_cents FROM ledger_line GROUP BY account ORDER BY account",
    )
    .fetch_all(conn)
    .await
}

/// How many entries there are, and how many of them do not balance (their lines'
/// amounts do not sum to zero: none should).
#[instrument(skip_all)]
pub async fn entry_counts(conn: &mut AnyConnection) -> Result<(i64, i64), sqlx::Error> {
    let entries: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM ledger_entry").fetch_one(&mut *conn).await?;
    let unbalanced: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM (SELECT e.id FROM ledger_entry e LEFT JOIN ledger_line l ON l.entry_id = e.id \
         GROUP BY e.id HAVING COALESCE(SUM(l.amount_cents), 0) <> 0) unbalanced",
    )
    .fetch_one(&mut *conn)
    .await?;
    Ok((entries, unbalanced))
}
