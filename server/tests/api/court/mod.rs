//! The design court: the list of reports, gold jurors' votes, the admin's judgment,
//! `verify-copying-entry`, and the `court` channel, each call as the right and the
//! wrong role.
//!
//! Fixtures live here; the tests in the files beside it.

mod cases;
mod judgment;
mod live;
mod verify;
mod voting;

use serde_json::{json, Value};
use vitrine_protocol::ServerFrame;

use crate::{
    entries::{designer, post, running_contest, submitted, Running},
    helpers::{Answer, TestApp},
    realtime::client::WsClient,
};

/// A reported entry: alice's entry, reported by carol as a copy of bob's.
pub struct Case {
    pub contest: Running,
    pub admin: (i64, String),
    /// The reported designer (silver).
    pub alice: (i64, String),
    /// The designer of the entry said to be copied (silver).
    pub bob: (i64, String),
    /// The reporter (silver).
    pub carol: (i64, String),
    pub entry: i64,
    pub original: i64,
    pub report: i64,
}

/// Sets up the contest and its entries; `report` files the report (see [`file_report`]).
pub async fn case(app: &TestApp, prefix: &str) -> Case {
    let contest = running_contest(app, prefix).await;
    let admin_name = format!("{prefix}admin");
    let admin_id: i64 = sqlx::query_scalar("SELECT id FROM app_user WHERE username = $1")
        .bind(&admin_name)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    let admin = (admin_id, app.token(&admin_name).await);
    let alice = designer(app, &format!("{prefix}alice"), 2).await;
    let bob = designer(app, &format!("{prefix}bob"), 2).await;
    let carol = designer(app, &format!("{prefix}carol"), 2).await;
    let original = submitted(app, &bob.1, contest.id).await;
    let entry = submitted(app, &alice.1, contest.id).await;
    let report = file_report(app, &contest, entry, original, &carol.1).await;
    Case { contest, admin, alice, bob, carol, entry, original, report }
}

/// Carol's `POST .../reports`; answers the new report's id.
pub async fn file_report(app: &TestApp, contest: &Running, entry: i64, original: i64, token: &str) -> i64 {
    let path = format!("/contests/{}/entries/{entry}/reports", contest.id);
    let body = json!({"reason": "Same bean, same moon", "copied_entry_id": original});
    let answer = post(app, &path, &body, Some(token)).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    sqlx::query_scalar("SELECT MAX(id) FROM contest_entry_report WHERE contest_entry_id = $1")
        .bind(entry)
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
}

pub fn votes_path(report: i64) -> String {
    format!("/contest-entry-reports/{report}/actions/votes")
}

pub fn judgment_path(report: i64) -> String {
    format!("/contest-entry-reports/{report}/actions/make-judgment")
}

pub async fn vote(app: &TestApp, report: i64, vote: i64, token: &str) -> Answer {
    post(app, &votes_path(report), &json!({ "vote": vote }), Some(token)).await
}

/// The next event on `ch`, skipping presence frames: (seq, type, data).
pub async fn next_event(client: &mut WsClient, ch: &str) -> (u64, String, Value) {
    loop {
        match client.expect().await {
            ServerFrame::Presence { .. } => continue,
            ServerFrame::Event(e) if e.ch == ch => return (e.seq, e.event_type, e.data),
            other => panic!("expected an event on {ch}, got {other:?}"),
        }
    }
}
