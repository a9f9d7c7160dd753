//! `POST /projects` and the brief: who may launch, every rule of sections 3 and 5
//! with its exact message, the brief read and update, show and delete.

use reqwest::Method;
use serde_json::json;

use super::{assign, designer, launch, launch_payload, send, world};
use crate::helpers::spawn_app;

#[tokio::test]
async fn only_clients_launch_a_project_and_the_answer_is_its_id() {
    let app = spawn_app().await;
    let (_, client) = app.client_session("cleo").await;
    let (_, maker) = designer(&app, "maker", 2).await;
    let (_, admin) = app.admin_session("ada").await;
    let payload = launch_payload(json!(250), json!(7));
    for token in [&maker, &admin] {
        let answer = send(&app, Method::POST, "/projects", payload.clone(), Some(token)).await;
        answer.assert_error(403, "project.launch.forbidden");
        assert_eq!(answer.body["error"]["message"], "You do not have the correct account type to launch a project.");
    }
    send(&app, Method::POST, "/projects", payload.clone(), None).await.assert_error(401, "auth.unauthenticated");

    let id = launch(&app, &client).await;
    let shown = app.get(&format!("/projects/{id}"), Some(&client)).await;
    assert_eq!(shown.status, 200, "{}", shown.body);
    let p = &shown.body["data"];
    assert_eq!(p["title"], "Logo for Bright Bean", "the title is the is_title question's answer");
    assert_eq!(p["description"], "A friendly coffee brand.", "the description is the is_description answer");
    assert_eq!(
        (p["budget"].as_i64(), p["status_id"].as_i64(), p["status"].as_str()),
        (Some(250), Some(1), Some("Live and accepting bids"))
    );
    assert_eq!(
        (p["category"]["launch_slug"].as_str(), p["service"]["launch_slug"].as_str()),
        (Some("logo-brand-identity"), Some("new-logo"))
    );
    assert_eq!(p["detail"]["timeline"], 7);
    assert!(p.get("internal_status_id").is_none(), "internal statuses are for admins");
}

#[tokio::test]
async fn the_budget_must_lie_within_the_service_range_with_the_specification_messages() {
    let app = spawn_app().await;
    let (_, client) = app.client_session("cleo").await;
    let low = send(&app, Method::POST, "/projects", launch_payload(json!(98), json!(7)), Some(&client)).await;
    low.assert_error(422, "budget.min");
    assert_eq!(low.body["error"]["message"], "* Please enter a budget greater than or equal to 99");
    let high = send(&app, Method::POST, "/projects", launch_payload(json!(1001), json!(7)), Some(&client)).await;
    high.assert_error(422, "budget.max");
    assert_eq!(high.field_message("budget"), "* Please enter a budget less than or equal to 1000");
    // The floor and the ceiling also as values, for a client wording the message itself.
    assert_eq!(low.body["error"]["params"], json!({"min": 99}), "{}", low.body);
    assert_eq!(high.body["error"]["fields"]["budget"][0]["params"], json!({"max": 1000}), "{}", high.body);
    let none = send(&app, Method::POST, "/projects", launch_payload(json!(null), json!(7)), Some(&client)).await;
    none.assert_error(422, "validation.required");
    assert_eq!(none.field_code("budget"), "validation.required");

    // Without a `budget` field the answer to "What's your budget?" (question 102) is the budget.
    let mut payload = launch_payload(json!(null), json!(14));
    payload["project_questions"].as_array_mut().unwrap().push(json!({"id": 102, "answer": "$99"}));
    let answer = send(&app, Method::POST, "/projects", payload, Some(&client)).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    let id = answer.body["data"].as_i64().unwrap();
    assert_eq!(app.get(&format!("/projects/{id}"), Some(&client)).await.body["data"]["budget"], 99);
}

#[tokio::test]
async fn the_timeline_is_two_seven_fourteen_or_thirty_days_or_a_range_ending_a_day_later() {
    let app = spawn_app().await;
    let (_, client) = app.client_session("cleo").await;
    let post = |payload| send(&app, Method::POST, "/projects", payload, Some(&client));
    post(launch_payload(json!(250), json!(3))).await.assert_error(422, "timeline.in");
    post(launch_payload(json!(250), json!(null))).await.assert_error(422, "validation.required");

    let ranged = |start: &str, end: &str| {
        let mut p = launch_payload(json!(250), json!(null));
        p["timeline_range_start"] = json!(start);
        p["timeline_range_end"] = json!(end);
        p
    };
    let same_day = post(ranged("2031-05-01", "2031-05-01")).await;
    same_day.assert_error(422, "timeline_range_end.after");
    assert_eq!(
        same_day.field_message("timeline_range_end"),
        "The end date must be at least one day after the start date."
    );
    post(ranged("05/01/2031", "2031-05-03")).await.assert_error(422, "date.format");
    post(ranged("2031-02-30", "2031-03-03")).await.assert_error(422, "date.format");
    let half = {
        let mut p = ranged("2031-05-01", "");
        p["timeline_range_end"] = json!(null);
        p
    };
    post(half).await.assert_error(422, "validation.required");

    let ok = post(ranged("2031-05-01", "2031-05-02")).await;
    assert_eq!(ok.status, 201, "{}", ok.body);
    let shown = app.get(&format!("/projects/{}", ok.body["data"]), Some(&client)).await;
    let detail = &shown.body["data"]["detail"];
    assert_eq!((detail["timeline"].clone(), detail["timeline_range_end"].as_str()), (json!(null), Some("2031-05-02")));
}

#[tokio::test]
async fn brief_questions_category_and_service_are_checked_field_by_field() {
    let app = spawn_app().await;
    let (_, client) = app.client_session("cleo").await;
    let mut payload = launch_payload(json!(250), json!(7));
    payload["project_questions"] = json!([{"id": 103, "answer_options": [99]}, {"id": 999, "answer": "x"}]);
    let answer = send(&app, Method::POST, "/projects", payload, Some(&client)).await;
    answer.assert_error(422, "validation.failed");
    assert_eq!(answer.field_message("project_questions.100"), "This field is required");
    assert_eq!(answer.field_code("project_questions.101"), "validation.required");
    assert_eq!(answer.field_code("project_questions.103"), "validation.exists");
    assert_eq!(answer.field_code("project_questions.999"), "validation.exists");

    // Service 5 (Landing Page) is not in sub-category 1.
    let mut wrong = launch_payload(json!(250), json!(7));
    wrong["project_service_id"] = json!(5);
    send(&app, Method::POST, "/projects", wrong, Some(&client)).await.assert_error(422, "validation.exists");
    let missing = send(&app, Method::POST, "/projects", json!({}), Some(&client)).await;
    missing.assert_error(422, "validation.failed");
    for field in ["project_category_id", "project_sub_category_id", "project_service_id"] {
        assert_eq!(missing.field_code(field), "validation.required", "{field}");
    }
    send(&app, Method::POST, "/projects", json!("not an object"), Some(&client))
        .await
        .assert_error(422, "request.body_invalid");
}

#[tokio::test]
async fn subscribed_clients_queue_projects_without_budget_or_timeline_others_may_not() {
    let app = spawn_app().await;
    let (subscriber_id, subscriber) = app.client_session("subbed").await;
    let (_, payer) = app.client_session("payer").await;
    sqlx::query("UPDATE app_user SET has_subscribed = 1 WHERE id = $1")
        .bind(subscriber_id)
        .execute(&app.db.pool)
        .await
        .unwrap();
    let mut payload = launch_payload(json!(null), json!(null));
    payload["is_subscription"] = json!(1);

    let refused = send(&app, Method::POST, "/projects", payload.clone(), Some(&payer)).await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert_eq!(refused.field_code("is_subscription"), "is_subscription.subscribed");

    let queued = send(&app, Method::POST, "/projects", payload, Some(&subscriber)).await;
    assert_eq!(queued.status, 201, "{}", queued.body);
    let shown = app.get(&format!("/projects/{}", queued.body["data"]), Some(&subscriber)).await;
    assert_eq!(
        (shown.body["data"]["is_subscription"].as_i64(), shown.body["data"]["budget"].clone()),
        (Some(1), json!(null))
    );
}

#[tokio::test]
async fn a_project_is_seen_by_its_owner_admins_and_designers_and_by_no_other_client() {
    let app = spawn_app().await;
    let w = world(&app).await;
    for token in [&w.owner.1, &w.admin.1, &w.designer.1] {
        assert_eq!(app.get(&w.path(""), Some(token)).await.status, 200);
    }
    app.get(&w.path(""), Some(&w.stranger.1)).await.assert_error(404, "project.not_found");
    app.get(&w.path(""), None).await.assert_error(401, "auth.unauthenticated");
    app.get("/projects/999999", Some(&w.admin.1)).await.assert_error(404, "project.not_found");
    app.get("/projects/abc", Some(&w.admin.1)).await.assert_error(404, "request.path_invalid");

    // include=brief adds the answers for the owner and admins only.
    let with = app.get(&format!("{}?include=brief", w.path("")), Some(&w.owner.1)).await;
    assert_eq!(with.body["data"]["project_questions"][0]["project_question_id"], 100);
    let designer_view = app.get(&format!("{}?include=brief", w.path("")), Some(&w.designer.1)).await;
    assert!(designer_view.body["data"].get("project_questions").is_none());
    let admin_view = app.get(&w.path(""), Some(&w.admin.1)).await;
    assert!(admin_view.body["data"].get("internal_status_id").is_some());
}

#[tokio::test]
async fn the_owner_reads_and_updates_the_brief_while_live_and_nobody_else_may() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let brief = app.get(&w.path("briefs"), Some(&w.owner.1)).await;
    assert_eq!(brief.status, 200, "{}", brief.body);
    assert_eq!((brief.body["data"]["budget"].as_i64(), brief.body["data"]["timeline"].as_i64()), (Some(250), Some(7)));
    assert_eq!(app.get(&w.path("briefs"), Some(&w.admin.1)).await.status, 200);
    app.get(&w.path("briefs"), Some(&w.designer.1)).await.assert_error(403, "project.edit.forbidden");
    app.get(&w.path("briefs"), Some(&w.stranger.1)).await.assert_error(404, "project.not_found");

    let change = json!({
        "timeline": 30, "budget": 400,
        "project_questions": [{"id": 100, "answer": "Logo, take two"}, {"id": 101, "answer": "Bolder."}],
    });
    for path in [w.path("briefs"), w.path("")] {
        send(&app, Method::PUT, &path, change.clone(), Some(&w.designer.1))
            .await
            .assert_error(403, "project.edit.forbidden");
        send(&app, Method::PUT, &path, change.clone(), Some(&w.admin.1))
            .await
            .assert_error(403, "project.edit.forbidden");
    }
    let mut bad = change.clone();
    bad["budget"] = json!(5);
    send(&app, Method::PUT, &w.path("briefs"), bad, Some(&w.owner.1)).await.assert_error(422, "budget.min");
    let saved = send(&app, Method::PUT, &w.path("briefs"), change.clone(), Some(&w.owner.1)).await;
    assert_eq!(saved.status, 200, "{}", saved.body);
    assert_eq!(
        (saved.body["data"]["title"].as_str(), saved.body["data"]["budget"].as_i64()),
        (Some("Logo, take two"), Some(400))
    );
    assert_eq!(saved.body["data"]["detail"]["timeline"], 30);

    // Once a bid is approved, the brief is closed.
    assign(&app, w.project, &w.designer.1, &w.admin.1).await;
    send(&app, Method::PUT, &w.path(""), change, Some(&w.owner.1)).await.assert_error(409, "project.already_started");
}

#[tokio::test]
async fn the_owner_deletes_a_live_project_others_may_not() {
    let app = spawn_app().await;
    let w = world(&app).await;
    send(&app, Method::DELETE, &w.path(""), json!(null), Some(&w.designer.1))
        .await
        .assert_error(403, "project.edit.forbidden");
    send(&app, Method::DELETE, &w.path(""), json!(null), Some(&w.stranger.1))
        .await
        .assert_error(404, "project.not_found");
    let gone = send(&app, Method::DELETE, &w.path(""), json!(null), Some(&w.owner.1)).await;
    assert_eq!(gone.status, 200, "{}", gone.body);
    app.get(&w.path(""), Some(&w.owner.1)).await.assert_error(404, "project.not_found");

    // An assigned project is the admin's to delete, not the owner's.
    let other = launch(&app, &w.owner.1).await;
    assign(&app, other, &w.designer.1, &w.admin.1).await;
    send(&app, Method::DELETE, &format!("/projects/{other}"), json!(null), Some(&w.owner.1))
        .await
        .assert_error(409, "project.already_started");
    assert_eq!(
        send(&app, Method::DELETE, &format!("/projects/{other}"), json!(null), Some(&w.admin.1)).await.status,
        200
    );
}
