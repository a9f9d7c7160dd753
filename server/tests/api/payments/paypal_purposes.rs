//! The other purposes paid with PayPal, each by its payer only: a contest extension, an
//! additional design, the tipping cart and a subscription; and a payment whose effect can
//! no longer happen when it is captured, which is refunded at PayPal.

use reqwest::Method;
use serde_json::json;

use super::{
    contest,
    paypal::{create, execute, on_approval_page, spawn_paypal_app},
    priced_contest, send, transaction,
};
use crate::{
    commerce::tippable,
    contests::activate,
    entries::{designer, running_contest, submitted},
    helpers::TestApp,
};

/// Create at `base` as `token`, approve at PayPal, execute: the executed payment.
async fn pay(app: &TestApp, base: &str, body: serde_json::Value, token: &str) -> serde_json::Value {
    let payment = create(app, base, body, token).await;
    let (_, params) = on_approval_page(&payment, true).await;
    let executed = execute(app, base, payment["id"].as_str().unwrap(), &params["PayerID"], token).await;
    assert_eq!(executed.status, 200, "{}", executed.body);
    executed.body["data"].clone()
}

#[tokio::test]
async fn an_extension_paid_with_paypal_moves_the_deadline_for_its_holder_only() {
    let (app, _paypal) = spawn_paypal_app().await;
    let running = running_contest(&app, "ppext").await;
    let (_, stranger) = app.client_session("ppextstranger").await;
    let base = format!("/contests/{}/extends/payments/paypal", running.id);
    send(&app, Method::POST, &base, json!({"days": 3}), &stranger).await.assert_error(403, "contest.edit.forbidden");
    send(&app, Method::POST, &base, json!({"days": 11}), &running.owner).await.assert_error(422, "days.between");
    let before = contest(&app, running.id, &running.owner).await["submission_ends_at"].as_i64().unwrap();
    let paid = pay(&app, &base, json!({"days": 3}), &running.owner).await;
    assert_eq!((paid["state"].as_str(), paid["purpose"].as_str()), (Some("paid"), Some("contest_extend")));
    let after = contest(&app, running.id, &running.owner).await["submission_ends_at"].as_i64().unwrap();
    assert_eq!(after - before, 3 * 86_400_000);
}

#[tokio::test]
async fn an_additional_design_is_paid_with_paypal_by_the_holder_not_its_designer() {
    let (app, _paypal) = spawn_paypal_app().await;
    let running = running_contest(&app, "ppadd").await;
    let (_, alice) = designer(&app, "ppaddalice", 2).await;
    let (_, bob) = designer(&app, "ppaddbob", 2).await;
    let winner = submitted(&app, &alice, running.id).await;
    let bobs = submitted(&app, &bob, running.id).await;
    let award = format!("/contests/{}/entries/{winner}/award-winners", running.id);
    assert_eq!(send(&app, Method::POST, &award, json!({}), &running.owner).await.status, 200);
    let buy = format!("/contests/{}/additional-entries", running.id);
    assert_eq!(send(&app, Method::POST, &buy, json!({"contest_entry_id": bobs}), &running.owner).await.status, 201);
    let base = format!("/contests/{}/entries/{bobs}/payments/paypal", running.id);
    send(&app, Method::POST, &base, json!({}), &bob).await.assert_error(403, "contest.edit.forbidden");

    let paid = pay(&app, &base, json!({}), &running.owner).await;
    assert_eq!(paid["amount"], 100);
    let list =
        app.get(&format!("/contests/additional-entries?filter[contest_id]={}", running.id), Some(&running.owner)).await;
    assert_eq!(list.body["data"][0]["status"], "paid", "{}", list.body);
}

#[tokio::test]
async fn the_cart_paid_with_paypal_becomes_pending_tips_and_only_clients_pay_one() {
    let (app, paypal) = spawn_paypal_app().await;
    let t = tippable(&app, "ppcart").await;
    const CART: &str = "/carts/payments/paypal";
    send(&app, Method::POST, CART, json!({"country_id": 20}), &t.owner).await.assert_error(409, "payment.not_due");
    send(&app, Method::POST, CART, json!({"country_id": 20}), &t.designer).await.assert_error(403, "cart.clients_only");
    let item = json!({"price": 12, "contest_id": t.contest, "contest_entry_id": t.entry, "trigger_id": 9});
    assert_eq!(app.send_json(Method::POST, "/carts", &item, Some(&t.owner)).await.status, 201);

    let paid = pay(&app, CART, json!({"country_id": 20}), &t.owner).await;
    assert_eq!((paid["amount_cents"].as_i64(), paid["purpose"].as_str()), (Some(1_200), Some("cart")));
    let tips: Vec<(i64, i64)> =
        sqlx::query_as("SELECT contest_entry_id, amount_cents FROM contest_entry_tip WHERE created_by = $1")
            .bind(t.owner_id)
            .fetch_all(&app.db.pool)
            .await
            .unwrap();
    assert_eq!(tips, [(t.entry, 1_200)]);
    assert_eq!(app.get("/carts", Some(&t.owner)).await.body["data"]["total"], 0, "the cart is empty");

    // An admin rejects the tip: its $12 go back through PayPal, once.
    let (_, admin) = app.admin_session("ppcartjudge").await;
    let tip: i64 = sqlx::query_scalar("SELECT id FROM contest_entry_tip WHERE created_by = $1")
        .bind(t.owner_id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    let reject = json!({"approval_status_id": 3});
    let decided = app.send_json(Method::PATCH, &format!("/contest-entry-tips/{tip}"), &reject, Some(&admin)).await;
    assert_eq!(decided.status, 200, "{}", decided.body);
    assert_eq!(paypal.refunded_cents(paid["id"].as_str().unwrap()), 1_200);
    let recorded = super::transaction(&app, &t.owner, paid["id"].as_str().unwrap()).await;
    assert_eq!(recorded["refunded_cents"], 1_200, "{recorded}");
}

#[tokio::test]
async fn a_subscription_paid_with_paypal_by_its_owner_becomes_active() {
    let (app, _paypal) = spawn_paypal_app().await;
    let (_, owner) = app.client_session("ppsubowner").await;
    let (_, stranger) = app.client_session("ppsubstranger").await;
    let bought = send(&app, Method::POST, "/subscriptions/purchase", json!({"trigger_id": 2}), &owner).await;
    assert_eq!(bought.status, 201, "{}", bought.body);
    let id = bought.body["data"]["id"].as_i64().unwrap();
    let base = format!("/subscriptions/{id}/payments/paypal");
    send(&app, Method::POST, &base, json!({}), &stranger).await.assert_error(403, "payment.forbidden");

    let paid = pay(&app, &base, json!({}), &owner).await;
    assert_eq!(paid["amount_cents"], 4_900);
    let active = app.get("/subscriptions/active", Some(&owner)).await;
    assert_eq!(active.body["data"][0]["status_id"], 2, "{}", active.body);
}

#[tokio::test]
async fn a_launch_executed_after_an_admin_started_the_contest_is_refunded_at_paypal() {
    let (app, paypal) = spawn_paypal_app().await;
    let (_, owner) = app.client_session("pprefund").await;
    let (_, admin) = app.admin_session("pprefundadmin").await;
    let (id, _) = priced_contest(&app, &owner, &[]).await;
    let base = format!("/contests/{id}/payments/paypal");
    let payment = create(&app, &base, json!({}), &owner).await;
    let payment_id = payment["id"].as_str().unwrap();
    let (_, params) = on_approval_page(&payment, true).await;
    // Meanwhile an admin starts the contest: the payment has nothing left to start.
    activate(&app, id, &admin).await;

    let executed = execute(&app, &base, payment_id, &params["PayerID"], &owner).await;
    assert_eq!((executed.status.as_u16(), executed.body["data"]["state"].as_str()), (200, Some("refunded")));
    let capture = &paypal.order(payment_id).unwrap()["purchase_units"][0]["payments"]["captures"][0];
    assert_eq!(capture["status"], "REFUNDED");
    assert_eq!(paypal.refunds(), 1);
    let recorded = transaction(&app, &owner, payment_id).await;
    assert_eq!(recorded["refunded_cents"], recorded["amount_cents"]);
    assert!(recorded["failure_message"].as_str().unwrap_or_default().contains("refunded"), "{recorded}");
}
