//! PayPal's Payouts API (v1), the part Vitrine uses to pay designers: a batch of one item,
//! `POST /v1/payments/payouts`, and `GET /v1/payments/payouts/{id}`. A batch's
//! `sender_batch_id` is used once (a second batch with it is refused as PayPal refuses it),
//! and a request repeated with its `PayPal-Request-Id` answers the first reply again, so a
//! retried payout pays once.

use serde_json::{json, Value};

use crate::ledger::{random, Ledger, Refusal};

pub const BAD_AMOUNT: Refusal =
    (400, "VALIDATION_ERROR", "INVALID_AMOUNT", "The amount is not a positive decimal with at most two decimals.");

/// A payout batch as sent: who, how much (cents), and its ids.
#[derive(Debug, Clone)]
pub struct Payout {
    pub batch_id: String,
    pub sender_batch_id: String,
    pub receiver: String,
    pub cents: i64,
    pub currency: String,
}

pub const BATCH_ID_USED: Refusal =
    (400, "USER_BUSINESS_ERROR", "DUPLICATE_REQUEST_ID", "Batch with given sender_batch_id already exists.");
pub const NO_RECEIVER: Refusal = (400, "VALIDATION_ERROR", "RECEIVER_UNREGISTERED", "Receiver is unregistered.");
pub const ONE_ITEM: Refusal =
    (400, "VALIDATION_ERROR", "INVALID_ITEMS", "A batch holds one to 15000 items; this one holds none.");

/// Cents of a decimal string such as "37.00" (None when it is not one).
pub fn cents_of(value: &str) -> Option<i64> {
    let (whole, fraction) = value.split_once('.').unwrap_or((value, "0"));
    if fraction.len() > 2 || whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let fraction = format!("{fraction:0<2}");
    Some(whole.parse::<i64>().ok()? * 100 + fraction.parse::<i64>().ok()?)
}

/// The batch's reply, as `POST` and `GET` answer it.
pub fn batch_json(base: &str, payout: &Payout) -> Value {
    let value = format!("{}.{:02}", payout.cents / 100, payout.cents % 100);
    json!({
        "batch_header": {
            "payout_batch_id": payout.batch_id,
            "batch_status": "SUCCESS",
            "sender_batch_header": {"sender_batch_id": payout.sender_batch_id},
            "amount": {"currency": payout.currency, "value": value},
        },
        "items": [{
            "payout_item_id": format!("{}-1", payout.batch_id),
            "transaction_status": "SUCCESS",
            "payout_item": {"recipient_type": "EMAIL", "receiver": payout.receiver, "amount": {"currency": payout.currency, "value": value}},
        }],
        "links": [{"href": format!("{base}/v1/payments/payouts/{}", payout.batch_id), "rel": "self", "method": "GET"}],
    })
}

impl Ledger {
    /// Sends a batch of one item (already checked), once per `sender_batch_id`: (201, batch).
    pub fn pay_out(&self, request: &Value, key: Option<&str>) -> Result<(u16, Value), Refusal> {
        let items = request["items"].as_array().cloned().unwrap_or_default();
        let [item] = items.as_slice() else { return Err(ONE_ITEM) };
        let receiver = item["receiver"].as_str().filter(|r| r.contains('@')).ok_or(NO_RECEIVER)?.to_owned();
        let cents = item["amount"]["value"].as_str().and_then(cents_of).filter(|c| *c > 0).ok_or(BAD_AMOUNT)?;
        let currency = item["amount"]["currency"].as_str().unwrap_or("USD").to_owned();
        let sender_batch_id = request["sender_batch_header"]["sender_batch_id"].as_str().unwrap_or_default().to_owned();
        self.once("payout", key, |inner_payouts| {
            if !sender_batch_id.is_empty() && inner_payouts.iter().any(|p| p.sender_batch_id == sender_batch_id) {
                return Err(BATCH_ID_USED);
            }
            let payout = Payout { batch_id: random(13), sender_batch_id, receiver, cents, currency };
            inner_payouts.push(payout.clone());
            Ok((201, batch_json(&self.base, &payout)))
        })
    }
}
