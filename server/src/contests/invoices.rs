//! A contest's invoice: `POST /contests/{id}/invoices/download/token` gives a
//! single-use link (its creator or an admin, once something was paid), and
//! `GET /contests/{id}/invoices/download?token=` answers the PDF, no bearer needed so
//! a browser can open it. The link and the PDF are the payments area's
//! ([`crate::payments::invoices`]); what the contest's invoice lists is decided here.

use axum::{extract::State, http::StatusCode, response::Response, Json};
use tracing::instrument;

use super::{launch::owned, store as contest_store};
use crate::{
    accounts::CurrentUser,
    api::Data,
    error::{codes, ApiPath, ApiQuery, AppError, ErrorEnvelope},
    payments::{
        invoices::{self, issue, pdf_response, redeem, DownloadQuery, Invoice, InvoiceOf, InvoiceToken},
        payable, transactions,
    },
    state::AppState,
    store::one_time_tokens,
};

/// A one-time link to the contest's invoice (its creator or an admin).
#[utoipa::path(post, path = "/contests/{id}/invoices/download/token", tag = "payments", params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 201, body = Data<InvoiceToken>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id))]
pub async fn issue_token(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<(StatusCode, Json<Data<InvoiceToken>>), AppError> {
    if caller.is_admin() {
        contest_store::find(&state.db.pool, id).await?.ok_or_else(|| AppError::not_found(codes::CONTEST_NOT_FOUND))?;
    } else {
        owned(&state, &caller, id).await?;
    }
    if transactions::paid_for_contest(&state.db.pool, id).await?.is_empty() {
        return Err(AppError::conflict(codes::INVOICE_NOT_AVAILABLE));
    }
    Ok((StatusCode::CREATED, Json(Data::new(issue(&state, one_time_tokens::INVOICE_DOWNLOAD, id, caller.id()).await?))))
}

/// The invoice as a PDF, with a one-time token. Unknown token: 404; used or expired: 410.
#[utoipa::path(get, path = "/contests/{id}/invoices/download", tag = "payments", params(("id" = i64, Path), DownloadQuery),
    responses((status = 200, description = "The invoice", content_type = "application/pdf"),
        (status = 404, body = ErrorEnvelope), (status = 410, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id))]
pub async fn download(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<DownloadQuery>,
) -> Result<Response, AppError> {
    redeem(&state, one_time_tokens::INVOICE_DOWNLOAD, id, query.token).await?;
    let invalid = || AppError::not_found(codes::INVOICE_TOKEN_INVALID);
    let contest = contest_store::find(&state.db.pool, id).await?.ok_or_else(invalid)?;
    let paid = transactions::paid_for_contest(&state.db.pool, id).await?;
    let payer = crate::accounts::store::find_user(&state.db.pool, contest.created_by).await?;
    let mut conn = state.db.pool.acquire().await?;
    let mut lines = Vec::new();
    for t in &paid {
        lines.push(invoices::line(&mut conn, t, payable::invoice_label(&t.purpose)).await?);
    }
    let invoice = Invoice {
        of: InvoiceOf::Contest { id: contest.id, title: contest.title.clone() },
        payer,
        lines,
        issued_at: state.now_ms(),
        filename: format!("invoice-contest-{}.pdf", contest.id),
    };
    Ok(pdf_response(&state, invoice))
}
