//! Create and capture, shared by every purpose's PayPal routes (made in the selling
//! areas with [`crate::payments::routes::paypal_routes`]).
//!
//! Create prices the purpose exactly as a card payment does ([`quote`]), creates the
//! PayPal order (Orders v2, intent CAPTURE, the amount as an exact decimal string;
//! `PayPal-Request-Id` derived from our idempotency key, so a retried create is one
//! order) and answers its approval link (`payer-action`). PayPal sends the payer back to
//! the web client's `/payments/paypal/return` with `token` (the order id) and `PayerID`;
//! the client then calls execute, which captures the order once (capture on return) and
//! settles the payment through [`settle::paid`], the path Stripe's webhook takes: the
//! same effect, the same events.
//!
//! Once, even when repeated or raced: every capture of one order carries one
//! `PayPal-Request-Id` (PayPal answers the one capture again), an order PayPal reports
//! captured already (`ORDER_ALREADY_CAPTURED`, or COMPLETED when shown) is settled from
//! the capture it holds, and the conditional mark of [`settle::paid`] decides which
//! return applies the effect; the others answer `payment.not_open`.
//!
//! The browser is redirected to PayPal's approval page rather than shown the PayPal JS
//! SDK buttons: the SDK loads from paypal.com, which the test mode (and the machines the
//! journeys run on) cannot reach, and the redirect works for both.

use axum::{http::HeaderMap, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};

use sha2::{Digest, Sha256};

use super::client::{Money, NewOrder, Order, PayPalError};
use crate::{
    accounts::CurrentUser,
    api::Data,
    error::{codes, AppError},
    payments::{
        intents::{idempotency_key, IntentPath, IntentRequest, PayRoute},
        payable::{quote, same_purpose},
        settle,
        transactions::{self, TransactionRow},
    },
    state::AppState,
};

/// A PayPal payment as the browser needs it: where to send the payer.
#[derive(Debug, Serialize, ToSchema)]
pub struct PayPalPaymentView {
    /// PayPal's order id (Orders v2): the `token` PayPal adds to the return URL, and execute's.
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
    /// PayPal's order id, as created: the `token` of the return URL (required, not blank,
    /// at most 255 characters).
    #[param(value_type = String, pattern = "\\S", max_length = 255)]
    pub token: Option<String>,
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

/// PayPal's refusal (Orders v2: `details[0].issue`) as the payer (or the caller) should see it.
fn refused(err: PayPalError) -> AppError {
    let issue = if err.issue.is_empty() { err.name.as_str() } else { err.issue.as_str() };
    match (err.status, issue) {
        (_, "ORDER_ALREADY_CAPTURED") => AppError::conflict(codes::PAYMENT_NOT_OPEN),
        (_, "ORDER_NOT_APPROVED") => AppError::conflict(codes::PAYPAL_NOT_APPROVED),
        (404, _) => AppError::not_found(codes::PAYMENT_NOT_FOUND),
        (_, "INSTRUMENT_DECLINED" | "PAYER_CANNOT_PAY" | "TRANSACTION_REFUSED" | "PAYER_ACTION_REQUIRED") => {
            AppError::Rule {
                status: StatusCode::PAYMENT_REQUIRED,
                code: codes::PAYPAL_DECLINED,
                message: Some(err.message.into()),
            }
        }
        _ => {
            tracing::error!(error = %err, "PayPal call failed");
            AppError::rule(StatusCode::BAD_GATEWAY, codes::PROVIDER_UNAVAILABLE)
        }
    }
}

/// `PayPal-Request-Id` of the create keyed `key` by `user_id`: stable for
/// one (user, key), at most 93 characters whatever the key (PayPal takes 108).
fn request_id(user_id: i64, key: &str) -> String {
    let digest = hex::encode(Sha256::digest(key.as_bytes()));
    format!("vitrine-{user_id}-{}", &digest[..40])
}

/// The name PayPal's approval page shows for the merchant.
const BRAND_NAME: &str = "Vitrine";

/// Creates the PayPal order of `pay_route` for the caller. `route` is the purpose's PayPal
/// path with its ids (execute, which captures, is `{route}/execute`).
#[instrument(skip_all, fields(user_id = caller.id(), route = ?pay_route, id = path.id))]
pub async fn create(
    state: &AppState,
    caller: &CurrentUser,
    pay_route: &dyn PayRoute,
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
    let purpose = pay_route.payable(path, &req)?;
    if let Some(existing) = transactions::find_by_key(&state.db.pool, caller.id(), &key).await? {
        if !same_purpose(&existing, &*purpose) || existing.provider != "paypal" {
            return Err(AppError::conflict(codes::IDEMPOTENCY_KEY_REUSED));
        }
        return Ok((StatusCode::CREATED, Json(Data::new(view(state, existing)))));
    }
    let quote = quote(state, caller, &*purpose).await?;
    pay_route.check_quote(path, &quote)?;
    let (return_url, cancel_url) = return_urls(state, headers, route);
    let custom = format!("vitrine:{}:{}", purpose.kind(), caller.id());
    let request_id = request_id(caller.id(), &key);
    let new = NewOrder {
        amount: Money::usd(quote.amount_cents),
        description: &quote.description,
        custom_id: &custom,
        brand_name: BRAND_NAME,
        return_url: &return_url,
        cancel_url: &cancel_url,
        request_id: &request_id,
    };
    let order = state.paypal.client.create_order(&new).await.map_err(refused)?;
    let approval_url = order.approval_url().ok_or_else(|| anyhow::anyhow!("PayPal order without an approval link"))?;
    let mut conn = state.db.pool.acquire().await?;
    let now = state.now_ms();
    let inserted =
        super::store::insert(&mut conn, caller.id(), purpose.kind(), &quote, &order.id, approval_url, &key, now)
            .await?;
    let row = match inserted {
        Some(id) => transactions::find(&mut *conn, id).await?,
        None => transactions::find_by_key(&mut *conn, caller.id(), &key).await?,
    };
    let row = row.ok_or_else(|| anyhow::anyhow!("payment vanished"))?;
    tracing::info!(transaction_id = row.id, amount_cents = row.amount_cents, "PayPal order created");
    Ok((StatusCode::CREATED, Json(Data::new(view(state, row)))))
}

/// Captures the approved order once and settles it: 404 unknown (or of another route),
/// 403 someone else's, 409 settled already or not approved, 422 another payer, 402
/// declined by PayPal (the payer may approve again with another way to pay), 409 when
/// PayPal holds another amount than the one priced.
#[instrument(skip_all, fields(user_id = caller.id(), route = ?pay_route))]
pub async fn execute(
    state: &AppState,
    caller: &CurrentUser,
    pay_route: &dyn PayRoute,
    path: &IntentPath,
    query: ExecuteQuery,
) -> Result<Json<Data<PayPalPaymentView>>, AppError> {
    let present =
        |v: Option<String>| v.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty() && s.chars().count() <= 255);
    let order_id = present(query.token);
    let payer_id = present(query.payer_id);
    let (order_id, payer_id) = match (order_id, payer_id) {
        (Some(p), Some(q)) => (p, q),
        (None, _) => return Err(AppError::field("token", codes::REQUIRED)),
        (_, None) => return Err(AppError::field("PayerID", codes::REQUIRED)),
    };
    let not_found = || AppError::not_found(codes::PAYMENT_NOT_FOUND);
    let row = transactions::find_by_intent(&state.db.pool, &order_id).await?.ok_or_else(not_found)?;
    if row.provider != "paypal" {
        return Err(not_found());
    }
    if row.app_user_id != caller.id() {
        return Err(AppError::forbidden(codes::PAYMENT_FORBIDDEN));
    }
    if !pay_route.of_route(&row, path) {
        return Err(not_found());
    }
    if row.status_id != transactions::UNPAID {
        return Err(AppError::conflict(codes::PAYMENT_NOT_OPEN));
    }
    let client = &state.paypal.client;
    let priced = Money::usd(row.amount_cents);
    let shown = client.show_order(&order_id).await.map_err(refused)?;
    // Never take money PayPal holds for another amount than the one we priced.
    if shown.amount() != Some(&priced) {
        tracing::error!(transaction_id = row.id, held = ?shown.amount(), "PayPal holds another amount: not captured");
        return Err(AppError::conflict(codes::PAYPAL_AMOUNT_MISMATCH));
    }
    if shown.payer_id().is_some_and(|approved| approved != payer_id) {
        return Err(AppError::field("PayerID", codes::PAYPAL_PAYER_INVALID));
    }
    let captured = if shown.status == "COMPLETED" {
        // Captured at PayPal but not settled here (a crash between the two, or a racing
        // return): settle it now, once; the conditional mark decides.
        shown
    } else {
        // Not approved yet: PayPal refuses (ORDER_NOT_APPROVED), nothing is taken.
        match client.capture_order(&order_id).await {
            Ok(order) => order,
            // Captured by a request of another id (the return raced a retry of ours):
            // the capture PayPal holds is the one to settle.
            Err(err) if err.is("ORDER_ALREADY_CAPTURED") => client.show_order(&order_id).await.map_err(refused)?,
            Err(err) => return Err(refused(err)),
        }
    };
    settle_capture(state, &row, &payer_id, &captured).await
}

/// Settles the order's capture: once, for the amount priced (another amount is refunded
/// and recorded as failed); an effect refused meanwhile is refunded at PayPal.
async fn settle_capture(
    state: &AppState,
    row: &TransactionRow,
    payer_id: &str,
    captured: &Order,
) -> Result<Json<Data<PayPalPaymentView>>, AppError> {
    let client = &state.paypal.client;
    let priced = Money::usd(row.amount_cents);
    let Some(capture) = captured.capture() else {
        tracing::error!(transaction_id = row.id, status = %captured.status, "PayPal order without a capture");
        return Err(AppError::conflict(codes::PAYPAL_NOT_APPROVED));
    };
    match capture.status.as_str() {
        "COMPLETED" => {}
        "DECLINED" | "FAILED" => {
            return Err(AppError::rule(StatusCode::PAYMENT_REQUIRED, codes::PAYPAL_DECLINED));
        }
        // PENDING (an e-check, a review at PayPal): not paid yet; the order stays open.
        status => {
            tracing::warn!(transaction_id = row.id, status, "PayPal capture not completed");
            return Err(AppError::conflict(codes::PAYPAL_NOT_APPROVED));
        }
    }
    if capture.amount != priced {
        // Taken for another amount: recorded for an admin, nothing applied, money back.
        tracing::error!(transaction_id = row.id, "PayPal captured another amount than priced: refunded");
        let mut conn = state.db.pool.acquire().await?;
        transactions::mark_failed(
            &mut conn,
            row.id,
            "PayPal took another amount than priced: refunded",
            state.now_ms(),
        )
        .await?;
        if let Err(err) = client.refund_capture(&capture.id).await {
            tracing::error!(error = %err, "could not refund a PayPal capture of the wrong amount");
        }
        return Err(AppError::conflict(codes::PAYPAL_AMOUNT_MISMATCH));
    }
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    // The amount was compared with the priced one above.
    let Some(settled) = settle::paid(&mut tx, row, row.amount_cents, now).await? else {
        // Another return settled it first (its conditional mark won).
        return Err(AppError::conflict(codes::PAYMENT_NOT_OPEN));
    };
    super::store::set_capture(&mut tx, row.id, payer_id, &capture.id, now).await?;
    if settle::commit(state, tx, settled).await? {
        match client.refund_capture(&capture.id).await {
            Ok(()) => {
                let mut tx = state.db.pool.begin().await?;
                transactions::record_refunded(&mut tx, row, row.amount_cents, state.now_ms()).await?;
                tx.commit().await?;
            }
            Err(err) => tracing::error!(error = %err, "could not refund a PayPal payment whose effect was refused"),
        }
    }
    let row = transactions::find(&state.db.pool, row.id).await?.ok_or_else(|| anyhow::anyhow!("payment vanished"))?;
    tracing::info!(transaction_id = row.id, "PayPal order captured");
    Ok(Json(Data::new(view(state, row))))
}
