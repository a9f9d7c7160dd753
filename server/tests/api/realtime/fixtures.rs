//! Rows, users and publications the hub tests need, and the frames they expect.

use serde_json::{json, Value};
use vitrine_protocol::{EventFrame, PresenceUser, ServerFrame};

use super::client::WsClient;
use crate::helpers::{spawn_app_with, TestApp};

/// The publish API key of every hub test server (32+ characters and no placeholder: the
/// Redis tests run deployed servers, which refuse a guessable key).
pub const API_KEY: &str = "hub-tests-5c19e7a2b84d06f3e91c7a5d2b80f64e";

/// A server with the publish API enabled.
pub async fn spawn_hub() -> TestApp {
    spawn_app_with(|settings| settings.api_key = Some(API_KEY.into())).await
}

/// One publication for [`publish`]: (channel, type, data).
pub type Publication = (String, &'static str, Value);

/// Publishes a batch through the publish API and asserts it was accepted whole.
pub async fn publish(app: &TestApp, batch: Vec<Publication>) {
    let count = batch.len();
    let batch: Vec<Value> = batch
        .into_iter()
        .map(|(channel, kind, data)| json!({"channel": channel, "type": kind, "data": data}))
        .collect();
    let answer = app.send_json(reqwest::Method::POST, "/api/publish", &json!({"batch": batch}), Some(API_KEY)).await;
    assert_eq!(answer.status.as_u16(), 202, "{}", answer.body);
    assert_eq!(answer.body, json!({"accepted": count}));
}

/// Publishes `tick` events `{"n": n}` for every n in `numbers` on `ch`, in batches of `batch`.
pub async fn publish_ticks(app: &TestApp, ch: &str, numbers: std::ops::RangeInclusive<u64>, batch: usize) {
    let all: Vec<u64> = numbers.collect();
    for chunk in all.chunks(batch) {
        publish(app, chunk.iter().map(|n| (ch.to_owned(), "tick", json!({"n": n}))).collect()).await;
    }
}

/// The `event` frame of a [`publish_ticks`] tick published while `app`'s clock reads `ts`.
pub fn tick(ch: &str, seq: u64, ts: i64, n: u64) -> ServerFrame {
    ServerFrame::Event(EventFrame { ch: ch.into(), seq, event_type: "tick".into(), ts, data: json!({"n": n}) })
}

/// Reads `count` events and asserts they are ticks `first..` in seq order.
pub async fn expect_ticks(client: &mut WsClient, ch: &str, first: u64, count: u64, ts: i64) {
    for seq in first..first + count {
        client.expect_frame(&tick(ch, seq, ts, seq)).await;
    }
}

pub fn user(id: i64, username: &str) -> PresenceUser {
    PresenceUser { id, username: username.into() }
}

pub fn subscribed(
    ch: &str,
    seq: u64,
    recovered: bool,
    id: Option<&str>,
    presence: Option<Vec<PresenceUser>>,
) -> ServerFrame {
    ServerFrame::Subscribed { ch: ch.into(), seq, recovered, id: id.map(Into::into), presence }
}

/// A designer (bronze, as sign-up makes them), signed in: (id, token).
pub async fn designer_session(app: &TestApp, username: &str) -> (i64, String) {
    let id = app.register(&TestApp::designer_payload(username)).await;
    (id, app.token(username).await)
}

/// Promotes a designer to gold, who may follow the design court.
pub async fn make_gold(app: &TestApp, user_id: i64) {
    sqlx::query("UPDATE app_user SET creative_level_id = 3 WHERE id = $1")
        .bind(user_id)
        .execute(&app.db.pool)
        .await
        .unwrap();
}

/// Which contest rows [`insert_contest`] makes.
#[derive(Debug, Clone, Copy)]
pub enum Contest {
    /// Paid (status 2) and public: anyone may watch.
    Public,
    /// Paid and private: signed-in designers, its owner and admins only.
    Private,
    /// Not paid yet (status 1): its owner and admins only.
    Unpaid,
}

pub async fn insert_contest(app: &TestApp, owner: i64, kind: Contest) -> i64 {
    let (status, private) = match kind {
        Contest::Public => (2, 0),
        Contest::Private => (2, 1),
        Contest::Unpaid => (1, 0),
    };
    sqlx::query_scalar(&format!(
        "INSERT INTO contest (contest_type_id, created_by, title, status_id, is_private, is_blind, created_at, updated_at) \
         VALUES (1, $1, 't', {status}, {private}, 0, 0, 0) RETURNING id"
    ))
    .bind(owner)
    .fetch_one(&app.db.pool)
    .await
    .expect("insert contest")
}

pub async fn insert_project(app: &TestApp, owner: i64) -> i64 {
    sqlx::query_scalar(
        "INSERT INTO project (created_by, title, status_id, created_at, updated_at) VALUES ($1, 'p', 1, 0, 0) RETURNING id",
    )
    .bind(owner)
    .fetch_one(&app.db.pool)
    .await
    .expect("insert project")
}

pub async fn insert_bid(app: &TestApp, project: i64, bidder: i64) -> i64 {
    sqlx::query_scalar("INSERT INTO bid (project_id, created_by, created_at) VALUES ($1, $2, 0) RETURNING id")
        .bind(project)
        .bind(bidder)
        .fetch_one(&app.db.pool)
        .await
        .expect("insert bid")
}

/// A public contest owned by a fresh client, and its channel name.
pub async fn public_contest_channel(app: &TestApp, owner_name: &str) -> String {
    let owner = app.register(&TestApp::client_payload(owner_name)).await;
    format!("contest:{}", insert_contest(app, owner, Contest::Public).await)
}
