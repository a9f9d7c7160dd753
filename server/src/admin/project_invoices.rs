//! A project's invoice, as a contest's (`crate::payments::invoices`):
//! `POST /projects/{id}/invoices/download/token` gives its client or an admin a
//! one-time link once something was paid for the project (the approved bid, a budget
//! increase), and `GET /projects/{id}/invoices/download?token=` answers the PDF.

use axum::{
    extract::State,
    http::{header, StatusCode},
    response::{IntoResponse, Response},
    Json,
};
use tracing::instrument;

use crate::{
    accounts::{
        secrets::{new_secret, secret_digest},
        store::find_user,
        CurrentUser,
    },
    api::Data,
    error::{catalogue, ApiPath, ApiQuery, AppError, ErrorEnvelope},
    payments::{
        invoices::{DownloadQuery, InvoiceToken, TOKEN_TTL_MS},
        pdf,
    },
    projects::store as project_store,
    state::AppState,
    store::one_time_tokens::{self, TokenTable},
};

const TOKENS: TokenTable = TokenTable { table: "project_invoice_download_token", subject: "project_id" };

#[derive(sqlx::FromRow)]
struct Paid {
    id: i64,
    purpose: String,
    amount_cents: i64,
    refunded_cents: i64,
}

async fn paid(state: &AppState, project_id: i64) -> Result<Vec<Paid>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, purpose, amount_cents, refunded_cents FROM payment_transaction \
         WHERE project_id = $1 AND status_id = 2 ORDER BY id",
    )
    .bind(project_id)
    .fetch_all(&state.db.pool)
    .await
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
    let project = project_store::find(&state.db.pool, id)
        .await?
        .ok_or_else(|| AppError::not_found(catalogue::PROJECT_NOT_FOUND))?;
    if project.created_by != caller.id() && !caller.is_admin() {
        return Err(AppError::forbidden(catalogue::FORBIDDEN));
    }
    if paid(&state, id).await?.is_empty() {
        return Err(AppError::conflict(catalogue::PROJECT_INVOICE_NOT_AVAILABLE));
    }
    let token = new_secret();
    let now = state.now_ms();
    let expires_at = now + TOKEN_TTL_MS;
    sqlx::query(
        "INSERT INTO project_invoice_download_token (project_id, app_user_id, token_hash, created_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(id)
    .bind(caller.id())
    .bind(secret_digest(&token))
    .bind(now)
    .bind(expires_at)
    .execute(&state.db.pool)
    .await?;
    Ok((StatusCode::CREATED, Json(Data::new(InvoiceToken { token, expires_at }))))
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
    let invalid = || AppError::not_found(catalogue::INVOICE_TOKEN_INVALID);
    let token = query.token.filter(|t| !t.is_empty()).ok_or_else(invalid)?;
    let row = one_time_tokens::find(&state.db.pool, TOKENS, &secret_digest(&token))
        .await?
        .filter(|row| row.subject_id == id)
        .ok_or_else(invalid)?;
    let now = state.now_ms();
    if row.used_at.is_some()
        || row.expires_at <= now
        || !one_time_tokens::consume(&state.db.pool, TOKENS, row.id, now).await?
    {
        return Err(AppError::rule(StatusCode::GONE, catalogue::INVOICE_TOKEN_INVALID));
    }
    let project = project_store::find(&state.db.pool, id).await?.ok_or_else(invalid)?;
    let payments = paid(&state, id).await?;
    let mut lines =
        vec!["Vitrine - Invoice".to_owned(), String::new(), format!("Project #{}: {}", project.id, project.title)];
    if let Some(client) = find_user(&state.db.pool, project.created_by).await? {
        lines.push(format!("Billed to: {} <{}>", client.name, client.email));
    }
    if state.stripe.test_mode {
        lines.push("TEST MODE: no real card was charged.".to_owned());
    }
    lines.push(String::new());
    for p in &payments {
        let what = match p.purpose.as_str() {
            "bid_approval" => "Approved bid",
            "budget_increase" => "Budget increase",
            _ => "Payment",
        };
        let refund =
            if p.refunded_cents > 0 { format!(" (refunded {})", dollars(p.refunded_cents)) } else { String::new() };
        lines.push(format!("Payment #{}  {what}  {}{refund}", p.id, dollars(p.amount_cents)));
    }
    let total: i64 = payments.iter().map(|p| p.amount_cents - p.refunded_cents).sum();
    lines.push(String::new());
    lines.push(format!("Total paid: {} USD", dollars(total)));
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_owned()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"invoice-project-{}.pdf\"", project.id)),
            (header::CACHE_CONTROL, "no-store".to_owned()),
        ],
        pdf::text_page(&lines),
    )
        .into_response())
}

fn dollars(cents: i64) -> String {
    format!("${}.{:02}", cents / 100, cents % 100)
}
