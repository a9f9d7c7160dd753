//! The unit of work: events appended through it are published once it commits, and a
//! savepoint rolled back takes its events with its writes (a paid effect refused
//! half-way, `payments::settle`), so subscribers never see an event the database lost.

use serde_json::json;
use vitrine_protocol::{Channel, ServerFrame};
use vitrine_server::store::clock::Clock as _;

use super::{
    client::WsClient,
    fixtures::{public_contest_channel, spawn_hub},
};

#[tokio::test]
async fn a_rolled_back_savepoint_drops_its_events_and_the_kept_ones_follow_in_seq_order() {
    let app = spawn_hub().await;
    let ch = public_contest_channel(&app, "savepoints").await;
    let channel = Channel::parse(&ch).unwrap();
    let mut watcher = WsClient::anonymous(&app).await;
    watcher.subscribe(&ch, 0).await;
    let now = app.clock.now_ms();

    let mut unit = app.hub().begin().await.unwrap();
    unit.append(&channel, "contest.updated", json!({"n": 1}), now).await.unwrap();
    let refused = unit.savepoint().await.unwrap();
    unit.append(&channel, "contest.updated", json!({"n": "refused"}), now).await.unwrap();
    assert_eq!(unit.appended().len(), 2);
    unit.rollback_to(refused).await.unwrap();
    assert_eq!(unit.appended().len(), 1, "the refused part's event is gone with it");
    let kept = unit.savepoint().await.unwrap();
    unit.append(&channel, "contest.updated", json!({"n": 2}), now).await.unwrap();
    unit.release(kept).await.unwrap();
    unit.commit().await.unwrap();

    // The refused event's seq was rolled back with its row: the kept one reuses it.
    for n in 1..=2 {
        match watcher.expect().await {
            ServerFrame::Event(event) => assert_eq!((event.seq, event.data["n"].clone()), (n, json!(n))),
            other => panic!("expected event {n}, got {other:?}"),
        }
    }
    watcher.ping_pong().await;
    let stored: Vec<(i64, String)> = sqlx::query_as("SELECT seq, data FROM event WHERE channel = $1 ORDER BY seq")
        .bind(&ch)
        .fetch_all(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(stored, [(1, r#"{"n":1}"#.to_owned()), (2, r#"{"n":2}"#.to_owned())]);
}

#[tokio::test]
async fn a_unit_dropped_without_commit_writes_and_publishes_nothing() {
    let app = spawn_hub().await;
    let ch = public_contest_channel(&app, "dropped").await;
    let channel = Channel::parse(&ch).unwrap();
    let mut watcher = WsClient::anonymous(&app).await;
    watcher.subscribe(&ch, 0).await;

    let mut unit = app.hub().begin().await.unwrap();
    unit.append(&channel, "contest.updated", json!({"n": 1}), app.clock.now_ms()).await.unwrap();
    drop(unit);

    watcher.ping_pong().await;
    let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM event WHERE channel = $1")
        .bind(&ch)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(stored, 0);
}
