//! Outgoing transactions: what the marketplace owes designers once their work is
//! credited, and the admin marking a payout paid (after sending the money by PayPal or
//! bank outside Vitrine). Owed work is derived, not copied: a contest credited (status 9)
//! owes each winning entry's designer the prize, a credited additional design (status 4)
//! its price, a completed project (status 6) the approved bid; a `designer_payout` row
//! settles one of them. Transaction status as the spec numbers it: 1 Unpaid, 2 Paid.

use axum::{extract::State, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};

use crate::{
    accounts::CurrentUser,
    api::Data,
    error::{catalogue, ApiJson, ApiQuery, AppError, ErrorEnvelope, FieldErrors},
    shared::money::as_dollars,
    shared::page::Page,
    state::AppState,
};

pub const PER_PAGE: i64 = 48;
pub const KINDS: [&str; 3] = ["contest", "additional_entry", "project"];

/// Everything credited, one row per designer to pay.
const CREDITED: &str = "SELECT 'contest' AS kind, e.id AS source_id, e.created_by AS designer_id, c.id AS contest_id, \
        CAST(NULL AS BIGINT) AS project_id, c.title AS title, c.winning_entry_amount_cents AS amount_cents, c.updated_at AS credited_at \
      FROM contest_entry e JOIN contest c ON c.id = e.contest_id WHERE c.status_id = 9 AND e.is_winner = 1 \
    UNION ALL \
    SELECT 'additional_entry', a.id, a.designer_id, a.contest_id, CAST(NULL AS BIGINT), c.title, a.amount_cents, \
        COALESCE(a.credited_at, a.updated_at) \
      FROM additional_entry a JOIN contest c ON c.id = a.contest_id WHERE a.status_id = 4 \
    UNION ALL \
    SELECT 'project', p.id, b.created_by, CAST(NULL AS BIGINT), p.id, p.title, b.amount_cents, p.updated_at \
      FROM project p JOIN bid b ON b.id = p.approved_bid_id WHERE p.status_id = 6";

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
struct PayoutRow {
    kind: String,
    source_id: i64,
    designer_id: i64,
    designer_username: String,
    paypal_email: Option<String>,
    contest_id: Option<i64>,
    project_id: Option<i64>,
    title: String,
    amount_cents: i64,
    credited_at: i64,
    paid_at: Option<i64>,
    reference: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Payout {
    /// contest (a winning entry), additional_entry, project.
    pub kind: String,
    /// The winning entry, the additional design or the project.
    pub source_id: i64,
    pub designer_id: i64,
    pub designer_username: String,
    /// Where the designer is paid.
    pub paypal_email: Option<String>,
    pub contest_id: Option<i64>,
    pub project_id: Option<i64>,
    pub title: String,
    /// US dollars.
    pub amount: f64,
    pub amount_cents: i64,
    pub credited_at: i64,
    /// 1 Unpaid, 2 Paid.
    pub status_id: i64,
    pub paid_at: Option<i64>,
    /// What the admin noted when paying (a PayPal transaction id, say).
    pub reference: Option<String>,
}

impl From<PayoutRow> for Payout {
    fn from(r: PayoutRow) -> Self {
        Self {
            status_id: if r.paid_at.is_some() { 2 } else { 1 },
            amount: as_dollars(r.amount_cents),
            kind: r.kind,
            source_id: r.source_id,
            designer_id: r.designer_id,
            designer_username: r.designer_username,
            paypal_email: r.paypal_email,
            contest_id: r.contest_id,
            project_id: r.project_id,
            title: r.title,
            amount_cents: r.amount_cents,
            credited_at: r.credited_at,
            paid_at: r.paid_at,
            reference: r.reference,
        }
    }
}

/// How many payouts are owed (the dashboard's count).
pub async fn owed_count(conn: &mut AnyConnection) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(&format!("SELECT COUNT(*) FROM ({}) owed", select(false))).fetch_one(conn).await
}

/// Every payout of one designer, owed first, then paid, newest first.
pub async fn of_designer(conn: &mut AnyConnection, designer_id: i64) -> Result<Vec<Payout>, sqlx::Error> {
    let mut all = Vec::new();
    for paid in [false, true] {
        let rows: Vec<PayoutRow> =
            sqlx::query_as(&format!("{} AND o.designer_id = $1 ORDER BY o.credited_at DESC", select(paid)))
                .bind(designer_id)
                .fetch_all(&mut *conn)
                .await?;
        all.extend(rows.into_iter().map(Payout::from));
    }
    Ok(all)
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    #[serde(default, deserialize_with = "crate::shared::page::page_number")]
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    /// 1 Unpaid (owed, the default), 2 Paid.
    #[serde(rename = "filter[status_id]", default, deserialize_with = "crate::api::loose_id")]
    #[param(rename = "filter[status_id]", value_type = Option<i64>, minimum = 1, maximum = 2)]
    pub status_id: Option<i64>,
}

/// Payouts owed to designers (or, with `filter[status_id]=2`, those paid), newest credit
/// first, 48 a page (admins).
#[utoipa::path(get, path = "/admin/transactions/outgoing", tag = "admin", params(ListQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<Payout>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<Page<Payout>>, AppError> {
    caller.require_admin()?;
    let status = query.status_id.unwrap_or(1);
    if ![1, 2].contains(&status) {
        return Err(AppError::field("filter[status_id]", catalogue::NOT_FOUND_OPTION));
    }
    let page = query.page.unwrap_or(1).max(1);
    let sql = select(status == 2);
    let mut conn = state.db.pool.acquire().await?;
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM ({sql}) listed")).fetch_one(&mut *conn).await?;
    let order = if status == 2 { "dp.paid_at DESC" } else { "o.credited_at DESC" };
    let rows: Vec<PayoutRow> =
        sqlx::query_as(&format!("{sql} ORDER BY {order}, o.kind, o.source_id LIMIT $1 OFFSET $2"))
            .bind(PER_PAGE)
            .bind((page - 1) * PER_PAGE)
            .fetch_all(&mut *conn)
            .await?;
    Ok(Json(Page {
        data: rows.into_iter().map(Payout::from).collect(),
        current_page: page,
        per_page: PER_PAGE,
        next_page_url: (page * PER_PAGE < total)
            .then(|| format!("/admin/transactions/outgoing?page={}&filter[status_id]={status}", page + 1)),
        total,
    }))
}

crate::api::enum_doc!(
    /// What an owed payout is for ([`KINDS`]), as the document names it.
    pub PayoutKindDoc: String = KINDS
);

#[derive(Debug, Deserialize, ToSchema)]
pub struct MarkPaid {
    /// contest, additional_entry or project.
    #[schema(required = true, value_type = PayoutKindDoc, inline)]
    pub kind: Option<String>,
    /// The `source_id` of the owed payout.
    #[serde(default, deserialize_with = "crate::api::loose_id")]
    #[schema(required = true, value_type = i64)]
    pub source_id: Option<i64>,
    /// Optional: the payment's reference outside Vitrine, at most 255 characters.
    #[schema(max_length = 255)]
    pub reference: Option<String>,
}

/// An admin marks an owed payout paid; it leaves the owed list for the paid one.
#[utoipa::path(post, path = "/admin/transactions/outgoing/mark-paid", tag = "admin", request_body = MarkPaid, security(("bearer" = [])),
    responses((status = 201, body = Data<Payout>), (status = 403, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all)]
pub async fn mark_paid(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiJson(req): ApiJson<MarkPaid>,
) -> Result<(StatusCode, Json<Data<Payout>>), AppError> {
    caller.require_admin()?;
    let mut errors = FieldErrors::new();
    match req.kind.as_deref() {
        None => errors.add("kind", catalogue::REQUIRED),
        Some(kind) if !KINDS.contains(&kind) => errors.add("kind", catalogue::NOT_FOUND_OPTION),
        _ => {}
    }
    if req.source_id.is_none() {
        errors.add("source_id", catalogue::REQUIRED);
    }
    if req.reference.as_deref().is_some_and(|r| r.chars().count() > 255) {
        errors.add("reference", catalogue::TOO_LONG);
    }
    errors.into_result()?;
    let (kind, source_id) = (req.kind.unwrap_or_default(), req.source_id.unwrap_or_default());
    let now = state.now_ms();
    let mut tx = state.db.pool.begin().await?;
    let owed: Option<PayoutRow> = sqlx::query_as(&format!("{} AND o.kind = $1 AND o.source_id = $2", select(false)))
        .bind(&kind)
        .bind(source_id)
        .fetch_optional(&mut *tx)
        .await?;
    let owed = owed.ok_or_else(|| AppError::conflict(catalogue::PAYOUT_NOT_OWED))?;
    // The unique (kind, source_id) key settles a race between two admins: one insert wins.
    let inserted = sqlx::query(
        "INSERT INTO designer_payout (kind, source_id, designer_id, amount_cents, reference, paid_by, paid_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (kind, source_id) DO NOTHING",
    )
    .bind(&kind)
    .bind(source_id)
    .bind(owed.designer_id)
    .bind(owed.amount_cents)
    .bind(req.reference.as_deref().map(str::trim).filter(|r| !r.is_empty()))
    .bind(caller.id())
    .bind(now)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if inserted == 0 {
        return Err(AppError::conflict(catalogue::PAYOUT_NOT_OWED));
    }
    let paid: PayoutRow = sqlx::query_as(&format!("{} AND o.kind = $1 AND o.source_id = $2", select(true)))
        .bind(&kind)
        .bind(source_id)
        .fetch_one(&mut *tx)
        .await?;
    tx.commit().await?;
    state.realtime.admin_queue.notify_one();
    Ok((StatusCode::CREATED, Json(Data::new(paid.into()))))
}
