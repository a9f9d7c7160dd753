//! The endpoints: PayPal's v1 paths (JSON bodies, Bearer tokens), and the approval
//! page (`/checkoutnow`) with its two form posts.

use std::{collections::HashMap, sync::Arc};

use axum::{
    body::Bytes,
    extract::{Path, Query, State},
    http::{header, HeaderMap, StatusCode},
    response::{Html, IntoResponse, Redirect, Response},
    routing::{get, post},
    Json, Router,
};
use serde_json::{json, Value};

use crate::{ledger::Ledger, page};

type Shared = Arc<Ledger>;

pub fn router(ledger: Shared) -> Router {
    Router::new()
        .route("/v1/oauth2/token", post(token))
        .route("/v1/payments/payment", post(create))
        .route("/v1/payments/payment/{id}", get(show))
        .route("/v1/payments/payment/{id}/execute", post(execute))
        .route("/v1/payments/sale/{id}/refund", post(refund))
        .route("/checkoutnow", get(approval_page).post(approval_choice))
        .fallback(|| async { error(404, "NOT_FOUND", "The requested resource was not found.") })
        .with_state(ledger)
}

/// PayPal's error body: `name`, `message`, `debug_id`.
fn error(status: u16, name: &str, message: &str) -> Response {
    let body = json!({"name": name, "message": message, "debug_id": crate::ledger::random(13).to_lowercase()});
    (StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_REQUEST), Json(body)).into_response()
}

fn validation(field: &str, issue: &str) -> Response {
    let body = json!({
        "name": "VALIDATION_ERROR",
        "message": "Invalid request - see details",
        "details": [{"field": field, "issue": issue}],
        "debug_id": crate::ledger::random(13).to_lowercase(),
    });
    (StatusCode::BAD_REQUEST, Json(body)).into_response()
}

/// Whether an API call carries a Bearer token this server issued.
fn authorized(ledger: &Ledger, headers: &HeaderMap) -> bool {
    let bearer =
        headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer "));
    bearer.is_some_and(|token| ledger.token_valid(token))
}

fn unauthorized() -> Response {
    let body =
        json!({"error": "invalid_token", "error_description": "The token passed in was not found in the system"});
    (StatusCode::UNAUTHORIZED, Json(body)).into_response()
}

/// `POST /v1/oauth2/token`: client credentials in Basic auth, `grant_type=client_credentials`.
async fn token(State(ledger): State<Shared>, headers: HeaderMap, body: Bytes) -> Response {
    let basic = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Basic "));
    let form: HashMap<String, String> = form_urlencoded::parse(&body).into_owned().collect();
    if basic.is_none_or(str::is_empty) {
        return (
            StatusCode::UNAUTHORIZED,
            Json(json!({"error": "invalid_client", "error_description": "Client Authentication failed"})),
        )
            .into_response();
    }
    if form.get("grant_type").map(String::as_str) != Some("client_credentials") {
        return (
            StatusCode::BAD_REQUEST,
            Json(json!({"error": "unsupported_grant_type", "error_description": "Grant Type is NULL"})),
        )
            .into_response();
    }
    Json(json!({
        "scope": "https://uri.paypal.com/services/payments/payment",
        "access_token": ledger.issue_token(),
        "token_type": "Bearer",
        "app_id": "APP-80W284485P519543T",
        "expires_in": 32400,
        "nonce": crate::ledger::random(20),
    }))
    .into_response()
}

/// A decimal amount with at most two decimals and above zero.
fn valid_total(total: &str) -> bool {
    let mut parts = total.split('.');
    let whole = parts.next().unwrap_or_default();
    let cents = parts.next().unwrap_or("00");
    parts.next().is_none()
        && !whole.is_empty()
        && whole.bytes().all(|b| b.is_ascii_digit())
        && cents.len() <= 2
        && cents.bytes().all(|b| b.is_ascii_digit())
        && total.bytes().any(|b| (b'1'..=b'9').contains(&b))
}

/// `POST /v1/payments/payment`: a sale paid with PayPal; `PayPal-Request-Id` replays.
async fn create(State(ledger): State<Shared>, headers: HeaderMap, body: Bytes) -> Response {
    if !authorized(&ledger, &headers) {
        return unauthorized();
    }
    let request_id = headers.get("paypal-request-id").and_then(|v| v.to_str().ok()).map(str::to_owned);
    if let Some((path, status, body)) = request_id.as_deref().and_then(|key| ledger.reply(key)) {
        if path == "create" {
            return (StatusCode::from_u16(status).unwrap_or(StatusCode::CREATED), Json(body)).into_response();
        }
    }
    let Ok(req) = serde_json::from_slice::<Value>(&body) else {
        return error(400, "MALFORMED_REQUEST", "Incoming JSON request does not map to API request");
    };
    if req["intent"] != "sale" {
        return validation("intent", "Must be sale");
    }
    if req["payer"]["payment_method"] != "paypal" {
        return validation("payer.payment_method", "Must be paypal");
    }
    let transaction = &req["transactions"][0];
    let total = transaction["amount"]["total"].as_str().unwrap_or_default();
    if !valid_total(total) {
        return validation(
            "transactions[0].amount.total",
            "Currency amount must be a positive number with at most 2 decimals",
        );
    }
    let currency = transaction["amount"]["currency"].as_str().unwrap_or_default();
    if currency.len() != 3 {
        return validation("transactions[0].amount.currency", "Required field is missing");
    }
    let urls = &req["redirect_urls"];
    let (Some(return_url), Some(cancel_url)) = (urls["return_url"].as_str(), urls["cancel_url"].as_str()) else {
        return validation("redirect_urls", "Both return_url and cancel_url are required");
    };
    let payment = ledger.create(
        total.to_owned(),
        currency.to_owned(),
        transaction["description"].as_str().unwrap_or_default().to_owned(),
        transaction["custom"].as_str().unwrap_or_default().to_owned(),
        return_url.to_owned(),
        cancel_url.to_owned(),
    );
    let answer = ledger.json(&payment);
    if let Some(key) = request_id {
        ledger.remember(key, "create".into(), 201, answer.clone());
    }
    (StatusCode::CREATED, Json(answer)).into_response()
}

async fn show(State(ledger): State<Shared>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    if !authorized(&ledger, &headers) {
        return unauthorized();
    }
    match ledger.payment_json(&id) {
        Some(payment) => Json(payment).into_response(),
        None => error(404, "INVALID_RESOURCE_ID", "Requested resource ID was not found."),
    }
}

/// `POST /v1/payments/payment/{id}/execute` with `{"payer_id": ...}`.
async fn execute(State(ledger): State<Shared>, headers: HeaderMap, Path(id): Path<String>, body: Bytes) -> Response {
    if !authorized(&ledger, &headers) {
        return unauthorized();
    }
    let payer_id = serde_json::from_slice::<Value>(&body).ok().and_then(|v| v["payer_id"].as_str().map(str::to_owned));
    let Some(payer_id) = payer_id.filter(|p| !p.is_empty()) else {
        return validation("payer_id", "Required field is missing");
    };
    match ledger.execute(&id, &payer_id) {
        Ok(payment) => Json(ledger.json(&payment)).into_response(),
        Err((status, name, message)) => error(status, name, message),
    }
}

/// `POST /v1/payments/sale/{id}/refund`: the whole sale back, once.
async fn refund(State(ledger): State<Shared>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    if !authorized(&ledger, &headers) {
        return unauthorized();
    }
    match ledger.refund(&id) {
        Ok(payment) => (
            StatusCode::CREATED,
            Json(json!({
                "id": crate::ledger::random(17),
                "state": "completed",
                "sale_id": id,
                "parent_payment": payment.id,
                "amount": {"total": payment.total, "currency": payment.currency},
            })),
        )
            .into_response(),
        Err((status, name, message)) => error(status, name, message),
    }
}

async fn approval_page(State(ledger): State<Shared>, Query(query): Query<HashMap<String, String>>) -> Response {
    let token = query.get("token").map(String::as_str).unwrap_or_default();
    match ledger.by_token(token) {
        Some(payment) if payment.state == "created" => Html(page::approval(&payment)).into_response(),
        Some(_) => Html(page::closed("This payment is already complete.")).into_response(),
        None => (StatusCode::NOT_FOUND, Html(page::closed("This checkout session is not known."))).into_response(),
    }
}

/// `url` with `params` added to its query.
fn with_query(url: &str, params: &[(&str, &str)]) -> String {
    let mut query = form_urlencoded::Serializer::new(String::new());
    for (name, value) in params {
        query.append_pair(name, value);
    }
    let separator = if url.contains('?') { '&' } else { '?' };
    format!("{url}{separator}{}", query.finish())
}

/// The page's two buttons: 'Pay Now' approves and returns with the payer; 'Cancel'
/// returns to the cancel URL and changes nothing.
async fn approval_choice(State(ledger): State<Shared>, body: Bytes) -> Response {
    let form: HashMap<String, String> = form_urlencoded::parse(&body).into_owned().collect();
    let token = form.get("token").map(String::as_str).unwrap_or_default();
    let Some(payment) = ledger.by_token(token).filter(|p| p.state == "created") else {
        return (StatusCode::NOT_FOUND, Html(page::closed("This checkout session is not known."))).into_response();
    };
    if form.get("action").map(String::as_str) == Some("pay") {
        let Some(payer_id) = ledger.approve(&payment.id) else {
            return Html(page::closed("This payment is already complete.")).into_response();
        };
        let url =
            with_query(&payment.return_url, &[("paymentId", &payment.id), ("token", token), ("PayerID", &payer_id)]);
        return Redirect::to(&url).into_response();
    }
    Redirect::to(&with_query(&payment.cancel_url, &[("token", token)])).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_are_positive_decimals_with_two_places_at_most() {
        assert!(valid_total("12.50"));
        assert!(valid_total("300"));
        assert!(!valid_total("0.00"));
        assert!(!valid_total("-1.00"));
        assert!(!valid_total("1.234"));
        assert!(!valid_total("1,00"));
    }

    #[test]
    fn redirects_keep_the_query_already_there() {
        assert_eq!(with_query("http://a/b", &[("token", "EC-1")]), "http://a/b?token=EC-1");
        assert_eq!(with_query("http://a/b?x=1", &[("PayerID", "P 1")]), "http://a/b?x=1&PayerID=P+1");
    }
}
