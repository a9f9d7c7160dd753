//! `POST /webhooks/stripe`: Stripe tells us how payments ended.
//!
//! The `Stripe-Signature` header (`t=...,v1=...`) must carry an HMAC-SHA256 of
//! `"{t}.{body}"` under the endpoint's secret, made within the tolerance (300 s by
//! default), else 400 and nothing changes. Each event id is handled once: a
//! redelivered event is acknowledged and ignored. `payment_intent.succeeded` marks
//! the payment paid and performs its effect in one transaction with the hub events
//! (should the effect no longer be possible, the payment is refunded at Stripe);
//! `payment_intent.payment_failed` and `charge.refunded` are recorded.
//!
//! The body is read with serde_json rather than `async-stripe-webhook`: that crate
//! deserializes every event type of every enabled area, and three fields are needed.

use axum::{body::Bytes, extract::State, http::HeaderMap, http::StatusCode, Json};
use hmac::{Hmac, Mac};
use serde::Serialize;
use serde_json::Value;
use sha2::Sha256;
use sqlx::AnyConnection;
use tracing::instrument;
use utoipa::ToSchema;

use super::{events, settle, store, transactions};
use crate::{
    error::{codes, AppError, ErrorEnvelope},
    realtime::unit::Unit,
    state::AppState,
};

#[derive(Debug, Serialize, ToSchema)]
pub struct Received {
    pub received: bool,
    /// True when this event id was handled before and is ignored now.
    pub duplicate: bool,
}

/// Checks `header` against `payload`: some `v1` signature matches and `t` is within
/// `tolerance_secs` of `now_secs`.
pub fn verify(secret: &str, header: &str, payload: &[u8], now_secs: i64, tolerance_secs: i64) -> bool {
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", t)) => timestamp = t.parse::<i64>().ok(),
            Some(("v1", sig)) => signatures.extend(hex::decode(sig).ok()),
            _ => {}
        }
    }
    let Some(t) = timestamp else { return false };
    if (now_secs - t).abs() > tolerance_secs {
        return false;
    }
    signatures.iter().any(|sig| {
        let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(secret.as_bytes()) else { return false };
        mac.update(t.to_string().as_bytes());
        mac.update(b".");
        mac.update(payload);
        // `verify_slice` compares in constant time.
        mac.verify_slice(sig).is_ok()
    })
}

/// Receives a Stripe event (signed; see the module docs).
#[utoipa::path(post, path = "/webhooks/stripe", tag = "payments", request_body(content = String, content_type = "application/json"),
    responses((status = 200, body = Received), (status = 400, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(event_id, event_type))]
pub async fn receive(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Received>, AppError> {
    let header = headers.get("stripe-signature").and_then(|v| v.to_str().ok()).unwrap_or_default();
    let now = state.now_ms();
    let stripe = &state.stripe;
    if !verify(&stripe.webhook_secret, header, &body, now / 1000, stripe.tolerance_secs) {
        tracing::warn!("webhook refused: bad or stale Stripe-Signature");
        return Err(AppError::rule(StatusCode::BAD_REQUEST, codes::WEBHOOK_SIGNATURE));
    }
    let event: Value =
        serde_json::from_slice(&body).map_err(|_| AppError::rule(StatusCode::BAD_REQUEST, codes::WEBHOOK_PAYLOAD))?;
    let (Some(id), Some(kind)) = (event["id"].as_str(), event["type"].as_str()) else {
        return Err(AppError::rule(StatusCode::BAD_REQUEST, codes::WEBHOOK_PAYLOAD));
    };
    tracing::Span::current().record("event_id", id).record("event_type", kind);
    let object = &event["data"]["object"];

    let mut tx = state.realtime.begin().await?;
    if !store::record_stripe_event(&mut *tx, id, kind, now).await? {
        tracing::info!("duplicate Stripe event ignored");
        return Ok(Json(Received { received: true, duplicate: true }));
    }
    let settled = match kind {
        "payment_intent.succeeded" => succeeded(&mut tx, object, now).await?,
        "payment_intent.payment_failed" => failed(&mut tx, object, now).await?,
        "charge.refunded" => refunded(&mut tx, object, now).await?,
        _ => Settled::default(),
    };
    tx.commit().await?;
    if settled.wake_timers {
        state.realtime.wake_timers().await;
    }
    if let Some(intent_id) = settled.refund {
        // After commit: Stripe's `charge.refunded` comes back to this endpoint. A
        // failure here leaves the note on the payment for an admin.
        if let Err(err) = state.stripe.refund(&intent_id).await {
            tracing::error!(error = %err, intent_id, "could not refund a payment whose effect was refused");
        }
    }
    Ok(Json(Received { received: true, duplicate: false }))
}

#[derive(Default)]
struct Settled {
    wake_timers: bool,
    /// A paid intent whose effect could not happen: refunded after commit.
    refund: Option<String>,
}

/// The payment is paid, and what it paid for happens, in the caller's transaction
/// ([`settle::paid`]); should the effect no longer be possible, it is refunded at
/// Stripe after commit.
async fn succeeded(unit: &mut Unit, intent: &Value, now: i64) -> Result<Settled, AppError> {
    let Some(row) = ours(unit, intent).await? else { return Ok(Settled::default()) };
    // What Stripe took (`amount_received`), compared with what was priced as it settles.
    let charged = intent["amount_received"].as_i64().filter(|a| *a > 0).or_else(|| intent["amount"].as_i64());
    let charged = charged.unwrap_or_default();
    let Some(settled) = settle::paid(unit, &row, charged, now).await? else { return Ok(Settled::default()) };
    let refund = settled.refund.then(|| row.stripe_payment_intent_id.clone());
    Ok(Settled { wake_timers: settled.wake_timers, refund })
}

async fn failed(unit: &mut Unit, intent: &Value, now: i64) -> Result<Settled, AppError> {
    let Some(row) = ours(unit, intent).await? else { return Ok(Settled::default()) };
    let message = intent["last_payment_error"]["message"].as_str().unwrap_or("The payment failed.");
    if !transactions::mark_failed(unit, row.id, message, now).await? {
        return Ok(Settled::default());
    }
    let failed = transactions::find(&mut **unit, row.id).await?.ok_or_else(|| anyhow::anyhow!("payment vanished"))?;
    tracing::info!(transaction_id = row.id, "payment declined");
    events::updated(unit, &failed, now).await?;
    Ok(Settled::default())
}

async fn refunded(unit: &mut Unit, charge: &Value, now: i64) -> Result<Settled, AppError> {
    let Some(intent_id) = charge["payment_intent"].as_str() else { return Ok(Settled::default()) };
    let Some(row) = transactions::find_by_intent(&mut **unit, intent_id).await? else { return Ok(Settled::default()) };
    let refunded_cents = charge["amount_refunded"].as_i64().unwrap_or(0);
    transactions::record_refunded(unit, &row, refunded_cents, now).await?;
    let row = transactions::find(&mut **unit, row.id).await?.ok_or_else(|| anyhow::anyhow!("payment vanished"))?;
    tracing::info!(transaction_id = row.id, refunded_cents, "payment refunded");
    events::updated(unit, &row, now).await?;
    Ok(Settled::default())
}

/// The payment of this intent, if it is one of ours (Stripe also tells of others).
async fn ours(conn: &mut AnyConnection, intent: &Value) -> Result<Option<transactions::TransactionRow>, AppError> {
    let Some(intent_id) = intent["id"].as_str() else { return Ok(None) };
    Ok(transactions::find_by_intent(&mut *conn, intent_id).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(secret: &str, t: i64, body: &str) -> String {
        vitrine_stripe_mock::webhook::signature_header(secret, t, body)
    }

    #[test]
    fn a_signature_made_with_the_secret_within_the_tolerance_verifies() {
        let body = r#"{"id":"evt_1"}"#;
        assert!(verify("whsec_a", &header("whsec_a", 1_000, body), body.as_bytes(), 1_100, 300));
    }

    #[test]
    fn another_secret_a_changed_body_or_a_stale_timestamp_do_not() {
        let body = r#"{"id":"evt_1"}"#;
        assert!(!verify("whsec_a", &header("whsec_b", 1_000, body), body.as_bytes(), 1_000, 300));
        assert!(!verify("whsec_a", &header("whsec_a", 1_000, body), b"{\"id\":\"evt_2\"}", 1_000, 300));
        assert!(!verify("whsec_a", &header("whsec_a", 1_000, body), body.as_bytes(), 1_301, 300));
        assert!(!verify("whsec_a", "v1=00", body.as_bytes(), 1_000, 300));
    }
}
