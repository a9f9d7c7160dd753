//! Updates in the workroom of an assigned project: the assigned designer posts them
//! while the project is active; the owner rates and reviews them; everyone in the room
//! reads them and downloads their files; each call as the right and the wrong role.

use reqwest::Method;
use serde_json::json;
use vitrine_server::timers::projects::run_due;

use super::{assigned, notification_kinds, post_update, refused, send, upload_png, world, Assigned};
use crate::helpers::{spawn_app, TestApp};

const ROOM_FORBIDDEN: &str = "Only the project's owner, its assigned designer and admins see its updates and comments.";
const DESIGNER_ONLY: &str = "Only the project's assigned designer may post updates.";
const OWNER_ONLY: &str = "Only the project's owner may rate or review an update.";

async fn update_rows(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM project_update").fetch_one(&app.db.pool).await.unwrap()
}

fn update_path(a: &Assigned, update: i64, rest: &str) -> String {
    match rest {
        "" => a.w.path(&format!("updates/{update}")),
        rest => a.w.path(&format!("updates/{update}/{rest}")),
    }
}

#[tokio::test]
async fn only_the_assigned_designer_posts_updates_while_the_project_is_active() {
    let app = spawn_app().await;
    // Live: nobody is assigned, so the designer is not in the room yet.
    let live = world(&app).await;
    let file = upload_png(&app, &live.designer.1, "13").await;
    let body = json!({"description": "First sketches", "file_ids": [file]});
    let early = send(&app, Method::POST, &live.path("updates"), body.clone(), Some(&live.designer.1)).await;
    refused(&early, 403, "project.room.forbidden", ROOM_FORBIDDEN);
    let owner = send(&app, Method::POST, &live.path("updates"), body.clone(), Some(&live.owner.1)).await;
    refused(&owner, 403, "project_update.forbidden", DESIGNER_ONLY);

    let app = spawn_app().await;
    let a = assigned(&app).await;
    let file = upload_png(&app, &a.w.designer.1, "13").await;
    let body = json!({"description": "First sketches", "file_ids": [file]});
    let path = a.w.path("updates");
    for (token, status, code, message) in [
        (&a.w.owner.1, 403, "project_update.forbidden", DESIGNER_ONLY),
        (&a.w.admin.1, 403, "project_update.forbidden", DESIGNER_ONLY),
        (&a.outsider.1, 403, "project.room.forbidden", ROOM_FORBIDDEN),
        (&a.w.stranger.1, 404, "project.not_found", "Resource Not Found"),
    ] {
        refused(&send(&app, Method::POST, &path, body.clone(), Some(token)).await, status, code, message);
    }
    send(&app, Method::POST, &path, body.clone(), None).await.assert_error(401, "auth.unauthenticated");

    // Bad input answers every field and writes nothing.
    let empty = send(&app, Method::POST, &path, json!({"description": "  "}), Some(&a.w.designer.1)).await;
    empty.assert_error(422, "validation.failed");
    assert_eq!(empty.field_code("description"), "validation.required");
    assert_eq!(empty.field_code("file_ids"), "validation.required");
    let theirs = upload_png(&app, &a.w.owner.1, "13").await;
    let foreign = json!({"description": "Sketch", "file_ids": [theirs]});
    let foreign = send(&app, Method::POST, &path, foreign, Some(&a.w.designer.1)).await;
    assert_eq!(foreign.field_message("file_ids"), "The selected value does not exist.");
    let long = json!({"description": "x".repeat(5001), "file_ids": [file]});
    assert_eq!(
        send(&app, Method::POST, &path, long, Some(&a.w.designer.1)).await.field_code("description"),
        "validation.max"
    );
    assert_eq!(update_rows(&app).await, 0);

    let posted = send(&app, Method::POST, &path, body.clone(), Some(&a.w.designer.1)).await;
    assert_eq!(posted.status, 201, "{}", posted.body);
    let update = &posted.body["data"];
    assert_eq!((update["status_id"].as_i64(), update["status"].as_str()), (Some(1), Some("Awaiting review")));
    assert_eq!((update["description"].as_str(), update["rating"].as_i64()), (Some("First sketches"), None));
    assert_eq!(update["files"][0]["id"], file);
    assert_eq!(update["files"][0]["full_path"], format!("/files/{file}/content"));
    assert_eq!(update["created_by_user"]["id"], a.w.designer.0);
    assert_eq!(notification_kinds(&app, &a.w.owner.1).await[0], 16, "the owner hears of it");

    // The timeline runs out (3): the time for updates is over.
    let ends = app.get(&a.w.path(""), Some(&a.w.owner.1)).await.body["data"]["timeline_ends_at"].as_i64().unwrap();
    run_due(app.hub(), vitrine_server::config::DEFAULT_PUBLIC_URL, ends).await.unwrap();
    let late = send(&app, Method::POST, &path, body, Some(&a.w.designer.1)).await;
    refused(
        &late,
        409,
        "project_update.closed",
        "Updates can be posted only while the project is active and assigned.",
    );
    assert_eq!(update_rows(&app).await, 1);
}

#[tokio::test]
async fn updates_are_listed_and_read_in_the_workroom_only() {
    let app = spawn_app().await;
    let a = assigned(&app).await;
    let first = post_update(&app, &a, "Sketches").await;
    let second = post_update(&app, &a, "Colours").await;
    let ids = |body: &serde_json::Value| {
        body["data"].as_array().unwrap().iter().map(|u| u["id"].as_i64().unwrap()).collect::<Vec<_>>()
    };
    for token in [&a.w.owner.1, &a.w.designer.1, &a.w.admin.1] {
        let list = app.get(&a.w.path("updates?include=files"), Some(token)).await;
        assert_eq!((ids(&list.body), list.body["total"].as_i64()), (vec![second, first], Some(2)));
        let oldest = app.get(&a.w.path("updates?sort=created_at"), Some(token)).await;
        assert_eq!(ids(&oldest.body), [first, second]);
        let one = app.get(&update_path(&a, first, ""), Some(token)).await;
        assert_eq!(one.body["data"]["description"], "Sketches");
    }
    app.get(&a.w.path("updates?sort=rating"), Some(&a.w.owner.1)).await.assert_error(422, "validation.exists");
    refused(&app.get(&a.w.path("updates"), Some(&a.outsider.1)).await, 403, "project.room.forbidden", ROOM_FORBIDDEN);
    refused(
        &app.get(&update_path(&a, first, ""), Some(&a.outsider.1)).await,
        403,
        "project.room.forbidden",
        ROOM_FORBIDDEN,
    );
    app.get(&a.w.path("updates"), Some(&a.w.stranger.1)).await.assert_error(404, "project.not_found");
    app.get(&update_path(&a, second + 10, ""), Some(&a.w.owner.1)).await.assert_error(404, "project_update.not_found");
    // An update is found under its own project only.
    let other = super::launch(&app, &a.w.owner.1).await;
    app.get(&format!("/projects/{other}/updates/{first}"), Some(&a.w.owner.1))
        .await
        .assert_error(404, "project_update.not_found");
}

#[tokio::test]
async fn the_owner_rates_and_reviews_updates_and_nobody_else_does() {
    let app = spawn_app().await;
    let a = assigned(&app).await;
    let update = post_update(&app, &a, "Sketches").await;
    let rate = |token: String, body: serde_json::Value| {
        let path = update_path(&a, update, "ratings");
        let app = &app;
        async move { send(app, Method::PATCH, &path, body, Some(&token)).await }
    };
    refused(&rate(a.w.designer.1.clone(), json!({"rating": 5})).await, 403, "project_update.owner_only", OWNER_ONLY);
    refused(&rate(a.w.admin.1.clone(), json!({"rating": 5})).await, 403, "project_update.owner_only", OWNER_ONLY);
    refused(&rate(a.outsider.1.clone(), json!({"rating": 5})).await, 403, "project.room.forbidden", ROOM_FORBIDDEN);
    let high = rate(a.w.owner.1.clone(), json!({"rating": 6})).await;
    assert_eq!(high.field_message("rating"), "The rating must be between 1 and 5.");
    assert_eq!(rate(a.w.owner.1.clone(), json!({})).await.field_code("rating"), "validation.required");
    let rated = rate(a.w.owner.1.clone(), json!({"rating": "4"})).await;
    assert_eq!(rated.body["data"]["rating"], 4, "{}", rated.body);

    let review = |token: String, body: serde_json::Value| {
        let path = update_path(&a, update, "status");
        let app = &app;
        async move { send(app, Method::PATCH, &path, body, Some(&token)).await }
    };
    refused(
        &review(a.w.designer.1.clone(), json!({"status_id": 2})).await,
        403,
        "project_update.owner_only",
        OWNER_ONLY,
    );
    let bad = review(a.w.owner.1.clone(), json!({"status_id": 4})).await;
    assert_eq!(
        bad.field_message("status_id"),
        "Update statuses are 1 awaiting review, 2 approved and 3 changes requested."
    );
    let approved = review(a.w.owner.1.clone(), json!({"status_id": 2})).await;
    assert_eq!(
        (approved.body["data"]["status_id"].as_i64(), approved.body["data"]["status"].as_str()),
        (Some(2), Some("Approved"))
    );
    let seen = app.get(&update_path(&a, update, ""), Some(&a.w.designer.1)).await;
    assert_eq!((seen.body["data"]["rating"].as_i64(), seen.body["data"]["status_id"].as_i64()), (Some(4), Some(2)));
}

#[tokio::test]
async fn other_files_are_the_designers_and_download_links_are_for_the_workroom() {
    let app = spawn_app().await;
    let a = assigned(&app).await;
    let update = post_update(&app, &a, "Sketches").await;
    let source = upload_png(&app, &a.w.designer.1, "16").await;
    let path = update_path(&a, update, "other_files");
    let by_owner = send(&app, Method::POST, &path, json!({"file_ids": [source]}), Some(&a.w.owner.1)).await;
    refused(&by_owner, 403, "project_update.forbidden", DESIGNER_ONLY);
    assert_eq!(
        send(&app, Method::POST, &path, json!({}), Some(&a.w.designer.1)).await.field_code("file_ids"),
        "validation.required"
    );
    let added = send(&app, Method::POST, &path, json!({"file_ids": [source]}), Some(&a.w.designer.1)).await;
    assert_eq!(added.body["data"]["other_files"][0]["id"], source, "{}", added.body);
    assert_eq!(added.body["data"]["files"].as_array().unwrap().len(), 1, "the shown file stays");

    let token_path = update_path(&a, update, "generate-download-token");
    refused(
        &send(&app, Method::POST, &token_path, json!(null), Some(&a.outsider.1)).await,
        403,
        "project.room.forbidden",
        ROOM_FORBIDDEN,
    );
    let not_its = send(&app, Method::POST, &token_path, json!({"file_id": source + 100}), Some(&a.w.owner.1)).await;
    assert_eq!(not_its.field_code("file_id"), "validation.exists");
    let granted = send(&app, Method::POST, &token_path, json!({"file_id": source}), Some(&a.w.owner.1)).await;
    assert_eq!((granted.status.as_u16(), granted.body["data"]["file_id"].as_i64()), (201, Some(source)));
    let url = granted.body["data"]["download_url"].as_str().unwrap().to_owned();
    let first = app.client.get(app.url(&url)).send().await.unwrap();
    assert_eq!(first.status(), 200);
    assert_eq!(first.bytes().await.unwrap().as_ref(), super::PNG_1X1);
    assert_eq!(app.client.get(app.url(&url)).send().await.unwrap().status(), 410, "once");
    // Without a body: the first file shown.
    let default = send(&app, Method::POST, &token_path, json!(null), Some(&a.w.admin.1)).await;
    assert_eq!(default.status, 201, "{}", default.body);
    assert_ne!(default.body["data"]["file_id"], source);
}
