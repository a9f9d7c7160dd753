//! Without Stripe keys the server's test-mode provider stands in: a local Stripe
//! inside the server, its answers marked `test_mode`, and the whole flow working,
//! webhook included, so `make run` takes payments without real money.

use reqwest::Method;
use serde_json::json;

use super::{contest, priced_contest, send, spawn_paying_app};
use crate::helpers::spawn_app;

#[tokio::test]
async fn without_keys_a_card_is_saved_and_a_launch_paid_through_the_test_mode_provider() {
    let app = spawn_app().await;
    let (user, token) = app.client_session("testmode").await;
    let setup =
        send(&app, Method::POST, &format!("/users/{user}/customer-cards/stripe/setup-intents"), json!(null), &token)
            .await;
    assert_eq!((setup.status.as_u16(), setup.body["data"]["test_mode"].as_bool()), (201, Some(true)), "{}", setup.body);
    let setup = &setup.body["data"];
    let confirm = format!("/payments/test-mode/setup-intents/{}/confirm", setup["id"].as_str().unwrap());
    let confirmed = send(
        &app,
        Method::POST,
        &confirm,
        json!({"client_secret": setup["client_secret"], "payment_method": "pm_card_visa"}),
        &token,
    )
    .await;
    assert_eq!(confirmed.status, 200, "{}", confirmed.body);
    let stored = send(
        &app,
        Method::POST,
        &format!("/users/{user}/customer-cards/stripe/payment-method"),
        json!({"payment_method": confirmed.body["payment_method"]}),
        &token,
    )
    .await;
    assert_eq!(stored.status, 201, "{}", stored.body);
    let card = stored.body["data"]["id"].as_i64().unwrap();

    let (id, total) = priced_contest(&app, &token, &[]).await;
    let base = format!("/contests/{id}/payments/stripe/payment-intents");
    let intent = send(&app, Method::POST, &base, json!({"idempotency_key": "tm-1"}), &token).await;
    assert_eq!(
        (intent.body["data"]["test_mode"].as_bool(), intent.body["data"]["amount"].as_i64()),
        (Some(true), Some(total))
    );
    let intent = intent.body["data"].clone();
    let finalize = format!("{base}/finalize/{}", intent["id"].as_str().unwrap());
    assert_eq!(send(&app, Method::POST, &finalize, json!({"customer_card_id": card}), &token).await.status, 200);
    let pay = format!("/payments/test-mode/payment-intents/{}/confirm", intent["id"].as_str().unwrap());
    let paid = send(&app, Method::POST, &pay, json!({"client_secret": intent["client_secret"]}), &token).await;
    assert_eq!((paid.status.as_u16(), paid.body["status"].as_str()), (200, Some("succeeded")), "{}", paid.body);
    assert_eq!(contest(&app, id, &token).await["status_id"], 2, "the local Stripe's webhook reached the server");
}

#[tokio::test]
async fn with_real_keys_the_test_mode_routes_do_not_exist() {
    let (app, _stripe) = spawn_paying_app().await;
    let (_, token) = app.client_session("livemode").await;
    send(&app, Method::POST, "/payments/test-mode/payment-intents/pi_x/confirm", json!({"client_secret": "x"}), &token)
        .await
        .assert_error(404, "route.not_found");
}

#[tokio::test]
async fn a_declined_test_card_answers_the_error_envelope_with_stripes_reason() {
    let app = spawn_app().await;
    let (_, token) = app.client_session("declined").await;
    let (id, _) = priced_contest(&app, &token, &[]).await;
    let before = contest(&app, id, &token).await["status_id"].clone();
    let base = format!("/contests/{id}/payments/stripe/payment-intents");
    let intent = send(&app, Method::POST, &base, json!({"idempotency_key": "tm-declined"}), &token).await;
    let intent = intent.body["data"].clone();
    let pay = format!("/payments/test-mode/payment-intents/{}/confirm", intent["id"].as_str().unwrap());
    let declined = send(
        &app,
        Method::POST,
        &pay,
        json!({"client_secret": intent["client_secret"], "payment_method": "pm_card_chargeDeclined"}),
        &token,
    )
    .await;
    declined.assert_error(402, "payment.card_declined");
    assert!(declined.body["error"]["message"].as_str().unwrap().contains("declined"), "{}", declined.body);
    assert_eq!(contest(&app, id, &token).await["status_id"], before, "a declined card launches nothing");
}

#[tokio::test]
async fn the_browser_is_told_to_load_the_local_stand_in_stripe_js_only_in_test_mode() {
    let app = spawn_app().await;
    let source = app.get("/payments/stripe/js", None).await;
    assert_eq!(source.status, 200, "{}", source.body);
    let data = &source.body["data"];
    assert_eq!(data["test_mode"], true);
    assert!(data["publishable_key"].as_str().unwrap().starts_with("pk_test_"));
    let script = reqwest::get(data["js_url"].as_str().unwrap()).await.unwrap();
    assert_eq!(script.status(), 200);
    assert!(script.text().await.unwrap().contains("window.Stripe = Stripe"));

    let (app, _stripe) = spawn_paying_app().await;
    let source = app.get("/payments/stripe/js", None).await;
    assert_eq!(source.status, 200);
    assert_eq!(source.body["data"], json!({"test_mode": false, "js_url": null, "publishable_key": null}));
}
