//! The endpoints: Stripe's paths under `/v1`, form-encoded bodies, JSON answers.

use std::{collections::HashMap, sync::Arc};

use axum::{
    body::Bytes,
    extract::{Path, Query, State},
    http::{HeaderMap, HeaderValue, Method, StatusCode, Uri},
    response::{IntoResponse, Response},
    routing::{get, post},
    Json, Router,
};
use serde_json::{json, Value};

use crate::{
    ledger::{Ledger, StoredReply},
    objects, webhook,
};

type Shared = Arc<Ledger>;
type Form = HashMap<String, String>;
type Answer = (StatusCode, Value);

pub fn router(ledger: Shared) -> Router {
    Router::new()
        .route("/v1/customers", post(create_customer))
        .route("/v1/setup_intents", post(create_setup_intent))
        .route("/v1/setup_intents/{id}", get(retrieve))
        .route("/v1/setup_intents/{id}/confirm", post(confirm_setup_intent))
        .route("/v1/payment_methods", get(list_payment_methods).post(create_payment_method))
        .route("/v1/payment_methods/{id}", get(retrieve))
        .route("/v1/payment_methods/{id}/attach", post(attach))
        .route("/v1/payment_methods/{id}/detach", post(detach))
        .route("/v1/customers/{id}/payment_methods", get(list_customer_payment_methods))
        .route("/v1/payment_intents", post(create_payment_intent))
        .route("/v1/payment_intents/{id}", get(retrieve).post(update_payment_intent))
        .route("/v1/payment_intents/{id}/confirm", post(confirm_payment_intent))
        .route("/v1/payment_intents/{id}/x_authenticate", post(authenticate))
        .route("/v1/refunds", post(create_refund))
        .fallback(|| async {
            (
                StatusCode::NOT_FOUND,
                Json(objects::error("invalid_request_error", "resource_missing", "Unrecognized request URL")),
            )
        })
        .layer(axum::middleware::from_fn_with_state(ledger.clone(), idempotent))
        .with_state(ledger)
        .merge(Router::new().route("/v3/", get(stripe_js)).route("/v3", get(stripe_js)))
        .layer(axum::middleware::from_fn(cors))
}

/// The stand-in Stripe.js (`stripe-js.js`): the part of Stripe.js the web client uses, talking
/// to this server, so the browser runs the same code it runs with real keys.
async fn stripe_js() -> Response {
    ([("content-type", "text/javascript; charset=utf-8"), ("cache-control", "no-cache")], include_str!("stripe-js.js"))
        .into_response()
}

/// Stripe's API answers browsers from any origin (Stripe.js calls it with the publishable key).
async fn cors(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let mut response = if request.method() == Method::OPTIONS {
        StatusCode::NO_CONTENT.into_response()
    } else {
        next.run(request).await
    };
    let headers = response.headers_mut();
    headers.insert("access-control-allow-origin", HeaderValue::from_static("*"));
    headers.insert(
        "access-control-allow-headers",
        HeaderValue::from_static("authorization, content-type, idempotency-key"),
    );
    headers.insert("access-control-allow-methods", HeaderValue::from_static("GET, POST, DELETE, OPTIONS"));
    response
}

fn parse(body: &[u8]) -> Form {
    form_urlencoded::parse(body).into_owned().collect()
}

fn answer((status, body): Answer) -> Response {
    (status, Json(body)).into_response()
}

fn missing(what: &str) -> Answer {
    (StatusCode::NOT_FOUND, objects::error("invalid_request_error", "resource_missing", &format!("No such {what}")))
}

fn invalid(message: &str) -> Answer {
    (StatusCode::BAD_REQUEST, objects::error("invalid_request_error", "parameter_invalid", message))
}

/// Replays the stored reply of a `POST` whose `Idempotency-Key` was seen on the same
/// path; stores the reply of a new one. Requests without a bearer key are refused.
async fn idempotent(
    State(ledger): State<Shared>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let authorized = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("Bearer ") && v.len() > "Bearer ".len());
    if !authorized {
        return answer((
            StatusCode::UNAUTHORIZED,
            objects::error("invalid_request_error", "api_key_missing", "You did not provide an API key."),
        ));
    }
    let key = headers.get("idempotency-key").and_then(|v| v.to_str().ok()).map(str::to_owned);
    let Some(key) = key.filter(|_| method == Method::POST) else {
        return next.run(request).await;
    };
    // As Stripe does: a request whose key's first request is still being answered is
    // refused 409, to be retried (a racing double submit).
    let Ok(stored) = ledger.claim(&key) else {
        return answer((
            StatusCode::CONFLICT,
            objects::error(
                "idempotency_error",
                "idempotency_key_in_use",
                "There is currently another in-progress request using this Stripe API Idempotency Key. Please try again later.",
            ),
        ));
    };
    if let Some(stored) = stored {
        if stored.path != uri.path() {
            return answer((
                StatusCode::BAD_REQUEST,
                objects::error("idempotency_error", "idempotency_key_in_use", "Keys are for one endpoint only"),
            ));
        }
        let mut response = answer((StatusCode::from_u16(stored.status).unwrap_or(StatusCode::OK), stored.body));
        response.headers_mut().insert("idempotent-replayed", HeaderValue::from_static("true"));
        return response;
    }
    let response = next.run(request).await;
    let (parts, body) = response.into_parts();
    let bytes = axum::body::to_bytes(body, 1 << 20).await.unwrap_or_default();
    let body: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    ledger.remember_reply(key, StoredReply { path: uri.path().to_owned(), status: parts.status.as_u16(), body });
    Response::from_parts(parts, axum::body::Body::from(bytes))
}

async fn create_customer(State(ledger): State<Shared>, body: Bytes) -> Response {
    answer((StatusCode::OK, ledger.put(objects::customer(&parse(&body)))))
}

async fn retrieve(State(ledger): State<Shared>, Path(id): Path<String>) -> Response {
    answer(ledger.get(&id).map(|o| (StatusCode::OK, o)).unwrap_or_else(|| missing(&id)))
}

async fn create_setup_intent(State(ledger): State<Shared>, body: Bytes) -> Response {
    let form = parse(&body);
    answer((StatusCode::OK, ledger.put(objects::setup_intent(form.get("customer")))))
}

/// A saved card of `customer`: the given one, or a clone of a test payment method.
fn saved_card(ledger: &Ledger, payment_method: &str, customer: Option<&str>) -> Result<Value, Answer> {
    if let Some((brand, last4, outcome)) = objects::test_card(payment_method) {
        return Ok(ledger.put(objects::payment_method(brand, last4, outcome, customer)));
    }
    let existing = ledger.get(payment_method).ok_or_else(|| missing(&format!("payment_method: '{payment_method}'")))?;
    match (existing["customer"].as_str(), customer) {
        (Some(owner), Some(wanted)) if owner != wanted => {
            Err(invalid("The payment method you provided has already been attached to another customer."))
        }
        _ => Ok(ledger
            .update(payment_method, |pm| {
                if customer.is_some() {
                    pm["customer"] = json!(customer);
                }
            })
            .unwrap_or(existing)),
    }
}

async fn confirm_setup_intent(State(ledger): State<Shared>, Path(id): Path<String>, body: Bytes) -> Response {
    let form = parse(&body);
    let Some(intent) = ledger.get(&id) else { return answer(missing(&id)) };
    if form.get("client_secret").is_some_and(|s| Some(s.as_str()) != intent["client_secret"].as_str()) {
        return answer(invalid("The client_secret provided does not match this setup intent."));
    }
    let Some(pm) = form.get("payment_method") else { return answer(invalid("Missing payment_method")) };
    let card = match saved_card(&ledger, pm, intent["customer"].as_str()) {
        Ok(card) => card,
        Err(err) => return answer(err),
    };
    let updated = ledger.update(&id, |i| {
        i["payment_method"] = card["id"].clone();
        i["status"] = json!("succeeded");
    });
    answer((StatusCode::OK, updated.unwrap_or(intent)))
}

fn list(data: Vec<Value>, url: &str) -> Answer {
    (StatusCode::OK, json!({"object": "list", "data": data, "has_more": false, "url": url}))
}

async fn list_payment_methods(State(ledger): State<Shared>, Query(query): Query<Form>) -> Response {
    let Some(customer) = query.get("customer") else { return answer(invalid("Missing customer")) };
    answer(list(ledger.find("pm_", "customer", customer), "/v1/payment_methods"))
}

/// A card payment method made from a card token (`type=card&card[token]=tok_...`) or, as
/// Stripe.js sends what the payer typed into the Payment Element, from a test card number
/// (`card[number]`, `card[exp_month]`, `card[exp_year]`, `card[cvc]`, `billing_details[...]`);
/// attached to no customer yet. An unknown number is Stripe's 402 `incorrect_number`.
async fn create_payment_method(State(ledger): State<Shared>, body: Bytes) -> Response {
    let form = parse(&body);
    if form.get("type").map(String::as_str) != Some("card") {
        return answer(invalid("Only card payment methods are supported here."));
    }
    let details = objects::CardDetails::from_form(&form);
    let test_method = match (form.get("card[token]"), form.get("card[number]")) {
        (Some(token), _) => match objects::test_token(token) {
            Some(pm) => pm,
            None => return answer(missing(&format!("token: '{token}'"))),
        },
        (None, Some(number)) => {
            let Some(pm) = objects::test_number(number) else {
                return answer((
                    StatusCode::PAYMENT_REQUIRED,
                    objects::error("card_error", "incorrect_number", "Your card number is incorrect."),
                ));
            };
            if details.exp_month.is_none_or(|m| !(1..=12).contains(&m)) || details.exp_year.is_none() {
                return answer((
                    StatusCode::PAYMENT_REQUIRED,
                    objects::error("card_error", "invalid_expiry_month", "Your card's expiration date is invalid."),
                ));
            }
            if form
                .get("card[cvc]")
                .is_none_or(|c| !(3..=4).contains(&c.len()) || !c.chars().all(|d| d.is_ascii_digit()))
            {
                return answer((
                    StatusCode::PAYMENT_REQUIRED,
                    objects::error("card_error", "invalid_cvc", "Your card's security code is invalid."),
                ));
            }
            pm
        }
        (None, None) => return answer(invalid("Missing required param: card[number].")),
    };
    let Some((brand, last4, outcome)) = objects::test_card(test_method) else {
        return answer(missing(&format!("payment_method: '{test_method}'")));
    };
    answer((StatusCode::OK, ledger.put(objects::payment_method_with(brand, last4, outcome, None, &details))))
}

async fn list_customer_payment_methods(State(ledger): State<Shared>, Path(customer): Path<String>) -> Response {
    answer(list(ledger.find("pm_", "customer", &customer), &format!("/v1/customers/{customer}/payment_methods")))
}

async fn attach(State(ledger): State<Shared>, Path(id): Path<String>, body: Bytes) -> Response {
    let form = parse(&body);
    let Some(customer) = form.get("customer") else { return answer(invalid("Missing customer")) };
    if ledger.get(customer).is_none() {
        return answer(missing(&format!("customer: '{customer}'")));
    }
    answer(saved_card(&ledger, &id, Some(customer)).map(|pm| (StatusCode::OK, pm)).unwrap_or_else(|e| e))
}

async fn detach(State(ledger): State<Shared>, Path(id): Path<String>) -> Response {
    let detached = ledger.update(&id, |pm| pm["customer"] = Value::Null);
    answer(detached.map(|pm| (StatusCode::OK, pm)).unwrap_or_else(|| missing(&id)))
}

async fn create_payment_intent(State(ledger): State<Shared>, body: Bytes) -> Response {
    let form = parse(&body);
    let amount = form.get("amount").and_then(|a| a.parse::<i64>().ok()).filter(|a| *a >= 50);
    let Some(amount) = amount else { return answer(invalid("Amount must be at least 50 cents")) };
    let currency = form.get("currency").cloned().unwrap_or_default();
    if currency.is_empty() {
        return answer(invalid("Missing required param: currency."));
    }
    answer((StatusCode::OK, ledger.put(objects::payment_intent(amount, &currency, &form))))
}

const UPDATABLE: &[&str] = &["requires_payment_method", "requires_confirmation", "requires_action"];

async fn update_payment_intent(State(ledger): State<Shared>, Path(id): Path<String>, body: Bytes) -> Response {
    let form = parse(&body);
    let Some(intent) = ledger.get(&id) else { return answer(missing(&id)) };
    if !UPDATABLE.contains(&intent["status"].as_str().unwrap_or_default()) {
        return answer(invalid("This PaymentIntent's status does not allow updates."));
    }
    let amount = form.get("amount").map(|a| a.parse::<i64>().ok().filter(|a| *a >= 50));
    if amount == Some(None) {
        return answer(invalid("Amount must be at least 50 cents"));
    }
    let updated = ledger.update(&id, |i| {
        if let Some(Some(amount)) = amount {
            i["amount"] = json!(amount);
        }
        if let Some(pm) = form.get("payment_method") {
            i["payment_method"] = json!(pm);
            i["status"] = json!("requires_confirmation");
        }
        if let (Some(new), Some(old)) = (objects::metadata(&form).as_object(), i["metadata"].as_object_mut()) {
            old.extend(new.clone());
        }
    });
    answer((StatusCode::OK, updated.unwrap_or(intent)))
}

async fn confirm_payment_intent(State(ledger): State<Shared>, Path(id): Path<String>, body: Bytes) -> Response {
    let form = parse(&body);
    let Some(intent) = ledger.get(&id) else { return answer(missing(&id)) };
    if form.get("client_secret").is_some_and(|s| Some(s.as_str()) != intent["client_secret"].as_str()) {
        return answer(invalid("The client_secret provided does not match this payment intent."));
    }
    if !UPDATABLE.contains(&intent["status"].as_str().unwrap_or_default()) {
        return answer((
            StatusCode::BAD_REQUEST,
            objects::error(
                "invalid_request_error",
                "payment_intent_unexpected_state",
                "This PaymentIntent cannot be confirmed.",
            ),
        ));
    }
    let pm_id = form.get("payment_method").cloned().or_else(|| intent["payment_method"].as_str().map(str::to_owned));
    let Some(pm_id) = pm_id else { return answer(invalid("You must provide a payment method.")) };
    let card = match saved_card(&ledger, &pm_id, None) {
        Ok(card) => card,
        Err(err) => return answer(err),
    };
    match objects::Outcome::of(&card) {
        objects::Outcome::Declines => {
            let failed = ledger
                .update(&id, |i| {
                    i["payment_method"] = Value::Null;
                    i["status"] = json!("requires_payment_method");
                    i["next_action"] = Value::Null;
                    i["last_payment_error"] = json!({"type": "card_error", "code": "card_declined",
                        "decline_code": "generic_decline", "message": "Your card was declined."});
                })
                .unwrap_or(intent);
            webhook::emit(&ledger, "payment_intent.payment_failed", &failed).await;
            answer((StatusCode::PAYMENT_REQUIRED, json!({"error": objects::card_declined(&failed)})))
        }
        objects::Outcome::Authenticates => {
            // 3-D Secure: the browser's Stripe.js shows the bank's challenge, then calls
            // `x_authenticate` with the payer's answer.
            let waiting = ledger
                .update(&id, |i| {
                    i["payment_method"] = card["id"].clone();
                    i["status"] = json!("requires_action");
                    i["next_action"] = json!({"type": "use_stripe_sdk",
                        "use_stripe_sdk": {"type": "three_d_secure_redirect", "source": card["id"]}});
                    i["last_payment_error"] = Value::Null;
                })
                .unwrap_or(intent);
            answer((StatusCode::OK, waiting))
        }
        objects::Outcome::Succeeds => answer((StatusCode::OK, succeed(&ledger, &id, &intent, &card).await)),
    }
}

/// Charges the intent with `card`: the charge, `succeeded`, and its webhook.
async fn succeed(ledger: &Ledger, id: &str, intent: &Value, card: &Value) -> Value {
    let charge = ledger.put(objects::charge(intent, card["id"].as_str().unwrap_or_default()));
    let succeeded = ledger
        .update(id, |i| {
            i["payment_method"] = card["id"].clone();
            i["status"] = json!("succeeded");
            i["amount_received"] = i["amount"].clone();
            i["latest_charge"] = charge["id"].clone();
            i["last_payment_error"] = Value::Null;
            i["next_action"] = Value::Null;
        })
        .unwrap_or_else(|| intent.clone());
    webhook::emit(ledger, "payment_intent.succeeded", &succeeded).await;
    succeeded
}

/// Not Stripe's path: the answer the payer gave the 3-D Secure challenge (what Stripe's
/// test authentication page's "Complete" and "Fail" do), `result=complete|fail` with the
/// intent's `client_secret`. Complete charges the intent (`succeeded`, and its webhook);
/// fail leaves it `requires_payment_method` with Stripe's `payment_intent_authentication_failure`
/// (and `payment_intent.payment_failed`). Answers the intent.
async fn authenticate(State(ledger): State<Shared>, Path(id): Path<String>, body: Bytes) -> Response {
    let form = parse(&body);
    let Some(intent) = ledger.get(&id) else { return answer(missing(&id)) };
    if form.get("client_secret").map(String::as_str) != intent["client_secret"].as_str() {
        return answer(invalid("The client_secret provided does not match this payment intent."));
    }
    if intent["status"].as_str() != Some("requires_action") {
        return answer((
            StatusCode::BAD_REQUEST,
            objects::error(
                "invalid_request_error",
                "payment_intent_unexpected_state",
                "This PaymentIntent does not require authentication.",
            ),
        ));
    }
    match form.get("result").map(String::as_str) {
        Some("complete") => {
            let pm = intent["payment_method"].as_str().unwrap_or_default().to_owned();
            let Some(card) = ledger.get(&pm) else { return answer(missing(&pm)) };
            answer((StatusCode::OK, succeed(&ledger, &id, &intent, &card).await))
        }
        Some("fail") => {
            let failed = ledger
                .update(&id, |i| {
                    i["payment_method"] = Value::Null;
                    i["status"] = json!("requires_payment_method");
                    i["next_action"] = Value::Null;
                    i["last_payment_error"] = objects::authentication_failure();
                })
                .unwrap_or(intent);
            webhook::emit(&ledger, "payment_intent.payment_failed", &failed).await;
            answer((StatusCode::OK, failed))
        }
        _ => answer(invalid("result must be complete or fail.")),
    }
}

async fn create_refund(State(ledger): State<Shared>, body: Bytes) -> Response {
    let form = parse(&body);
    let Some(intent) = form.get("payment_intent").and_then(|id| ledger.get(id)) else {
        return answer(missing("payment_intent"));
    };
    let Some(charge_id) = intent["latest_charge"].as_str().map(str::to_owned) else {
        return answer(invalid("This PaymentIntent does not have a successful charge to refund."));
    };
    let charge = ledger.get(&charge_id).unwrap_or(Value::Null);
    let left = charge["amount"].as_i64().unwrap_or(0) - charge["amount_refunded"].as_i64().unwrap_or(0);
    let amount = form.get("amount").and_then(|a| a.parse::<i64>().ok()).unwrap_or(left);
    if amount <= 0 || amount > left {
        return answer(invalid("Refund amount is greater than unrefunded amount on charge"));
    }
    let refund = ledger.put(objects::refund(&charge, amount));
    let refunded = ledger
        .update(&charge_id, |c| {
            let total = c["amount_refunded"].as_i64().unwrap_or(0) + amount;
            c["amount_refunded"] = json!(total);
            c["refunded"] = json!(total >= c["amount"].as_i64().unwrap_or(0));
        })
        .unwrap_or(charge);
    webhook::emit(&ledger, "charge.refunded", &refunded).await;
    answer((StatusCode::OK, refund))
}
