//! A subscribed client's subscription projects: each runs the whole path (start ->
//! timeline -> verification -> delivery -> finalize -> credit), a week when launched
//! without a timeline; one is under way at a time, the owner's next choices wait in
//! their queue and the oldest starts when the one under way is completed. Each step as
//! the right and the wrong role.

use reqwest::Method;
use serde_json::{json, Value};
use vitrine_protocol::ServerFrame;
use vitrine_server::{
    store::clock::Clock,
    timers::projects::{run_due, start_queued},
};

use super::{designer, launch_payload, notification_kinds, send, upload_png};
use crate::{
    helpers::{spawn_app, TestApp},
    realtime::client::WsClient,
};

const DAY_MS: i64 = 86_400_000;

/// A subscribed client, an admin, two designers and a stranger (another client).
struct Subscribed {
    owner: (i64, String),
    admin: String,
    designer: (i64, String),
    second_designer: (i64, String),
    stranger: String,
}

async fn subscribed(app: &TestApp) -> Subscribed {
    let owner = app.client_session("queueowner").await;
    let (_, admin) = app.admin_session("queueadmin").await;
    let body = json!({"trigger_id": 13, "is_active": 1});
    let made = app.put(&format!("/users/{}/subscriptions", owner.0), &body, &admin).await;
    assert_eq!(made.status, 200, "{}", made.body);
    let designer = designer(app, "queuemaker", 2).await;
    let second_designer = designer_two(app).await;
    let (_, stranger) = app.client_session("queuestranger").await;
    Subscribed { owner, admin, designer, second_designer, stranger }
}

async fn designer_two(app: &TestApp) -> (i64, String) {
    designer(app, "queuemaker2", 3).await
}

/// A subscription project of the owner's, launched without budget or timeline, with a
/// bid of `bidder`'s: (project, bid).
async fn queued_project(app: &TestApp, s: &Subscribed, bidder: &str) -> (i64, i64) {
    let mut payload = launch_payload(json!(null), json!(null));
    payload["is_subscription"] = json!(1);
    let launched = send(app, Method::POST, "/projects", payload, Some(&s.owner.1)).await;
    assert_eq!(launched.status, 201, "{}", launched.body);
    let project = launched.body["data"].as_i64().unwrap();
    let offer = json!({"amount": 150, "description": "I will draw it."});
    let bid = send(app, Method::POST, &format!("/projects/{project}/bids"), offer, Some(bidder)).await;
    assert_eq!(bid.status, 201, "{}", bid.body);
    (project, bid.body["data"]["id"].as_i64().unwrap())
}

fn approve_path(project: i64, bid: i64) -> String {
    format!("/projects/{project}/approve/manually/{bid}")
}

async fn project(app: &TestApp, id: i64, token: &str) -> Value {
    let seen = app.get(&format!("/projects/{id}"), Some(token)).await;
    assert_eq!(seen.status, 200, "{}", seen.body);
    seen.body["data"].clone()
}

/// Takes an active project through its timeline's end, the admin's verification, the
/// designer's delivery and the owner's acceptance to pending credit (5), each step
/// refused to the wrong role first.
async fn deliver_and_accept(app: &TestApp, s: &Subscribed, id: i64, designer: &str, outsider: &str) {
    let path = |rest: &str| format!("/projects/{id}/{rest}");
    let ends = project(app, id, &s.owner.1).await["timeline_ends_at"].as_i64().expect("a timeline runs");
    // The clock's move, not the admin's.
    send(app, Method::PUT, &path("statuses"), json!({"status_id": 3}), Some(&s.admin))
        .await
        .assert_error(409, "project.status.invalid");
    let pass = run_due(app.hub(), vitrine_server::config::DEFAULT_PUBLIC_URL, ends).await.unwrap();
    assert_eq!(pass.performed, 1, "the timeline runs out");
    assert_eq!(project(app, id, &s.owner.1).await["status_id"], 3);

    for token in [s.owner.1.as_str(), designer] {
        send(app, Method::PUT, &path("statuses"), json!({"status_id": 4}), Some(token))
            .await
            .assert_error(403, "auth.forbidden");
    }
    let verified = send(app, Method::PUT, &path("statuses"), json!({"status_id": 4}), Some(&s.admin)).await;
    assert_eq!(verified.body["data"]["status_id"], 4, "{}", verified.body);

    let file = upload_png(app, designer, "16").await;
    for token in [s.owner.1.as_str(), outsider] {
        send(app, Method::POST, &path("artworks"), json!({"file_ids": [file]}), Some(token))
            .await
            .assert_error(403, "project.artwork.forbidden");
    }
    let delivered = send(app, Method::POST, &path("artworks"), json!({"file_ids": [file]}), Some(designer)).await;
    assert_eq!(delivered.body["data"]["status_id"], 5, "{}", delivered.body);

    for token in [designer, s.admin.as_str()] {
        send(app, Method::POST, &path("finalize"), json!(null), Some(token))
            .await
            .assert_error(403, "project.edit.forbidden");
    }
    let accepted = send(app, Method::POST, &path("finalize"), json!(null), Some(&s.owner.1)).await;
    assert!(accepted.body["data"]["finalized_at"].is_i64(), "{}", accepted.body);
}

/// The admin credits project `id` (5 -> 6), refused to the owner and the designer first.
async fn credit(app: &TestApp, s: &Subscribed, id: i64, designer: &str) {
    let path = format!("/projects/{id}/statuses");
    for token in [s.owner.1.as_str(), designer] {
        send(app, Method::PUT, &path, json!({"status_id": 6}), Some(token)).await.assert_error(403, "auth.forbidden");
    }
    let done = send(app, Method::PUT, &path, json!({"status_id": 6}), Some(&s.admin)).await;
    assert_eq!(done.body["data"]["status"], "Completed", "{}", done.body);
}

#[tokio::test]
async fn a_subscription_project_without_a_timeline_runs_a_week_and_goes_all_the_way_to_completed() {
    let app = spawn_app().await;
    let s = subscribed(&app).await;
    let (id, bid) = queued_project(&app, &s, &s.designer.1).await;
    assert_eq!(project(&app, id, &s.owner.1).await["detail"]["timeline"], Value::Null);

    // Only the subscribed owner starts it for free: not the bidder, not another client.
    send(&app, Method::POST, &approve_path(id, bid), json!(null), Some(&s.designer.1))
        .await
        .assert_error(403, "auth.forbidden");
    send(&app, Method::POST, &approve_path(id, bid), json!(null), Some(&s.stranger))
        .await
        .assert_error(404, "bid.not_found");
    let started_at = app.clock.now_ms();
    let started = send(&app, Method::POST, &approve_path(id, bid), json!(null), Some(&s.owner.1)).await;
    assert_eq!(started.body["data"]["status_id"], 2, "{}", started.body);
    assert_eq!(started.body["data"]["timeline_ends_at"].as_i64(), Some(started_at + 7 * DAY_MS), "a week");
    assert!(started.body["data"].get("internal_status_id").is_none(), "the owner sees no admin marker");

    deliver_and_accept(&app, &s, id, &s.designer.1, &s.second_designer.1).await;
    credit(&app, &s, id, &s.designer.1).await;
    let owed = app.get("/admin/transactions/outgoing", Some(&s.admin)).await;
    assert!(owed.body["data"].as_array().unwrap().iter().any(|p| p["project_id"] == id), "{}", owed.body);
    assert_eq!(notification_kinds(&app, &s.designer.1).await[0], 15, "the designer hears of the credit");
}

#[tokio::test]
async fn the_next_queued_project_starts_when_the_one_under_way_is_completed() {
    let app = spawn_app().await;
    let s = subscribed(&app).await;
    let (first, first_bid) = queued_project(&app, &s, &s.designer.1).await;
    let (second, second_bid) = queued_project(&app, &s, &s.second_designer.1).await;
    let (third, third_bid) = queued_project(&app, &s, &s.designer.1).await;

    let started = send(&app, Method::POST, &approve_path(first, first_bid), json!(null), Some(&s.owner.1)).await;
    assert_eq!(started.body["data"]["status_id"], 2, "{}", started.body);
    // With the first under way, the next choices wait in the queue, oldest first.
    for (id, bid, bidder) in [(second, second_bid, &s.second_designer.1), (third, third_bid, &s.designer.1)] {
        send(&app, Method::POST, &approve_path(id, bid), json!(null), Some(bidder))
            .await
            .assert_error(403, "auth.forbidden");
        let queued = send(&app, Method::POST, &approve_path(id, bid), json!(null), Some(&s.owner.1)).await;
        assert_eq!(queued.status, 200, "{}", queued.body);
        let data = &queued.body["data"];
        assert_eq!((data["status_id"].as_i64(), data["queued_bid_id"].as_i64()), (Some(1), Some(bid)), "{data}");
        assert!(data["timeline_ends_at"].is_null());
    }
    // Nothing starts while the first is under way, however long it takes.
    let pass = start_queued(app.hub(), app.clock.now_ms() + 30 * DAY_MS).await.unwrap();
    assert_eq!(pass.performed, 0);

    deliver_and_accept(&app, &s, first, &s.designer.1, &s.second_designer.1).await;
    let pass = start_queued(app.hub(), app.clock.now_ms()).await.unwrap();
    assert_eq!(pass.performed, 0, "pending credit is still under way");

    // The credit wakes the timers, which start the oldest queued project: watchers see it.
    let ch = format!("project:{second}");
    let mut watcher = WsClient::signed_in(&app, &s.second_designer.1).await;
    // bid.created and the queueing's project.updated are already there.
    watcher.subscribe(&ch, 2).await;
    credit(&app, &s, first, &s.designer.1).await;
    let started = loop {
        match watcher.expect().await {
            ServerFrame::Event(e) if e.ch == ch && e.event_type == "project.status" => break e.data,
            _ => continue,
        }
    };
    assert_eq!((started["status_id"].as_i64(), started["queued_bid_id"].as_i64()), (Some(2), None), "{started}");
    assert_eq!(started["approved_bid_id"].as_i64(), Some(second_bid));
    assert!(started["timeline_ends_at"].is_i64(), "its week runs");
    assert_eq!(notification_kinds(&app, &s.second_designer.1).await[0], 14, "the bidder hears of the approval");
    let waiting = project(&app, third, &s.owner.1).await;
    assert_eq!((waiting["status_id"].as_i64(), waiting["queued_bid_id"].as_i64()), (Some(1), Some(third_bid)));

    // The owner may not jump the queue either while the second is under way.
    let (fourth, fourth_bid) = queued_project(&app, &s, &s.second_designer.1).await;
    let queued = send(&app, Method::POST, &approve_path(fourth, fourth_bid), json!(null), Some(&s.owner.1)).await;
    assert_eq!(queued.body["data"]["status_id"], 1, "{}", queued.body);
    let pass = start_queued(app.hub(), app.clock.now_ms()).await.unwrap();
    assert_eq!(pass.performed, 0, "one under way at a time");
}

#[tokio::test]
async fn a_withdrawn_queued_bid_takes_its_project_out_of_the_queue() {
    let app = spawn_app().await;
    let s = subscribed(&app).await;
    let (first, first_bid) = queued_project(&app, &s, &s.designer.1).await;
    let (second, second_bid) = queued_project(&app, &s, &s.second_designer.1).await;
    send(&app, Method::POST, &approve_path(first, first_bid), json!(null), Some(&s.owner.1)).await;
    let queued = send(&app, Method::POST, &approve_path(second, second_bid), json!(null), Some(&s.owner.1)).await;
    assert_eq!(queued.body["data"]["queued_bid_id"].as_i64(), Some(second_bid), "{}", queued.body);

    let path = format!("/bids/{second_bid}");
    let gone = send(&app, Method::DELETE, &path, json!(null), Some(&s.second_designer.1)).await;
    assert_eq!(gone.status, 200, "{}", gone.body);
    let left = project(&app, second, &s.owner.1).await;
    assert_eq!((left["status_id"].as_i64(), left["queued_bid_id"].as_i64()), (Some(1), None), "{left}");
}
