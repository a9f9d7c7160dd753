//! Who may talk in a bid's discussion, and when (section 4, bid comments).

use reqwest::Method;
use serde_json::json;

use super::{bid, comments_path};
use crate::{
    helpers::spawn_app,
    projects::{designer, send, world},
};

#[tokio::test]
async fn the_owner_and_a_bidder_above_bronze_talk_and_nobody_else_writes() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let (_, bronze) = designer(&app, "bruno", 1).await;
    let (_, third) = designer(&app, "third", 3).await;
    let silver_bid = bid(&app, &w, 300, &w.designer.1).await;
    let bronze_bid = bid(&app, &w, 200, &bronze).await;
    let path = comments_path(&w, silver_bid);
    let say = |text: &str| json!({"comment": text});

    let from_owner = send(&app, Method::POST, &path, say("Can you show a sketch?"), Some(&w.owner.1)).await;
    assert_eq!(from_owner.status, 201, "{}", from_owner.body);
    let from_bidder = send(&app, Method::POST, &path, say("Sure, tomorrow."), Some(&w.designer.1)).await;
    assert_eq!(from_bidder.body["data"]["created_by_user"]["username"], "silvia", "{}", from_bidder.body);
    assert!(from_bidder.body["data"]["bid"]["bid_files"].is_array());

    let bronze_path = comments_path(&w, bronze_bid);
    let refused = send(&app, Method::POST, &bronze_path, say("Me too"), Some(&bronze)).await;
    refused.assert_error(403, "bid.comment.bronze");
    assert_eq!(send(&app, Method::POST, &bronze_path, say("Hello"), Some(&w.owner.1)).await.status, 201);
    send(&app, Method::POST, &path, say("Admin here"), Some(&w.admin.1))
        .await
        .assert_error(403, "bid.comment.forbidden");
    send(&app, Method::POST, &path, say("Peek"), Some(&third)).await.assert_error(404, "bid.not_found");
    send(&app, Method::POST, &path, say("Peek"), Some(&w.stranger.1)).await.assert_error(404, "bid.not_found");
    send(&app, Method::POST, &path, say("   "), Some(&w.owner.1)).await.assert_error(422, "validation.required");
    send(&app, Method::POST, &comments_path(&w, 999), say("x"), Some(&w.owner.1))
        .await
        .assert_error(404, "bid.not_found");
    let wrong_project = format!("/projects/{}/bids/{silver_bid}/comments", w.project + 1000);
    send(&app, Method::POST, &wrong_project, say("x"), Some(&w.owner.1)).await.assert_error(404, "bid.not_found");

    // Read: oldest first, by the two parties and admins only.
    for token in [&w.owner.1, &w.designer.1, &w.admin.1] {
        let list = app.get(&path, Some(token)).await;
        let texts: Vec<_> =
            list.body["data"].as_array().unwrap().iter().map(|c| c["comment"].as_str().unwrap().to_owned()).collect();
        assert_eq!(texts, ["Can you show a sketch?", "Sure, tomorrow."]);
    }
    app.get(&path, Some(&third)).await.assert_error(404, "bid.not_found");
    app.get(&path, Some(&bronze)).await.assert_error(404, "bid.not_found");

    // Each side is notified of the other's message (type 12).
    let owner_notes = app.get("/notifications", Some(&w.owner.1)).await;
    assert_eq!(
        (
            owner_notes.body["data"][0]["notification_type_id"].as_i64(),
            owner_notes.body["data"][0]["data"]["bid_id"].as_i64()
        ),
        (Some(12), Some(silver_bid))
    );
    let bidder_notes = app.get("/notifications", Some(&w.designer.1)).await;
    assert_eq!(bidder_notes.body["data"][0]["notification_type_id"], 12);
}

#[tokio::test]
async fn a_bid_is_discussed_while_the_project_is_live_or_active_and_not_after() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let id = bid(&app, &w, 300, &w.designer.1).await;
    let path = comments_path(&w, id);
    let approve = w.path(&format!("approve/manually/{id}"));
    assert_eq!(send(&app, Method::POST, &approve, json!(null), Some(&w.admin.1)).await.status, 200);
    assert_eq!(
        send(&app, Method::POST, &path, json!({"comment": "Paid, let's go"}), Some(&w.owner.1)).await.status,
        201
    );
    // The timeline runs out (3, unverified): the discussion is closed.
    let ends = app.get(&w.path(""), Some(&w.owner.1)).await.body["data"]["timeline_ends_at"].as_i64().unwrap();
    let pass = vitrine_server::timers::projects::run_due(app.hub(), vitrine_server::config::DEFAULT_PUBLIC_URL, ends)
        .await
        .unwrap();
    assert_eq!(pass.performed, 1);
    send(&app, Method::POST, &path, json!({"comment": "Still there?"}), Some(&w.owner.1))
        .await
        .assert_error(409, "bid.comment.closed");
    send(&app, Method::POST, &path, json!({"comment": "Yes"}), Some(&w.designer.1))
        .await
        .assert_error(409, "bid.comment.closed");
    assert_eq!(app.get(&path, Some(&w.owner.1)).await.body["total"], 1, "the thread stays readable");
}
