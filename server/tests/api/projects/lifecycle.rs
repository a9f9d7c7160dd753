//! Lists by role, and the lifecycle: statuses, internal statuses, budget increases,
//! artworks and finalize, each as the right and the wrong role.

use reqwest::Method;
use serde_json::json;

use super::{designer, launch, send, world};
use crate::helpers::spawn_app;

#[tokio::test]
async fn project_lists_answer_by_role_and_admins_filter_them() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let second = launch(&app, &w.stranger.1).await;
    send(&app, Method::PUT, &format!("/projects/{second}/statuses"), json!({"status_id": 5}), Some(&w.admin.1)).await;

    let ids = |body: &serde_json::Value| {
        body["data"].as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect::<Vec<_>>()
    };
    let admin = app.get("/projects", Some(&w.admin.1)).await;
    assert_eq!((ids(&admin.body), admin.body["total"].as_i64()), (vec![second, w.project], Some(2)));
    assert_eq!(admin.body["current_page"], 1);
    assert_eq!(ids(&app.get("/projects?filter[status_id]=5", Some(&w.admin.1)).await.body), [second]);
    assert_eq!(ids(&app.get("/projects?filter[username]=OWN", Some(&w.admin.1)).await.body), [w.project]);
    assert_eq!(
        ids(&app.get("/projects?project_category_id[]=1&project_category_id[]=2", Some(&w.admin.1)).await.body).len(),
        2
    );
    assert!(ids(&app.get("/projects?project_category_id=3", Some(&w.admin.1)).await.body).is_empty());
    app.get("/projects?filter[status_id]=x", Some(&w.admin.1)).await.assert_error(422, "request.query_invalid");

    // Clients see their own; designers the live ones.
    assert_eq!(ids(&app.get("/projects", Some(&w.owner.1)).await.body), [w.project]);
    assert_eq!(
        ids(&app.get("/projects?filter[status_id]=5", Some(&w.owner.1)).await.body),
        [w.project],
        "filters are the admin's"
    );
    assert_eq!(ids(&app.get("/projects", Some(&w.designer.1)).await.body), [w.project]);
    assert_eq!(ids(&app.get("/projects/active", Some(&w.stranger.1)).await.body), Vec::<i64>::new());
    assert_eq!(ids(&app.get("/projects/active", Some(&w.owner.1)).await.body), [w.project]);
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
    // Paid needs an approved bid.
    send(&app, Method::PUT, &w.path("statuses"), json!({"status_id": 2}), Some(&w.admin.1))
        .await
        .assert_error(409, "project.status.invalid");
    send(&app, Method::PUT, &w.path("statuses"), json!({"status_id": 1}), Some(&w.admin.1))
        .await
        .assert_error(409, "project.status.invalid");
    let closed = send(&app, Method::PUT, &w.path("statuses"), json!({"status_id": 4}), Some(&w.admin.1)).await;
    assert_eq!((closed.status.as_u16(), closed.body["data"]["status"].as_str()), (200, Some("Closed")));
    // The owner hears of it (type 15).
    let notes = app.get("/notifications", Some(&w.owner.1)).await;
    assert_eq!(notes.body["data"][0]["notification_type_id"], 15, "{}", notes.body);

    let marked =
        send(&app, Method::PUT, &w.path("internal-statuses"), json!({"internal_status_id": 3}), Some(&w.admin.1)).await;
    assert_eq!(marked.body["data"]["internal_status_id"], 3);
    assert_eq!(app.get("/projects?filter[internal_status_id]=3", Some(&w.admin.1)).await.body["total"], 1);
}

#[tokio::test]
async fn admins_increase_the_budget_the_approved_designer_delivers_and_the_owner_finalizes() {
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

    // Bid, approval, delivery, finalize.
    let bid = send(
        &app,
        Method::POST,
        &w.path("bids"),
        json!({"amount": 450, "description": "I can do it."}),
        Some(&w.designer.1),
    )
    .await;
    let bid_id = bid.body["data"]["id"].as_i64().unwrap();
    let (_, other) = designer(&app, "other", 3).await;
    let approve = format!("/projects/{}/approve/manually/{bid_id}", w.project);
    assert_eq!(send(&app, Method::POST, &approve, json!(null), Some(&w.admin.1)).await.status, 200);

    let file: i64 = sqlx::query_scalar(
        "INSERT INTO file (app_user_id, file_category_id, original_name, content_type, size_bytes, sha256, storage_key, created_at) \
         VALUES ($1, 13, 'final.png', 'image/png', 10, 'ab', 'k-final', 0) RETURNING id",
    )
    .bind(w.designer.0)
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    send(&app, Method::POST, &w.path("finalize"), json!(null), Some(&w.owner.1))
        .await
        .assert_error(409, "project.status.invalid");
    send(&app, Method::POST, &w.path("artworks"), json!({"file_ids": [file]}), Some(&other))
        .await
        .assert_error(403, "project.artwork.forbidden");
    send(&app, Method::POST, &w.path("artworks"), json!({"file_ids": [file]}), Some(&w.owner.1))
        .await
        .assert_error(403, "project.artwork.forbidden");
    send(&app, Method::POST, &w.path("artworks"), json!({"file_ids": []}), Some(&w.designer.1))
        .await
        .assert_error(422, "validation.required");
    let delivered =
        send(&app, Method::POST, &w.path("artworks"), json!({"file_ids": [file]}), Some(&w.designer.1)).await;
    assert_eq!(delivered.body["data"]["status"], "Delivered", "{}", delivered.body);
    assert_eq!(app.get("/projects/verify", Some(&w.admin.1)).await.body["total"], 1);

    send(&app, Method::POST, &w.path("finalize"), json!(null), Some(&w.designer.1))
        .await
        .assert_error(403, "project.edit.forbidden");
    let done = send(&app, Method::POST, &w.path("finalize"), json!(null), Some(&w.owner.1)).await;
    assert_eq!(done.body["data"]["status"], "Completed", "{}", done.body);
    assert_eq!(app.get("/projects/credit", Some(&w.admin.1)).await.body["total"], 1);
    let kinds: Vec<i64> = app.get("/notifications", Some(&w.designer.1)).await.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["notification_type_id"].as_i64().unwrap())
        .collect();
    assert_eq!(kinds, [22, 14], "finalized, then (older) bid approved; the budget rose before approval");
}
