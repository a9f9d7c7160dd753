//! The endpoints: PayPal's Orders v2 paths (JSON bodies, Bearer tokens, PayPal's error
//! bodies with `details[].issue`), the refund of a capture, and the approval page
//! (`/checkoutnow`) with its form posts.

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

use crate::{
    ledger::{self, Ledger, NewOrder, Refusal},
    page,
};

type Shared = Arc<Ledger>;

pub fn router(ledger: Shared) -> Router {
    Router::new()
        .route("/v1/oauth2/token", post(token))
        .route("/v2/checkout/orders", post(create))
        .route("/v2/checkout/orders/{id}", get(show))
        .route("/v2/checkout/orders/{id}/capture", post(capture))
        .route("/v2/payments/captures/{id}/refund", post(refund))
        .route("/v1/payments/payouts", post(pay_out))
        .route("/v1/payments/payouts/{id}", get(show_payout))
        .route("/checkoutnow", get(approval_page).post(approval_choice))
        .fallback(|| async {
            error((404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "The requested resource was not found."), None)
        })
        .with_state(ledger)
}

/// The message PayPal gives each error `name`.
fn message_of(name: &str) -> &'static str {
    match name {
        "INVALID_REQUEST" => "Request is not well-formed, syntactically incorrect, or violates schema.",
        "UNPROCESSABLE_ENTITY" => {
            "The requested action could not be performed, semantically incorrect, or failed business validation."
        }
        "RESOURCE_NOT_FOUND" => "The specified resource does not exist.",
        _ => "An internal server error has occurred.",
    }
}

/// PayPal's v2 error body: `name`, `message`, `debug_id`, `details[]` (`field`, `issue`,
/// `description`) and an `information_link`.
fn error(refusal: Refusal, field: Option<&str>) -> Response {
    let status = StatusCode::from_u16(refusal.0).unwrap_or(StatusCode::BAD_REQUEST);
    (status, Json(error_body(refusal, field))).into_response()
}

fn error_body((_, name, issue, description): Refusal, field: Option<&str>) -> Value {
    let mut detail = json!({"issue": issue, "description": description});
    if let Some(field) = field {
        detail["field"] = json!(field);
        detail["location"] = json!("body");
    }
    json!({
        "name": name,
        "message": message_of(name),
        "debug_id": ledger::random(13).to_lowercase(),
        "details": [detail],
        "links": [{
            "href": format!("https://developer.paypal.com/docs/api/orders/v2/#error-{issue}"),
            "rel": "information_link",
            "method": "GET",
        }],
    })
}

fn invalid(field: &str, issue: &'static str, description: &'static str) -> Response {
    error((400, "INVALID_REQUEST", issue, description), Some(field))
}

fn missing(field: &str) -> Response {
    error(MISSING, Some(field))
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

fn request_id(headers: &HeaderMap) -> Option<String> {
    headers.get("paypal-request-id").and_then(|v| v.to_str().ok()).filter(|v| !v.is_empty()).map(str::to_owned)
}

fn answer((status, body): (u16, Value)) -> Response {
    (StatusCode::from_u16(status).unwrap_or(StatusCode::OK), Json(body)).into_response()
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

/// PayPal's syntax of an amount's `value`: digits with at most one point ("12.50", "300").
fn decimal_syntax(value: &str) -> bool {
    let (whole, fraction) = value.split_once('.').unwrap_or((value, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    value.len() <= 32
        && !whole.is_empty()
        && digits(whole)
        && digits(fraction)
        && value.contains('.') != fraction.is_empty()
}

const MISSING: Refusal =
    (400, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER", "A required field / parameter is missing.");

/// Checks `purchase_units[0].amount` as PayPal does: syntax (400), then the currency's
/// two decimals and a value above zero (422). A refusal names its field.
fn check_amount(amount: &Value) -> Result<(String, String), (Refusal, &'static str)> {
    const VALUE: &str = "/purchase_units/@reference_id=='default'/amount/value";
    const CURRENCY: &str = "/purchase_units/@reference_id=='default'/amount/currency_code";
    let currency = amount["currency_code"].as_str().ok_or((MISSING, CURRENCY))?;
    if currency.len() != 3 || !currency.bytes().all(|b| b.is_ascii_uppercase()) {
        let refusal = (
            400,
            "INVALID_REQUEST",
            "INVALID_CURRENCY_CODE",
            "Currency code is invalid or is not currently supported.",
        );
        return Err((refusal, CURRENCY));
    }
    let value = amount["value"].as_str().ok_or((MISSING, VALUE))?;
    if !decimal_syntax(value.strip_prefix('-').unwrap_or(value)) {
        let refusal = (
            400,
            "INVALID_REQUEST",
            "INVALID_PARAMETER_SYNTAX",
            "The value of a field does not conform to the expected format.",
        );
        return Err((refusal, VALUE));
    }
    if value.split_once('.').is_some_and(|(_, cents)| cents.len() > 2) {
        let refusal = (
            422,
            "UNPROCESSABLE_ENTITY",
            "DECIMAL_PRECISION",
            "If the currency supports decimals, only two decimal place precision is supported.",
        );
        return Err((refusal, VALUE));
    }
    if value.starts_with('-') || !value.bytes().any(|b| (b'1'..=b'9').contains(&b)) {
        let refusal = (422, "UNPROCESSABLE_ENTITY", "CANNOT_BE_ZERO_OR_NEGATIVE", "Must be greater than zero.");
        return Err((refusal, VALUE));
    }
    Ok((currency.to_owned(), value.to_owned()))
}

fn text(value: &Value) -> String {
    value.as_str().unwrap_or_default().to_owned()
}

/// `POST /v2/checkout/orders`: an order with intent CAPTURE and one purchase unit, the
/// payer's return and cancel URLs in `payment_source.paypal.experience_context` (or the
/// older `application_context`). `PayPal-Request-Id` replays the first answer.
async fn create(State(ledger): State<Shared>, headers: HeaderMap, body: Bytes) -> Response {
    if !authorized(&ledger, &headers) {
        return unauthorized();
    }
    let Ok(req) = serde_json::from_slice::<Value>(&body) else {
        return invalid("/", "MALFORMED_REQUEST_JSON", "The request JSON is not well formed.");
    };
    match req["intent"].as_str() {
        Some("CAPTURE") => {}
        None => return missing("/intent"),
        // AUTHORIZE exists at PayPal; this local PayPal captures only.
        Some(_) => return invalid("/intent", "INVALID_PARAMETER_VALUE", "The value of a field is invalid."),
    }
    let units = req["purchase_units"].as_array().cloned().unwrap_or_default();
    let [unit] = units.as_slice() else {
        return match units.len() {
            0 => missing("/purchase_units"),
            _ => invalid(
                "/purchase_units",
                "INVALID_ARRAY_MAX_ITEMS",
                "The number of items in an array parameter is too large.",
            ),
        };
    };
    let (currency, value) = match check_amount(&unit["amount"]) {
        Ok(amount) => amount,
        Err((refusal, field)) => return error(refusal, Some(field)),
    };
    let source = &req["payment_source"]["paypal"];
    let context = if source.is_object() { &source["experience_context"] } else { &req["application_context"] };
    let user_action = context["user_action"].as_str().unwrap_or("CONTINUE");
    if !matches!(user_action, "CONTINUE" | "PAY_NOW") {
        return invalid(
            "/payment_source/paypal/experience_context/user_action",
            "INVALID_PARAMETER_VALUE",
            "The value of a field is invalid.",
        );
    }
    let new = NewOrder {
        currency,
        value,
        reference_id: unit["reference_id"].as_str().unwrap_or("default").to_owned(),
        description: text(&unit["description"]),
        custom_id: text(&unit["custom_id"]),
        invoice_id: text(&unit["invoice_id"]),
        return_url: text(&context["return_url"]),
        cancel_url: text(&context["cancel_url"]),
        brand_name: text(&context["brand_name"]),
        user_action: user_action.to_owned(),
        payment_source: source.is_object(),
    };
    answer(ledger.create(new, request_id(&headers).as_deref()))
}

/// `GET /v2/checkout/orders/{id}`.
async fn show(State(ledger): State<Shared>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    if !authorized(&ledger, &headers) {
        return unauthorized();
    }
    match ledger.order_json(&id) {
        Some(order) => Json(order).into_response(),
        None => error(ledger::NOT_FOUND, None),
    }
}

/// The refusal a `PayPal-Mock-Response: {"mock_application_codes": "..."}` header asks
/// for, as PayPal's sandbox negative testing does.
fn forced(headers: &HeaderMap) -> Option<Refusal> {
    let asked: Value = serde_json::from_str(headers.get("paypal-mock-response")?.to_str().ok()?).ok()?;
    match asked["mock_application_codes"].as_str()? {
        "INSTRUMENT_DECLINED" => Some(ledger::DECLINED),
        "PAYER_CANNOT_PAY" => Some((
            422,
            "UNPROCESSABLE_ENTITY",
            "PAYER_CANNOT_PAY",
            "Combination of payer and payee settings mean that this buyer cannot pay this seller.",
        )),
        "TRANSACTION_REFUSED" => Some((422, "UNPROCESSABLE_ENTITY", "TRANSACTION_REFUSED", "The request was refused.")),
        _ => None,
    }
}

/// `POST /v2/checkout/orders/{id}/capture`: takes the approved money once.
async fn capture(State(ledger): State<Shared>, headers: HeaderMap, Path(id): Path<String>, body: Bytes) -> Response {
    if !authorized(&ledger, &headers) {
        return unauthorized();
    }
    if !body.is_empty() && serde_json::from_slice::<Value>(&body).is_err() {
        return invalid("/", "MALFORMED_REQUEST_JSON", "The request JSON is not well formed.");
    }
    match ledger.capture(&id, request_id(&headers).as_deref(), forced(&headers)) {
        Ok(captured) => answer(captured),
        Err(refusal) if refusal.2 == "INSTRUMENT_DECLINED" => {
            // PayPal sends the payer back to choose another funding source.
            let redirect = ledger.get(&id).map(|order| ledger.approval_url(&order));
            declined(refusal, redirect)
        }
        Err(refusal) => error(refusal, None),
    }
}

/// INSTRUMENT_DECLINED with the `redirect` link where the payer chooses another way to pay.
fn declined(refusal: Refusal, redirect: Option<String>) -> Response {
    let response = error(refusal, None);
    let Some(href) = redirect else {
        return response;
    };
    let status = response.status();
    let mut body = error_body(refusal, None);
    if let Some(links) = body["links"].as_array_mut() {
        links.push(json!({"href": href, "rel": "redirect", "method": "GET"}));
    }
    (status, Json(body)).into_response()
}

/// `POST /v2/payments/captures/{id}/refund`: the whole capture back, or the body's
/// `amount` of it (`{"amount": {"value": "37.00", "currency_code": "USD"}}`).
async fn refund(State(ledger): State<Shared>, headers: HeaderMap, Path(id): Path<String>, body: Bytes) -> Response {
    if !authorized(&ledger, &headers) {
        return unauthorized();
    }
    let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let cents = body["amount"]["value"].as_str().and_then(|v| {
        let (whole, fraction) = v.split_once('.').unwrap_or((v, "0"));
        let fraction = format!("{fraction:0<2}");
        Some(whole.parse::<i64>().ok()? * 100 + fraction.get(..2)?.parse::<i64>().ok()?)
    });
    match ledger.refund(&id, request_id(&headers).as_deref(), cents) {
        Ok(refunded) => answer(refunded),
        Err(refusal) => error(refusal, None),
    }
}

/// `POST /v1/payments/payouts`: a batch of one item to an e-mail address (Payouts API).
async fn pay_out(State(ledger): State<Shared>, headers: HeaderMap, body: Bytes) -> Response {
    if !authorized(&ledger, &headers) {
        return unauthorized();
    }
    let Ok(req) = serde_json::from_slice::<Value>(&body) else {
        return invalid("/", "MALFORMED_REQUEST_JSON", "The request JSON is not well formed.");
    };
    match ledger.pay_out(&req, request_id(&headers).as_deref()) {
        Ok(sent) => answer(sent),
        Err(refusal) => error(refusal, None),
    }
}

/// `GET /v1/payments/payouts/{id}`: a batch sent.
async fn show_payout(State(ledger): State<Shared>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    if !authorized(&ledger, &headers) {
        return unauthorized();
    }
    match ledger.payout(&id) {
        Some(batch) => answer((200, batch)),
        None => error(crate::ledger::NOT_FOUND, None),
    }
}

async fn approval_page(State(ledger): State<Shared>, Query(query): Query<HashMap<String, String>>) -> Response {
    let token = query.get("token").map(String::as_str).unwrap_or_default();
    match ledger.get(token) {
        Some(order) if order.status.approvable() => Html(page::approval(&order)).into_response(),
        Some(_) => Html(page::closed("This order is already complete.")).into_response(),
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

/// The page's buttons: 'Pay Now' approves and returns with `token` (the order id) and
/// `PayerID`, as PayPal does; 'Pay with a card that declines' approves with an instrument
/// the capture declines; 'Cancel' returns to the cancel URL with `token` and changes nothing.
async fn approval_choice(State(ledger): State<Shared>, body: Bytes) -> Response {
    let form: HashMap<String, String> = form_urlencoded::parse(&body).into_owned().collect();
    let token = form.get("token").map(String::as_str).unwrap_or_default();
    let Some(order) = ledger.get(token).filter(|o| o.status.approvable()) else {
        return (StatusCode::NOT_FOUND, Html(page::closed("This checkout session is not known."))).into_response();
    };
    let action = form.get("action").map(String::as_str);
    if matches!(action, Some("pay" | "pay_declining")) {
        let Some(payer_id) = ledger.approve(&order.id, action == Some("pay_declining")) else {
            return Html(page::closed("This order is already complete.")).into_response();
        };
        if order.placed.return_url.is_empty() {
            return Html(page::closed("You approved this order: return to the merchant to complete it."))
                .into_response();
        }
        return Redirect::to(&with_query(&order.placed.return_url, &[("token", &order.id), ("PayerID", &payer_id)]))
            .into_response();
    }
    if order.placed.cancel_url.is_empty() {
        return Html(page::closed("You cancelled this order.")).into_response();
    }
    Redirect::to(&with_query(&order.placed.cancel_url, &[("token", &order.id)])).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_checked_as_paypal_does() {
        let status = |value: &str| match check_amount(&json!({"currency_code": "USD", "value": value})) {
            Ok(_) => 200,
            Err((refusal, _)) => refusal.0,
        };
        assert_eq!((status("12.50"), status("300"), status("0.5")), (200, 200, 200));
        assert_eq!((status("0.00"), status("-1.00"), status("1.234")), (422, 422, 422));
        assert_eq!((status("1,00"), status("12."), status(""), status("1.2.3")), (400, 400, 400, 400));
        assert_eq!(status(".5"), 400);
        assert!(check_amount(&json!({"value": "1.00"})).is_err());
    }

    #[test]
    fn redirects_keep_the_query_already_there() {
        assert_eq!(with_query("http://a/b", &[("token", "EC-1")]), "http://a/b?token=EC-1");
        assert_eq!(with_query("http://a/b?x=1", &[("PayerID", "P 1")]), "http://a/b?x=1&PayerID=P+1");
    }
}
