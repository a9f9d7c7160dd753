//! Paying with PayPal against a local PayPal (`vitrine-paypal-mock`) speaking PayPal's
//! v1 Payments API: create -> the approval page -> execute with `paymentId` and
//! `PayerID`, exactly once, with the effects and hub events of a card payment. The
//! test plays the buyer's part on the approval page over plain HTTP.

use reqwest::{redirect::Policy, Method};
use serde_json::{json, Value};
use vitrine_paypal_mock::PayPalMock;
use vitrine_protocol::ServerFrame;

use super::{contest, priced_contest, send, transaction};
use crate::{
    bids::bid,
    entries::{designer, running_contest},
    helpers::{spawn_app_with, Answer, TestApp},
    projects::world,
    realtime::client::WsClient,
};

/// The app configured with PayPal keys and the local PayPal's URL.
pub(crate) async fn spawn_paypal_app() -> (TestApp, PayPalMock) {
    let paypal = PayPalMock::start().await.expect("local PayPal starts");
    let base = paypal.base_url();
    let app = spawn_app_with(|s| {
        s.paypal_client_id = Some("paypal-client".into());
        s.paypal_client_secret = Some("paypal-secret".into());
        s.paypal_api_base = base;
        // Start-up requires it with PayPal keys: where PayPal sends payers back.
        s.public_url = Some("http://127.0.0.1:8080".into());
    })
    .await;
    (app, paypal)
}

/// Creates the PayPal payment at `base`; asserts 201.
pub(crate) async fn create(app: &TestApp, base: &str, body: Value, token: &str) -> Value {
    let created = send(app, Method::POST, base, body, token).await;
    assert_eq!(created.status, 201, "{}", created.body);
    created.body["data"].clone()
}

/// The buyer on the approval page: 'Pay Now' (`pay`) or 'Cancel'. Answers where
/// the page redirected to, with its query parsed.
pub(crate) async fn on_approval_page(
    payment: &Value,
    pay: bool,
) -> (String, std::collections::HashMap<String, String>) {
    let browser = reqwest::Client::builder().redirect(Policy::none()).build().unwrap();
    let url = payment["approval_url"].as_str().unwrap();
    let page = browser.get(url).send().await.unwrap();
    assert_eq!(page.status(), 200);
    let html = page.text().await.unwrap();
    assert!(html.contains("Pay Now") && html.contains("Cancel and return to Vitrine"), "{html}");
    let token = url.split("token=").nth(1).unwrap();
    let action = if pay { "pay" } else { "cancel" };
    let origin = url.split("/checkoutnow").next().unwrap();
    let answer = browser
        .post(format!("{origin}/checkoutnow"))
        .form(&[("token", token), ("action", action)])
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 303);
    let location = answer.headers()["location"].to_str().unwrap().to_owned();
    let query = location.split_once('?').map(|(_, q)| q).unwrap_or_default();
    let params = form_urlencoded::parse(query.as_bytes()).into_owned().collect();
    (location, params)
}

pub(crate) async fn execute(app: &TestApp, base: &str, payment_id: &str, payer_id: &str, token: &str) -> Answer {
    let query: String = form_urlencoded::Serializer::new(String::new())
        .append_pair("paymentId", payment_id)
        .append_pair("PayerID", payer_id)
        .finish();
    app.get(&format!("{base}/execute?{query}"), Some(token)).await
}

#[tokio::test]
async fn a_paypal_upgrade_is_executed_once_and_appears_live() {
    let (app, paypal) = spawn_paypal_app().await;
    let running = running_contest(&app, "ppu").await;
    let (_, stranger) = app.client_session("ppustranger").await;
    let upgrades = app.get("/contests/types/1/upgrades", None).await.body["data"].clone();
    let featured = upgrades.as_array().unwrap().iter().find(|u| u["is_featured"] == 1).unwrap().clone();
    let base = format!("/contests/{}/upgrades/payments/paypal", running.id);
    let ch = format!("contest:{}", running.id);
    let (_, watcher) = designer(&app, "ppuwatcher", 2).await;
    let mut ws = WsClient::signed_in(&app, &watcher).await;
    assert!(matches!(ws.sub(&ch, None, None).await, ServerFrame::Subscribed { .. }));

    // Only the holder pays; nothing reaches PayPal otherwise.
    let body = json!({"upgrade_ids": [featured["id"]]});
    send(&app, Method::POST, &base, body.clone(), &stranger).await.assert_error(403, "contest.edit.forbidden");
    send(&app, Method::POST, &base, body.clone(), &watcher).await.assert_error(403, "contest.edit.forbidden");
    send(&app, Method::POST, &base, json!({"upgrade_ids": []}), &running.owner)
        .await
        .assert_error(422, "validation.required");
    assert_eq!(paypal.payments_created(), 0);

    let payment = create(&app, &base, body, &running.owner).await;
    assert_eq!((payment["amount"].clone(), payment["state"].as_str()), (featured["amount"].clone(), Some("open")));
    let payment_id = payment["id"].as_str().unwrap();
    let held = paypal.payment(payment_id).unwrap();
    assert_eq!(held["transactions"][0]["amount"]["total"], format!("{}.00", featured["amount"]));
    let return_url = held["redirect_urls"]["return_url"].as_str().unwrap().to_owned();
    assert!(
        return_url.ends_with(&format!(
            "/payments/paypal/return?route=%2Fcontests%2F{}%2Fupgrades%2Fpayments%2Fpaypal",
            running.id
        )),
        "{return_url}"
    );

    let (location, params) = on_approval_page(&payment, true).await;
    assert!(location.starts_with(&return_url), "{location}");
    assert_eq!(params["paymentId"], payment_id);
    let payer = params["PayerID"].clone();

    // Someone else's payment, another payer, a payment of another route, an unknown one.
    execute(&app, &base, payment_id, &payer, &stranger).await.assert_error(403, "payment.forbidden");
    let wrong = execute(&app, &base, payment_id, "NOTTHEPAYER42", &running.owner).await;
    assert_eq!((wrong.status.as_u16(), wrong.field_code("PayerID")), (422, "paypal.payer_invalid"), "{}", wrong.body);
    let prize = format!("/contests/{}/increase-prize/payments/paypal", running.id);
    execute(&app, &prize, payment_id, &payer, &running.owner).await.assert_error(404, "payment.not_found");
    execute(&app, &base, "PAYID-UNKNOWN", &payer, &running.owner).await.assert_error(404, "payment.not_found");
    let missing = app.get(&format!("{base}/execute?paymentId={payment_id}"), Some(&running.owner)).await;
    assert_eq!((missing.status.as_u16(), missing.field_code("PayerID")), (422, "validation.required"));
    assert_eq!(paypal.sales(), 0);
    assert_eq!(contest(&app, running.id, &running.owner).await["is_featured"], 0, "nothing changed yet");

    let executed = execute(&app, &base, payment_id, &payer, &running.owner).await;
    assert_eq!(
        (executed.status.as_u16(), executed.body["data"]["state"].as_str()),
        (200, Some("paid")),
        "{}",
        executed.body
    );
    let data = loop {
        match ws.expect().await {
            ServerFrame::Event(e) if e.ch == ch && e.event_type == "contest.updated" => break e.data,
            _ => continue,
        }
    };
    assert_eq!(data["is_featured"], 1);
    assert_eq!(contest(&app, running.id, &running.owner).await["is_featured"], 1);

    // Exactly once: a second execute (a reload of the return page) changes nothing.
    execute(&app, &base, payment_id, &payer, &running.owner).await.assert_error(409, "payment.not_open");
    assert_eq!(paypal.sales(), 1);
    let paid = transaction(&app, &running.owner, payment_id).await;
    assert_eq!(
        (paid["provider"].as_str(), paid["state"].as_str(), paid["trigger_id"].as_i64()),
        (Some("paypal"), Some("paid"), Some(5))
    );
    // A PayPal payment has no card to finalize with.
    let finalize = format!("/contests/{}/upgrades/payments/stripe/payment-intents/finalize/{payment_id}", running.id);
    send(&app, Method::POST, &finalize, json!({"customer_card_id": 1}), &running.owner)
        .await
        .assert_error(404, "payment.not_found");
}

#[tokio::test]
async fn a_cancelled_approval_changes_nothing_and_the_launch_is_paid_after_approval() {
    let (app, paypal) = spawn_paypal_app().await;
    let (_, owner) = app.client_session("pplaunch").await;
    let (_, other) = app.client_session("pplaunchother").await;
    let (id, price) = priced_contest(&app, &owner, &[]).await;
    let base = format!("/contests/{id}/payments/paypal");
    send(&app, Method::POST, &base, json!({}), &other).await.assert_error(403, "contest.edit.forbidden");

    // A retried create with one key is one payment.
    let payment = create(&app, &base, json!({"idempotency_key": "launch-1"}), &owner).await;
    let again = create(&app, &base, json!({"idempotency_key": "launch-1"}), &owner).await;
    assert_eq!((again["id"].clone(), payment["amount"].as_i64()), (payment["id"].clone(), Some(price)));
    assert_eq!(paypal.payments_created(), 1);
    let payment_id = payment["id"].as_str().unwrap();

    let (location, params) = on_approval_page(&payment, false).await;
    assert!(location.contains("cancelled=1") && params.contains_key("token"), "{location}");
    assert!(!params.contains_key("PayerID"));
    // Not approved: nothing is taken, the contest does not start.
    execute(&app, &base, payment_id, "SOMEPAYER", &owner).await.assert_error(409, "paypal.not_approved");
    assert_eq!(contest(&app, id, &owner).await["status_id"], 1);
    assert_eq!(transaction(&app, &owner, payment_id).await["state"], "open");
    assert_eq!(paypal.sales(), 0);

    // The payer changes their mind and approves: the contest starts.
    let (_, params) = on_approval_page(&payment, true).await;
    let executed = execute(&app, &base, payment_id, &params["PayerID"], &owner).await;
    assert_eq!(executed.status, 200, "{}", executed.body);
    assert_eq!(contest(&app, id, &owner).await["status_id"], 2);
    let paid = transaction(&app, &owner, payment_id).await;
    assert_eq!((paid["status"].as_str(), paid["trigger_id"].as_i64()), (Some("Paid"), Some(4)));
}

#[tokio::test]
async fn a_payment_paypal_holds_for_another_amount_is_not_executed() {
    let (app, paypal) = spawn_paypal_app().await;
    let running = running_contest(&app, "ppamt").await;
    let base = format!("/contests/{}/increase-prize/payments/paypal", running.id);
    send(&app, Method::POST, &base, json!({"amount": 30}), &running.owner).await.assert_error(422, "amount.in");
    let before = contest(&app, running.id, &running.owner).await;
    let payment = create(&app, &base, json!({"amount": 50}), &running.owner).await;
    let payment_id = payment["id"].as_str().unwrap();
    assert_eq!(payment["amount_cents"], 5_000);
    let (_, params) = on_approval_page(&payment, true).await;
    assert!(paypal.set_total(payment_id, "1.00"));

    execute(&app, &base, payment_id, &params["PayerID"], &running.owner)
        .await
        .assert_error(409, "paypal.amount_mismatch");
    assert_eq!(paypal.sales(), 0, "nothing was taken");
    assert_eq!(
        contest(&app, running.id, &running.owner).await["detail"]["winning_entry_amount"],
        before["detail"]["winning_entry_amount"]
    );
    assert_eq!(transaction(&app, &running.owner, payment_id).await["status_id"], 1);
}

#[tokio::test]
async fn a_bid_approval_and_a_budget_increase_are_paid_with_paypal_by_the_owner_only() {
    let (app, _paypal) = spawn_paypal_app().await;
    let w = world(&app).await;
    let bid_id = bid(&app, &w, 320, &w.designer.1).await;
    let approve = format!("/projects/{}/bids/{bid_id}/approve/payments/paypal", w.project);
    let budget = format!("/projects/{}/increase-budget/payments/paypal", w.project);
    let ch = format!("project:{}", w.project);
    let mut designer_ws = WsClient::signed_in(&app, &w.designer.1).await;
    assert!(matches!(designer_ws.sub(&ch, None, None).await, ServerFrame::Subscribed { .. }));

    for token in [&w.designer.1, &w.admin.1] {
        send(&app, Method::POST, &approve, json!({}), token).await.assert_error(403, "project.edit.forbidden");
        send(&app, Method::POST, &budget, json!({"budget": 400}), token)
            .await
            .assert_error(403, "project.edit.forbidden");
    }
    send(&app, Method::POST, &approve, json!({}), &w.stranger.1).await.assert_error(404, "project.not_found");

    // The budget first (the project is still live): from 250 to 400.
    let raise = create(&app, &budget, json!({"budget": 400}), &w.owner.1).await;
    assert_eq!(raise["amount"], 150);
    let (_, params) = on_approval_page(&raise, true).await;
    let raise_id = raise["id"].as_str().unwrap();
    execute(&app, &budget, raise_id, &params["PayerID"], &w.designer.1).await.assert_error(403, "payment.forbidden");
    let done = execute(&app, &budget, raise_id, &params["PayerID"], &w.owner.1).await;
    assert_eq!(done.status, 200, "{}", done.body);
    assert_eq!(app.get(&w.path(""), Some(&w.owner.1)).await.body["data"]["budget"], 400);

    let payment = create(&app, &approve, json!({}), &w.owner.1).await;
    // The bid and the pay-to-start project's listing fee (projects doc, section 9: 19).
    assert_eq!(payment["amount"], 320 + 19);
    let (_, params) = on_approval_page(&payment, true).await;
    let executed = execute(&app, &approve, payment["id"].as_str().unwrap(), &params["PayerID"], &w.owner.1).await;
    assert_eq!(executed.status, 200, "{}", executed.body);
    let data = loop {
        match designer_ws.expect().await {
            ServerFrame::Event(e) if e.ch == ch && e.event_type == "project.status" => break e.data,
            _ => continue,
        }
    };
    assert_eq!(data["status_id"], 2);
    let shown = app.get(&format!("/bids/{bid_id}"), Some(&w.owner.1)).await;
    assert_eq!(shown.body["data"]["status_id"], 2, "{}", shown.body);
    let paid = transaction(&app, &w.owner.1, payment["id"].as_str().unwrap()).await;
    assert_eq!((paid["provider"].as_str(), paid["trigger_id"].as_i64()), (Some("paypal"), Some(10)));
}

#[tokio::test]
async fn without_paypal_keys_the_server_runs_the_local_paypal_in_test_mode() {
    let app = crate::helpers::spawn_app().await;
    let running = running_contest(&app, "pptest").await;
    let base = format!("/contests/{}/increase-prize/payments/paypal", running.id);
    let payment = create(&app, &base, json!({"amount": 25}), &running.owner).await;
    assert_eq!(payment["test_mode"], true);
    let (_, params) = on_approval_page(&payment, true).await;
    let executed = execute(&app, &base, payment["id"].as_str().unwrap(), &params["PayerID"], &running.owner).await;
    assert_eq!(executed.status, 200, "{}", executed.body);
    assert_eq!(transaction(&app, &running.owner, payment["id"].as_str().unwrap()).await["amount"], 25);
}

#[tokio::test]
async fn without_a_public_url_the_test_mode_payer_returns_to_the_origin_they_came_from() {
    let app = crate::helpers::spawn_app().await;
    let running = running_contest(&app, "pporigin").await;
    let base = format!("/contests/{}/increase-prize/payments/paypal", running.id);
    let create_from = |origin: Option<&'static str>| {
        let mut request =
            app.client.post(format!("{}{base}", app.address)).bearer_auth(&running.owner).json(&json!({"amount": 25}));
        if let Some(origin) = origin {
            request = request.header("Origin", origin);
        }
        request.send()
    };
    // The browser's origin (a demo served on another host or port).
    let created = create_from(Some("http://demo.example:9000")).await.unwrap();
    assert_eq!(created.status(), 201);
    let payment: Value = created.json().await.unwrap();
    let (location, _) = on_approval_page(&payment["data"], false).await;
    assert!(location.starts_with("http://demo.example:9000/payments/paypal/return?route="), "{location}");
    // No Origin: the Host the request was sent to.
    let created = create_from(None).await.unwrap();
    let payment: Value = created.json().await.unwrap();
    let (location, _) = on_approval_page(&payment["data"], false).await;
    assert!(location.starts_with(&format!("{}/payments/paypal/return?route=", app.address)), "{location}");
}
