//! Create and execute, shared by every purpose's PayPal routes ([`super::routes`]).
//!
//! Create prices the purpose exactly as a card payment does ([`quote`]), makes the
//! PayPal payment (`PayPal-Request-Id` = our idempotency key, so a retried create is
//! one payment) and answers its `approval_url`. PayPal sends the payer back to the
//! web client's `/payments/paypal/return` with `paymentId` and `PayerID`; the client
//! then calls execute, which takes the money once and settles the payment through
//! [`settle::paid`], the path Stripe's webhook takes: the same effect, the same events.

use axum::{http::HeaderMap, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};

use super::client::{decimal, Amount, NewPayment, PayPalError};
use crate::{
    accounts::CurrentUser,
    api::Data,
    error::{catalogue, AppError},
    payments::{
        intents::{
            idempotency_key, of_route, purpose_of, quote_of_route, same_purpose, IntentPath, IntentRequest, Kind,
        },
        purpose::quote,
        settle,
        transactions::{self, TransactionRow},
    },
    state::AppState,
};

/// A PayPal payment as the browser needs it: where to send the payer.
#[derive(Debug, Serialize, ToSchema)]
pub struct PayPalPaymentView {
    /// PayPal's payment id (`PAYID-...`): the `paymentId` of execute.
    pub id: String,
    /// Where the browser goes to approve the payment at PayPal.
    pub approval_url: String,
    pub transaction_id: i64,
    pub purpose: String,
    /// Whole US dollars.
    pub amount: i64,
    pub amount_cents: i64,
    pub currency: String,
    /// open, failed, paid or refunded.
    pub state: String,
    /// True under the test-mode PayPal: no real money moves.
    pub test_mode: bool,
}

/// What PayPal adds to the return URL.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExecuteQuery {
    /// PayPal's payment id, as created (required, not blank, at most 255 characters).
    #[serde(rename = "paymentId")]
    #[param(rename = "paymentId", value_type = String, pattern = "\\S", max_length = 255)]
    pub payment_id: Option<String>,
    /// The payer who approved it at PayPal (required, not blank, at most 255 characters).
    #[serde(rename = "PayerID")]
    #[param(rename = "PayerID", value_type = String, pattern = "\\S", max_length = 255)]
    pub payer_id: Option<String>,
}

fn view(state: &AppState, row: TransactionRow) -> PayPalPaymentView {
    PayPalPaymentView {
        id: row.stripe_payment_intent_id,
        approval_url: row.paypal_approval_url.unwrap_or_default(),
        transaction_id: row.id,
        purpose: row.purpose,
        amount: row.amount_cents / 100,
        amount_cents: row.amount_cents,
        currency: row.currency,
        state: row.state,
        test_mode: state.paypal.test_mode,
    }
}

/// Where PayPal sends the payer back: the web client's return page, told which
/// route executes (`route`, the purpose's PayPal path) and, for cancel, that it was.
///
/// The web client is at `VITRINE_PUBLIC_URL`, which start-up requires with PayPal keys.
/// Without it (the test-mode PayPal of the embedded demo, wherever it is served) the
/// payer comes back to the origin their browser called from; failing that, the
/// embedded default.
fn return_urls(state: &AppState, headers: &HeaderMap, route: &str) -> (String, String) {
    let derived = match state.settings.public_url() {
        Some(_) => None,
        None => crate::shared::http::request_origin(headers),
    };
    let base = derived.as_deref().unwrap_or_else(|| state.settings.link_base());
    let route: String = form_urlencoded::byte_serialize(route.as_bytes()).collect();
    let back = format!("{base}/payments/paypal/return?route={route}");
    (back.clone(), format!("{back}&cancelled=1"))
}

/// PayPal's refusal as the payer (or the caller) should see it.
fn refused(err: PayPalError) -> AppError {
    match (err.status, err.name.as_str()) {
        (_, "PAYMENT_ALREADY_DONE") => AppError::conflict(catalogue::PAYMENT_NOT_OPEN),
        (_, "PAYMENT_NOT_APPROVED_FOR_EXECUTION") => AppError::conflict(catalogue::PAYPAL_NOT_APPROVED),
        (_, "INVALID_PAYER_ID") => AppError::field("PayerID", catalogue::PAYPAL_PAYER_INVALID),
        (404, _) => AppError::not_found(catalogue::PAYMENT_NOT_FOUND),
        (_, "INSTRUMENT_DECLINED") | (_, "PAYER_CANNOT_PAY") => AppError::Rule {
            status: StatusCode::PAYMENT_REQUIRED,
            code: catalogue::PAYPAL_DECLINED,
            message: Some(err.message.into()),
        },
        _ => {
            tracing::error!(error = %err, "PayPal call failed");
            AppError::rule(StatusCode::BAD_GATEWAY, catalogue::PROVIDER_UNAVAILABLE)
        }
    }
}

/// Creates the PayPal payment of `kind` for the caller. `route` is the purpose's
/// PayPal path with its ids (execute is `{route}/execute`).
#[instrument(skip_all, fields(user_id = caller.id(), kind = ?kind, id = path.id))]
pub async fn create(
    state: &AppState,
    caller: &CurrentUser,
    kind: Kind,
    path: &IntentPath,
    route: &str,
    headers: &HeaderMap,
    mut req: IntentRequest,
) -> Result<(StatusCode, Json<Data<PayPalPaymentView>>), AppError> {
    // The specification's PayPal post carries no key: a missing one makes a new payment.
    if req.idempotency_key.is_none() && !headers.contains_key("idempotency-key") {
        req.idempotency_key = Some(format!("paypal-{}", crate::accounts::secrets::new_secret()));
    }
    let key = idempotency_key(headers, &req)?;
    let purpose = purpose_of(kind, path, &req)?;
    if let Some(existing) = transactions::find_by_key(&state.db.pool, caller.id(), &key).await? {
        if !same_purpose(&existing, &purpose) || existing.provider != "paypal" {
            return Err(AppError::conflict(catalogue::IDEMPOTENCY_KEY_REUSED));
        }
        return Ok((StatusCode::CREATED, Json(Data::new(view(state, existing)))));
    }
    let quote = quote(state, caller, &purpose).await?;
    quote_of_route(kind, path, &quote)?;
    let (return_url, cancel_url) = return_urls(state, headers, route);
    let custom = format!("vitrine:{}:{}", purpose.kind(), caller.id());
    let request_id = format!("vitrine-{}-{key}", caller.id());
    let new = NewPayment {
        amount: Amount { total: decimal(quote.amount_cents), currency: "USD".into() },
        description: &quote.description,
        custom: &custom,
        return_url: &return_url,
        cancel_url: &cancel_url,
        request_id: &request_id,
    };
    let payment = state.paypal.client.create_payment(&new).await.map_err(refused)?;
    let approval_url = payment.approval_url().ok_or_else(|| anyhow::anyhow!("PayPal payment without approval_url"))?;
    let mut conn = state.db.pool.acquire().await?;
    let now = state.now_ms();
    let inserted =
        super::store::insert(&mut conn, caller.id(), purpose.kind(), &quote, &payment.id, approval_url, &key, now)
            .await?;
    let row = match inserted {
        Some(id) => transactions::find(&mut *conn, id).await?,
        None => transactions::find_by_key(&mut *conn, caller.id(), &key).await?,
    };
    let row = row.ok_or_else(|| anyhow::anyhow!("payment vanished"))?;
    tracing::info!(transaction_id = row.id, amount_cents = row.amount_cents, "PayPal payment created");
    Ok((StatusCode::CREATED, Json(Data::new(view(state, row)))))
}

/// Executes the approved payment once and settles it: 404 unknown (or of another
/// route), 403 someone else's, 409 settled already or not approved, 422 another payer,
/// 409 when PayPal holds another amount than the one priced.
#[instrument(skip_all, fields(user_id = caller.id(), kind = ?kind))]
pub async fn execute(
    state: &AppState,
    caller: &CurrentUser,
    kind: Kind,
    path: &IntentPath,
    query: ExecuteQuery,
) -> Result<Json<Data<PayPalPaymentView>>, AppError> {
    let present =
        |v: Option<String>| v.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty() && s.chars().count() <= 255);
    let payment_id = present(query.payment_id);
    let payer_id = present(query.payer_id);
    let (payment_id, payer_id) = match (payment_id, payer_id) {
        (Some(p), Some(q)) => (p, q),
        (None, _) => return Err(AppError::field("paymentId", catalogue::REQUIRED)),
        (_, None) => return Err(AppError::field("PayerID", catalogue::REQUIRED)),
    };
    let not_found = || AppError::not_found(catalogue::PAYMENT_NOT_FOUND);
    let row = transactions::find_by_intent(&state.db.pool, &payment_id).await?.ok_or_else(not_found)?;
    if row.provider != "paypal" {
        return Err(not_found());
    }
    if row.app_user_id != caller.id() {
        return Err(AppError::forbidden(catalogue::PAYMENT_FORBIDDEN));
    }
    if !of_route(&row, kind, path) {
        return Err(not_found());
    }
    if row.status_id != transactions::UNPAID {
        return Err(AppError::conflict(catalogue::PAYMENT_NOT_OPEN));
    }
    let client = &state.paypal.client;
    let priced = Amount { total: decimal(row.amount_cents), currency: "USD".into() };
    let shown = client.show_payment(&payment_id).await.map_err(refused)?;
    let executed = if shown.state == "created" {
        // Never take money PayPal holds for another amount than the one we priced.
        if shown.amount() != Some(&priced) {
            tracing::error!(transaction_id = row.id, held = ?shown.amount(), "PayPal holds another amount: not executed");
            return Err(AppError::conflict(catalogue::PAYPAL_AMOUNT_MISMATCH));
        }
        client.execute(&payment_id, &payer_id).await.map_err(refused)?
    } else {
        // Executed at PayPal but not settled here (a crash between the two, or a
        // racing execute): settle it now, once; the conditional mark decides.
        shown
    };
    let sale = executed.sale().filter(|s| s.state == "completed").ok_or_else(|| {
        tracing::error!(transaction_id = row.id, state = %executed.state, "PayPal payment without a completed sale");
        AppError::conflict(catalogue::PAYPAL_NOT_APPROVED)
    })?;
    if sale.amount != priced {
        // Taken for another amount: recorded for an admin, nothing applied, money back.
        tracing::error!(transaction_id = row.id, "PayPal sold another amount than priced: refunded");
        let mut conn = state.db.pool.acquire().await?;
        transactions::mark_failed(
            &mut conn,
            row.id,
            "PayPal took another amount than priced: refunded",
            state.now_ms(),
        )
        .await?;
        if let Err(err) = client.refund_sale(&sale.id).await {
            tracing::error!(error = %err, "could not refund a PayPal sale of the wrong amount");
        }
        return Err(AppError::conflict(catalogue::PAYPAL_AMOUNT_MISMATCH));
    }
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    super::store::set_sale(&mut tx, row.id, &payer_id, &sale.id, now).await?;
    let Some(settled) = settle::paid(tx.transaction(), &row, now).await? else {
        return Err(AppError::conflict(catalogue::PAYMENT_NOT_OPEN));
    };
    if settle::commit(state, tx, settled).await? {
        match client.refund_sale(&sale.id).await {
            Ok(()) => {
                let mut conn = state.db.pool.acquire().await?;
                transactions::mark_refunded(&mut conn, row.id, row.amount_cents, state.now_ms()).await?;
            }
            Err(err) => tracing::error!(error = %err, "could not refund a PayPal payment whose effect was refused"),
        }
    }
    let row = transactions::find(&state.db.pool, row.id).await?.ok_or_else(|| anyhow::anyhow!("payment vanished"))?;
    tracing::info!(transaction_id = row.id, "PayPal payment executed");
    Ok(Json(Data::new(view(state, row))))
}
