//! Projects: the catalogue, launch with the rules of sections 3 and 5, the brief,
//! lists, the lifecycle, invites; each call as the right and the wrong role.

mod catalogue;
mod invites;
mod launch;
mod lifecycle;

use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{Answer, TestApp, PASSWORD};

/// Category 1 (Logo & Brand Identity), sub-category 1 (Logo Design), service 1
/// (New Logo, $99 to $1000); its questions are 100 (title), 101 (description),
/// 102 (budget), 103 (styles, options 10300-10302), 104 (slider), 105 (files).
pub const CATEGORY: i64 = 1;
pub const SUB_CATEGORY: i64 = 1;
pub const SERVICE: i64 = 1;

/// A complete launch payload for service 1 with the given budget and timeline.
pub fn launch_payload(budget: Value, timeline: Value) -> Value {
    json!({
        "project_category_id": CATEGORY, "project_sub_category_id": SUB_CATEGORY, "project_service_id": SERVICE,
        "timeline": timeline, "is_subscription": 0, "budget": budget,
        "project_questions": [
            {"id": 100, "answer": "Logo for Bright Bean"},
            {"id": 101, "answer": "A friendly coffee brand."},
            {"id": 103, "answer_options": [10300]},
        ],
    })
}

pub async fn send(app: &TestApp, method: Method, path: &str, body: Value, token: Option<&str>) -> Answer {
    app.send_json(method, path, &body, token).await
}

/// A designer of `level` (1 bronze, 2 silver, 3 gold): (id, token).
pub async fn designer(app: &TestApp, username: &str, level: i64) -> (i64, String) {
    let id = app.register(&TestApp::designer_payload(username)).await;
    sqlx::query("UPDATE app_user SET creative_level_id = $1 WHERE id = $2")
        .bind(level)
        .bind(id)
        .execute(&app.db.pool)
        .await
        .unwrap();
    let answer = app.login(username, PASSWORD).await;
    (id, answer.body["access_token"].as_str().expect("token").to_owned())
}

/// Launches a project for the client with `token` and returns its id.
pub async fn launch(app: &TestApp, token: &str) -> i64 {
    let answer = send(app, Method::POST, "/projects", launch_payload(json!(250), json!(7)), Some(token)).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    answer.body["data"].as_i64().expect("the answer is the new project id")
}

/// A live project and the people around it.
pub struct World {
    pub project: i64,
    pub owner: (i64, String),
    pub admin: (i64, String),
    /// A silver designer.
    pub designer: (i64, String),
    /// Another client, with no part in the project.
    pub stranger: (i64, String),
}

pub async fn world(app: &TestApp) -> World {
    let owner = app.client_session("owner").await;
    let admin = app.admin_session("boss").await;
    let designer = designer(app, "silvia", 2).await;
    let stranger = app.client_session("stranger").await;
    let project = launch(app, &owner.1).await;
    World { project, owner, admin, designer, stranger }
}

impl World {
    pub fn path(&self, rest: &str) -> String {
        match rest {
            "" => format!("/projects/{}", self.project),
            rest => format!("/projects/{}/{rest}", self.project),
        }
    }
}

/// The designer with `designer` bids on `project` and an admin approves the bid: the
/// project is active and assigned (2) and its timeline runs. Answers the bid id.
pub async fn assign(app: &TestApp, project: i64, designer: &str, admin: &str) -> i64 {
    let path = format!("/projects/{project}/bids");
    let bid =
        send(app, Method::POST, &path, json!({"amount": 240, "description": "I can do it."}), Some(designer)).await;
    assert_eq!(bid.status, 201, "{}", bid.body);
    let bid_id = bid.body["data"]["id"].as_i64().expect("bid id");
    let approve = format!("/projects/{project}/approve/manually/{bid_id}");
    let approved = send(app, Method::POST, &approve, json!(null), Some(admin)).await;
    assert_eq!(
        (approved.status.as_u16(), approved.body["data"]["status_id"].as_i64()),
        (200, Some(2)),
        "{}",
        approved.body
    );
    bid_id
}
