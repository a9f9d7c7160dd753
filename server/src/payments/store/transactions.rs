//! SQL of stored payments (`payment_transaction`).

use sqlx::{Any, AnyConnection, Executor, FromRow};
use tracing::instrument;

use crate::payments::quote::Quote;

#[derive(Debug, Clone, FromRow)]
pub struct TransactionRow {
    pub id: i64,
    pub app_user_id: i64,
    pub purpose: String,
    pub trigger_id: i64,
    pub reason_id: i64,
    pub contest_id: Option<i64>,
    pub project_id: Option<i64>,
    pub subject_id: Option<i64>,
    pub details: String,
    pub amount_cents: i64,
    pub currency: String,
    pub status_id: i64,
    pub state: String,
    pub stripe_payment_intent_id: String,
    pub client_secret: String,
    pub idempotency_key: String,
    pub customer_card_id: Option<i64>,
    pub failure_message: Option<String>,
    pub refunded_cents: i64,
    pub paid_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
    /// `stripe` or `paypal`.
    pub provider: String,
    /// PayPal only: where the payer approves the payment.
    pub paypal_approval_url: Option<String>,
    /// PayPal only: the capture (Orders v2) that took the money; the column is named after
    /// the sales of the v1 API it once held.
    pub paypal_sale_id: Option<String>,
}

const COLUMNS: &str = "id, app_user_id, purpose, CAST(trigger_id AS BIGINT) AS trigger_id, \
    CAST(reason_id AS BIGINT) AS reason_id, contest_id, project_id, subject_id, details, amount_cents, currency, \
    CAST(status_id AS BIGINT) AS status_id, state, stripe_payment_intent_id, client_secret, idempotency_key, \
    customer_card_id, failure_message, refunded_cents, paid_at, created_at, updated_at, provider, \
    paypal_approval_url, paypal_sale_id";

pub async fn find_by_key<'c>(
    db: impl Executor<'c, Database = Any>,
    user_id: i64,
    key: &str,
) -> Result<Option<TransactionRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM payment_transaction WHERE app_user_id = $1 AND idempotency_key = $2"
    ))
    .bind(user_id)
    .bind(key)
    .fetch_optional(db)
    .await
}

pub async fn find_by_intent<'c>(
    db: impl Executor<'c, Database = Any>,
    intent_id: &str,
) -> Result<Option<TransactionRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {COLUMNS} FROM payment_transaction WHERE stripe_payment_intent_id = $1"))
        .bind(intent_id)
        .fetch_optional(db)
        .await
}

/// The paid payments of a contest, oldest first (its invoice).
pub async fn paid_for_contest<'c>(
    db: impl Executor<'c, Database = Any>,
    contest_id: i64,
) -> Result<Vec<TransactionRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM payment_transaction WHERE contest_id = $1 AND status_id = 2 ORDER BY id"
    ))
    .bind(contest_id)
    .fetch_all(db)
    .await
}

/// A new open payment; None when the (user, key) pair exists (a racing retry).
#[allow(clippy::too_many_arguments)]
pub async fn insert(
    conn: &mut AnyConnection,
    user_id: i64,
    purpose: &str,
    quote: &Quote,
    intent_id: &str,
    client_secret: &str,
    key: &str,
    now: i64,
) -> Result<Option<i64>, sqlx::Error> {
    let opened = Opened { user_id, purpose, quote, intent_id, client_secret, key, provider: "stripe" };
    insert_opened(conn, &opened, now).await
}

/// A new payment that no card or PayPal takes here: `provider` `none` (a $0 purchase) or
/// `manual` (money an admin recorded as received outside Vitrine), its own `key` standing in
/// for a provider's id. Opened here and settled in the same transaction by its caller.
pub async fn insert_without_provider(
    conn: &mut AnyConnection,
    user_id: i64,
    purpose: &str,
    quote: &Quote,
    key: &str,
    provider: &str,
    now: i64,
) -> Result<i64, sqlx::Error> {
    let opened = Opened { user_id, purpose, quote, intent_id: key, client_secret: "", key, provider };
    // A fresh key each time: it cannot meet an earlier payment's.
    insert_opened(conn, &opened, now).await?.ok_or(sqlx::Error::RowNotFound)
}

/// What an open payment is recorded with.
struct Opened<'a> {
    user_id: i64,
    purpose: &'a str,
    quote: &'a Quote,
    /// The provider's id (Stripe's `pi_...`), or the key where no provider takes it.
    intent_id: &'a str,
    client_secret: &'a str,
    key: &'a str,
    provider: &'a str,
}

/// Records `opened`; None when its (user, key) pair exists.
async fn insert_opened(conn: &mut AnyConnection, opened: &Opened<'_>, now: i64) -> Result<Option<i64>, sqlx::Error> {
    let quote = opened.quote;
    sqlx::query_scalar(
        "INSERT INTO payment_transaction (app_user_id, purpose, trigger_id, reason_id, contest_id, project_id, subject_id, \
         details, amount_cents, stripe_payment_intent_id, client_secret, idempotency_key, created_at, updated_at, provider) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $14) \
         ON CONFLICT (app_user_id, idempotency_key) DO NOTHING RETURNING id",
    )
    .bind(opened.user_id)
    .bind(opened.purpose)
    .bind(quote.trigger_id)
    .bind(quote.reason_id)
    .bind(quote.contest_id)
    .bind(quote.project_id)
    .bind(quote.subject_id)
    .bind(quote.details.to_string())
    .bind(quote.amount_cents)
    .bind(opened.intent_id)
    .bind(opened.client_secret)
    .bind(opened.key)
    .bind(now)
    .bind(opened.provider)
    .fetch_optional(conn)
    .await
}

pub async fn reprice(conn: &mut AnyConnection, id: i64, quote: &Quote, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE payment_transaction SET amount_cents = $1, details = $2, updated_at = $3 WHERE id = $4")
        .bind(quote.amount_cents)
        .bind(quote.details.to_string())
        .bind(now)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn set_card(conn: &mut AnyConnection, id: i64, card_id: i64, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE payment_transaction SET customer_card_id = $1, updated_at = $2 WHERE id = $3")
        .bind(card_id)
        .bind(now)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Marks an unpaid payment paid; false when it was paid already.
pub async fn mark_paid(conn: &mut AnyConnection, id: i64, note: Option<&str>, now: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE payment_transaction SET status_id = 2, state = 'paid', paid_at = $1, failure_message = $2, updated_at = $1 \
         WHERE id = $3 AND status_id = 1",
    )
    .bind(now)
    .bind(note)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A note on a payment for admins (an effect that could not happen).
pub async fn note(conn: &mut AnyConnection, id: i64, message: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE payment_transaction SET failure_message = $1 WHERE id = $2")
        .bind(message)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Records a declined attempt on an unpaid payment (it can be tried again).
pub async fn mark_failed(conn: &mut AnyConnection, id: i64, message: &str, now: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE payment_transaction SET state = 'failed', failure_message = $1, updated_at = $2 WHERE id = $3 AND status_id = 1",
    )
    .bind(message)
    .bind(now)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Records money given back; fully refunded payments read `refunded`.
pub async fn mark_refunded(
    conn: &mut AnyConnection,
    id: i64,
    refunded_cents: i64,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE payment_transaction SET refunded_cents = $1, \
         state = CASE WHEN $1 >= amount_cents THEN 'refunded' ELSE state END, updated_at = $2 WHERE id = $3",
    )
    .bind(refunded_cents)
    .bind(now)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn find<'c>(db: impl Executor<'c, Database = Any>, id: i64) -> Result<Option<TransactionRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {COLUMNS} FROM payment_transaction WHERE id = $1"))
        .bind(id)
        .fetch_optional(db)
        .await
}

/// One page of payments, newest first, and how many there are in all: the user's own,
/// or everyone's when `owner` is None (an admin's list).
#[instrument(skip_all)]
pub async fn page(
    conn: &mut AnyConnection,
    owner: Option<i64>,
    limit: i64,
    offset: i64,
) -> Result<(i64, Vec<TransactionRow>), sqlx::Error> {
    let (filter, user) = match owner {
        None => ("$1 = $1", 0),
        Some(id) => ("app_user_id = $1", id),
    };
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM payment_transaction WHERE {filter}"))
        .bind(user)
        .fetch_one(&mut *conn)
        .await?;
    let rows: Vec<TransactionRow> = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM payment_transaction WHERE {filter} ORDER BY id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(user)
    .bind(limit)
    .bind(offset)
    .fetch_all(&mut *conn)
    .await?;
    Ok((total, rows))
}

/// The paid payments of a project, oldest first (its invoice).
#[instrument(skip_all, fields(project_id))]
pub async fn paid_for_project<'c>(
    db: impl Executor<'c, Database = Any>,
    project_id: i64,
) -> Result<Vec<TransactionRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM payment_transaction WHERE project_id = $1 AND status_id = 2 ORDER BY id"
    ))
    .bind(project_id)
    .fetch_all(db)
    .await
}
