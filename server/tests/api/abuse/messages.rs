//! Messages that mislead, and a document that offers what the server refuses: a budget
//! over the maximum is told so (`budget.max`), `/ws` documents no `access_token` (which it
//! refuses), and `with-details` refuses an `include` outside its documented pattern.

use reqwest::Method;
use serde_json::json;

use crate::entries::running_contest;
use crate::helpers::{spawn_app, TestApp};
use crate::projects::{send, world};

async fn budget_cents(app: &TestApp, project: i64) -> Option<i64> {
    sqlx::query_scalar("SELECT budget_cents FROM project WHERE id = $1")
        .bind(project)
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_budget_over_the_maximum_is_refused_as_over_the_maximum() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let before = budget_cents(&app, w.project).await;
    let path = w.path("increase-budget-manually");
    for budget in [1_000_001, 10_000_000, i64::MAX / 1000] {
        let refused = send(&app, Method::POST, &path, json!({"budget": budget}), Some(&w.admin.1)).await;
        refused.assert_error(422, "budget.max");
        assert_eq!(refused.field_message("budget"), "* Please enter a budget less than or equal to 1000000");
    }
    // Not above the current budget is still its own refusal.
    send(&app, Method::POST, &path, json!({"budget": 1}), Some(&w.admin.1)).await.assert_error(422, "budget.increase");
    assert_eq!(budget_cents(&app, w.project).await, before, "the budget did not change");

    let raised = send(&app, Method::POST, &path, json!({"budget": 1_000_000}), Some(&w.admin.1)).await;
    assert_eq!(raised.status, 200, "the maximum itself is accepted: {}", raised.body);
}

#[tokio::test]
async fn the_document_offers_no_token_in_the_socket_url_which_is_refused() {
    let app = spawn_app().await;
    let document = app.get("/openapi.json", None).await;
    let parameters = &document.body["paths"]["/ws"]["get"]["parameters"];
    let offered: Vec<&str> = parameters.as_array().into_iter().flatten().filter_map(|p| p["name"].as_str()).collect();
    assert!(!offered.contains(&"access_token"), "/ws offers {offered:?}");
    app.get("/ws?access_token=stolen", None).await.assert_error(400, "ws.token_in_url");
}

#[tokio::test]
async fn with_details_refuses_an_include_outside_its_documented_pattern() {
    let app = spawn_app().await;
    let contest = running_contest(&app, "abinclude").await;
    let path = |include: &str| format!("/contests/{}/entries/with-details?include={include}", contest.id);
    for include in ["secrets", "files,secrets", "%09files", "files%0A", "files,%E3%80%80designer"] {
        let refused = app.get(&path(include), Some(&contest.owner)).await;
        refused.assert_error(422, "validation.exists");
        assert_eq!(refused.field_code("include"), "validation.exists", "{include}");
    }
    for include in ["files", " files , designer ", ""] {
        let listed = app.get(&path(include), Some(&contest.owner)).await;
        assert_eq!(listed.status, 200, "{include:?}: {}", listed.body);
    }
}
