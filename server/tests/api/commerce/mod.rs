//! Commerce: coupons, referrals, subscriptions, the tipping cart and tips; each call
//! as the right and the wrong role, the time windows on the test's clock, and the
//! cart's badge live over the hub.
//!
//! Fixtures live here; the tests in the files beside it.

mod cart_rules;
mod carts;
mod coupons;
mod referrals;
mod subscriptions;
pub(crate) mod tips;

use serde_json::Value;
use vitrine_protocol::{EventFrame, ServerFrame};

use crate::{
    helpers::{Answer, TestApp},
    realtime::client::WsClient,
};

pub async fn patch(app: &TestApp, path: &str, body: &Value, token: Option<&str>) -> Answer {
    app.send_json(reqwest::Method::PATCH, path, body, token).await
}

pub async fn post(app: &TestApp, path: &str, body: &Value, token: Option<&str>) -> Answer {
    app.send_json(reqwest::Method::POST, path, body, token).await
}

pub async fn delete(app: &TestApp, path: &str, token: Option<&str>) -> Answer {
    app.send_json(reqwest::Method::DELETE, path, &Value::Null, token).await
}

/// Asserts the error envelope and its exact message.
#[track_caller]
pub fn assert_refused(answer: &Answer, status: u16, code: &str, message: &str) {
    answer.assert_error(status, code);
    assert_eq!(answer.body["error"]["message"], message, "body: {}", answer.body);
}

/// Subscribes to the user's own channel: the client and the channel's head seq.
pub async fn watch_user(app: &TestApp, token: &str, user_id: i64) -> (WsClient, u64) {
    let mut client = WsClient::signed_in(app, token).await;
    match client.sub(&format!("user:{user_id}"), None, None).await {
        ServerFrame::Subscribed { seq, .. } => (client, seq),
        other => panic!("expected subscribed, got {other:?}"),
    }
}

/// The next event on the socket (waits with the client's own timeout).
pub async fn next_event(client: &mut WsClient) -> EventFrame {
    match client.expect().await {
        ServerFrame::Event(event) => event,
        other => panic!("expected an event, got {other:?}"),
    }
}

/// Events until one of `event_type` arrives; returns it.
pub async fn next_of(client: &mut WsClient, event_type: &str) -> EventFrame {
    loop {
        let event = next_event(client).await;
        if event.event_type == event_type {
            return event;
        }
    }
}

/// A running contest of the logo type (1) with one entry: (contest, owner id, owner
/// token, entry id, designer id, designer token). Names start with `prefix`.
pub struct Tippable {
    pub contest: i64,
    pub owner_id: i64,
    pub owner: String,
    pub entry: i64,
    pub designer_id: i64,
    pub designer: String,
}

pub async fn tippable(app: &TestApp, prefix: &str) -> Tippable {
    let running = crate::entries::running_contest(app, prefix).await;
    let (designer_id, designer) = crate::entries::designer(app, &format!("{prefix}des"), 2).await;
    let entry = crate::entries::submitted(app, &designer, running.id).await;
    Tippable { contest: running.id, owner_id: running.owner_id, owner: running.owner, entry, designer_id, designer }
}
