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

use super::{invoice_text, ledger, pdf, store::invoices as invoice_store, transactions::TransactionRow};
use crate::{
    accounts::secrets::{new_secret, secret_digest},
    error::{codes, AppError},
    shared::locale::Language,
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
    /// The payment's provider (`stripe`, `paypal`, `none`, `manual`): how it was paid.
    pub provider: String,
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
        provider: row.provider.clone(),
        paid_at: row.paid_at,
    })
}

/// What an invoice is for.
pub enum InvoiceOf {
    Contest { id: i64, title: String },
    Project { id: i64, title: String },
}

/// What an invoice says: whose, billed to whom, which payments.
pub struct Invoice {
    pub of: InvoiceOf,
    /// Who pays: the invoice is in their language.
    pub payer: Option<crate::accounts::model::UserRow>,
    pub lines: Vec<InvoiceLine>,
    /// The invoice's date: when it was made (ms since the epoch).
    pub issued_at: i64,
    pub filename: String,
}

/// The invoice's lines of text, in the payer's language (English without a payer).
pub fn text_lines(invoice: &Invoice, test_mode: bool) -> Vec<String> {
    let language = invoice.payer.as_ref().map_or(Language::En, |payer| payer.language());
    let words = invoice_text::words(language);
    let money = |cents: i64| language.money(cents);
    let heading = match &invoice.of {
        InvoiceOf::Contest { id, title } => format!("{} #{id}: {title}", words.contest),
        InvoiceOf::Project { id, title } => format!("{} #{id}: {title}", words.project),
    };
    let mut lines = vec![
        words.title.to_owned(),
        format!("{}: {}", words.date, language.date(invoice.issued_at)),
        String::new(),
        heading,
    ];
    if let Some(payer) = &invoice.payer {
        lines.push(format!("{}: {} <{}>", words.billed_to, payer.name, payer.email));
    }
    if test_mode {
        lines.push(words.test_mode.to_owned());
    }
    lines.push(String::new());
    // The methods the payments were really made with, each once.
    let mut methods: Vec<&str> = Vec::new();
    for t in &invoice.lines {
        let method = invoice_text::method(language, &t.provider);
        if !methods.contains(&method) {
            methods.push(method);
        }
        let refund = match t.refunded_cents {
            0 => String::new(),
            cents => format!(" ({} {})", words.refunded, money(cents)),
        };
        let paid_on = t.paid_at.map(|at| format!("  {}", language.date(at))).unwrap_or_default();
        let label = invoice_text::label(language, t.label);
        lines.push(format!(
            "{} #{}{paid_on}  {label}  {}  {} {method}{refund}",
            words.payment,
            t.id,
            money(t.amount_cents),
            words.by
        ));
        for part in &t.split {
            let what = part.title.as_deref().unwrap_or_default();
            let split = invoice_text::split(language, &part.account, part.work_kind.as_deref(), what);
            lines.push(format!("    {} {split}  {}", words.of_which, money(part.amount_cents)));
        }
    }
    let total: i64 = invoice.lines.iter().map(|t| t.amount_cents - t.refunded_cents).sum();
    let note = match methods.is_empty() {
        true => String::new(),
        false => format!(", {} {}", words.by, methods.join(&format!(" {} ", words.and))),
    };
    let currency = if language == Language::En { " USD" } else { "" };
    lines.push(String::new());
    lines.push(format!("{}: {}{currency}{note}", words.total_paid, money(total)));
    lines
}

/// The invoice as a one-page PDF download.
pub fn pdf_response(state: &AppState, invoice: Invoice) -> Response {
    let lines = text_lines(&invoice, state.stripe.test_mode);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::model::UserRow;

    fn payer(name: &str, language: &str) -> UserRow {
        let mut payer = UserRow::for_tests(7, 2, language);
        (payer.name, payer.email) = (name.into(), "payer@example.com".into());
        payer
    }

    /// 2026-12-07 00:00 UTC.
    const DEC_7_2026: i64 = 1_796_601_600_000;

    fn invoice(language: &str) -> Invoice {
        let fee = ledger::SplitLine {
            account: "fee".into(),
            designer_id: None,
            work_kind: None,
            work_id: None,
            title: None,
            amount_cents: 23_456,
        };
        Invoice {
            of: InvoiceOf::Contest { id: 3, title: "Logo para Café".into() },
            payer: Some(payer("Ana Muñoz", language)),
            lines: vec![InvoiceLine {
                id: 11,
                label: "Contest launch",
                amount_cents: 123_456,
                refunded_cents: 0,
                split: vec![fee],
                provider: "stripe".into(),
                paid_at: Some(DEC_7_2026),
            }],
            issued_at: DEC_7_2026,
            filename: "invoice-contest-3.pdf".into(),
        }
    }

    #[test]
    fn a_spanish_payer_gets_a_spanish_invoice() {
        let lines = text_lines(&invoice("es"), false);
        assert_eq!(lines[0], "Vitrine - Factura");
        assert_eq!(lines[1], "Fecha: 7 de diciembre de 2026");
        assert_eq!(lines[3], "Concurso #3: Logo para Café");
        assert_eq!(lines[4], "Facturado a: Ana Muñoz <payer@example.com>");
        assert!(lines.contains(&"Pago #11  7 de diciembre de 2026  Lanzamiento del concurso  US$ 1.234,56  con tarjeta a través de Stripe".to_owned()), "{lines:#?}");
        assert!(lines.contains(&"    de lo cual comisión de Vitrine  US$ 234,56".to_owned()), "{lines:#?}");
        assert_eq!(lines.last().unwrap(), "Total pagado: US$ 1.234,56, con tarjeta a través de Stripe");
    }

    #[test]
    fn an_english_payer_gets_an_english_invoice() {
        let lines = text_lines(&invoice("en"), true);
        assert_eq!(
            lines[..5],
            [
                "Vitrine - Invoice",
                "Date: December 7, 2026",
                "",
                "Contest #3: Logo para Café",
                "Billed to: Ana Muñoz <payer@example.com>"
            ]
        );
        assert_eq!(lines[5], "TEST MODE: no real card was charged.");
        assert_eq!(lines.last().unwrap(), "Total paid: $1,234.56 USD, by card through Stripe");
    }
}
