//! Lists by role, and the lifecycle of section 4: approval (1 -> 2), the timeline
//! running out (2 -> 3), the admin's verify (3 -> 4), the designer's final files or
//! the owner's finalize (4 -> 5), the admin's credit (5 -> 6); internal statuses and
//! budget increases; each as the right and the wrong role.

use reqwest::Method;
use serde_json::json;
use vitrine_server::store::clock::Clock;
use vitrine_server::timers::projects::run_due;

use super::{assign, designer, launch, send, world, World};
use crate::helpers::{spawn_app, TestApp};

const DAY_MS: i64 = 86_400_000;

/// Notification types the user with `token` received, newest first.
async fn kinds(app: &TestApp, token: &str) -> Vec<i64> {
    app.get("/notifications", Some(token)).await.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["notification_type_id"].as_i64().unwrap())
        .collect()
}

/// `project.status` events written for the project.
async fn status_events(app: &TestApp, id: i64) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM event WHERE channel = $1 AND event_type = 'project.status'")
        .bind(format!("project:{id}"))
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
}

/// Runs the timer at the end of the world's project's timeline: it is unverified (3).
pub(crate) async fn timeline_over(app: &TestApp, w: &World) {
    let ends = app.get(&w.path(""), Some(&w.owner.1)).await.body["data"]["timeline_ends_at"].as_i64().unwrap();
    let pass = run_due(app.hub(), vitrine_server::config::DEFAULT_PUBLIC_URL, ends).await.unwrap();
    assert_eq!(pass.performed, 1);
}

/// A file of the world's designer, of a final-file category.
pub(crate) async fn final_file(app: &TestApp, w: &World, key: &str) -> i64 {
    sqlx::query_scalar(
        "INSERT INTO file (app_user_id, file_category_id, original_name, content_type, size_bytes, sha256, storage_key, created_at) \
         VALUES ($1, 13, 'final.png', 'image/png', 10, 'ab', $2, 0) RETURNING id",
    )
    .bind(w.designer.0)
    .bind(key)
    .fetch_one(&app.db.pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn project_lists_answer_by_role_and_admins_filter_them() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let second = launch(&app, &w.stranger.1).await;
    assign(&app, second, &w.designer.1, &w.admin.1).await;

    let ids = |body: &serde_json::Value| {
        body["data"].as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect::<Vec<_>>()
    };
    let admin = app.get("/projects", Some(&w.admin.1)).await;
    assert_eq!((ids(&admin.body), admin.body["total"].as_i64()), (vec![second, w.project], Some(2)));
    assert_eq!(admin.body["current_page"], 1);
    assert_eq!(ids(&app.get("/projects?filter[status_id]=2", Some(&w.admin.1)).await.body), [second]);
    assert_eq!(ids(&app.get("/projects?filter[username]=OWN", Some(&w.admin.1)).await.body), [w.project]);
    // What an admin types is text: `%` and `_` match themselves, not anything.
    assert!(ids(&app.get("/projects?filter[username]=%25", Some(&w.admin.1)).await.body).is_empty());
    assert!(ids(&app.get("/projects?filter[title]=_", Some(&w.admin.1)).await.body).is_empty());
    assert_eq!(
        ids(&app.get("/projects?project_category_id[]=1&project_category_id[]=2", Some(&w.admin.1)).await.body).len(),
        2
    );
    assert!(ids(&app.get("/projects?project_category_id=3", Some(&w.admin.1)).await.body).is_empty());
    app.get("/projects?filter[status_id]=x", Some(&w.admin.1)).await.assert_error(422, "request.query_invalid");

    // Clients see their own; designers the live ones.
    assert_eq!(ids(&app.get("/projects", Some(&w.owner.1)).await.body), [w.project]);
    assert_eq!(
        ids(&app.get("/projects?filter[status_id]=2", Some(&w.owner.1)).await.body),
        [w.project],
        "filters are the admin's"
    );
    assert_eq!(ids(&app.get("/projects", Some(&w.designer.1)).await.body), [w.project], "the live ones only");
    assert_eq!(ids(&app.get("/projects/active", Some(&w.stranger.1)).await.body), [second]);
    assert_eq!(ids(&app.get("/projects/active", Some(&w.owner.1)).await.body), [w.project]);
    assert_eq!(ids(&app.get("/projects/active", Some(&w.designer.1)).await.body), [second], "assigned to them");
    assert_eq!(ids(&app.get("/projects/active", Some(&w.admin.1)).await.body), [second, w.project]);
    app.get("/projects", None).await.assert_error(401, "auth.unauthenticated");

    for list in ["/projects/verify", "/projects/credit"] {
        app.get(list, Some(&w.owner.1)).await.assert_error(403, "auth.forbidden");
        app.get(list, Some(&w.designer.1)).await.assert_error(403, "auth.forbidden");
        assert_eq!(app.get(list, Some(&w.admin.1)).await.body["total"], 0);
    }
}

#[tokio::test]
async fn admins_change_statuses_and_internal_statuses_and_others_may_not() {
    let app = spawn_app().await;
    let w = world(&app).await;
    for token in [&w.owner.1, &w.designer.1] {
        send(&app, Method::PUT, &w.path("statuses"), json!({"status_id": 4}), Some(token))
            .await
            .assert_error(403, "auth.forbidden");
        send(&app, Method::PUT, &w.path("internal-statuses"), json!({"internal_status_id": 3}), Some(token))
            .await
            .assert_error(403, "auth.forbidden");
    }
    send(&app, Method::PUT, &w.path("statuses"), json!({"status_id": 7}), Some(&w.admin.1))
        .await
        .assert_error(422, "project.status_id.in");
    // A live project becomes active by approving a bid, not by a status change; and
    // nothing else is an admin's move from live.
    for status in 1..=6 {
        send(&app, Method::PUT, &w.path("statuses"), json!({"status_id": status}), Some(&w.admin.1))
            .await
            .assert_error(409, "project.status.invalid");
    }
    // Active: the timer's to end, not the admin's.
    assign(&app, w.project, &w.designer.1, &w.admin.1).await;
    for status in [1, 3, 4, 5, 6] {
        send(&app, Method::PUT, &w.path("statuses"), json!({"status_id": status}), Some(&w.admin.1))
            .await
            .assert_error(409, "project.status.invalid");
    }

    let marked =
        send(&app, Method::PUT, &w.path("internal-statuses"), json!({"internal_status_id": 3}), Some(&w.admin.1)).await;
    assert_eq!(marked.body["data"]["internal_status_id"], 3);
    assert_eq!(app.get("/projects?filter[internal_status_id]=3", Some(&w.admin.1)).await.body["total"], 1);
}

#[tokio::test]
async fn approving_a_bid_starts_the_timeline_and_its_end_awaits_verification() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let approved_at = app.clock.now_ms();
    assign(&app, w.project, &w.designer.1, &w.admin.1).await;
    let seen = app.get(&w.path(""), Some(&w.designer.1)).await.body["data"].clone();
    assert_eq!((seen["status_id"].as_i64(), seen["status"].as_str()), (Some(2), Some("Project active and assigned")));
    assert_eq!(seen["timeline_ends_at"].as_i64(), Some(approved_at + 7 * DAY_MS), "a week from the approval");
    assert_eq!(app.get("/projects/verify", Some(&w.admin.1)).await.body["total"], 0);

    let before = status_events(&app, w.project).await;
    let pass = run_due(app.hub(), vitrine_server::config::DEFAULT_PUBLIC_URL, approved_at + 7 * DAY_MS).await.unwrap();
    assert_eq!(pass.performed, 1);
    let verify = app.get("/projects/verify", Some(&w.admin.1)).await;
    assert_eq!(
        (verify.body["total"].as_i64(), verify.body["data"][0]["status"].as_str()),
        (Some(1), Some("Unverified"))
    );
    assert_eq!(status_events(&app, w.project).await - before, 1, "one project.status");
    // Both parties hear of it (type 15), after the approval (14) for the designer.
    assert_eq!(kinds(&app, &w.designer.1).await, [15, 14]);
    assert_eq!(kinds(&app, &w.owner.1).await[0], 15);
}

#[tokio::test]
async fn admins_increase_the_budget_verify_the_designer_delivers_and_admins_credit() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let raise = |token: String, budget: i64| {
        let path = w.path("increase-budget-manually");
        let app = &app;
        async move { send(app, Method::POST, &path, json!({"budget": budget}), Some(&token)).await }
    };
    raise(w.owner.1.clone(), 500).await.assert_error(403, "auth.forbidden");
    raise(w.admin.1.clone(), 250).await.assert_error(422, "budget.increase");
    let raised = raise(w.admin.1.clone(), 500).await;
    assert_eq!(raised.body["data"]["budget"], 500, "{}", raised.body);

    let (_, other) = designer(&app, "other", 3).await;
    let file = final_file(&app, &w, "k-final").await;
    let deliver = |token: String, files: serde_json::Value| {
        let path = w.path("artworks");
        let app = &app;
        async move { send(app, Method::POST, &path, json!({"file_ids": files}), Some(&token)).await }
    };
    // Live, then active: nothing to deliver or finalize yet.
    deliver(w.designer.1.clone(), json!([file])).await.assert_error(403, "project.artwork.forbidden");
    assign(&app, w.project, &w.designer.1, &w.admin.1).await;
    deliver(w.designer.1.clone(), json!([file])).await.assert_error(409, "project.status.invalid");
    send(&app, Method::POST, &w.path("finalize"), json!(null), Some(&w.owner.1))
        .await
        .assert_error(409, "project.status.invalid");

    // The timeline runs out; an admin verifies (3 -> 4) and the 48 hours start.
    timeline_over(&app, &w).await;
    for token in [&w.owner.1, &w.designer.1] {
        send(&app, Method::PUT, &w.path("statuses"), json!({"status_id": 4}), Some(token))
            .await
            .assert_error(403, "auth.forbidden");
    }
    send(&app, Method::PUT, &w.path("statuses"), json!({"status_id": 5}), Some(&w.admin.1))
        .await
        .assert_error(409, "project.status.invalid");
    let verified = send(&app, Method::PUT, &w.path("statuses"), json!({"status_id": 4}), Some(&w.admin.1)).await;
    assert_eq!(verified.body["data"]["status"], "Pending delivery", "{}", verified.body);
    let due = verified.body["data"]["delivery_due_at"].as_i64().unwrap();
    assert_eq!(due - app.clock.now_ms(), 2 * DAY_MS, "48 hours to deliver");
    assert_eq!(app.get("/projects/verify", Some(&w.admin.1)).await.body["total"], 0);

    // Only the approved designer delivers, with files (4 -> 5).
    deliver(other, json!([file])).await.assert_error(403, "project.artwork.forbidden");
    deliver(w.owner.1.clone(), json!([file])).await.assert_error(403, "project.artwork.forbidden");
    deliver(w.designer.1.clone(), json!([])).await.assert_error(422, "validation.required");
    let delivered = deliver(w.designer.1.clone(), json!([file])).await;
    assert_eq!(delivered.body["data"]["status"], "Pending credit", "{}", delivered.body);
    let credit = app.get("/projects/credit", Some(&w.admin.1)).await;
    assert_eq!((credit.body["total"].as_i64(), credit.body["data"][0]["id"].as_i64()), (Some(1), Some(w.project)));
    assert_eq!(kinds(&app, &w.owner.1).await[0], 21, "the owner hears of the delivery");

    // The owner accepts the delivery, once; the designer is told (22).
    send(&app, Method::POST, &w.path("finalize"), json!(null), Some(&w.designer.1))
        .await
        .assert_error(403, "project.edit.forbidden");
    send(&app, Method::POST, &w.path("finalize"), json!(null), Some(&w.admin.1))
        .await
        .assert_error(403, "project.edit.forbidden");
    let accepted = send(&app, Method::POST, &w.path("finalize"), json!(null), Some(&w.owner.1)).await;
    assert_eq!(
        (accepted.body["data"]["status_id"].as_i64(), accepted.body["data"]["finalized_at"].is_i64()),
        (Some(5), true),
        "{}",
        accepted.body
    );
    send(&app, Method::POST, &w.path("finalize"), json!(null), Some(&w.owner.1))
        .await
        .assert_error(409, "project.status.invalid");

    // An admin credits (5 -> 6).
    for token in [&w.owner.1, &w.designer.1] {
        send(&app, Method::PUT, &w.path("statuses"), json!({"status_id": 6}), Some(token))
            .await
            .assert_error(403, "auth.forbidden");
    }
    let done = send(&app, Method::PUT, &w.path("statuses"), json!({"status_id": 6}), Some(&w.admin.1)).await;
    assert_eq!(done.body["data"]["status"], "Completed", "{}", done.body);
    assert_eq!(app.get("/projects/credit", Some(&w.admin.1)).await.body["total"], 0);
    send(&app, Method::PUT, &w.path("statuses"), json!({"status_id": 5}), Some(&w.admin.1))
        .await
        .assert_error(409, "project.status.invalid");
    assert!(app.get("/projects/active", Some(&w.owner.1)).await.body["data"].as_array().unwrap().is_empty());
    assert_eq!(
        kinds(&app, &w.designer.1).await,
        [15, 22, 15, 15, 14],
        "credited, accepted, verified, timeline over, approved; the budget rose before approval"
    );
}

#[tokio::test]
async fn the_owner_finalizing_a_pending_delivery_delivers_it() {
    let app = spawn_app().await;
    let w = world(&app).await;
    assign(&app, w.project, &w.designer.1, &w.admin.1).await;
    timeline_over(&app, &w).await;
    let verified = send(&app, Method::PUT, &w.path("statuses"), json!({"status_id": 4}), Some(&w.admin.1)).await;
    assert_eq!(verified.status, 200, "{}", verified.body);
    send(&app, Method::POST, &w.path("finalize"), json!(null), Some(&w.stranger.1))
        .await
        .assert_error(404, "project.not_found");
    send(&app, Method::POST, &w.path("finalize"), json!(null), Some(&w.designer.1))
        .await
        .assert_error(403, "project.edit.forbidden");
    let before = status_events(&app, w.project).await;
    let accepted = send(&app, Method::POST, &w.path("finalize"), json!(null), Some(&w.owner.1)).await;
    assert_eq!(
        (accepted.body["data"]["status"].as_str(), accepted.body["data"]["finalized_at"].is_i64()),
        (Some("Pending credit"), true),
        "{}",
        accepted.body
    );
    assert_eq!(status_events(&app, w.project).await - before, 1);
    assert_eq!(kinds(&app, &w.designer.1).await[0], 22);
    // Delivered already: the designer's files no longer move it.
    let file = final_file(&app, &w, "k-late").await;
    send(&app, Method::POST, &w.path("artworks"), json!({"file_ids": [file]}), Some(&w.designer.1))
        .await
        .assert_error(409, "project.status.invalid");
    send(&app, Method::POST, &w.path("finalize"), json!(null), Some(&w.owner.1))
        .await
        .assert_error(409, "project.status.invalid");
}

#[tokio::test]
async fn the_delivered_files_are_listed_for_the_room_only_and_credit_owes_the_designer() {
    let app = spawn_app().await;
    let w = world(&app).await;
    assign(&app, w.project, &w.designer.1, &w.admin.1).await;
    let (_, other) = designer(&app, "otherdesigner", 3).await;
    // Nothing delivered yet: the room sees an empty list.
    let none = app.get(&w.path("artworks"), Some(&w.owner.1)).await;
    assert_eq!((none.status.as_u16(), none.body["data"].as_array().map(Vec::len)), (200, Some(0)), "{}", none.body);

    timeline_over(&app, &w).await;
    let verified = send(&app, Method::PUT, &w.path("statuses"), json!({"status_id": 4}), Some(&w.admin.1)).await;
    assert_eq!(verified.status, 200, "{}", verified.body);
    let file = super::upload_png(&app, &w.designer.1, "16").await;
    let delivered =
        send(&app, Method::POST, &w.path("artworks"), json!({"file_ids": [file]}), Some(&w.designer.1)).await;
    assert_eq!(delivered.body["data"]["status_id"], 5, "{}", delivered.body);

    for token in [&w.owner.1, &w.designer.1, &w.admin.1] {
        let listed = app.get(&w.path("artworks"), Some(token)).await;
        assert_eq!(listed.status, 200, "{}", listed.body);
        let files = listed.body["data"].as_array().unwrap();
        assert_eq!(files.len(), 1);
        assert_eq!(
            (files[0]["id"].as_i64(), files[0]["name"].as_str(), files[0]["full_path"].as_str()),
            (Some(file), Some("work.png"), Some(format!("/files/{file}/content").as_str()))
        );
        let content =
            app.client.get(app.url(&format!("/files/{file}/content"))).bearer_auth(token).send().await.unwrap();
        assert_eq!(content.status(), 200, "the listed file is readable");
    }
    // Another designer sees the project but is not in its room; a stranger not even that.
    app.get(&w.path("artworks"), Some(&other)).await.assert_error(403, "project.room.forbidden");
    app.get(&w.path("artworks"), Some(&w.stranger.1)).await.assert_error(404, "project.not_found");
    app.get(&w.path("artworks"), None).await.assert_error(401, "auth.unauthenticated");
    app.get("/projects/999999/artworks", Some(&w.admin.1)).await.assert_error(404, "project.not_found");

    // The owner accepts, an admin credits: the approved bid is owed to the designer.
    let accepted = send(&app, Method::POST, &w.path("finalize"), json!(null), Some(&w.owner.1)).await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    let owed_before = app.get("/admin/transactions/outgoing", Some(&w.admin.1)).await.body["total"].as_i64().unwrap();
    let done = send(&app, Method::PUT, &w.path("statuses"), json!({"status_id": 6}), Some(&w.admin.1)).await;
    assert_eq!(done.body["data"]["status_id"], 6, "{}", done.body);
    let owed = app.get("/admin/transactions/outgoing", Some(&w.admin.1)).await;
    assert_eq!(owed.body["total"].as_i64().unwrap(), owed_before + 1);
    let line = owed.body["data"].as_array().unwrap().iter().find(|p| p["project_id"] == w.project).expect("the line");
    assert_eq!((line["kind"].as_str(), line["amount_cents"].as_i64()), (Some("project"), Some(24_000)));
}
