//! The Payment Element's cards at the local Stripe: test card numbers made into payment
//! methods (with the payer's country), 3-D Secure (`requires_action`, then the challenge
//! completed or failed), and the stand-in Stripe.js the browser loads.

use serde_json::Value;
use vitrine_stripe_mock::StripeMock;

async fn post(mock: &StripeMock, path: &str, form: &[(&str, &str)]) -> (u16, Value) {
    let response = reqwest::Client::new()
        .post(format!("{}{path}", mock.base_url()))
        .bearer_auth("pk_test_vitrine")
        .form(form)
        .send()
        .await
        .expect("local Stripe answers");
    (response.status().as_u16(), response.json().await.expect("JSON"))
}

async fn card(mock: &StripeMock, number: &str) -> (u16, Value) {
    let form = [
        ("type", "card"),
        ("card[number]", number),
        ("card[exp_month]", "4"),
        ("card[exp_year]", "2031"),
        ("card[cvc]", "123"),
        ("billing_details[name]", "Maya Lindqvist"),
        ("billing_details[address][country]", "es"),
    ];
    post(mock, "v1/payment_methods", &form).await
}

async fn intent(mock: &StripeMock) -> (String, String) {
    let (status, pi) = post(mock, "v1/payment_intents", &[("amount", "4900"), ("currency", "usd")]).await;
    assert_eq!(status, 200, "{pi}");
    (pi["id"].as_str().unwrap().to_owned(), pi["client_secret"].as_str().unwrap().to_owned())
}

fn kinds(mock: &StripeMock) -> Vec<String> {
    mock.events().into_iter().map(|e| e.kind).collect()
}

#[tokio::test]
async fn a_card_number_becomes_a_payment_method_with_the_payers_country() {
    let mock = StripeMock::start().await.unwrap();
    let (status, pm) = card(&mock, "4242 4242 4242 4242").await;
    assert_eq!(status, 200, "{pm}");
    assert_eq!(pm["card"]["last4"], "4242");
    assert_eq!(pm["card"]["exp_month"], 4);
    assert_eq!(pm["card"]["exp_year"], 2031);
    assert_eq!(pm["billing_details"]["address"]["country"], "ES");
    assert_eq!(pm["billing_details"]["name"], "Maya Lindqvist");

    let (status, refused) = card(&mock, "4242 4242 4242 4241").await;
    assert_eq!(status, 402);
    assert_eq!(refused["error"]["code"], "incorrect_number");
    let (status, refused) =
        post(&mock, "v1/payment_methods", &[("type", "card"), ("card[number]", "4242424242424242")]).await;
    assert_eq!(status, 402, "no expiry: {refused}");
}

#[tokio::test]
async fn a_three_d_secure_card_requires_action_then_succeeds_when_completed() {
    let mock = StripeMock::start().await.unwrap();
    let (_, pm) = card(&mock, "4000 0000 0000 3220").await;
    let pm = pm["id"].as_str().unwrap();
    let (id, secret) = intent(&mock).await;

    let (status, waiting) = mock.confirm_payment_intent(&id, &secret, Some(pm)).await;
    assert_eq!(status, 200, "{waiting}");
    assert_eq!(waiting["status"], "requires_action");
    assert_eq!(waiting["next_action"]["type"], "use_stripe_sdk");
    assert_eq!(mock.charges(), 0, "nothing is charged before the challenge");
    assert!(kinds(&mock).is_empty(), "no event before the challenge");

    let (status, done) = mock.authenticate(&id, &secret, "complete").await;
    assert_eq!(status, 200, "{done}");
    assert_eq!(done["status"], "succeeded");
    assert_eq!(done["amount_received"], 4900);
    assert!(done["next_action"].is_null());
    assert_eq!(mock.charges(), 1);
    assert_eq!(kinds(&mock), ["payment_intent.succeeded"]);

    // Answered once: a second answer finds nothing to authenticate.
    let (status, again) = mock.authenticate(&id, &secret, "complete").await;
    assert_eq!(status, 400);
    assert_eq!(again["error"]["code"], "payment_intent_unexpected_state");
    assert_eq!(mock.charges(), 1);
}

#[tokio::test]
async fn a_failed_challenge_charges_nothing_and_the_intent_can_be_paid_again() {
    let mock = StripeMock::start().await.unwrap();
    let (id, secret) = intent(&mock).await;

    let (_, waiting) = mock.confirm_payment_intent(&id, &secret, Some("pm_card_threeDSecure2Required")).await;
    assert_eq!(waiting["status"], "requires_action");
    let (status, failed) = mock.authenticate(&id, &secret, "fail").await;
    assert_eq!(status, 200, "{failed}");
    assert_eq!(failed["status"], "requires_payment_method");
    assert_eq!(failed["last_payment_error"]["code"], "payment_intent_authentication_failure");
    assert!(failed["payment_method"].is_null());
    assert_eq!(mock.charges(), 0);
    assert_eq!(kinds(&mock), ["payment_intent.payment_failed"]);

    // A wrong secret or answer is refused and changes nothing.
    let (_, waiting) = mock.confirm_payment_intent(&id, &secret, Some("pm_card_authenticationRequired")).await;
    assert_eq!(waiting["status"], "requires_action");
    let (status, _) = mock.authenticate(&id, "pi_other_secret_x", "complete").await;
    assert_eq!(status, 400);
    let (status, _) = mock.authenticate(&id, &secret, "maybe").await;
    assert_eq!(status, 400);
    assert_eq!(mock.charges(), 0);

    // Another card pays the same intent.
    let (status, paid) = mock.confirm_payment_intent(&id, &secret, Some("pm_card_visa")).await;
    assert_eq!(status, 200, "{paid}");
    assert_eq!(paid["status"], "succeeded");
    assert_eq!(mock.charges(), 1);
}

#[tokio::test]
async fn the_stand_in_stripe_js_is_served_and_the_api_answers_browsers() {
    let mock = StripeMock::start().await.unwrap();
    let response = reqwest::get(mock.stripe_js_url()).await.unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/javascript"));
    let script = response.text().await.unwrap();
    assert!(script.contains("window.Stripe = Stripe"));

    // A preflight needs no key, and every answer allows any origin.
    let preflight = reqwest::Client::new()
        .request(reqwest::Method::OPTIONS, format!("{}v1/payment_methods", mock.base_url()))
        .header("origin", "http://127.0.0.1:5173")
        .header("access-control-request-method", "POST")
        .send()
        .await
        .unwrap();
    assert_eq!(preflight.status(), 204);
    assert_eq!(preflight.headers()["access-control-allow-origin"], "*");
    assert!(preflight.headers()["access-control-allow-headers"].to_str().unwrap().contains("authorization"));
    let unauthorized =
        reqwest::Client::new().post(format!("{}v1/payment_intents", mock.base_url())).send().await.unwrap();
    assert_eq!(unauthorized.status(), 401);
    assert_eq!(unauthorized.headers()["access-control-allow-origin"], "*");
}
