//! Subscriptions: a client's purchase stays pending until the payment webhook
//! activates it; admins grant and cancel; the unlimited-contests subscription is
//! what lets a client start one contest at a time without paying.

use serde_json::json;
use vitrine_protocol::event_type;
use vitrine_server::{commerce::subscriptions, store::clock::Clock as _};

use super::{assert_refused, next_of, post, watch_user};
use crate::helpers::{spawn_app, TestApp};

async fn has_subscribed(app: &TestApp, user_id: i64) -> i64 {
    sqlx::query_scalar("SELECT has_subscribed FROM app_user WHERE id = $1")
        .bind(user_id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_purchase_is_pending_until_the_payment_activates_it() {
    let app = spawn_app().await;
    let (client_id, client) = app.client_session("subbuyer").await;
    let (_, designer) = crate::entries::designer(&app, "subdesigner", 2).await;
    let (_, admin) = app.admin_session("subadmin").await;

    assert_refused(
        &post(&app, "/subscriptions/purchase", &json!({"trigger_id": 13}), Some(&designer)).await,
        403,
        "subscription.clients_only",
        "Only clients can subscribe.",
    );
    post(&app, "/subscriptions/purchase", &json!({"trigger_id": 13}), Some(&admin))
        .await
        .assert_error(403, "subscription.clients_only");
    post(&app, "/subscriptions/purchase", &json!({"trigger_id": 13}), None)
        .await
        .assert_error(401, "auth.unauthenticated");
    post(&app, "/subscriptions/purchase", &json!({"trigger_id": 9}), Some(&client))
        .await
        .assert_error(422, "trigger_id.subscription");
    post(&app, "/subscriptions/purchase", &json!({}), Some(&client)).await.assert_error(422, "validation.required");

    let bought = post(&app, "/subscriptions/purchase", &json!({"trigger_id": 13}), Some(&client)).await;
    assert_eq!(bought.status, 201, "{}", bought.body);
    let data = &bought.body["data"];
    assert_eq!(
        (data["status_id"].as_i64(), data["amount"].as_f64(), data["amount_cents"].as_i64()),
        (Some(1), Some(449.0), Some(44_900))
    );
    let id = data["id"].as_i64().unwrap();
    let retried = post(&app, "/subscriptions/purchase", &json!({"trigger_id": "13"}), Some(&client)).await;
    assert_eq!(retried.body["data"]["id"], id, "a retried purchase answers the pending one");
    let upgrades = post(&app, "/subscriptions/purchase", &json!({"trigger_id": 2}), Some(&client)).await;
    assert_eq!(upgrades.body["data"]["amount_cents"], 4_900);
    assert_eq!(app.get("/subscriptions/active", Some(&client)).await.body["data"], json!([]), "pending is not active");
    assert_eq!(has_subscribed(&app, client_id).await, 0);

    // The webhook activates it in its transaction; the client sees it live.
    let (mut watcher, _) = watch_user(&app, &client, client_id).await;
    let mut unit = app.hub().begin().await.unwrap();
    subscriptions::activate(&mut unit, id, "pi_sub_1", app.clock.now_ms()).await.unwrap();
    unit.commit().await.unwrap();
    let event = next_of(&mut watcher, event_type::SUBSCRIPTION_UPDATED).await;
    assert_eq!((event.data["id"].as_i64(), event.data["status_id"].as_i64()), (Some(id), Some(2)));
    assert_eq!(has_subscribed(&app, client_id).await, 1);

    // A second delivery of the same payment changes nothing.
    let mut unit = app.hub().begin().await.unwrap();
    subscriptions::activate(&mut unit, id, "pi_sub_1", app.clock.now_ms()).await.unwrap();
    assert!(unit.appended().is_empty(), "no event for a payment settled before");
    unit.commit().await.unwrap();

    let active = app.get("/subscriptions/active?filter[trigger_ids]=13,2", Some(&client)).await;
    let triggers: Vec<i64> =
        active.body["data"].as_array().unwrap().iter().map(|s| s["trigger_id"].as_i64().unwrap()).collect();
    assert_eq!(triggers, [13]);
    assert_eq!(app.get("/subscriptions/active?filter[trigger_ids]=2", Some(&client)).await.body["data"], json!([]));
    app.get("/subscriptions/active?filter[trigger_ids]=7", Some(&client))
        .await
        .assert_error(422, "trigger_id.subscription");
    app.get("/subscriptions/active", None).await.assert_error(401, "auth.unauthenticated");
    assert_refused(
        &post(&app, "/subscriptions/purchase", &json!({"trigger_id": 13}), Some(&client)).await,
        409,
        "subscription.active",
        "You already have this subscription.",
    );
}

#[tokio::test]
async fn only_admins_set_a_users_subscriptions() {
    let app = spawn_app().await;
    let (client_id, client) = app.client_session("subgrantee").await;
    let (designer_id, _) = crate::entries::designer(&app, "subgrantdes", 2).await;
    let (_, admin) = app.admin_session("subgranter").await;
    let path = format!("/users/{client_id}/subscriptions");
    let grant = json!({"trigger_id": 13, "is_active": 1});

    app.put(&path, &grant, &client).await.assert_error(403, "auth.forbidden");
    assert_eq!(has_subscribed(&app, client_id).await, 0, "a refused call changes nothing");
    app.put(&path, &json!({"trigger_id": 5, "is_active": 1}), &admin)
        .await
        .assert_error(422, "trigger_id.subscription");
    app.put(&path, &json!({"trigger_id": 13}), &admin).await.assert_error(422, "validation.required");
    app.put(&format!("/users/{designer_id}/subscriptions"), &grant, &admin)
        .await
        .assert_error(422, "subscription.clients_only");
    app.put("/users/999999/subscriptions", &grant, &admin).await.assert_error(404, "user.not_found");

    let (mut watcher, _) = watch_user(&app, &client, client_id).await;
    let granted = app.put(&path, &grant, &admin).await;
    assert_eq!(granted.status, 200, "{}", granted.body);
    assert_eq!(granted.body["data"][0]["trigger_id"], 13);
    assert_eq!(has_subscribed(&app, client_id).await, 1);
    assert_eq!(next_of(&mut watcher, event_type::SUBSCRIPTION_UPDATED).await.data["status_id"], 2);
    // Granting again is a no-op.
    assert_eq!(app.put(&path, &grant, &admin).await.body["data"].as_array().unwrap().len(), 1);

    let cancelled = app.put(&path, &json!({"trigger_id": 13, "is_active": 0}), &admin).await;
    assert_eq!(cancelled.body["data"], json!([]));
    assert_eq!(has_subscribed(&app, client_id).await, 0);
    assert_eq!(next_of(&mut watcher, event_type::SUBSCRIPTION_UPDATED).await.data["status_id"], 3);
    let history = app.get("/subscriptions", Some(&client)).await;
    assert_eq!(history.body["data"][0]["status_id"], 3, "the cancelled one, as the event showed it");
    app.get("/subscriptions", None).await.assert_error(401, "auth.unauthenticated");
}

#[tokio::test]
async fn a_subscribed_client_starts_one_contest_at_a_time_without_paying() {
    let app = spawn_app().await;
    let (subscriber_id, subscriber) = app.client_session("subqueue").await;
    let (_, payer) = app.client_session("subpayer").await;
    let (_, admin) = app.admin_session("subqueueadmin").await;
    let first = crate::contests::launch(&app, &subscriber).await;
    let second = crate::contests::launch(&app, &subscriber).await;
    let unpaid = crate::contests::launch(&app, &payer).await;
    let request = json!({"approval_status_id": 1});

    // Not subscribed yet: no free start.
    app.put(&format!("/contests/{first}/requests"), &request, &subscriber).await.assert_error(403, "auth.forbidden");
    app.put(&format!("/users/{subscriber_id}/subscriptions"), &json!({"trigger_id": 13, "is_active": 1}), &admin).await;

    let started = app.put(&format!("/contests/{first}/requests"), &request, &subscriber).await;
    assert_eq!(started.status, 200, "{}", started.body);
    // One at a time: the second waits in the queue.
    app.put(&format!("/contests/{second}/requests"), &request, &subscriber)
        .await
        .assert_error(409, "contest.request.exists");
    app.put(&format!("/contests/{unpaid}/requests"), &request, &payer).await.assert_error(403, "auth.forbidden");

    // Subscribed clients also queue projects; others may not.
    let mut queued = crate::projects::launch_payload(json!(null), json!(null));
    queued["is_subscription"] = json!(1);
    let answer = post(&app, "/projects", &queued, Some(&subscriber)).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    let refused = post(&app, "/projects", &queued, Some(&payer)).await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert_eq!(refused.field_code("is_subscription"), "is_subscription.subscribed");
}

#[tokio::test]
async fn upgrades_cost_nothing_with_the_unlimited_upgrades_subscription() {
    let app = spawn_app().await;
    let (client_id, client) = app.client_session("subupgrader").await;
    let (_, admin) = app.admin_session("subupgradeadmin").await;
    let id = crate::contests::launch(&app, &client).await;
    let pricings = app.get("/contests/types/1/pricings", None).await.body["data"].clone();
    let upgrades = app.get("/contests/types/1/upgrades", None).await.body["data"].clone();
    let (package, upgrade) = (&pricings[0], &upgrades[0]);
    let body = json!({"contest_type_pricing_id": package["id"], "upgrade_ids": [upgrade["id"]]});
    let path = format!("/contests/{id}/options");

    let paying = app.put(&path, &body, &client).await;
    assert_eq!(paying.status, 200, "{}", paying.body);
    let full = package["amount"].as_i64().unwrap() + upgrade["amount"].as_i64().unwrap();
    assert_eq!(paying.body["data"]["quote"]["total_cents"], full * 100);

    app.put(&format!("/users/{client_id}/subscriptions"), &json!({"trigger_id": 2, "is_active": 1}), &admin).await;
    let subscribed = app.put(&path, &body, &client).await;
    let line = &subscribed.body["data"]["quote"]["lines"][1];
    assert_eq!((line["kind"].as_str(), line["amount_cents"].as_i64()), (Some("upgrade"), Some(0)));
    assert_eq!(line["list_cents"], upgrade["amount"].as_i64().unwrap() * 100, "the struck-through price");
    assert_eq!(subscribed.body["data"]["quote"]["total_cents"], package["amount"].as_i64().unwrap() * 100);
}

/// A live subscription project of `owner` with a bid from `designer`: (project, bid).
async fn queued_project_with_bid(app: &TestApp, owner: &str, designer: &str, subscription: bool) -> (i64, i64) {
    let mut payload = crate::projects::launch_payload(json!(200), json!(7));
    payload["is_subscription"] = json!(i64::from(subscription));
    let launched = post(app, "/projects", &payload, Some(owner)).await;
    assert_eq!(launched.status, 201, "{}", launched.body);
    let project = launched.body["data"].as_i64().unwrap();
    let offer = json!({"amount": 150, "description": "I will draw it."});
    let bid = post(app, &format!("/projects/{project}/bids"), &offer, Some(designer)).await;
    assert_eq!(bid.status, 201, "{}", bid.body);
    (project, bid.body["data"]["id"].as_i64().unwrap())
}

#[tokio::test]
async fn a_subscribed_owner_starts_one_subscription_project_at_a_time_without_paying() {
    let app = spawn_app().await;
    let (owner_id, owner) = app.client_session("subprojowner").await;
    let (_, admin) = app.admin_session("subprojadmin").await;
    let (_, designer) = crate::entries::designer(&app, "subprojdes", 2).await;
    app.put(&format!("/users/{owner_id}/subscriptions"), &json!({"trigger_id": 13, "is_active": 1}), &admin).await;
    let (first, first_bid) = queued_project_with_bid(&app, &owner, &designer, true).await;
    let (second, second_bid) = queued_project_with_bid(&app, &owner, &designer, true).await;
    let (paid, paid_bid) = queued_project_with_bid(&app, &owner, &designer, false).await;
    let approve = |project: i64, bid: i64| format!("/projects/{project}/approve/manually/{bid}");

    // The bidder may not approve; a project that is not a subscription one is paid for.
    post(&app, &approve(first, first_bid), &json!(null), Some(&designer)).await.assert_error(403, "auth.forbidden");
    post(&app, &approve(paid, paid_bid), &json!(null), Some(&owner)).await.assert_error(403, "auth.forbidden");

    let started = post(&app, &approve(first, first_bid), &json!(null), Some(&owner)).await;
    assert_eq!(started.status, 200, "{}", started.body);
    assert_eq!(started.body["data"]["status_id"], 2);
    // With one under way, the next choice waits in the queue (it was a 409 before: the
    // queue now starts it when the first is completed, see api/projects/queue.rs).
    let queued = post(&app, &approve(second, second_bid), &json!(null), Some(&owner)).await;
    assert_eq!(queued.status, 200, "{}", queued.body);
    let waiting = app.get(&format!("/projects/{second}"), Some(&owner)).await;
    assert_eq!(
        (waiting.body["data"]["status_id"].as_i64(), waiting.body["data"]["queued_bid_id"].as_i64()),
        (Some(1), Some(second_bid)),
        "the second waits in the queue"
    );

    // Without the subscription there is no free start at all.
    app.put(&format!("/users/{owner_id}/subscriptions"), &json!({"trigger_id": 13, "is_active": 0}), &admin).await;
    sqlx::query("UPDATE project SET status_id = 6 WHERE id = $1").bind(first).execute(&app.db.pool).await.unwrap();
    post(&app, &approve(second, second_bid), &json!(null), Some(&owner)).await.assert_error(403, "auth.forbidden");
}
