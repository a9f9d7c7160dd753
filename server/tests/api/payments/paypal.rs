//! Paying with PayPal against a local PayPal (`vitrine-paypal-mock`) speaking PayPal's
//! Orders v2 API: create (an order) -> the approval page -> execute with `token` (the
//! order id) and `PayerID`, which captures exactly once, with the effects and hub events
//! of a card payment. The test plays the buyer's part on the approval page over plain HTTP.

use reqwest::{redirect::Policy, Method};
use serde_json::{json, Value};
use vitrine_paypal_mock::PayPalMock;
use vitrine_protocol::ServerFrame;
use vitrine_server::{
    config::Settings,
    shared::paypal::client::{Client, Money, NewOrder},
};

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
    let app = spawn_app_with(|s| with_paypal(s, base)).await;
    (app, paypal)
}

/// PayPal's keys and the local PayPal at `base`.
pub(crate) fn with_paypal(s: &mut Settings, base: String) {
    s.paypal_client_id = Some("paypal-client".into());
    s.paypal_client_secret = Some("paypal-secret".into());
    s.paypal_api_base = base;
    // Start-up requires it with PayPal keys: where PayPal sends payers back.
    s.public_url = Some("http://127.0.0.1:8080".into());
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

/// The return page's call: `{base}/execute?token={order id}&PayerID=...` as `token`.
pub(crate) async fn execute(app: &TestApp, base: &str, order_id: &str, payer_id: &str, token: &str) -> Answer {
    let query: String = form_urlencoded::Serializer::new(String::new())
        .append_pair("token", order_id)
        .append_pair("PayerID", payer_id)
        .finish();
    app.get(&format!("{base}/execute?{query}"), Some(token)).await
}

/// An upgrade's price as PayPal's decimal string.
fn unit_value(upgrade: &Value) -> Value {
    json!(format!("{}.00", upgrade["amount"]))
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
    assert_eq!(paypal.orders_created(), 0);

    let payment = create(&app, &base, body, &running.owner).await;
    assert_eq!((payment["amount"].clone(), payment["state"].as_str()), (featured["amount"].clone(), Some("open")));
    let payment_id = payment["id"].as_str().unwrap();
    let held = paypal.order(payment_id).unwrap();
    assert_eq!((held["intent"].as_str(), held["status"].as_str()), (Some("CAPTURE"), Some("PAYER_ACTION_REQUIRED")));
    let unit = &held["purchase_units"][0];
    assert_eq!(unit["amount"], json!({"currency_code": "USD", "value": format!("{}.00", featured["amount"])}));
    assert!(unit["custom_id"].as_str().unwrap().starts_with("vitrine:contest_upgrade:"), "{held}");
    let context = paypal.experience_context(payment_id).unwrap();
    assert_eq!((context.brand_name.as_str(), context.user_action.as_str()), ("Vitrine", "PAY_NOW"));
    let return_url = context.return_url.clone();
    assert!(
        return_url.ends_with(&format!(
            "/payments/paypal/return?route=%2Fcontests%2F{}%2Fupgrades%2Fpayments%2Fpaypal",
            running.id
        )),
        "{return_url}"
    );

    let (location, params) = on_approval_page(&payment, true).await;
    assert!(location.starts_with(&return_url), "{location}");
    assert_eq!(params["token"], payment_id);
    let payer = params["PayerID"].clone();

    // Someone else's payment, another payer, a payment of another route, an unknown one.
    execute(&app, &base, payment_id, &payer, &stranger).await.assert_error(403, "payment.forbidden");
    let wrong = execute(&app, &base, payment_id, "NOTTHEPAYER42", &running.owner).await;
    assert_eq!((wrong.status.as_u16(), wrong.field_code("PayerID")), (422, "paypal.payer_invalid"), "{}", wrong.body);
    let prize = format!("/contests/{}/increase-prize/payments/paypal", running.id);
    execute(&app, &prize, payment_id, &payer, &running.owner).await.assert_error(404, "payment.not_found");
    execute(&app, &base, "8UNKNOWN0RDER1234", &payer, &running.owner).await.assert_error(404, "payment.not_found");
    let missing = app.get(&format!("{base}/execute?token={payment_id}"), Some(&running.owner)).await;
    assert_eq!((missing.status.as_u16(), missing.field_code("PayerID")), (422, "validation.required"));
    let missing = app.get(&format!("{base}/execute?PayerID={payer}"), Some(&running.owner)).await;
    assert_eq!((missing.status.as_u16(), missing.field_code("token")), (422, "validation.required"));
    assert_eq!(paypal.captures(), 0);
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
    assert_eq!(paypal.captures(), 1);
    let held = paypal.order(payment_id).unwrap();
    assert_eq!(held["status"], "COMPLETED");
    let capture = &held["purchase_units"][0]["payments"]["captures"][0];
    assert_eq!((capture["status"].as_str(), &capture["amount"]["value"]), (Some("COMPLETED"), &unit_value(&featured)));
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
    assert_eq!(paypal.orders_created(), 1);
    let payment_id = payment["id"].as_str().unwrap();

    let (location, params) = on_approval_page(&payment, false).await;
    assert!(location.contains("cancelled=1") && params.contains_key("token"), "{location}");
    assert!(!params.contains_key("PayerID"));
    // Not approved: nothing is taken, the contest does not start.
    execute(&app, &base, payment_id, "SOMEPAYER", &owner).await.assert_error(409, "paypal.not_approved");
    assert_eq!(contest(&app, id, &owner).await["status_id"], 1);
    assert_eq!(transaction(&app, &owner, payment_id).await["state"], "open");
    assert_eq!(paypal.captures(), 0);

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
    assert!(paypal.set_value(payment_id, "1.00"));

    execute(&app, &base, payment_id, &params["PayerID"], &running.owner)
        .await
        .assert_error(409, "paypal.amount_mismatch");
    assert_eq!(paypal.captures(), 0, "nothing was taken");
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

    // Before approval the budget is the brief's: no payment for it.
    send(&app, Method::POST, &budget, json!({"budget": 400}), &w.owner.1)
        .await
        .assert_error(409, "budget.before_approval");

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
    // Once approved, the budget is raised with PayPal: from 250 to 400.
    let raise = create(&app, &budget, json!({"budget": 400}), &w.owner.1).await;
    assert_eq!(raise["amount"], 150);
    let (_, params) = on_approval_page(&raise, true).await;
    let raise_id = raise["id"].as_str().unwrap();
    execute(&app, &budget, raise_id, &params["PayerID"], &w.designer.1).await.assert_error(403, "payment.forbidden");
    let done = execute(&app, &budget, raise_id, &params["PayerID"], &w.owner.1).await;
    assert_eq!(done.status, 200, "{}", done.body);
    assert_eq!(app.get(&w.path(""), Some(&w.owner.1)).await.body["data"]["budget"], 400);
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

/// The server's own PayPal client pointed at `paypal`, as the app builds it.
fn client_of(paypal: &PayPalMock) -> Client {
    Client::new(&paypal.base_url(), "paypal-client", "paypal-secret").unwrap()
}

fn new_order<'a>(cents: i64, request_id: &'a str) -> NewOrder<'a> {
    NewOrder {
        amount: Money::usd(cents),
        description: "Test order",
        custom_id: "vitrine:test:1",
        brand_name: "Vitrine",
        return_url: "http://127.0.0.1:8080/payments/paypal/return?route=x",
        cancel_url: "http://127.0.0.1:8080/payments/paypal/return?route=x&cancelled=1",
        request_id,
    }
}

#[tokio::test]
async fn the_orders_v2_client_replays_by_request_id_and_names_paypals_refusals() {
    let paypal = PayPalMock::start().await.unwrap();
    let client = client_of(&paypal);

    // One request id, one order: the retry is answered the first order.
    let order = client.create_order(&new_order(1_250, "req-1")).await.unwrap();
    let again = client.create_order(&new_order(1_250, "req-1")).await.unwrap();
    assert_eq!((again.id.as_str(), paypal.orders_created()), (order.id.as_str(), 1));
    assert_eq!((order.status.as_str(), order.amount()), ("PAYER_ACTION_REQUIRED", Some(&Money::usd(1_250))));
    assert_eq!(order.amount().unwrap().value, "12.50");
    assert!(order.approval_url().unwrap().ends_with(&format!("/checkoutnow?token={}", order.id)));
    let other = client.create_order(&new_order(1_250, "req-2")).await.unwrap();
    assert_ne!(other.id, order.id);

    // Before the payer approves: ORDER_NOT_APPROVED, nothing taken.
    let early = client.capture_order(&order.id).await.unwrap_err();
    assert_eq!((early.status, early.name.as_str()), (422, "UNPROCESSABLE_ENTITY"));
    assert!(early.is("ORDER_NOT_APPROVED"), "{early}");
    assert_eq!(paypal.captures(), 0);

    // Approved, captured; the capture retried (same request id) is the same capture.
    let payer = paypal.approve(&order.id).unwrap();
    let shown = client.show_order(&order.id).await.unwrap();
    assert_eq!((shown.status.as_str(), shown.payer_id()), ("APPROVED", Some(payer.as_str())));
    let captured = client.capture_order(&order.id).await.unwrap();
    let capture = captured.capture().unwrap().clone();
    assert_eq!((captured.status.as_str(), capture.status.as_str()), ("COMPLETED", "COMPLETED"));
    assert_eq!(capture.amount, Money::usd(1_250));
    let replayed = client.capture_order(&order.id).await.unwrap();
    assert_eq!(replayed.capture().unwrap().id, capture.id);
    assert_eq!(paypal.captures(), 1);

    // A capture of another request id: ORDER_ALREADY_CAPTURED. An unknown order: 404.
    let token = reqwest::Client::new()
        .post(format!("{}/v1/oauth2/token", paypal.base_url()))
        .basic_auth("paypal-client", Some("paypal-secret"))
        .form(&[("grant_type", "client_credentials")])
        .send()
        .await
        .unwrap()
        .json::<Value>()
        .await
        .unwrap()["access_token"]
        .as_str()
        .unwrap()
        .to_owned();
    let twice = reqwest::Client::new()
        .post(format!("{}/v2/checkout/orders/{}/capture", paypal.base_url(), order.id))
        .bearer_auth(&token)
        .header("PayPal-Request-Id", "another-capture")
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(twice.status(), 422);
    assert_eq!(twice.json::<Value>().await.unwrap()["details"][0]["issue"], "ORDER_ALREADY_CAPTURED");
    let unknown = client.show_order("0NOSUCHORDER0000").await.unwrap_err();
    assert_eq!(
        (unknown.status, unknown.name.as_str(), unknown.issue.as_str()),
        (404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID")
    );

    // Refunded once; the retry (same request id) is the same refund; held as REFUNDED.
    client.refund_capture(&capture.id).await.unwrap();
    client.refund_capture(&capture.id).await.unwrap();
    assert_eq!(paypal.refunds(), 1);
    let refunded = client.show_order(&order.id).await.unwrap();
    assert_eq!(refunded.capture().unwrap().status, "REFUNDED");

    // An amount PayPal refuses: three decimals are not a currency amount.
    let mut odd = new_order(100, "req-3");
    odd.amount.value = "1.005".into();
    let refused = client.create_order(&odd).await.unwrap_err();
    assert_eq!((refused.status, refused.issue.as_str()), (422, "DECIMAL_PRECISION"));
}

#[tokio::test]
async fn returns_racing_each_other_capture_and_settle_once() {
    let (app, paypal) = spawn_paypal_app().await;
    let running = running_contest(&app, "pprace").await;
    let base = format!("/contests/{}/increase-prize/payments/paypal", running.id);
    let before = contest(&app, running.id, &running.owner).await["detail"]["winning_entry_amount"].as_i64().unwrap();
    let payment = create(&app, &base, json!({"amount": 50}), &running.owner).await;
    let order_id = payment["id"].as_str().unwrap();
    let (_, params) = on_approval_page(&payment, true).await;

    // Four tabs return at once (a reload, a double click): one capture, one effect.
    let returns = (0..4).map(|_| execute(&app, &base, order_id, &params["PayerID"], &running.owner));
    let answers = futures::future::join_all(returns).await;
    let paid = answers.iter().filter(|a| a.status == 200 && a.body["data"]["state"] == "paid").count();
    let refused = answers.iter().filter(|a| a.status == 409 && a.body["error"]["code"] == "payment.not_open").count();
    assert_eq!((paid, refused), (1, 3), "{:?}", answers.iter().map(|a| &a.body).collect::<Vec<_>>());
    assert_eq!(paypal.captures(), 1);
    let after = contest(&app, running.id, &running.owner).await["detail"]["winning_entry_amount"].as_i64().unwrap();
    assert_eq!(after, before + 50, "the prize grew once");
    let row = transaction(&app, &running.owner, order_id).await;
    assert_eq!((row["state"].as_str(), row["amount_cents"].as_i64()), (Some("paid"), Some(5_000)));
}

#[tokio::test]
async fn an_order_captured_at_paypal_but_not_settled_here_is_settled_by_the_next_return() {
    let (app, paypal) = spawn_paypal_app().await;
    let running = running_contest(&app, "ppcrash").await;
    let base = format!("/contests/{}/increase-prize/payments/paypal", running.id);
    let payment = create(&app, &base, json!({"amount": 75}), &running.owner).await;
    let order_id = payment["id"].as_str().unwrap();
    let (_, params) = on_approval_page(&payment, true).await;
    // The server captured, then stopped before settling (the capture made without it).
    let captured = client_of(&paypal).capture_order(order_id).await.unwrap();
    assert_eq!(captured.status, "COMPLETED");
    assert_eq!(transaction(&app, &running.owner, order_id).await["state"], "open");

    let executed = execute(&app, &base, order_id, &params["PayerID"], &running.owner).await;
    assert_eq!((executed.status.as_u16(), executed.body["data"]["state"].as_str()), (200, Some("paid")));
    assert_eq!(paypal.captures(), 1, "settled from PayPal's capture, not a second one");
    execute(&app, &base, order_id, &params["PayerID"], &running.owner).await.assert_error(409, "payment.not_open");
}

#[tokio::test]
async fn a_declined_instrument_takes_nothing_and_the_payer_may_approve_again() {
    let (app, paypal) = spawn_paypal_app().await;
    let running = running_contest(&app, "ppdecline").await;
    let base = format!("/contests/{}/increase-prize/payments/paypal", running.id);
    let before = contest(&app, running.id, &running.owner).await["detail"]["winning_entry_amount"].clone();
    let payment = create(&app, &base, json!({"amount": 25}), &running.owner).await;
    let order_id = payment["id"].as_str().unwrap();

    // The buyer picks the page's declining card: the capture is refused, nothing changes.
    let browser = reqwest::Client::builder().redirect(Policy::none()).build().unwrap();
    let url = payment["approval_url"].as_str().unwrap();
    let page = browser.get(url).send().await.unwrap().text().await.unwrap();
    assert!(page.contains("Pay with a card that declines"), "{page}");
    let origin = url.split("/checkoutnow").next().unwrap();
    let declining = browser
        .post(format!("{origin}/checkoutnow"))
        .form(&[("token", order_id), ("action", "pay_declining")])
        .send()
        .await
        .unwrap();
    assert_eq!(declining.status(), 303);
    let location = declining.headers()["location"].to_str().unwrap().to_owned();
    let query = location.split_once('?').map(|(_, q)| q).unwrap_or_default();
    let params: std::collections::HashMap<String, String> =
        form_urlencoded::parse(query.as_bytes()).into_owned().collect();
    let refused = execute(&app, &base, order_id, &params["PayerID"], &running.owner).await;
    refused.assert_error(402, "paypal.declined");
    assert_eq!(paypal.captures(), 0);
    assert_eq!(transaction(&app, &running.owner, order_id).await["state"], "open");
    assert_eq!(contest(&app, running.id, &running.owner).await["detail"]["winning_entry_amount"], before);

    // Back at PayPal with another way to pay: the same order is captured and settled.
    let (_, again) = on_approval_page(&payment, true).await;
    assert_eq!(again["PayerID"], params["PayerID"], "the same payer");
    let executed = execute(&app, &base, order_id, &again["PayerID"], &running.owner).await;
    assert_eq!((executed.status.as_u16(), executed.body["data"]["state"].as_str()), (200, Some("paid")));
    assert_eq!(paypal.captures(), 1);
}

#[tokio::test]
async fn an_admin_sends_an_owed_payout_through_paypal_once_whatever_is_retried() {
    use crate::admin::fixtures::{contest_in, credit_contest, designer_session, entry};
    let (app, paypal) = spawn_paypal_app().await;
    let (_, admin) = app.admin_session("payoutboss").await;
    let (client_id, _) = app.client_session("payoutclient").await;
    let (designer_id, designer) = designer_session(&app, "payoutdora").await;
    let contest = contest_in(&app, client_id, 8, "Logo for a bakery", 25_000).await;
    let winner = entry(&app, contest, designer_id, 1, true).await;
    credit_contest(&app, contest, &admin).await;
    let send = |body: Value, token: &str| {
        let token = token.to_owned();
        let app = &app;
        async move { app.send_json(Method::POST, "/admin/transactions/outgoing/send-paypal", &body, Some(&token)).await }
    };
    let body = json!({"kind": "contest", "source_id": winner});

    // Only admins; and only to a designer with a PayPal e-mail on file.
    send(body.clone(), &designer).await.assert_error(403, "auth.forbidden");
    let set_email = |email: Option<&'static str>| {
        sqlx::query("UPDATE app_user SET paypal_email = $1 WHERE id = $2")
            .bind(email)
            .bind(designer_id)
            .execute(&app.db.pool)
    };
    set_email(None).await.unwrap();
    send(body.clone(), &admin).await.assert_error(409, "payout.no_paypal_email");
    assert!(paypal.payouts().is_empty());
    set_email(Some("dora@example.com")).await.unwrap();

    // Two admins' clicks at once, then a retry: one payout of the prize, recorded once.
    let (a, b) = tokio::join!(send(body.clone(), &admin), send(body.clone(), &admin));
    let mut statuses = [a.status.as_u16(), b.status.as_u16()];
    statuses.sort_unstable();
    assert_eq!(statuses, [201, 409], "one records it, the other finds it paid: {} / {}", a.body, b.body);
    let sent = if a.status == 201 { &a } else { &b };
    assert!(sent.body["data"]["reference"].as_str().unwrap().starts_with("PayPal payout "), "{}", sent.body);
    send(body.clone(), &admin).await.assert_error(409, "payout.not_owed");
    assert_eq!(paypal.payouts(), [("dora@example.com".to_owned(), 25_000)]);
    let earnings = app.get(&format!("/users/{designer_id}/transactions/earnings"), Some(&designer)).await;
    assert_eq!(
        (earnings.body["data"]["owed_cents"].as_i64(), earnings.body["data"]["paid_cents"].as_i64()),
        (Some(0), Some(25_000))
    );
}
