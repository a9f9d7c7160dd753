//! Events as Stripe sends them: a JSON body, signed with the endpoint's secret in the
//! `Stripe-Signature` header as `t={unix seconds},v1={hex HMAC-SHA256(secret, "{t}.{body}")}`.

use std::time::Duration;

use hmac::{Hmac, Mac};
use serde_json::{json, Value};
use sha2::Sha256;

use crate::ledger::{new_id, now_secs, Ledger, SentEvent};

/// The `Stripe-Signature` header value for `payload` signed at `timestamp`.
pub fn signature_header(secret: &str, timestamp: i64, payload: &str) -> String {
    format!("t={timestamp},v1={}", hex::encode(sign(secret, timestamp, payload)))
}

/// HMAC-SHA256 of `"{timestamp}.{payload}"` under `secret`.
pub fn sign(secret: &str, timestamp: i64, payload: &str) -> Vec<u8> {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(payload.as_bytes());
    mac.finalize().into_bytes().to_vec()
}

/// Records an event of `kind` about `object` and delivers it; waits for the answer.
pub(crate) async fn emit(ledger: &Ledger, kind: &str, object: &Value) {
    let id = new_id("evt_");
    let event = json!({
        "id": id,
        "object": "event",
        "api_version": "2025-06-30.basil",
        "created": now_secs(),
        "livemode": false,
        "pending_webhooks": 1,
        "request": {"id": Value::Null, "idempotency_key": Value::Null},
        "type": kind,
        "data": {"object": object},
    });
    let payload = event.to_string();
    ledger.record_event(SentEvent { id: id.clone(), kind: kind.to_owned(), payload: payload.clone(), status: None });
    let status = deliver(ledger, &payload).await;
    ledger.set_event_status(&id, status);
}

/// Posts `payload` to the webhook endpoint, freshly signed; its status (None when no
/// endpoint is set or it could not be reached).
pub async fn deliver(ledger: &Ledger, payload: &str) -> Option<u16> {
    let (url, secret) = ledger.webhook()?;
    let header = signature_header(&secret, now_secs(), payload);
    let answer = reqwest::Client::new()
        .post(url)
        .header("Stripe-Signature", header)
        .header("Content-Type", "application/json; charset=utf-8")
        .timeout(Duration::from_secs(30))
        .body(payload.to_owned())
        .send()
        .await;
    match answer {
        Ok(response) => Some(response.status().as_u16()),
        Err(err) => {
            tracing::warn!(error = %err, "local Stripe could not deliver a webhook");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_carries_the_timestamp_and_a_hex_hmac() {
        let header = signature_header("whsec_test", 1_700_000_000, "{}");
        let (t, v1) = header.split_once(',').unwrap();
        assert_eq!(t, "t=1700000000");
        assert_eq!(v1.len(), "v1=".len() + 64);
        assert_ne!(signature_header("whsec_other", 1_700_000_000, "{}"), header);
    }
}
