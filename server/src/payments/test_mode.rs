//! What Stripe.js does in the browser, for the test-mode provider only: without
//! Stripe keys there is no Stripe.js to confirm a card setup or a payment, so these
//! two routes confirm them at the local Stripe (which then sends its signed webhook
//! back to this server, as Stripe would). With real keys they answer 404.

use axum::{extract::State, http::StatusCode, Json};
use serde::Deserialize;
use serde_json::Value;
use tracing::instrument;
use utoipa::ToSchema;

use crate::{
    accounts::CurrentUser,
    error::{catalogue, ApiJson, ApiPath, AppError, ErrorEnvelope},
    state::AppState,
};

#[derive(Debug, Deserialize, ToSchema)]
pub struct Confirmation {
    /// The intent's client secret, as Stripe.js is given it.
    pub client_secret: String,
    /// A Stripe test payment method (`pm_card_visa`, `pm_card_chargeDeclined`, ...) or a saved `pm_...`.
    pub payment_method: Option<String>,
}

fn local(state: &AppState) -> Result<&vitrine_stripe_mock::StripeMock, AppError> {
    state.stripe.local.as_ref().ok_or_else(|| AppError::not_found(catalogue::ROUTE_NOT_FOUND))
}

/// Stripe's answer, passed on with its status (a declined card is Stripe's 402).
fn passed_on((status, body): (u16, Value)) -> (StatusCode, Json<Value>) {
    (StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_GATEWAY), Json(body))
}

/// Test mode: confirms a setup intent as Stripe.js `confirmCardSetup` would.
#[utoipa::path(post, path = "/payments/test-mode/setup-intents/{id}/confirm", tag = "payments", params(("id" = String, Path)),
    request_body = Confirmation, security(("bearer" = [])),
    responses((status = 200, description = "Stripe's setup intent"), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all)]
pub async fn confirm_setup(
    State(state): State<AppState>,
    _caller: CurrentUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(req): ApiJson<Confirmation>,
) -> Result<(StatusCode, Json<Value>), AppError> {
    let pm = req.payment_method.as_deref().unwrap_or("pm_card_visa");
    Ok(passed_on(local(&state)?.confirm_setup_intent(&id, &req.client_secret, pm).await))
}

/// Test mode: confirms a payment intent as Stripe.js `confirmCardPayment` would.
#[utoipa::path(post, path = "/payments/test-mode/payment-intents/{id}/confirm", tag = "payments", params(("id" = String, Path)),
    request_body = Confirmation, security(("bearer" = [])),
    responses((status = 200, description = "Stripe's payment intent"), (status = 402, description = "Stripe's card error"),
        (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all)]
pub async fn confirm_payment(
    State(state): State<AppState>,
    _caller: CurrentUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(req): ApiJson<Confirmation>,
) -> Result<(StatusCode, Json<Value>), AppError> {
    let answer = local(&state)?.confirm_payment_intent(&id, &req.client_secret, req.payment_method.as_deref()).await;
    Ok(passed_on(answer))
}
