//! Paying for projects: approving a bid (project 1 -> 2, live for both sides) and, once
//! approved, raising the budget (the designer is owed the difference), by the owner only.

use reqwest::Method;
use serde_json::json;
use vitrine_protocol::ServerFrame;

use super::{create_intent, finalize, pay, save_card, send, spawn_paying_app, transaction};
use crate::{bids::bid, projects::world, realtime::client::WsClient};

#[tokio::test]
async fn a_paid_bid_approval_assigns_the_project_live() {
    let (app, stripe) = spawn_paying_app().await;
    let w = world(&app).await;
    let bid_id = bid(&app, &w, 320, &w.designer.1).await;
    let card = save_card(&app, &stripe, w.owner.0, &w.owner.1, "pm_card_visa").await;
    let base = format!("/projects/{}/bids/{bid_id}/approve/payments/stripe/payment-intents", w.project);
    let ch = format!("project:{}", w.project);
    let mut designer_ws = WsClient::signed_in(&app, &w.designer.1).await;
    assert!(matches!(designer_ws.sub(&ch, None, None).await, ServerFrame::Subscribed { .. }));

    // The bidder and an admin see the project but do not pay for it; a stranger does not see it.
    for token in [&w.designer.1, &w.admin.1] {
        send(&app, Method::POST, &base, json!({"idempotency_key": "not-yours"}), token)
            .await
            .assert_error(403, "project.edit.forbidden");
    }
    send(&app, Method::POST, &base, json!({"idempotency_key": "not-yours"}), &w.stranger.1)
        .await
        .assert_error(404, "project.not_found");
    assert_eq!(stripe.payment_intents_created(), 0);

    let (intent, (status, _)) = pay(&app, &stripe, &base, json!({}), card, &w.owner.1).await;
    // The bid and the pay-to-start project's listing fee (projects doc, section 9: 19).
    assert_eq!((status, intent["amount"].as_i64()), (200, Some(320 + 19)));
    let data = loop {
        match designer_ws.expect().await {
            ServerFrame::Event(e) if e.ch == ch && e.event_type == "project.status" => break e.data,
            _ => continue,
        }
    };
    assert_eq!(data["status_id"], 2);
    let project = app.get(&w.path(""), Some(&w.owner.1)).await;
    assert_eq!(project.body["data"]["status_id"], 2, "{}", project.body);
    let shown = app.get(&format!("/bids/{bid_id}"), Some(&w.owner.1)).await;
    assert_eq!(shown.body["data"]["status_id"], 2, "{}", shown.body);
    let paid = transaction(&app, &w.owner.1, intent["id"].as_str().unwrap()).await;
    assert_eq!(
        (paid["trigger_id"].as_i64(), paid["reason_id"].as_i64(), paid["subject_id"].as_i64()),
        (Some(10), Some(21), Some(bid_id))
    );
}

#[tokio::test]
async fn a_budget_raise_is_paid_after_approval_by_the_difference_and_owed_to_the_designer() {
    let (app, stripe) = spawn_paying_app().await;
    let w = world(&app).await;
    let card = save_card(&app, &stripe, w.owner.0, &w.owner.1, "pm_card_visa").await;
    let base = format!("/projects/{}/increase-budget/payments/stripe/payment-intents", w.project);
    // Before a bid is approved the budget is the brief's: nothing to pay for it.
    send(&app, Method::POST, &base, json!({"idempotency_key": "early", "budget": 400}), &w.owner.1)
        .await
        .assert_error(409, "budget.before_approval");
    let bid_id = bid(&app, &w, 320, &w.designer.1).await;
    let approve = format!("/projects/{}/bids/{bid_id}/approve/payments/stripe/payment-intents", w.project);
    let (approved, (status, _)) = pay(&app, &stripe, &approve, json!({}), card, &w.owner.1).await;
    assert_eq!((status, approved["amount"].as_i64()), (200, Some(320 + 19)), "the bid and the listing fee, once");

    send(&app, Method::POST, &base, json!({"idempotency_key": "low", "budget": 200}), &w.owner.1)
        .await
        .assert_error(422, "budget.increase");
    send(&app, Method::POST, &base, json!({"idempotency_key": "theirs", "budget": 400}), &w.stranger.1)
        .await
        .assert_error(404, "project.not_found");
    send(&app, Method::POST, &base, json!({"idempotency_key": "bidder", "budget": 400}), &w.designer.1)
        .await
        .assert_error(403, "project.edit.forbidden");

    // Two raises priced from the same budget: the first to settle raises it, the other is
    // another purchase by then, refunded.
    let stale = create_intent(&app, &base, json!({"budget": 500}), &w.owner.1).await;
    let (intent, (status, _)) = pay(&app, &stripe, &base, json!({"budget": 400}), card, &w.owner.1).await;
    assert_eq!((status, intent["amount"].as_i64()), (200, Some(150)), "from 250 to 400");
    let project = app.get(&w.path(""), Some(&w.owner.1)).await;
    assert_eq!(project.body["data"]["budget"], 400, "{}", project.body);
    assert_eq!(transaction(&app, &w.owner.1, intent["id"].as_str().unwrap()).await["trigger_id"], 11);
    assert_eq!(finalize(&app, &base, &stale, card, &w.owner.1).await.status, 200);
    let (status, _) = stripe
        .confirm_payment_intent(stale["id"].as_str().unwrap(), stale["client_secret"].as_str().unwrap(), None)
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        app.get(&w.path(""), Some(&w.owner.1)).await.body["data"]["budget"],
        400,
        "the stale raise applied nothing"
    );
    let refunded = transaction(&app, &w.owner.1, stale["id"].as_str().unwrap()).await;
    assert_eq!(refunded["refunded_cents"], 25_000, "{refunded}");

    // Completed and credited: the designer is owed the bid and the raise paid after it.
    sqlx::query("UPDATE project SET status_id = 5 WHERE id = $1").bind(w.project).execute(&app.db.pool).await.unwrap();
    let (_, admin) = app.admin_session("raisecredit").await;
    let credited = app.put(&w.path("statuses"), &json!({"status_id": 6}), &admin).await;
    assert_eq!(credited.status, 200, "{}", credited.body);
    let earnings = app.get(&format!("/users/{}/transactions/earnings", w.designer.0), Some(&w.designer.1)).await;
    assert_eq!(earnings.body["data"]["owed_cents"], 32_000 + 15_000, "{}", earnings.body);
}
