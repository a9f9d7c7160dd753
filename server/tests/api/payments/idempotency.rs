//! A retried create with the same idempotency key is the same payment: one intent at
//! Stripe, one charge, even when the retries race.

use reqwest::Method;
use serde_json::json;

use super::{contest, finalize, priced_contest, save_card, send, spawn_paying_app};

#[tokio::test]
async fn retried_creates_with_one_key_make_one_intent_and_one_charge() {
    let (app, stripe) = spawn_paying_app().await;
    let (owner_id, owner) = app.client_session("retrier").await;
    let (id, total) = priced_contest(&app, &owner, &[]).await;
    let (other_id, _) = priced_contest(&app, &owner, &[]).await;
    let card = save_card(&app, &stripe, owner_id, &owner, "pm_card_visa").await;
    let base = format!("/contests/{id}/payments/stripe/payment-intents");
    let body = json!({"idempotency_key": "launch-7f3a"});

    // Two racing attempts (a double click), then a retry after a lost answer.
    let (a, b) = tokio::join!(
        send(&app, Method::POST, &base, body.clone(), &owner),
        send(&app, Method::POST, &base, body.clone(), &owner)
    );
    let c = send(&app, Method::POST, &base, body.clone(), &owner).await;
    for answer in [&a, &b, &c] {
        assert_eq!(answer.status, 201, "{}", answer.body);
        assert_eq!(answer.body["data"]["id"], a.body["data"]["id"]);
        assert_eq!(answer.body["data"]["transaction_id"], a.body["data"]["transaction_id"]);
        assert_eq!(answer.body["data"]["amount"], total);
    }
    assert_eq!(stripe.payment_intents_created(), 1, "one intent at Stripe");
    // The key in a header works the same.
    let headed = app
        .client
        .post(app.url(&base))
        .bearer_auth(&owner)
        .header("Idempotency-Key", "launch-7f3a")
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(headed.status(), 201);
    assert_eq!(stripe.payment_intents_created(), 1);

    // The same key for another contest is refused rather than answering the wrong payment.
    send(&app, Method::POST, &format!("/contests/{other_id}/payments/stripe/payment-intents"), body.clone(), &owner)
        .await
        .assert_error(409, "idempotency_key.reused");

    let intent = a.body["data"].clone();
    assert_eq!(finalize(&app, &base, &intent, card, &owner).await.status, 200);
    let (status, _) = stripe
        .confirm_payment_intent(intent["id"].as_str().unwrap(), intent["client_secret"].as_str().unwrap(), None)
        .await;
    assert_eq!(status, 200);
    // A retry after the payment went through still answers the same, paid payment.
    let late = send(&app, Method::POST, &base, body, &owner).await;
    assert_eq!((late.status.as_u16(), late.body["data"]["state"].as_str()), (201, Some("paid")), "{}", late.body);
    assert_eq!(stripe.charges(), 1, "one charge");
    assert_eq!(contest(&app, id, &owner).await["status_id"], 2);
    let rows: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM payment_transaction").fetch_one(&app.db.pool).await.unwrap();
    assert_eq!(rows, 1);
}
