//! A project's invoice, as a contest's (`crate::payments::invoices`):
//! `POST /projects/{id}/invoices/download/token` gives its client or an admin a
//! one-time link once something was paid for the project (the approved bid, a budget
//! increase), and `GET /projects/{id}/invoices/download?token=` answers the PDF.

use axum::{extract::State, http::StatusCode, response::Response, Json};
use tracing::instrument;

use crate::{
    accounts::{store::find_user, CurrentUser},
    api::Data,
    error::{codes, ApiPath, ApiQuery, AppError, ErrorEnvelope},
    payments::{
        invoices::{self, DownloadQuery, Invoice, InvoiceToken},
        store::transactions::{self, TransactionRow},
    },
    projects::store as project_store,
    state::AppState,
    store::one_time_tokens::TokenTable,
};

const TOKENS: TokenTable = TokenTable { table: "project_invoice_download_token", subject: "project_id" };

/// The project's paid payments, oldest first.
async fn paid(state: &AppState, project_id: i64) -> Result<Vec<TransactionRow>, sqlx::Error> {
    transactions::paid_for_project(&state.db.pool, project_id).await
}

/// A one-time link to the project's invoice (its client or an admin).
#[utoipa::path(post, path = "/projects/{id}/invoices/download/token", tag = "payments", params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 201, body = Data<InvoiceToken>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id))]
pub async fn issue_token(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<(StatusCode, Json<Data<InvoiceToken>>), AppError> {
    let project =
        project_store::find(&state.db.pool, id).await?.ok_or_else(|| AppError::not_found(codes::PROJECT_NOT_FOUND))?;
    if project.created_by != caller.id() && !caller.is_admin() {
        return Err(AppError::forbidden(codes::FORBIDDEN));
    }
    if paid(&state, id).await?.is_empty() {
        return Err(AppError::conflict(codes::PROJECT_INVOICE_NOT_AVAILABLE));
    }
    Ok((StatusCode::CREATED, Json(Data::new(invoices::issue(&state, TOKENS, id, caller.id()).await?))))
}

/// The project's invoice as a PDF, with a one-time token. Unknown token: 404; used or expired: 410.
#[utoipa::path(get, path = "/projects/{id}/invoices/download", tag = "payments", params(("id" = i64, Path), DownloadQuery),
    responses((status = 200, description = "The invoice", content_type = "application/pdf"),
        (status = 404, body = ErrorEnvelope), (status = 410, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id))]
pub async fn download(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<DownloadQuery>,
) -> Result<Response, AppError> {
    invoices::redeem(&state, TOKENS, id, query.token).await?;
    let project = project_store::find(&state.db.pool, id)
        .await?
        .ok_or_else(|| AppError::not_found(codes::INVOICE_TOKEN_INVALID))?;
    let payments = paid(&state, id).await?;
    let payer = find_user(&state.db.pool, project.created_by).await?;
    // After the reads through the pool: SQLite's has one connection.
    let mut conn = state.db.pool.acquire().await?;
    let mut lines = Vec::new();
    for p in payments {
        let label = match p.purpose.as_str() {
            "bid_approval" => "Approved bid",
            "budget_increase" => "Budget increase",
            _ => "Payment",
        };
        lines.push(invoices::line(&mut conn, &p, label).await?);
    }
    drop(conn);
    let invoice = Invoice {
        of: invoices::InvoiceOf::Project { id: project.id, title: project.title.clone() },
        payer,
        lines,
        issued_at: state.now_ms(),
        filename: format!("invoice-project-{}.pdf", project.id),
    };
    Ok(invoices::pdf_response(&state, invoice))
}
