//! Placing, listing, reading, withdrawing and approving bids.

use reqwest::Method;
use serde_json::json;
use vitrine_server::store::clock::Clock;

use super::bid;
use crate::{
    helpers::spawn_app,
    projects::{designer, send, world},
};

#[tokio::test]
async fn only_designers_bid_once_on_a_live_project() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let offer = json!({"amount": 300, "description": "Three concepts in a week."});
    send(&app, Method::POST, &w.path("bids"), offer.clone(), Some(&w.owner.1))
        .await
        .assert_error(403, "bid.designers_only");
    send(&app, Method::POST, &w.path("bids"), offer.clone(), Some(&w.admin.1))
        .await
        .assert_error(403, "bid.designers_only");
    send(&app, Method::POST, &w.path("bids"), offer.clone(), Some(&w.stranger.1))
        .await
        .assert_error(404, "project.not_found");
    send(&app, Method::POST, &w.path("bids"), json!({"description": "x"}), Some(&w.designer.1))
        .await
        .assert_error(422, "validation.required");
    send(&app, Method::POST, &w.path("bids"), json!({"amount": 0, "description": "x"}), Some(&w.designer.1))
        .await
        .assert_error(422, "amount.between");
    send(
        &app,
        Method::POST,
        &w.path("bids"),
        json!({"amount": 10, "description": "x", "file_ids": [424242]}),
        Some(&w.designer.1),
    )
    .await
    .assert_error(422, "validation.exists");

    let placed = send(&app, Method::POST, &w.path("bids"), offer.clone(), Some(&w.designer.1)).await;
    assert_eq!(placed.status, 201, "{}", placed.body);
    assert_eq!(
        (placed.body["data"]["amount"].as_i64(), placed.body["data"]["status_id"].as_i64()),
        (Some(300), Some(1))
    );
    send(&app, Method::POST, &w.path("bids"), offer.clone(), Some(&w.designer.1)).await.assert_error(409, "bid.exists");
    assert_eq!(app.get(&w.path(""), Some(&w.designer.1)).await.body["data"]["bids_count"], 1);
    // The owner is notified (type 11).
    let notes = app.get("/notifications", Some(&w.owner.1)).await;
    assert_eq!(
        (notes.body["data"][0]["notification_type_id"].as_i64(), notes.body["total"].as_i64()),
        (Some(11), Some(1))
    );

    // Once a bid is approved the project is no longer live.
    let placed_id = placed.body["data"]["id"].as_i64().unwrap();
    let approve = w.path(&format!("approve/manually/{placed_id}"));
    assert_eq!(send(&app, Method::POST, &approve, json!(null), Some(&w.admin.1)).await.status, 200);
    let (_, late) = designer(&app, "late", 2).await;
    send(&app, Method::POST, &w.path("bids"), offer, Some(&late)).await.assert_error(409, "project.not_live");
}

#[tokio::test]
async fn the_owner_and_admins_list_bids_sorted_and_filtered_designers_may_not() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let (_, gold) = designer(&app, "goldie", 3).await;
    let first = bid(&app, &w, 500, &w.designer.1).await;
    let second = bid(&app, &w, 200, &gold).await;
    let ids = |body: &serde_json::Value| {
        body["data"].as_array().unwrap().iter().map(|b| b["id"].as_i64().unwrap()).collect::<Vec<_>>()
    };
    assert_eq!(ids(&app.get(&w.path("bids"), Some(&w.owner.1)).await.body), [second, first], "newest first");
    assert_eq!(ids(&app.get(&w.path("bids?sort=amount"), Some(&w.owner.1)).await.body), [second, first]);
    assert_eq!(ids(&app.get(&w.path("bids?sort=-amount"), Some(&w.admin.1)).await.body), [first, second]);
    assert_eq!(ids(&app.get(&w.path("bids?filter[username]=GOLD"), Some(&w.owner.1)).await.body), [second]);
    app.get(&w.path("bids?sort=price"), Some(&w.owner.1)).await.assert_error(422, "validation.exists");
    app.get(&w.path("bids"), Some(&w.designer.1)).await.assert_error(403, "bid.list.forbidden");
    app.get(&w.path("bids"), Some(&w.stranger.1)).await.assert_error(404, "project.not_found");

    // A designer sees their own.
    let mine = app.get(&w.path("my-bids"), Some(&gold)).await;
    assert_eq!(ids(&mine.body), [second]);
    app.get(&w.path("my-bids"), Some(&w.owner.1)).await.assert_error(403, "bid.designers_only");
}

#[tokio::test]
async fn a_bid_is_seen_by_the_owner_the_bidder_and_admins_only() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let (_, third) = designer(&app, "third", 3).await;
    let id = bid(&app, &w, 300, &w.designer.1).await;
    let path = format!("/bids/{id}");
    for token in [&w.owner.1, &w.designer.1, &w.admin.1] {
        let seen = app.get(&path, Some(token)).await;
        assert_eq!(seen.body["data"]["created_by_user"]["username"], "silvia", "{}", seen.body);
    }
    app.get(&path, Some(&third)).await.assert_error(404, "bid.not_found");
    app.get(&path, Some(&w.stranger.1)).await.assert_error(404, "bid.not_found");
    app.get("/bids/999", Some(&w.admin.1)).await.assert_error(404, "bid.not_found");
}

#[tokio::test]
async fn the_bidder_withdraws_a_bid_the_owner_may_not_and_an_approved_bid_stays() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let (_, gold) = designer(&app, "goldie", 3).await;
    let id = bid(&app, &w, 300, &w.designer.1).await;
    let path = format!("/bids/{id}");
    send(&app, Method::DELETE, &path, json!(null), Some(&w.owner.1)).await.assert_error(403, "bid.delete.forbidden");
    send(&app, Method::DELETE, &path, json!(null), Some(&gold)).await.assert_error(404, "bid.not_found");
    assert_eq!(send(&app, Method::DELETE, &path, json!(null), Some(&w.designer.1)).await.status, 200);
    app.get(&path, Some(&w.admin.1)).await.assert_error(404, "bid.not_found");
    let notes = app.get("/notifications", Some(&w.owner.1)).await;
    assert_eq!(notes.body["data"][0]["notification_type_id"], 19, "withdrawn, after the bid (11)");

    let kept = bid(&app, &w, 250, &gold).await;
    let approve = w.path(&format!("approve/manually/{kept}"));
    send(&app, Method::POST, &approve, json!(null), Some(&w.owner.1)).await.assert_error(403, "auth.forbidden");
    send(&app, Method::POST, &approve, json!(null), Some(&gold)).await.assert_error(403, "auth.forbidden");
    let approved_at = app.clock.now_ms();
    let active = send(&app, Method::POST, &approve, json!(null), Some(&w.admin.1)).await;
    assert_eq!(
        (
            active.body["data"]["status_id"].as_i64(),
            active.body["data"]["approved_bid_id"].as_i64(),
            active.body["data"]["timeline_ends_at"].as_i64()
        ),
        (Some(2), Some(kept), Some(approved_at + 7 * 86_400_000)),
        "active and assigned; the week's timeline starts"
    );
    assert_eq!(app.get(&format!("/bids/{kept}"), Some(&gold)).await.body["data"]["status_id"], 2);
    send(&app, Method::DELETE, &format!("/bids/{kept}"), json!(null), Some(&gold))
        .await
        .assert_error(409, "bid.already_approved");
    send(&app, Method::POST, &approve, json!(null), Some(&w.admin.1)).await.assert_error(409, "project.not_live");
    let mine = app.get("/projects/active", Some(&gold)).await;
    assert_eq!(mine.body["data"][0]["id"], w.project, "the approved designer's project is under way");
}
