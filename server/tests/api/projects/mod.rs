//! Projects: the catalogue, launch with the rules of sections 3 and 5, the brief,
//! lists, the lifecycle, invites; each call as the right and the wrong role.

mod brief_edit;
mod catalogue;
mod feedback;
mod invites;
mod launch;
pub(crate) mod lifecycle;
mod preferences;
mod project_files;
mod queue;
mod updates;
mod workroom;
mod workroom_live;

use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{Answer, TestApp, PASSWORD};

/// A complete 1x1 PNG.
pub const PNG_1X1: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0A, 0x49,
    0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x00, 0x01, 0x00, 0x00, 0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D, 0xB4, 0x00, 0x00,
    0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
];

/// Uploads the PNG in `category` (13 and 16 project uploads, 14 brief) as the user
/// with `token`; answers the file id.
pub async fn upload_png(app: &TestApp, token: &str, category: &str) -> i64 {
    let form = reqwest::multipart::Form::new()
        .text("file_category_id", category.to_owned())
        .part("files[]", reqwest::multipart::Part::bytes(PNG_1X1.to_vec()).file_name("work.png"));
    let response = app.client.post(app.url("/files")).multipart(form).bearer_auth(token).send().await.unwrap();
    assert_eq!(response.status(), 201);
    let body: Value = response.json().await.unwrap();
    body["data"][0]["id"].as_i64().expect("file id")
}

/// Asserts an error answer with its exact code and message.
pub fn refused(answer: &Answer, status: u16, code: &str, message: &str) {
    answer.assert_error(status, code);
    assert_eq!(answer.body["error"]["message"], message, "{}", answer.body);
}

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

/// An assigned project: the world's designer's bid is approved (status 2), and a gold
/// designer stands outside the workroom.
pub struct Assigned {
    pub w: World,
    #[allow(dead_code)] // for tests that need the approved bid
    pub bid: i64,
    pub outsider: (i64, String),
}

pub async fn assigned(app: &TestApp) -> Assigned {
    let w = world(app).await;
    let bid = assign(app, w.project, &w.designer.1, &w.admin.1).await;
    let outsider = designer(app, "outsider", 3).await;
    Assigned { w, bid, outsider }
}

/// The assigned designer posts an update showing a new PNG; answers the update id.
pub async fn post_update(app: &TestApp, a: &Assigned, description: &str) -> i64 {
    let file = upload_png(app, &a.w.designer.1, "13").await;
    let body = json!({"description": description, "file_ids": [file]});
    let answer = send(app, Method::POST, &a.w.path("updates"), body, Some(&a.w.designer.1)).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    answer.body["data"]["id"].as_i64().expect("update id")
}

/// Notification types the user with `token` received, newest first.
pub async fn notification_kinds(app: &TestApp, token: &str) -> Vec<i64> {
    app.get("/notifications", Some(token)).await.body["data"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|n| n["notification_type_id"].as_i64().unwrap())
        .collect()
}
