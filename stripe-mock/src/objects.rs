//! The JSON of each object, with every field `async-stripe` needs to read it.

use std::collections::HashMap;

use serde_json::{json, Map, Value};

use crate::ledger::{new_id, now_secs};

/// Stripe's test payment methods: (brand, last4, declines).
pub fn test_card(payment_method: &str) -> Option<(&'static str, &'static str, bool)> {
    Some(match payment_method {
        "pm_card_visa" => ("visa", "4242", false),
        "pm_card_mastercard" => ("mastercard", "4444", false),
        "pm_card_amex" => ("amex", "8431", false),
        crate::DECLINING_CARD => ("visa", "0002", true),
        _ => return None,
    })
}

/// Stripe's test card tokens (what Stripe.js `createToken` answers in test mode), as
/// the test payment method each stands for.
pub fn test_token(token: &str) -> Option<&'static str> {
    Some(match token {
        "tok_visa" => "pm_card_visa",
        "tok_mastercard" => "pm_card_mastercard",
        "tok_amex" => "pm_card_amex",
        "tok_chargeDeclined" => crate::DECLINING_CARD,
        _ => return None,
    })
}

/// `metadata[key]=value` form fields as a JSON object.
pub fn metadata(form: &HashMap<String, String>) -> Value {
    let mut out = Map::new();
    for (key, value) in form {
        if let Some(name) = key.strip_prefix("metadata[").and_then(|k| k.strip_suffix(']')) {
            out.insert(name.to_owned(), Value::String(value.clone()));
        }
    }
    Value::Object(out)
}

pub fn customer(form: &HashMap<String, String>) -> Value {
    json!({
        "id": new_id("cus_"),
        "object": "customer",
        "created": now_secs(),
        "livemode": false,
        "email": form.get("email"),
        "name": form.get("name"),
        "metadata": metadata(form),
    })
}

pub fn setup_intent(customer: Option<&String>) -> Value {
    let id = new_id("seti_");
    json!({
        "id": id,
        "object": "setup_intent",
        "client_secret": format!("{id}_secret_{}", new_id("")),
        "created": now_secs(),
        "customer": customer,
        "livemode": false,
        "payment_method": Value::Null,
        "payment_method_types": ["card"],
        "status": "requires_payment_method",
        "usage": "off_session",
    })
}

/// A saved card cloned from a test payment method, as Stripe does on attach.
pub fn payment_method(brand: &str, last4: &str, declines: bool, customer: Option<&str>) -> Value {
    json!({
        "id": new_id("pm_"),
        "object": "payment_method",
        "billing_details": {"address": Value::Null, "email": Value::Null, "name": Value::Null, "phone": Value::Null},
        "card": {"brand": brand, "country": "US", "exp_month": 12, "exp_year": 2034, "funding": "credit", "last4": last4},
        "created": now_secs(),
        "customer": customer,
        "livemode": false,
        "type": "card",
        "metadata": {},
        // Not Stripe's: how this local Stripe remembers a declining test card.
        "x_declines": declines,
    })
}

pub fn payment_intent(amount: i64, currency: &str, form: &HashMap<String, String>) -> Value {
    let id = new_id("pi_");
    json!({
        "id": id,
        "object": "payment_intent",
        "amount": amount,
        "amount_capturable": 0,
        "amount_received": 0,
        "capture_method": "automatic",
        "client_secret": format!("{id}_secret_{}", new_id("")),
        "confirmation_method": "automatic",
        "created": now_secs(),
        "currency": currency,
        "customer": form.get("customer"),
        "description": form.get("description"),
        "last_payment_error": Value::Null,
        "latest_charge": Value::Null,
        "livemode": false,
        "metadata": metadata(form),
        "payment_method": form.get("payment_method"),
        "payment_method_types": ["card"],
        "status": if form.contains_key("payment_method") { "requires_confirmation" } else { "requires_payment_method" },
    })
}

pub fn charge(intent: &Value, payment_method: &str) -> Value {
    json!({
        "id": new_id("ch_"),
        "object": "charge",
        "amount": intent["amount"],
        "amount_captured": intent["amount"],
        "amount_refunded": 0,
        "created": now_secs(),
        "currency": intent["currency"],
        "customer": intent["customer"],
        "livemode": false,
        "metadata": intent["metadata"],
        "paid": true,
        "payment_intent": intent["id"],
        "payment_method": payment_method,
        "refunded": false,
        "status": "succeeded",
    })
}

pub fn card_declined(intent: &Value) -> Value {
    json!({
        "type": "card_error",
        "code": "card_declined",
        "decline_code": "generic_decline",
        "message": "Your card was declined.",
        "payment_intent": intent,
    })
}

pub fn refund(charge: &Value, amount: i64) -> Value {
    json!({
        "id": new_id("re_"),
        "object": "refund",
        "amount": amount,
        "charge": charge["id"],
        "created": now_secs(),
        "currency": charge["currency"],
        "metadata": {},
        "payment_intent": charge["payment_intent"],
        "status": "succeeded",
    })
}

/// Stripe's error body.
pub fn error(kind: &str, code: &str, message: &str) -> Value {
    json!({"error": {"type": kind, "code": code, "message": message}})
}
