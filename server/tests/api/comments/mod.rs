//! Comments, reactions and image tags on contests and entries: who may do what, the
//! notifications they cause, and the events watchers receive.

mod board_and_entry;
mod live;
mod reactions_and_tags;

use reqwest::Method;
use serde_json::{json, Value};

use crate::{
    contests::{activate, launch},
    helpers::{TestApp, PASSWORD},
};

/// An active contest with one entry, and the people around it.
pub struct World {
    pub contest: i64,
    pub entry: i64,
    pub owner: (i64, String),
    pub designer: (i64, String),
    /// A second designer with no part in the entry.
    pub other: (i64, String),
    pub admin: (i64, String),
}

pub async fn designer_session(app: &TestApp, username: &str) -> (i64, String) {
    let id = app.register(&TestApp::designer_payload(username)).await;
    let answer = app.login(username, PASSWORD).await;
    (id, answer.body["access_token"].as_str().expect("token").to_owned())
}

/// Inserts entry number `number` by `designer` (entries have no API yet here).
pub async fn insert_entry(app: &TestApp, contest: i64, designer: i64, number: i64) -> i64 {
    sqlx::query_scalar(
        "INSERT INTO contest_entry (contest_id, created_by, number, status_id, created_at, updated_at) \
         VALUES ($1, $2, $3, 1, 0, 0) RETURNING id",
    )
    .bind(contest)
    .bind(designer)
    .bind(number)
    .fetch_one(&app.db.pool)
    .await
    .unwrap()
}

pub async fn world(app: &TestApp) -> World {
    let owner = app.client_session("holder").await;
    let admin = app.admin_session("moderator").await;
    let designer = designer_session(app, "maker").await;
    let other = designer_session(app, "rival").await;
    let contest = launch(app, &owner.1).await;
    activate(app, contest, &admin.1).await;
    let entry = insert_entry(app, contest, designer.0, 1).await;
    World { contest, entry, owner, designer, other, admin }
}

impl World {
    pub fn board(&self) -> String {
        format!("/contests/{}/comments", self.contest)
    }
    pub fn entry_path(&self, rest: &str) -> String {
        format!("/contests/{}/entries/{}/{rest}", self.contest, self.entry)
    }
}

pub async fn post(app: &TestApp, path: &str, body: Value, token: Option<&str>) -> crate::helpers::Answer {
    app.send_json(Method::POST, path, &body, token).await
}

pub async fn delete(app: &TestApp, path: &str, token: Option<&str>) -> crate::helpers::Answer {
    app.send_json(Method::DELETE, path, &Value::Null, token).await
}

pub async fn comment(app: &TestApp, path: &str, text: &str, token: &str) -> i64 {
    let answer = post(app, path, json!({"comment": text}), Some(token)).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    answer.body["data"]["id"].as_i64().unwrap()
}

/// The notifications `user` has: (type, data).
pub async fn notifications_of(app: &TestApp, user: i64) -> Vec<(i64, Value)> {
    let rows: Vec<(i64, String)> =
        sqlx::query_as("SELECT notification_type_id, data FROM notification WHERE app_user_id = $1 ORDER BY id")
            .bind(user)
            .fetch_all(&app.db.pool)
            .await
            .unwrap();
    rows.into_iter().map(|(kind, data)| (kind, serde_json::from_str(&data).unwrap())).collect()
}

/// The event types written to `channel`, oldest first.
pub async fn events_on(app: &TestApp, channel: &str) -> Vec<String> {
    sqlx::query_scalar("SELECT event_type FROM event WHERE channel = $1 ORDER BY seq")
        .bind(channel)
        .fetch_all(&app.db.pool)
        .await
        .unwrap()
}
