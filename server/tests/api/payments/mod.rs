//! Payments against a local Stripe (`vitrine-stripe-mock`) speaking Stripe's API over
//! HTTP: the server's real `async-stripe` client calls it, and it sends webhooks
//! signed as Stripe signs them back to the server. The test plays the browser's part
//! (Stripe.js confirming setup and payment intents) through the mock's helpers.

mod cards;
mod cart_and_subscriptions;
mod contest_extras;
mod designers_paid;
mod designers_property;
mod direct;
mod dishonest;
mod idempotency;
mod invoices;
mod launch;
mod ledger;
mod money_property;
pub(crate) mod paypal;
mod paypal_purposes;
mod prices;
mod projects;
mod test_mode;
mod webhooks;

use reqwest::Method;
use serde_json::{json, Value};
use vitrine_paypal_mock::PayPalMock;
use vitrine_server::config::Settings;
use vitrine_stripe_mock::StripeMock;

use crate::helpers::{spawn_app_with, Answer, TestApp};

pub const WEBHOOK_SECRET: &str = "whsec_vitrine_tests";

/// The app configured with Stripe keys and the local Stripe's URL, and the local
/// Stripe sending its webhooks to the app.
pub async fn spawn_paying_app() -> (TestApp, StripeMock) {
    let stripe = StripeMock::start().await.expect("local Stripe starts");
    let base = stripe.base_url();
    let app = spawn_app_with(|s| with_stripe(s, base)).await;
    stripe.set_webhook(format!("{}/webhooks/stripe", app.address), WEBHOOK_SECRET);
    (app, stripe)
}

/// The app configured with both providers: the local Stripe (sending its webhooks to the
/// app) and the local PayPal.
pub async fn spawn_app_with_both_providers() -> (TestApp, StripeMock, PayPalMock) {
    let stripe = StripeMock::start().await.expect("local Stripe starts");
    let paypal = PayPalMock::start().await.expect("local PayPal starts");
    let (stripe_base, paypal_base) = (stripe.base_url(), paypal.base_url());
    let app = spawn_app_with(|s| {
        with_stripe(s, stripe_base);
        paypal::with_paypal(s, paypal_base);
    })
    .await;
    stripe.set_webhook(format!("{}/webhooks/stripe", app.address), WEBHOOK_SECRET);
    (app, stripe, paypal)
}

/// Stripe's keys and the local Stripe at `base`.
fn with_stripe(s: &mut Settings, base: String) {
    s.stripe_secret_key = Some("sk_test_vitrine".into());
    s.stripe_webhook_secret = Some(WEBHOOK_SECRET.into());
    s.stripe_api_base = base;
}

pub async fn send(app: &TestApp, method: Method, path: &str, body: Value, token: &str) -> Answer {
    app.send_json(method, path, &body, Some(token)).await
}

/// Saves the test payment method `pm` (e.g. `pm_card_visa`) as the user's card the
/// way the browser does: a setup intent, Stripe.js confirms it, the server stores
/// the payment method. Answers the card id.
pub async fn save_card(app: &TestApp, stripe: &StripeMock, user: i64, token: &str, pm: &str) -> i64 {
    let setup =
        send(app, Method::POST, &format!("/users/{user}/customer-cards/stripe/setup-intents"), json!(null), token)
            .await;
    assert_eq!(setup.status, 201, "{}", setup.body);
    let data = &setup.body["data"];
    let (status, intent) =
        stripe.confirm_setup_intent(data["id"].as_str().unwrap(), data["client_secret"].as_str().unwrap(), pm).await;
    assert_eq!(status, 200, "{intent}");
    let pm_id = intent["payment_method"].as_str().expect("the setup intent saved a payment method");
    let stored = send(
        app,
        Method::POST,
        &format!("/users/{user}/customer-cards/stripe/payment-method"),
        json!({"payment_method": pm_id}),
        token,
    )
    .await;
    assert_eq!(stored.status, 201, "{}", stored.body);
    stored.body["data"]["id"].as_i64().unwrap()
}

/// The ids and amounts of the logo type's Silver package and its upgrades.
pub async fn silver(app: &TestApp) -> Value {
    let pricings = app.get("/contests/types/1/pricings", None).await.body["data"].clone();
    pricings.as_array().unwrap().iter().find(|p| p["name"] == "Silver").unwrap().clone()
}

/// A logo contest of the client with `token`, unpaid, its Silver package chosen
/// (and the given upgrades). Answers (contest id, the price the options step showed).
pub async fn priced_contest(app: &TestApp, token: &str, upgrade_ids: &[i64]) -> (i64, i64) {
    let id = crate::contests::launch(app, token).await;
    let body = json!({"contest_type_pricing_id": silver(app).await["id"], "upgrade_ids": upgrade_ids});
    let options = app.put(&format!("/contests/{id}/options"), &body, token).await;
    assert_eq!(options.status, 200, "{}", options.body);
    (id, options.body["data"]["quote"]["total_cents"].as_i64().unwrap() / 100)
}

/// Creates the payment intent at `base` with a fresh idempotency key and `body`.
pub async fn create_intent(app: &TestApp, base: &str, body: Value, token: &str) -> Value {
    let mut body = body;
    body["idempotency_key"] = json!(format!("key-{}", rand_suffix()));
    let created = send(app, Method::POST, base, body, token).await;
    assert_eq!(created.status, 201, "{}", created.body);
    created.body["data"].clone()
}

/// Finalizes `intent` (created at `base`) with the card.
pub async fn finalize(app: &TestApp, base: &str, intent: &Value, card: i64, token: &str) -> Answer {
    let path = format!("{base}/finalize/{}", intent["id"].as_str().unwrap());
    send(app, Method::POST, &path, json!({"customer_card_id": card}), token).await
}

/// The whole payment: create at `base`, finalize with `card`, confirm as the browser.
/// Answers (the intent as created, Stripe's answer to the confirmation).
pub async fn pay(
    app: &TestApp,
    stripe: &StripeMock,
    base: &str,
    body: Value,
    card: i64,
    token: &str,
) -> (Value, (u16, Value)) {
    let intent = create_intent(app, base, body, token).await;
    let finalized = finalize(app, base, &intent, card, token).await;
    assert_eq!(finalized.status, 200, "{}", finalized.body);
    let confirmed = stripe
        .confirm_payment_intent(intent["id"].as_str().unwrap(), intent["client_secret"].as_str().unwrap(), None)
        .await;
    (intent, confirmed)
}

fn rand_suffix() -> String {
    vitrine_server::accounts::secrets::new_secret()[..12].to_owned()
}

/// A payment as `GET /transactions` shows it to its payer.
pub async fn transaction(app: &TestApp, token: &str, intent_id: &str) -> Value {
    let list = app.get("/transactions", Some(token)).await;
    assert_eq!(list.status, 200, "{}", list.body);
    list.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["payment_intent_id"] == intent_id)
        .cloned()
        .unwrap_or(Value::Null)
}

pub async fn contest(app: &TestApp, id: i64, token: &str) -> Value {
    app.get(&format!("/contests/{id}"), Some(token)).await.body["data"].clone()
}

/// The runner of a property test whose case is dozens of HTTP calls: `cases` cases, a little
/// shrinking, and a failing case's seed kept in `regressions` (next to the test).
pub fn property_runner(cases: u32, regressions: &'static str) -> proptest::test_runner::TestRunner {
    use proptest::test_runner::{Config, FileFailurePersistence, TestRunner};
    TestRunner::new(Config {
        cases,
        max_shrink_iters: 16,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(regressions))),
        ..Config::default()
    })
}
