//! Entries: submission, lists, ratings, status, awards, artworks, reports, and what
//! the hub carries about them, each call as the right and the wrong role.
//!
//! Fixtures live here; the tests in `entries/`.

mod additional;
mod blind;
mod judging;
mod lists;
mod live;
mod private;
mod submission;

use reqwest::multipart::{Form, Part};
use serde_json::{json, Value};

use crate::{
    contests::{activate, launch},
    helpers::{Answer, TestApp},
};

/// A complete 1x1 transparent PNG.
pub const PNG_1X1: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0A, 0x49,
    0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x00, 0x01, 0x00, 0x00, 0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D, 0xB4, 0x00, 0x00,
    0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
];

/// Uploads the PNG in upload category `category` as `token`; returns the file id.
pub async fn upload_png(app: &TestApp, token: &str, category: i64) -> i64 {
    let form = Form::new()
        .text("file_category_id", category.to_string())
        .part("files[]", Part::bytes(PNG_1X1.to_vec()).file_name("entry.png"));
    let response = app.client.post(app.url("/files")).multipart(form).bearer_auth(token).send().await.unwrap();
    assert_eq!(response.status(), 201);
    let body: Value = response.json().await.unwrap();
    body["data"][0]["id"].as_i64().expect("file id")
}

/// A signed-up designer at `level` (1 bronze, 2 silver, 3 gold): (id, token).
pub async fn designer(app: &TestApp, username: &str, level: i64) -> (i64, String) {
    let id = app.register(&TestApp::designer_payload(username)).await;
    sqlx::query("UPDATE app_user SET creative_level_id = $1 WHERE id = $2")
        .bind(level)
        .bind(id)
        .execute(&app.db.pool)
        .await
        .unwrap();
    (id, app.token(username).await)
}

/// A running contest and its holder.
pub struct Running {
    pub id: i64,
    pub owner_id: i64,
    pub owner: String,
}

/// A client launches a contest and an admin starts it (status 2).
pub async fn running_contest(app: &TestApp, prefix: &str) -> Running {
    let (owner_id, owner) = app.client_session(&format!("{prefix}holder")).await;
    let (_, admin) = app.admin_session(&format!("{prefix}admin")).await;
    let id = launch(app, &owner).await;
    activate(app, id, &admin).await;
    Running { id, owner_id, owner }
}

/// Makes the contest blind (the upgrade is bought elsewhere).
pub async fn make_blind(app: &TestApp, contest: i64) {
    sqlx::query("UPDATE contest SET is_blind = 1 WHERE id = $1").bind(contest).execute(&app.db.pool).await.unwrap();
}

/// `POST /contests/{id}/entries` with a freshly uploaded main image.
pub async fn submit(app: &TestApp, token: &str, contest: i64) -> Answer {
    let main = upload_png(app, token, 5).await;
    let body = json!({"main_file_id": main, "title": "Bold bean", "description": "A bean with a moon."});
    app.send_json(reqwest::Method::POST, &format!("/contests/{contest}/entries"), &body, Some(token)).await
}

/// Submits and asserts a 201; returns the entry id.
pub async fn submitted(app: &TestApp, token: &str, contest: i64) -> i64 {
    let answer = submit(app, token, contest).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    answer.body["data"]["id"].as_i64().unwrap()
}

pub async fn patch(app: &TestApp, path: &str, body: &Value, token: Option<&str>) -> Answer {
    app.send_json(reqwest::Method::PATCH, path, body, token).await
}

pub async fn post(app: &TestApp, path: &str, body: &Value, token: Option<&str>) -> Answer {
    app.send_json(reqwest::Method::POST, path, body, token).await
}
