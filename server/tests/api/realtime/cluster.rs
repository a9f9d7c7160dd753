//! Two server nodes on one database and one Redis: fan-out across nodes, a client
//! moving between nodes, and Redis restarting under connected subscribers.
//! Each test runs its own `redis-server` (see `redis.rs`).

use vitrine_protocol::ClientFrame;

use vitrine_server::store::clock::Clock as _;

use super::{
    client::{WsClient, WAIT},
    fixtures::{expect_ticks, public_contest_channel, publish_ticks, subscribed, tick, API_KEY},
    redis::RedisServer,
};
use crate::helpers::{spawn_cluster, TestApp};

/// Two nodes sharing one database and `redis`, with the publish API on and their
/// clocks reading the same time (so an event's `ts` does not depend on its node).
pub(super) async fn two_nodes(redis: &RedisServer) -> Vec<TestApp> {
    let url = redis.url();
    let nodes = spawn_cluster(2, |settings| {
        settings.api_key = Some(API_KEY.into());
        settings.redis_url = Some(url.clone());
    })
    .await;
    nodes[0].clock.advance_ms(nodes[1].clock.now_ms() - nodes[0].clock.now_ms());
    assert_eq!(nodes[0].clock.now_ms(), nodes[1].clock.now_ms());
    nodes
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Redis: run by make test-redis"]
async fn a_subscriber_on_one_node_receives_what_another_node_publishes() {
    let redis = RedisServer::start().await;
    let nodes = two_nodes(&redis).await;
    let (a, b) = (&nodes[0], &nodes[1]);
    let ts = a.clock.now_ms();
    let ch = public_contest_channel(a, "spread").await;

    let mut on_a = WsClient::anonymous(a).await;
    on_a.subscribe(&ch, 0).await;
    let mut on_b = WsClient::anonymous(b).await;
    on_b.subscribe(&ch, 0).await;
    publish_ticks(b, &ch, 1..=5, 500).await;
    publish_ticks(a, &ch, 6..=10, 500).await;
    expect_ticks(&mut on_a, &ch, 1, 10, ts).await;
    expect_ticks(&mut on_b, &ch, 1, 10, ts).await;
    on_a.ping_pong().await;
    on_b.ping_pong().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Redis: run by make test-redis"]
async fn a_client_that_loses_its_node_resumes_on_another_with_since_and_loses_nothing() {
    let redis = RedisServer::start().await;
    let nodes = two_nodes(&redis).await;
    let (a, b) = (&nodes[0], &nodes[1]);
    let ts = a.clock.now_ms();
    let ch = public_contest_channel(a, "mover").await;

    let mut client = WsClient::anonymous(a).await;
    client.subscribe(&ch, 0).await;
    publish_ticks(b, &ch, 1..=5, 500).await;
    expect_ticks(&mut client, &ch, 1, 5, ts).await;
    // Node A is gone, as far as this client can tell.
    client.close().await;

    // Published on both nodes while the client was away.
    publish_ticks(b, &ch, 6..=30, 10).await;
    publish_ticks(a, &ch, 31..=40, 10).await;

    let mut client = WsClient::anonymous(b).await;
    client.send(&ClientFrame::Sub { ch: ch.clone(), since: Some(5), id: Some("resume".into()) }).await;
    expect_ticks(&mut client, &ch, 6, 35, ts).await;
    client.expect_frame(&subscribed(&ch, 40, true, Some("resume"), Some(vec![]))).await;

    // And the live stream continues from either node, once.
    publish_ticks(a, &ch, 41..=41, 500).await;
    client.expect_frame(&tick(&ch, 41, ts, 41)).await;
    publish_ticks(b, &ch, 42..=42, 500).await;
    client.expect_frame(&tick(&ch, 42, ts, 42)).await;
    client.ping_pong().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Redis: run by make test-redis"]
async fn subscribers_that_stay_connected_lose_nothing_when_redis_restarts() {
    let mut redis = RedisServer::start().await;
    let nodes = two_nodes(&redis).await;
    let ts = nodes[0].clock.now_ms();
    let ch = public_contest_channel(&nodes[0], "weathered").await;

    let mut subscribers = Vec::new();
    for node in [&nodes[0], &nodes[1], &nodes[0], &nodes[1]] {
        let mut client = WsClient::anonymous(node).await;
        client.subscribe(&ch, 0).await;
        subscribers.push(client);
    }
    publish_ticks(&nodes[0], &ch, 1..=10, 5).await;
    publish_ticks(&nodes[1], &ch, 11..=20, 5).await;

    redis.stop().await;
    // Publishing during the outage commits the events, but the answer may wait for the
    // bus: it runs beside the restart, which waits until the outage has an event in it.
    let publishing = async {
        publish_ticks(&nodes[0], &ch, 21..=30, 5).await;
        publish_ticks(&nodes[1], &ch, 31..=40, 5).await;
    };
    let restarting = async {
        wait_for_head(&nodes[0], &ch, 21).await;
        redis.restart().await;
    };
    tokio::time::timeout(WAIT * 3, async { tokio::join!(publishing, restarting) })
        .await
        .expect("publishing goes on once Redis is back");
    publish_ticks(&nodes[1], &ch, 41..=50, 5).await;
    publish_ticks(&nodes[0], &ch, 51..=60, 5).await;

    for client in &mut subscribers {
        expect_ticks(client, &ch, 1, 60, ts).await;
    }
    for client in &mut subscribers {
        client.ping_pong().await;
    }
}

/// Waits until `ch` has committed event `seq`: there is nothing to wait on but the table.
async fn wait_for_head(app: &TestApp, ch: &str, seq: i64) {
    let committed = async {
        loop {
            let head: Option<i64> = sqlx::query_scalar("SELECT seq FROM channel_head WHERE channel = $1")
                .bind(ch)
                .fetch_optional(&app.db.pool)
                .await
                .unwrap();
            if head.is_some_and(|head| head >= seq) {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
    };
    tokio::time::timeout(WAIT, committed).await.expect("the event was committed during the outage");
}
