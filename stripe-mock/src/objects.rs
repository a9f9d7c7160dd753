//! The JSON of each object, with every field `async-stripe` needs to read it.

use std::collections::HashMap;

use serde_json::{json, Map, Value};

use crate::ledger::{new_id, now_secs};

/// What a test card does when it pays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Succeeds,
    /// 402 `card_declined`.
    Declines,
    /// `requires_action` (`use_stripe_sdk`): 3-D Secure first, then it succeeds or fails.
    Authenticates,
}

impl Outcome {
    fn tag(self) -> &'static str {
        match self {
            Outcome::Succeeds => "succeeds",
            Outcome::Declines => "declines",
            Outcome::Authenticates => "authenticates",
        }
    }

    /// What a stored payment method does (its `x_outcome`).
    pub fn of(payment_method: &Value) -> Self {
        match payment_method["x_outcome"].as_str() {
            Some("declines") => Outcome::Declines,
            Some("authenticates") => Outcome::Authenticates,
            _ => Outcome::Succeeds,
        }
    }
}

/// Stripe's test payment methods: (brand, last4, outcome).
pub fn test_card(payment_method: &str) -> Option<(&'static str, &'static str, Outcome)> {
    Some(match payment_method {
        "pm_card_visa" => ("visa", "4242", Outcome::Succeeds),
        "pm_card_mastercard" => ("mastercard", "4444", Outcome::Succeeds),
        "pm_card_amex" => ("amex", "8431", Outcome::Succeeds),
        crate::DECLINING_CARD => ("visa", "0002", Outcome::Declines),
        crate::THREE_D_SECURE_CARD => ("visa", "3220", Outcome::Authenticates),
        "pm_card_authenticationRequired" => ("visa", "3184", Outcome::Authenticates),
        _ => return None,
    })
}

/// Stripe's test card numbers (what a payer types into the Payment Element), as the
/// test payment method each stands for.
pub fn test_number(number: &str) -> Option<&'static str> {
    let digits: String = number.chars().filter(char::is_ascii_digit).collect();
    Some(match digits.as_str() {
        "4242424242424242" => "pm_card_visa",
        "5555555555554444" => "pm_card_mastercard",
        "378282246310005" => "pm_card_amex",
        "4000000000000002" => crate::DECLINING_CARD,
        "4000000000003220" => crate::THREE_D_SECURE_CARD,
        "4000002760003184" => "pm_card_authenticationRequired",
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
        "tok_threeDSecure2Required" => crate::THREE_D_SECURE_CARD,
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

/// The card fields a payer may give with a new card (the Payment Element's).
#[derive(Debug, Clone, Default)]
pub struct CardDetails {
    pub exp_month: Option<i64>,
    pub exp_year: Option<i64>,
    pub name: Option<String>,
    pub country: Option<String>,
}

impl CardDetails {
    /// `card[exp_month]`, `card[exp_year]`, `billing_details[name]`, `billing_details[address][country]`.
    pub fn from_form(form: &HashMap<String, String>) -> Self {
        let number = |key: &str| form.get(key).and_then(|v| v.trim().parse::<i64>().ok());
        let text = |key: &str| form.get(key).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        Self {
            exp_month: number("card[exp_month]"),
            exp_year: number("card[exp_year]").map(|y| if y < 100 { 2000 + y } else { y }),
            name: text("billing_details[name]"),
            country: text("billing_details[address][country]").map(|c| c.to_ascii_uppercase()),
        }
    }
}

/// A saved card cloned from a test payment method, as Stripe does on attach.
pub fn payment_method(brand: &str, last4: &str, outcome: Outcome, customer: Option<&str>) -> Value {
    payment_method_with(brand, last4, outcome, customer, &CardDetails::default())
}

/// A card payment method with the payer's details (expiry, name, country).
pub fn payment_method_with(
    brand: &str,
    last4: &str,
    outcome: Outcome,
    customer: Option<&str>,
    details: &CardDetails,
) -> Value {
    let address = match &details.country {
        Some(country) => json!({"city": Value::Null, "country": country, "line1": Value::Null, "line2": Value::Null,
            "postal_code": Value::Null, "state": Value::Null}),
        None => Value::Null,
    };
    json!({
        "id": new_id("pm_"),
        "object": "payment_method",
        "billing_details": {"address": address, "email": Value::Null, "name": details.name, "phone": Value::Null},
        "card": {"brand": brand, "country": "US", "exp_month": details.exp_month.unwrap_or(12),
            "exp_year": details.exp_year.unwrap_or(2034), "funding": "credit", "last4": last4},
        "created": now_secs(),
        "customer": customer,
        "livemode": false,
        "type": "card",
        "metadata": {},
        // Not Stripe's: how this local Stripe remembers what a test card does.
        "x_outcome": outcome.tag(),
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

/// Stripe's `last_payment_error` when 3-D Secure failed.
pub fn authentication_failure() -> Value {
    json!({
        "type": "invalid_request_error",
        "code": "payment_intent_authentication_failure",
        "message": "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
    })
}

/// Stripe's error body.
pub fn error(kind: &str, code: &str, message: &str) -> Value {
    json!({"error": {"type": kind, "code": code, "message": message}})
}
