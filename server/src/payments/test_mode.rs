//! Stripe.js for the test-mode provider. `GET /payments/stripe/js` tells the browser which
//! Stripe.js to load: under the test-mode provider, the local Stripe's stand-in Stripe.js (its
//! `/v3/`, which talks to that local Stripe: Payment Element, confirmations, 3-D Secure) and a
//! test publishable key; with real keys nothing (the web client loads js.stripe.com with its
//! own `VITE_STRIPE_PUBLISHABLE_KEY`). So the browser runs the same code in both.
//!
//! The two confirm routes do what Stripe.js does, at the local Stripe (which then sends its
//! signed webhook back to this server, as Stripe would), for API clients and tests without a
//! browser; the web client no longer uses them. With real keys they answer 404.
//!
//! A success passes Stripe's object on, as Stripe.js would resolve it. A failure is this API's
//! error envelope like every other route's: a declined card is 402 `payment.card_declined`
//! with Stripe's own message (which names the reason), anything else Stripe refuses is 422
//! `payment_method.invalid`.

use std::borrow::Cow;

use axum::{extract::State, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tracing::instrument;
use utoipa::ToSchema;

use crate::{
    accounts::CurrentUser,
    api::Data,
    error::{codes, ApiJson, ApiPath, AppError, ErrorEnvelope},
    state::AppState,
};

/// Which Stripe.js the browser loads.
#[derive(Debug, Serialize, ToSchema)]
pub struct StripeJs {
    /// True under the test-mode provider (no real card is charged).
    pub test_mode: bool,
    /// The stand-in Stripe.js of a local Stripe (the test-mode provider's, or a deployment's
    /// shared one: `STRIPE_JS_URL`); null: js.stripe.com.
    pub js_url: Option<String>,
    /// The publishable key to give it; null: the web client's own.
    pub publishable_key: Option<String>,
}

/// Which Stripe.js to load: the local stand-in under the test-mode provider.
#[utoipa::path(get, path = "/payments/stripe/js", tag = "payments",
    responses((status = 200, body = Data<StripeJs>, description = "Which Stripe.js to load")))]
#[instrument(skip_all)]
pub async fn stripe_js(State(state): State<AppState>) -> Json<Data<StripeJs>> {
    let stripe = &state.stripe;
    Json(Data::new(StripeJs {
        test_mode: stripe.test_mode,
        js_url: stripe.js_url.clone(),
        publishable_key: stripe.publishable_key.clone(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct Confirmation {
    /// The intent's client secret, as Stripe.js is given it.
    pub client_secret: String,
    /// A Stripe test payment method (`pm_card_visa`, `pm_card_chargeDeclined`, ...) or a saved `pm_...`.
    pub payment_method: Option<String>,
}

#[cfg(feature = "stand-ins")]
fn local(state: &AppState) -> Result<&vitrine_stripe_mock::StripeMock, AppError> {
    state.stripe.local.as_ref().ok_or_else(|| AppError::not_found(codes::ROUTE_NOT_FOUND))
}

/// A build without the stand-ins has no local Stripe: its confirm routes answer 404, as they do
/// with real keys. (An uninhabited stand-in keeps the handlers the same in both builds.)
#[cfg(not(feature = "stand-ins"))]
fn local(_: &AppState) -> Result<NoLocalStripe, AppError> {
    Err(AppError::not_found(codes::ROUTE_NOT_FOUND))
}

#[cfg(not(feature = "stand-ins"))]
enum NoLocalStripe {}

#[cfg(not(feature = "stand-ins"))]
impl NoLocalStripe {
    async fn confirm_setup_intent(&self, _: &str, _: &str, _: &str) -> (u16, Value) {
        match *self {}
    }
    async fn confirm_payment_intent(&self, _: &str, _: &str, _: Option<&str>) -> (u16, Value) {
        match *self {}
    }
}

/// Stripe's object on success; its refusal as the envelope, keeping Stripe's message.
fn passed_on((status, body): (u16, Value)) -> Result<(StatusCode, Json<Value>), AppError> {
    if (200..300).contains(&status) {
        return Ok((StatusCode::from_u16(status).unwrap_or(StatusCode::OK), Json(body)));
    }
    let (status, code) = match status {
        402 => (StatusCode::PAYMENT_REQUIRED, codes::CARD_DECLINED),
        _ => (StatusCode::UNPROCESSABLE_ENTITY, codes::PAYMENT_METHOD_INVALID),
    };
    let message = body["error"]["message"].as_str().map(|m| Cow::Owned(m.to_owned()));
    Err(AppError::Rule { status, code, message })
}

/// Test mode: confirms a setup intent as Stripe.js `confirmCardSetup` would.
#[utoipa::path(post, path = "/payments/test-mode/setup-intents/{id}/confirm", tag = "payments", params(("id" = String, Path)),
    request_body = Confirmation, security(("bearer" = [])),
    responses((status = 200, description = "Stripe's setup intent"),
        (status = 402, body = ErrorEnvelope, description = "The card was declined (`payment.card_declined`, Stripe's message)"),
        (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all)]
pub async fn confirm_setup(
    State(state): State<AppState>,
    _caller: CurrentUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(req): ApiJson<Confirmation>,
) -> Result<(StatusCode, Json<Value>), AppError> {
    let pm = req.payment_method.as_deref().unwrap_or("pm_card_visa");
    passed_on(local(&state)?.confirm_setup_intent(&id, &req.client_secret, pm).await)
}

/// Test mode: confirms a payment intent as Stripe.js `confirmCardPayment` would.
#[utoipa::path(post, path = "/payments/test-mode/payment-intents/{id}/confirm", tag = "payments", params(("id" = String, Path)),
    request_body = Confirmation, security(("bearer" = [])),
    responses((status = 200, description = "Stripe's payment intent"),
        (status = 402, body = ErrorEnvelope, description = "The card was declined (`payment.card_declined`, Stripe's message)"),
        (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all)]
pub async fn confirm_payment(
    State(state): State<AppState>,
    _caller: CurrentUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(req): ApiJson<Confirmation>,
) -> Result<(StatusCode, Json<Value>), AppError> {
    let answer = local(&state)?.confirm_payment_intent(&id, &req.client_secret, req.payment_method.as_deref()).await;
    passed_on(answer)
}
