//! Outgoing transactions: what the marketplace owes designers once their work is
//! credited, and the admin marking a payout paid (after sending the money by PayPal or
//! bank outside Vitrine). Owed work is read from the ledger (`payments::ledger`): a
//! contest credited (status 9) owes each winning entry's designer the prize, a credited
//! additional design (status 4) its price, a completed project (status 6) the approved
//! bid and the budget raises paid after it, an approved tip or free award its amount,
//! and a marketplace design sold its price (the designer's whole share:
//! docs/spec-decisions.md); a `designer_payout` row and the ledger's payout entry settle
//! one of them, in one transaction. Transaction
//! status as the spec numbers it: 1 Unpaid, 2 Paid.

use axum::{extract::State, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};

pub use super::store::payouts::owed_count;
use super::store::payouts::{self as store, PayoutRow};
use crate::{
    accounts::CurrentUser,
    api::Data,
    error::{codes, ApiJson, ApiQuery, AppError, ErrorEnvelope, FieldErrors},
    payments::ledger,
    shared::page::Page,
    shared::{money::as_dollars, paypal::client::Money},
    state::AppState,
};

pub const PER_PAGE: i64 = 48;
pub const KINDS: [&str; 6] = ["contest", "additional_entry", "project", "tip", "free_award", "sale"];

#[derive(Debug, Serialize, ToSchema)]
pub struct Payout {
    /// contest (a winning entry), additional_entry, project, tip, free_award, sale (a
    /// marketplace design sold: the source is its entry).
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

/// Every payout of one designer, owed first, then paid, newest first.
pub async fn of_designer(conn: &mut AnyConnection, designer_id: i64) -> Result<Vec<Payout>, sqlx::Error> {
    let mut all = Vec::new();
    for paid in [false, true] {
        all.extend(store::of_designer(&mut *conn, designer_id, paid).await?.into_iter().map(Payout::from));
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
        return Err(AppError::field("filter[status_id]", codes::NOT_FOUND_OPTION));
    }
    let page = query.page.unwrap_or(1).max(1);
    let mut conn = state.db.pool.acquire().await?;
    let (total, rows) = store::page(&mut conn, status == 2, PER_PAGE, (page - 1) * PER_PAGE).await?;
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
    /// contest, additional_entry, project, tip, free_award or sale.
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
    let target = target(&mut errors, req.kind, req.source_id);
    if req.reference.as_deref().is_some_and(|r| r.chars().count() > 255) {
        errors.add("reference", codes::TOO_LONG);
    }
    errors.into_result()?;
    let (kind, source_id) = target;
    let reference = req.reference.as_deref().map(str::trim).filter(|r| !r.is_empty());
    let paid = record_paid(&state, &caller, &kind, source_id, reference).await?;
    Ok((StatusCode::CREATED, Json(Data::new(paid))))
}

/// The payout a body names (`kind`, `source_id`), its problems added to `errors`.
fn target(errors: &mut FieldErrors, kind: Option<String>, source_id: Option<i64>) -> (String, i64) {
    match kind.as_deref() {
        None => errors.add("kind", codes::REQUIRED),
        Some(kind) if !KINDS.contains(&kind) => errors.add("kind", codes::NOT_FOUND_OPTION),
        _ => {}
    }
    if source_id.is_none() {
        errors.add("source_id", codes::REQUIRED);
    }
    (kind.unwrap_or_default(), source_id.unwrap_or_default())
}

/// Records the owed payout of `kind` for `source_id` paid, once: the unique (kind,
/// source_id) key settles a race between two admins (one insert wins, the other is 409).
async fn record_paid(
    state: &AppState,
    caller: &CurrentUser,
    kind: &str,
    source_id: i64,
    reference: Option<&str>,
) -> Result<Payout, AppError> {
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    let owed = store::find(&mut tx, false, kind, source_id)
        .await?
        .ok_or_else(|| AppError::conflict(codes::PAYOUT_NOT_OWED))?;
    if !store::settle(&mut tx, &owed, reference, caller.id(), now).await? {
        return Err(AppError::conflict(codes::PAYOUT_NOT_OWED));
    }
    ledger::pay_out(&mut tx, owed.designer_id, kind, source_id, owed.amount_cents, now).await?;
    ledger::announce(&mut tx, owed.designer_id, now).await?;
    let paid = store::find_paid(&mut tx, kind, source_id).await?;
    tx.commit().await?;
    state.realtime.admin_queue.notify_one();
    Ok(paid.into())
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SendPayPal {
    /// contest, additional_entry, project, tip, free_award or sale.
    #[schema(required = true, value_type = PayoutKindDoc, inline)]
    pub kind: Option<String>,
    /// The `source_id` of the owed payout.
    #[serde(default, deserialize_with = "crate::api::loose_id")]
    #[schema(required = true, value_type = i64)]
    pub source_id: Option<i64>,
}

/// An admin sends an owed payout to the designer's PayPal account (PayPal's Payouts API)
/// and it is recorded paid, PayPal's batch id its reference. Once, whatever is retried:
/// the batch is named after the payout, PayPal takes each name once, and a name PayPal
/// already took (sent, then not recorded) is recorded now. 409 `payout.no_paypal_email`
/// when the designer has no PayPal e-mail on file (pay them otherwise and mark it paid).
#[utoipa::path(post, path = "/admin/transactions/outgoing/send-paypal", tag = "admin", request_body = SendPayPal, security(("bearer" = [])),
    responses((status = 201, body = Data<Payout>), (status = 403, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope),
        (status = 422, body = ErrorEnvelope), (status = 502, body = ErrorEnvelope)))]
#[instrument(skip_all)]
pub async fn send_paypal(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiJson(req): ApiJson<SendPayPal>,
) -> Result<(StatusCode, Json<Data<Payout>>), AppError> {
    caller.require_admin()?;
    let mut errors = FieldErrors::new();
    let (kind, source_id) = target(&mut errors, req.kind, req.source_id);
    errors.into_result()?;
    let owed = {
        let mut conn = state.db.pool.acquire().await?;
        store::find(&mut conn, false, &kind, source_id)
            .await?
            .ok_or_else(|| AppError::conflict(codes::PAYOUT_NOT_OWED))?
    };
    let email = owed.paypal_email.as_deref().map(str::trim).filter(|e| !e.is_empty());
    let email = email.ok_or_else(|| AppError::conflict(codes::PAYOUT_NO_PAYPAL))?;
    let batch_name = format!("vitrine-payout-{kind}-{source_id}");
    let note = format!("Vitrine: {}", owed.title);
    let amount = Money::usd(owed.amount_cents);
    let reference = match state.paypal.client.create_payout(&batch_name, email, &amount, &note).await {
        Ok(batch) => format!("PayPal payout {}", batch.batch_header.payout_batch_id),
        // Sent by an earlier request that was not recorded: record it now, under its name.
        Err(err) if err.name == "USER_BUSINESS_ERROR" => format!("PayPal payout {batch_name}"),
        Err(err) => {
            tracing::error!(error = %err, kind, source_id, "PayPal payout failed");
            return Err(AppError::rule(StatusCode::BAD_GATEWAY, codes::PROVIDER_UNAVAILABLE));
        }
    };
    let paid = record_paid(&state, &caller, &kind, source_id, Some(&reference)).await?;
    tracing::info!(kind, source_id, amount_cents = owed.amount_cents, "payout sent through PayPal");
    Ok((StatusCode::CREATED, Json(Data::new(paid))))
}
