//! What every invoice shares: the one-time link issued and redeemed (a browser opens the
//! PDF without a bearer), and the PDF of the payments. The routes are the invoiced
//! area's: a contest's (`contests::invoices`) and a project's (`admin::project_invoices`).

use axum::{
    http::{header, StatusCode},
    response::{IntoResponse, Response},
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use sqlx::AnyConnection;

use super::{ledger, pdf, store::invoices as invoice_store, transactions::TransactionRow};
use crate::{
    accounts::secrets::{new_secret, secret_digest},
    error::{codes, AppError},
    state::AppState,
    store::one_time_tokens::{self, TokenTable},
};

/// How long an invoice link works.
pub const TOKEN_TTL_MS: i64 = 5 * 60 * 1000;

#[derive(Debug, Serialize, ToSchema)]
pub struct InvoiceToken {
    /// Goes in `GET /contests/{id}/invoices/download?token=`; works once.
    pub token: String,
    pub expires_at: i64,
}

/// A new one-time link to the invoice of `subject_id` in `table`, for `user_id`.
pub async fn issue(
    state: &AppState,
    table: TokenTable,
    subject_id: i64,
    user_id: i64,
) -> Result<InvoiceToken, AppError> {
    let token = new_secret();
    let now = state.now_ms();
    let expires_at = now + TOKEN_TTL_MS;
    invoice_store::insert_token(&state.db.pool, table, subject_id, user_id, &secret_digest(&token), now, expires_at)
        .await?;
    Ok(InvoiceToken { token, expires_at })
}

/// Uses the one-time `token` of the invoice of `subject_id` in `table`: 404 when unknown
/// (or another invoice's), 410 when used or expired.
pub async fn redeem(
    state: &AppState,
    table: TokenTable,
    subject_id: i64,
    token: Option<String>,
) -> Result<(), AppError> {
    let invalid = || AppError::not_found(codes::INVOICE_TOKEN_INVALID);
    let token = token.filter(|t| !t.is_empty()).ok_or_else(invalid)?;
    let row = one_time_tokens::find(&state.db.pool, table, &secret_digest(&token))
        .await?
        .filter(|row| row.subject_id == subject_id)
        .ok_or_else(invalid)?;
    let now = state.now_ms();
    if row.used_at.is_some()
        || row.expires_at <= now
        || !one_time_tokens::consume(&state.db.pool, table, row.id, now).await?
    {
        return Err(AppError::rule(StatusCode::GONE, codes::INVOICE_TOKEN_INVALID));
    }
    Ok(())
}

/// One payment on an invoice.
pub struct InvoiceLine {
    pub id: i64,
    pub label: &'static str,
    pub amount_cents: i64,
    pub refunded_cents: i64,
    /// How the ledger shares it: designers' parts, money held for work, the fee, tax.
    pub split: Vec<ledger::SplitLine>,
    /// How it was paid, from the payment's provider ([`method`]).
    pub method: &'static str,
    /// When it was paid (ms since the epoch).
    pub paid_at: Option<i64>,
}

/// The invoice line of the paid payment `row`, called `label`: its amount, and what was
/// given back and how it was shared as the ledger holds them.
pub async fn line(
    conn: &mut AnyConnection,
    row: &TransactionRow,
    label: &'static str,
) -> Result<InvoiceLine, AppError> {
    let (split, refunded_cents) = ledger::split_of(conn, row.id).await?;
    Ok(InvoiceLine {
        id: row.id,
        label,
        amount_cents: row.amount_cents,
        refunded_cents,
        split,
        method: method(&row.provider),
        paid_at: row.paid_at,
    })
}

/// How a split's line reads on an invoice (`held` money names the work it is held for).
fn split_label(line: &ledger::SplitLine) -> String {
    let what = line.title.as_deref().unwrap_or_default();
    match (line.account.as_str(), line.work_kind.as_deref()) {
        ("designer", _) => format!("to the designer: {what}"),
        ("held", Some("prize")) => "prize, held for the winner".to_owned(),
        ("held", Some("project")) => "held for the designer until the project completes".to_owned(),
        ("held", Some("additional_entry")) => "held for the designer until the design is credited".to_owned(),
        ("held", Some(_)) => "tip, held for the designer until approved".to_owned(),
        ("fee", _) => "Vitrine's fee".to_owned(),
        ("tax", _) => "tax".to_owned(),
        ("refund_due", _) => "due back to you".to_owned(),
        (other, _) => other.to_owned(),
    }
}

/// How a payment of `provider` was made, as an invoice says it.
pub fn method(provider: &str) -> &'static str {
    match provider {
        "paypal" => "PayPal",
        "none" => "nothing to pay (coupon)",
        "manual" => "received outside Vitrine, recorded by an admin",
        _ => "card through Stripe",
    }
}

/// What an invoice says: whose, billed to whom, which payments.
pub struct Invoice {
    /// `Contest #1: Title`.
    pub heading: String,
    pub payer: Option<crate::accounts::model::UserRow>,
    pub lines: Vec<InvoiceLine>,
    /// The invoice's date: when it was made (ms since the epoch).
    pub issued_at: i64,
    pub filename: String,
}

/// The invoice as a one-page PDF download.
pub fn pdf_response(state: &AppState, invoice: Invoice) -> Response {
    let mut lines = vec![
        "Vitrine - Invoice".to_owned(),
        format!("Date: {}", date(invoice.issued_at)),
        String::new(),
        invoice.heading,
    ];
    if let Some(payer) = invoice.payer {
        lines.push(format!("Billed to: {} <{}>", payer.name, payer.email));
    }
    if state.stripe.test_mode {
        lines.push("TEST MODE: no real card was charged.".to_owned());
    }
    lines.push(String::new());
    for t in &invoice.lines {
        let refund = match t.refunded_cents {
            0 => String::new(),
            cents => format!(" (refunded {})", dollars(cents)),
        };
        let paid_on = t.paid_at.map(|at| format!("  {}", date(at))).unwrap_or_default();
        lines.push(format!(
            "Payment #{}{paid_on}  {}  {}  by {}{refund}",
            t.id,
            t.label,
            dollars(t.amount_cents),
            t.method
        ));
        for part in &t.split {
            lines.push(format!("    of which {}  {}", split_label(part), dollars(part.amount_cents)));
        }
    }
    let total: i64 = invoice.lines.iter().map(|t| t.amount_cents - t.refunded_cents).sum();
    // The methods the payments were really made with, each once.
    let mut methods: Vec<&str> = Vec::new();
    for t in &invoice.lines {
        if !methods.contains(&t.method) {
            methods.push(t.method);
        }
    }
    let note = match methods.is_empty() {
        true => String::new(),
        false => format!(", by {}", methods.join(" and ")),
    };
    lines.push(String::new());
    lines.push(format!("Total paid: {} USD{note}", dollars(total)));
    (
        [
            (header::CONTENT_TYPE, "application/pdf".to_owned()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{}\"", invoice.filename)),
            (header::CACHE_CONTROL, "no-store".to_owned()),
        ],
        pdf::text_page(&lines),
    )
        .into_response()
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DownloadQuery {
    pub token: Option<String>,
}

/// `2026-11-27` (UTC) of a moment in ms since the epoch (the civil-from-days algorithm:
/// no date crate for one line of an invoice).
pub fn date(ms: i64) -> String {
    let days = ms.div_euclid(86_400_000);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

fn dollars(cents: i64) -> String {
    crate::shared::money::exact_text(cents)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_utc_calendar_days() {
        assert_eq!(date(0), "1970-01-01");
        assert_eq!(date(951_782_400_000), "2000-02-29");
        assert_eq!(date(1_795_737_600_000 - 1), "2026-11-26");
        assert_eq!(date(1_795_737_600_000), "2026-11-27");
    }

    #[test]
    fn the_method_is_the_payment_provider() {
        assert_eq!(method("paypal"), "PayPal");
        assert_eq!(method("stripe"), "card through Stripe");
        assert_eq!(method("none"), "nothing to pay (coupon)");
    }
}
