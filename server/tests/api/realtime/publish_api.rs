//! The server-side publish API: who may call it, and all-or-nothing batches.

use serde_json::json;
use vitrine_protocol::ServerFrame;
use vitrine_server::store::clock::Clock as _;

use super::{
    client::WsClient,
    fixtures::{spawn_hub, tick, API_KEY},
};
use crate::helpers::spawn_app_with;

#[tokio::test]
async fn a_batch_with_one_badly_spelled_channel_is_refused_with_400_and_publishes_nothing() {
    let app = spawn_hub().await;
    let mut client = WsClient::anonymous(&app).await;
    client.subscribe("bench:fine", 0).await;
    let batch = json!({"batch": [
        {"channel": "bench:fine", "type": "tick", "data": {"n": 1}},
        {"channel": "contest:042", "type": "tick", "data": {"n": 2}},
    ]});
    let answer = app.send_json(reqwest::Method::POST, "/api/publish", &batch, Some(API_KEY)).await;
    answer.assert_error(400, "channel.invalid");
    client.ping_pong().await;

    // The same batch, spelled right, goes out in order.
    let batch = json!({"batch": [
        {"channel": "bench:fine", "type": "tick", "data": {"n": 1}},
        {"channel": "bench:fine", "type": "tick", "data": {"n": 2}},
    ]});
    let answer = app.send_json(reqwest::Method::POST, "/api/publish", &batch, Some(API_KEY)).await;
    assert_eq!((answer.status.as_u16(), answer.body), (202, json!({"accepted": 2})));
    let ts = app.clock.now_ms();
    client.expect_frame(&tick("bench:fine", 1, ts, 1)).await;
    client.expect_frame(&tick("bench:fine", 2, ts, 2)).await;
}

#[tokio::test]
async fn publishing_needs_the_api_key() {
    let app = spawn_hub().await;
    let one = json!({"channel": "bench:x", "type": "tick"});
    for key in [None, Some("wrong-key-but-long-enough")] {
        let answer = app.send_json(reqwest::Method::POST, "/api/publish", &one, key).await;
        answer.assert_error(401, "auth.unauthenticated");
    }
    let mut client = WsClient::anonymous(&app).await;
    client.subscribe("bench:x", 0).await;
    let answer = app.send_json(reqwest::Method::POST, "/api/publish", &one, Some(API_KEY)).await;
    assert_eq!((answer.status.as_u16(), answer.body), (202, json!({"accepted": 1})));
    match client.expect().await {
        ServerFrame::Event(event) => assert_eq!((event.seq, event.data), (1, serde_json::Value::Null)),
        other => panic!("expected the event, got {other:?}"),
    }
}

#[tokio::test]
async fn a_server_without_an_api_key_has_no_publish_api() {
    // Only the embedded demo may serve without a key (config::deployment): SQLite whatever
    // the suite's backend.
    let app = spawn_app_with(|settings| {
        settings.api_key = None;
        settings.database_url = Some(format!("sqlite://{}/no-key.db?mode=rwc", settings.data_dir.display()));
    })
    .await;
    let one = json!({"channel": "bench:x", "type": "tick"});
    let answer = app.send_json(reqwest::Method::POST, "/api/publish", &one, Some(API_KEY)).await;
    assert_eq!(answer.status.as_u16(), 404, "{}", answer.body);
}
