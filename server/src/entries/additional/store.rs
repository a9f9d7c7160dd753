//! SQL of additional entries.

use sqlx::AnyConnection;

use super::AdditionalRow;

const COLUMNS: &str = "a.id, a.contest_id, c.title AS contest_title, a.contest_entry_id, e.number AS entry_number, \
    a.client_id, a.designer_id, u.username AS designer_username, a.amount_cents, a.status_id, a.paid_at, \
    a.uploaded_at, a.credited_at, a.created_at, a.updated_at";
const FROM: &str = "additional_entry a JOIN contest c ON c.id = a.contest_id \
    JOIN contest_entry e ON e.id = a.contest_entry_id JOIN app_user u ON u.id = a.designer_id";

/// Records a purchase in status 1; `None` when the entry was already bought.
pub async fn insert(
    conn: &mut AnyConnection,
    contest_id: i64,
    entry_id: i64,
    client_id: i64,
    designer_id: i64,
    amount_cents: i64,
    now: i64,
) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO additional_entry (contest_id, contest_entry_id, client_id, designer_id, amount_cents, status_id, \
         created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 1, $6, $6) \
         ON CONFLICT (contest_entry_id) DO NOTHING RETURNING id",
    )
    .bind(contest_id)
    .bind(entry_id)
    .bind(client_id)
    .bind(designer_id)
    .bind(amount_cents)
    .bind(now)
    .fetch_optional(&mut *conn)
    .await
}

/// The purchase of entry `entry_id` of contest `contest_id`.
pub async fn find_by_entry(
    conn: &mut AnyConnection,
    contest_id: i64,
    entry_id: i64,
) -> Result<Option<AdditionalRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {COLUMNS} FROM {FROM} WHERE a.contest_id = $1 AND a.contest_entry_id = $2"))
        .bind(contest_id)
        .bind(entry_id)
        .fetch_optional(&mut *conn)
        .await
}

/// Moves a purchase from `from` to `to`, stamping the time of the step; false when
/// it was not in `from` (someone else moved it first).
pub async fn transition(conn: &mut AnyConnection, id: i64, from: i64, to: i64, now: i64) -> Result<bool, sqlx::Error> {
    // The stamp column is chosen from a closed set, never from input.
    let stamp = match to {
        2 => "paid_at",
        3 => "uploaded_at",
        _ => "credited_at",
    };
    let done = sqlx::query(&format!(
        "UPDATE additional_entry SET status_id = $1, {stamp} = $2, updated_at = $2 WHERE id = $3 AND status_id = $4"
    ))
    .bind(to)
    .bind(now)
    .bind(id)
    .bind(from)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Whose purchases a list shows.
#[derive(Debug, Clone, Copy)]
pub enum Party {
    /// Every purchase (admins).
    All,
    /// What this client bought.
    Client(i64),
    /// What was bought of this designer.
    Designer(i64),
}

impl Party {
    /// The condition on `$1` and the value bound to it.
    fn condition(self) -> (&'static str, i64) {
        match self {
            Self::All => ("$1 = -1", -1),
            Self::Client(id) => ("a.client_id = $1", id),
            Self::Designer(id) => ("a.designer_id = $1", id),
        }
    }
}

/// Which purchases a list shows.
pub struct Filter {
    pub party: Party,
    pub status_id: Option<i64>,
    pub contest_id: Option<i64>,
}

/// One page of purchases, newest first, and the total matching.
pub async fn page(
    conn: &mut AnyConnection,
    filter: &Filter,
    page: i64,
    per_page: i64,
) -> Result<(Vec<AdditionalRow>, i64), sqlx::Error> {
    let (party, party_id) = filter.party.condition();
    let condition = format!("{party} AND ($2 = 0 OR a.status_id = $2) AND ($3 = 0 OR a.contest_id = $3)");
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {FROM} WHERE {condition}"))
        .bind(party_id)
        .bind(filter.status_id.unwrap_or(0))
        .bind(filter.contest_id.unwrap_or(0))
        .fetch_one(&mut *conn)
        .await?;
    let rows = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM {FROM} WHERE {condition} ORDER BY a.id DESC LIMIT $4 OFFSET $5"
    ))
    .bind(party_id)
    .bind(filter.status_id.unwrap_or(0))
    .bind(filter.contest_id.unwrap_or(0))
    .bind(per_page)
    .bind((page - 1) * per_page)
    .fetch_all(&mut *conn)
    .await?;
    Ok((rows, total))
}

/// Additional designs delivered and awaiting an admin's credit (status 3).
pub async fn delivered_count(conn: &mut AnyConnection) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM additional_entry WHERE status_id = 3").fetch_one(&mut *conn).await
}
