//! Recovery after a reconnect: `since` replays what was missed, in order, once, then
//! the live stream continues; history that no longer reaches back says so.

use vitrine_protocol::{ClientFrame, ServerFrame};

use vitrine_server::store::clock::Clock as _;

use super::{
    client::WsClient,
    fixtures::{expect_ticks, public_contest_channel, publish_ticks, spawn_hub, subscribed, tick},
};

#[tokio::test]
async fn a_client_that_reconnects_with_since_gets_what_it_missed_in_order_once_then_live_events() {
    let app = spawn_hub().await;
    let ts = app.clock.now_ms();
    let ch = public_contest_channel(&app, "organiser").await;
    publish_ticks(&app, &ch, 1..=3, 500).await;

    let mut client = WsClient::anonymous(&app).await;
    client.send(&ClientFrame::Sub { ch: ch.clone(), since: None, id: None }).await;
    let seen = match client.expect().await {
        ServerFrame::Subscribed { seq, recovered: false, .. } => seq,
        other => panic!("expected subscribed, got {other:?}"),
    };
    assert_eq!(seen, 3, "the head");
    client.close().await;

    // A witness stays connected: once it has seq 53, all 50 are committed.
    let mut witness = WsClient::anonymous(&app).await;
    witness.sub(&ch, None, None).await;
    publish_ticks(&app, &ch, 4..=53, 500).await;
    expect_ticks(&mut witness, &ch, 4, 50, ts).await;

    let mut client = WsClient::anonymous(&app).await;
    client.send(&ClientFrame::Sub { ch: ch.clone(), since: Some(seen), id: Some("again".into()) }).await;
    expect_ticks(&mut client, &ch, 4, 50, ts).await;
    client.expect_frame(&subscribed(&ch, 53, true, Some("again"), Some(vec![]))).await;
    // Nothing was queued twice behind the replay.
    client.ping_pong().await;

    publish_ticks(&app, &ch, 54..=54, 500).await;
    client.expect_frame(&tick(&ch, 54, ts, 54)).await;
    client.ping_pong().await;
}

#[tokio::test]
async fn events_published_during_the_replay_are_delivered_once_after_it() {
    let app = spawn_hub().await;
    let ts = app.clock.now_ms();
    let ch = public_contest_channel(&app, "busy").await;
    publish_ticks(&app, &ch, 1..=200, 200).await;

    let mut client = WsClient::anonymous(&app).await;
    client.send(&ClientFrame::Sub { ch: ch.clone(), since: Some(0), id: None }).await;
    // Publish more while the replay may still be running.
    publish_ticks(&app, &ch, 201..=260, 20).await;
    let mut next = 1;
    let mut subscribed_at = None;
    while next <= 260 {
        match client.expect().await {
            ServerFrame::Event(event) => {
                assert_eq!(ServerFrame::Event(event), tick(&ch, next, ts, next), "in order, no gap, no repeat");
                next += 1;
            }
            ServerFrame::Subscribed { seq, recovered: true, .. } if subscribed_at.is_none() => {
                assert_eq!(seq, next - 1, "subscribed comes right after the replay, at the head it replayed");
                subscribed_at = Some(seq);
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    assert!(subscribed_at.is_some_and(|seq| seq >= 200));
    client.ping_pong().await;
}

#[tokio::test]
async fn when_history_no_longer_reaches_back_the_answer_is_recovered_false_with_no_replay() {
    let app = spawn_hub().await;
    let ch = public_contest_channel(&app, "forgetful-host").await;
    publish_ticks(&app, &ch, 1..=20, 500).await;
    // Retention dropped the oldest events.
    sqlx::query("DELETE FROM event WHERE channel = $1 AND seq <= 10").bind(&ch).execute(&app.db.pool).await.unwrap();

    let mut client = WsClient::anonymous(&app).await;
    client.send(&ClientFrame::Sub { ch: ch.clone(), since: Some(5), id: None }).await;
    client.expect_frame(&subscribed(&ch, 20, false, None, Some(vec![]))).await;
    client.ping_pong().await;

    // What is still kept replays fine.
    let mut client = WsClient::anonymous(&app).await;
    client.send(&ClientFrame::Sub { ch: ch.clone(), since: Some(17), id: None }).await;
    expect_ticks(&mut client, &ch, 18, 3, app.clock.now_ms()).await;
    client.expect_frame(&subscribed(&ch, 20, true, None, Some(vec![]))).await;

    // A since ahead of the head (a data reset) is not recoverable either.
    client.send(&ClientFrame::Sub { ch: ch.clone(), since: Some(99), id: None }).await;
    client.expect_frame(&subscribed(&ch, 20, false, None, Some(vec![]))).await;

    // The REST mirror agrees.
    let answer = app.get(&format!("/realtime/channels/{ch}/events?after=5"), None).await;
    assert_eq!(answer.body, serde_json::json!({"ch": ch, "head": 20, "recovered": false, "events": []}));
    let answer = app.get(&format!("/realtime/channels/{ch}/events?after=19"), None).await;
    assert_eq!(answer.body["recovered"], true);
    assert_eq!(answer.body["events"][0]["seq"], 20);
}

#[tokio::test]
async fn since_on_a_bench_channel_is_never_recovered() {
    let app = spawn_hub().await;
    let mut client = WsClient::anonymous(&app).await;
    publish_ticks(&app, "bench:b", 1..=3, 500).await;
    client.send(&ClientFrame::Sub { ch: "bench:b".into(), since: Some(1), id: None }).await;
    client.expect_frame(&subscribed("bench:b", 0, false, None, None)).await;
    client.ping_pong().await;
}
