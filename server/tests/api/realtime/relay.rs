//! The outbox relay: an event committed but never published (the process died between
//! commit and publish) still reaches subscribers.

use serde_json::json;
use vitrine_protocol::{Channel, EventFrame, ServerFrame};
use vitrine_server::realtime::outbox;

use vitrine_server::store::clock::Clock as _;

use super::{
    client::WsClient,
    fixtures::{public_contest_channel, publish_ticks, spawn_hub, tick},
};
use crate::helpers::TestApp;

/// Commits an event the way an area does, and then "crashes": it is never published.
async fn commit_without_publishing(app: &TestApp, ch: &str, data: serde_json::Value) -> EventFrame {
    app.expect_relay_repairs();
    let channel = Channel::parse(ch).unwrap();
    let mut tx = app.db.pool.begin().await.unwrap();
    let event = outbox::append(&mut tx, &channel, "contest.updated", data, app.clock.now_ms()).await.unwrap();
    tx.commit().await.unwrap();
    event
}

async fn published_at(app: &TestApp, ch: &str, seq: i64) -> Option<i64> {
    sqlx::query_scalar("SELECT published_at FROM event WHERE channel = $1 AND seq = $2")
        .bind(ch)
        .bind(seq)
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn an_event_committed_but_never_published_is_relayed_to_subscribers() {
    let app = spawn_hub().await;
    let ch = public_contest_channel(&app, "crashy").await;
    let mut client = WsClient::anonymous(&app).await;
    client.subscribe(&ch, 0).await;

    let event = commit_without_publishing(&app, &ch, json!({"title": "New title"})).await;
    assert_eq!(event.seq, 1);
    assert_eq!(published_at(&app, &ch, 1).await, None);
    // The relay leaves fresh rows to the normal path; once this one is old enough, it takes it.
    app.clock.advance_ms(1000);
    client.expect_frame(&ServerFrame::Event(event)).await;

    // Published once: later events follow it without a repeat.
    publish_ticks(&app, &ch, 2..=2, 500).await;
    client.expect_frame(&tick(&ch, 2, app.clock.now_ms(), 2)).await;
    client.ping_pong().await;
}

#[tokio::test]
async fn a_relayed_event_is_kept_in_history_and_not_sent_twice() {
    let app = spawn_hub().await;
    let ch = public_contest_channel(&app, "marker").await;
    let mut witness = WsClient::anonymous(&app).await;
    witness.subscribe(&ch, 0).await;
    let event = commit_without_publishing(&app, &ch, json!({"n": 1})).await;
    app.clock.advance_ms(1000);
    witness.expect_frame(&ServerFrame::Event(event.clone())).await;

    // A later subscriber recovers it from history like any other event.
    let mut late = WsClient::anonymous(&app).await;
    late.send(&vitrine_protocol::ClientFrame::Sub { ch: ch.clone(), since: Some(0), id: None }).await;
    late.expect_frame(&ServerFrame::Event(event)).await;
    late.expect_frame(&super::fixtures::subscribed(&ch, 1, true, None, Some(vec![]))).await;

    // The relay marked it: a later pass, with the clock moved on again, does not send it twice.
    app.clock.advance_ms(1000);
    publish_ticks(&app, &ch, 2..=2, 500).await;
    witness.expect_frame(&tick(&ch, 2, app.clock.now_ms(), 2)).await;
    witness.ping_pong().await;
}
