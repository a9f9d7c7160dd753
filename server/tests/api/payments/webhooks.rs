//! The Stripe webhook: a signature made with another secret, or too long ago, is
//! refused and changes nothing; an event delivered twice has one effect; a refund
//! made at Stripe is recorded.

use std::time::{SystemTime, UNIX_EPOCH};

use serde_json::{json, Value};
use vitrine_stripe_mock::webhook::signature_header;

use super::{contest, pay, priced_contest, save_card, spawn_paying_app, transaction, WEBHOOK_SECRET};
use crate::helpers::TestApp;

async fn post_event(app: &TestApp, payload: &str, signature: Option<String>) -> (u16, Value) {
    let mut request = app.client.post(app.url("/webhooks/stripe")).header("content-type", "application/json");
    if let Some(signature) = signature {
        request = request.header("stripe-signature", signature);
    }
    let response = request.body(payload.to_owned()).send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap_or(Value::Null))
}

fn now_secs() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs() as i64
}

#[tokio::test]
async fn a_badly_signed_or_stale_event_is_refused_and_changes_nothing() {
    let (app, stripe) = spawn_paying_app().await;
    let (owner_id, owner) = app.client_session("signed").await;
    let (id, _) = priced_contest(&app, &owner, &[]).await;
    let card = save_card(&app, &stripe, owner_id, &owner, "pm_card_visa").await;

    // Stripe signs with a secret the server does not know: the delivery is refused.
    stripe.set_webhook(format!("{}/webhooks/stripe", app.address), "whsec_someone_else");
    let base = format!("/contests/{id}/payments/stripe/payment-intents");
    let (intent, (status, _)) = pay(&app, &stripe, &base, json!({}), card, &owner).await;
    assert_eq!(status, 200, "Stripe charged the card");
    let event = stripe.events().into_iter().find(|e| e.kind == "payment_intent.succeeded").expect("event sent");
    assert_eq!(event.status, Some(400), "the server refused the delivery");

    // Forged, stale, missing or unparsable signatures: all refused with the envelope.
    let payload = &event.payload;
    let (status, body) = post_event(&app, payload, Some(signature_header("whsec_forged", now_secs(), payload))).await;
    assert_eq!((status, body["error"]["code"].as_str()), (400, Some("webhook.signature_invalid")));
    // Past the 300 s tolerance (with room for the test's own duration).
    let stale = signature_header(WEBHOOK_SECRET, now_secs() - 400, payload);
    assert_eq!(post_event(&app, payload, Some(stale)).await.0, 400);
    assert_eq!(post_event(&app, payload, None).await.0, 400);
    assert_eq!(post_event(&app, payload, Some("t=abc,v1=zz".into())).await.0, 400);
    let tampered = payload.replace("succeeded", "succeeded ");
    let signed_original = signature_header(WEBHOOK_SECRET, now_secs(), payload);
    assert_eq!(post_event(&app, &tampered, Some(signed_original)).await.0, 400);

    assert_eq!(contest(&app, id, &owner).await["status_id"], 1);
    let unpaid = transaction(&app, &owner, intent["id"].as_str().unwrap()).await;
    assert_eq!((unpaid["status_id"].as_i64(), unpaid["state"].as_str()), (Some(1), Some("open")));
    let seen: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM stripe_event").fetch_one(&app.db.pool).await.unwrap();
    assert_eq!(seen, 0, "a refused event is not remembered, so Stripe's retry can still be handled");

    // Signed right, within the tolerance, the same event goes through.
    stripe.set_webhook(format!("{}/webhooks/stripe", app.address), WEBHOOK_SECRET);
    assert_eq!(stripe.redeliver(&event.id).await, Some(200));
    assert_eq!(contest(&app, id, &owner).await["status_id"], 2);
}

#[tokio::test]
async fn an_event_delivered_twice_has_one_effect() {
    let (app, stripe) = spawn_paying_app().await;
    let (owner_id, owner) = app.client_session("twice").await;
    let (_, admin) = app.admin_session("twiceadmin").await;
    let (id, _) = priced_contest(&app, &owner, &[]).await;
    crate::contests::activate(&app, id, &admin).await;
    let card = save_card(&app, &stripe, owner_id, &owner, "pm_card_visa").await;
    let before = contest(&app, id, &owner).await["submission_ends_at"].as_i64().unwrap();

    let base = format!("/contests/{id}/extends/payments/stripe/payment-intents");
    let (intent, (status, _)) = pay(&app, &stripe, &base, json!({"days": 3}), card, &owner).await;
    assert_eq!(status, 200);
    let moved = contest(&app, id, &owner).await["submission_ends_at"].as_i64().unwrap();
    assert_eq!(moved - before, 3 * 86_400_000);

    let event = stripe.events().into_iter().find(|e| e.kind == "payment_intent.succeeded").unwrap();
    let (status, body) =
        post_event(&app, &event.payload, Some(signature_header(WEBHOOK_SECRET, now_secs(), &event.payload))).await;
    assert_eq!((status, body["duplicate"].as_bool()), (200, Some(true)), "{body}");
    assert_eq!(stripe.redeliver(&event.id).await, Some(200));
    assert_eq!(contest(&app, id, &owner).await["submission_ends_at"].as_i64().unwrap(), moved, "extended once");
    let paid = transaction(&app, &owner, intent["id"].as_str().unwrap()).await;
    assert_eq!(
        (paid["state"].as_str(), paid["trigger_id"].as_i64(), paid["reason_id"].as_i64()),
        (Some("paid"), Some(6), Some(9))
    );
    let paid_count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM payment_transaction WHERE status_id = 2")
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(paid_count, 1);
}

#[tokio::test]
async fn a_refund_made_at_stripe_is_recorded() {
    let (app, stripe) = spawn_paying_app().await;
    let (owner_id, owner) = app.client_session("refunded").await;
    let (id, _) = priced_contest(&app, &owner, &[]).await;
    let card = save_card(&app, &stripe, owner_id, &owner, "pm_card_visa").await;
    let base = format!("/contests/{id}/payments/stripe/payment-intents");
    let (intent, _) = pay(&app, &stripe, &base, json!({}), card, &owner).await;
    let intent_id = intent["id"].as_str().unwrap();

    let (status, refund) = stripe.refund(intent_id).await;
    assert_eq!(status, 200, "{refund}");
    let event = stripe.events().into_iter().find(|e| e.kind == "charge.refunded").unwrap();
    assert_eq!(event.status, Some(200));
    let refunded = transaction(&app, &owner, intent_id).await;
    assert_eq!(
        (refunded["state"].as_str(), refunded["refunded_cents"].as_i64()),
        (Some("refunded"), intent["amount_cents"].as_i64())
    );
    assert_eq!(refunded["status_id"], 2, "it was paid; the refund is recorded beside it");
}

#[tokio::test]
async fn a_payment_whose_effect_can_no_longer_happen_is_refunded() {
    let (app, stripe) = spawn_paying_app().await;
    let (owner_id, owner) = app.client_session("toolate").await;
    let (_, admin) = app.admin_session("toolateadmin").await;
    let (id, _) = priced_contest(&app, &owner, &[]).await;
    let card = save_card(&app, &stripe, owner_id, &owner, "pm_card_visa").await;
    let base = format!("/contests/{id}/payments/stripe/payment-intents");
    let intent = super::create_intent(&app, &base, json!({}), &owner).await;
    assert_eq!(super::finalize(&app, &base, &intent, card, &owner).await.status, 200);
    // An admin starts the contest while the client is still paying.
    crate::contests::activate(&app, id, &admin).await;
    let launched_at = contest(&app, id, &owner).await["launched_at"].clone();

    let intent_id = intent["id"].as_str().unwrap();
    let (status, _) = stripe.confirm_payment_intent(intent_id, intent["client_secret"].as_str().unwrap(), None).await;
    assert_eq!(status, 200);
    assert_eq!(contest(&app, id, &owner).await["launched_at"], launched_at, "started once");
    let refunded = transaction(&app, &owner, intent_id).await;
    assert_eq!(refunded["state"], "refunded", "{refunded}");
    assert_eq!(refunded["refunded_cents"], intent["amount_cents"]);
    assert!(refunded["failure_message"].as_str().unwrap().contains("refunded"));
    let refund_event = stripe.events().into_iter().find(|e| e.kind == "charge.refunded").expect("refunded at Stripe");
    assert_eq!(refund_event.status, Some(200));
}
