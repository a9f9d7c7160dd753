//! Two server nodes on a Redis Cluster (sharded pub/sub, `redis-cluster://` REDIS_URL):
//! channels on different shards, a node subscribing only to the shards of channels its
//! sockets watch, and subscribers that keep their stream while a channel's slot moves
//! to another shard or its master fails over. Each test runs its own cluster
//! (`redis_cluster.rs`).

use std::time::Duration;

use vitrine_server::store::clock::Clock as _;

use super::{
    client::{WsClient, WAIT},
    fixtures::{expect_ticks, public_contest_channel, publish_ticks, API_KEY},
    redis_cluster::RedisCluster,
};
use crate::helpers::{spawn_cluster, TestApp};

/// The Redis topic of a channel (the broker's naming).
fn topic(ch: &str) -> String {
    format!("vitrine:ch:{ch}")
}

/// Two nodes on one database and `cluster`, clocks aligned (as `cluster.rs`'s two_nodes).
async fn two_nodes(cluster: &RedisCluster) -> Vec<TestApp> {
    let url = cluster.url();
    let nodes = spawn_cluster(2, |settings| {
        settings.api_key = Some(API_KEY.into());
        settings.redis_url = Some(url.clone());
    })
    .await;
    nodes[0].clock.advance_ms(nodes[1].clock.now_ms() - nodes[0].clock.now_ms());
    nodes
}

/// Public contest channels whose topics live on `shards` different masters, one each.
async fn channels_on_distinct_shards(app: &TestApp, cluster: &RedisCluster, shards: usize) -> Vec<String> {
    let mut owners = Vec::new();
    let mut channels = Vec::new();
    for n in 0..64 {
        let ch = public_contest_channel(app, &format!("shard-owner-{n}")).await;
        let owner = cluster.owner_of(cluster.slot_of(&topic(&ch)).await.unwrap()).await.unwrap().port;
        if !owners.contains(&owner) {
            owners.push(owner);
            channels.push(ch);
            if channels.len() == shards {
                return channels;
            }
        }
    }
    panic!("64 channels all hashed onto fewer than {shards} shards");
}

/// Waits until `topic` has `count` subscribing connections on its shard.
async fn wait_for_subscribers(cluster: &RedisCluster, topic: &str, count: u64) {
    let settled = async {
        loop {
            if cluster.shard_subscribers(topic).await.unwrap_or(u64::MAX) == count {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
    tokio::time::timeout(WAIT, settled).await.unwrap_or_else(|_| panic!("{topic} never had {count} subscribers"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Redis: run by make test-redis"]
async fn two_nodes_on_a_redis_cluster_deliver_channels_living_on_different_shards() {
    let cluster = RedisCluster::start(3, 0).await.unwrap();
    let nodes = two_nodes(&cluster).await;
    let (a, b) = (&nodes[0], &nodes[1]);
    let ts = a.clock.now_ms();
    let ready = a.get("/readyz", None).await;
    assert_eq!(ready.status, 200, "{}", ready.body);
    assert_eq!(ready.body["bus"], "redis-cluster");

    let channels = channels_on_distinct_shards(a, &cluster, 3).await;
    let mut on_a = Vec::new();
    let mut on_b = Vec::new();
    for ch in &channels {
        let mut client = WsClient::anonymous(a).await;
        client.subscribe(ch, 0).await;
        on_a.push(client);
        let mut client = WsClient::anonymous(b).await;
        client.subscribe(ch, 0).await;
        on_b.push(client);
    }
    for ch in &channels {
        publish_ticks(a, ch, 1..=5, 5).await;
        publish_ticks(b, ch, 6..=10, 5).await;
    }
    for (ch, (client_a, client_b)) in channels.iter().zip(on_a.iter_mut().zip(on_b.iter_mut())) {
        expect_ticks(client_a, ch, 1, 10, ts).await;
        expect_ticks(client_b, ch, 1, 10, ts).await;
        client_a.ping_pong().await;
        client_b.ping_pong().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Redis: run by make test-redis"]
async fn a_node_subscribes_only_to_the_shard_channels_its_sockets_watch() {
    let cluster = RedisCluster::start(3, 0).await.unwrap();
    let nodes = two_nodes(&cluster).await;
    let (a, b) = (&nodes[0], &nodes[1]);
    let channels = channels_on_distinct_shards(a, &cluster, 2).await;
    let (watched_on_a, watched_on_b) = (&channels[0], &channels[1]);

    let mut on_a = WsClient::anonymous(a).await;
    on_a.subscribe(watched_on_a, 0).await;
    let mut on_b = WsClient::anonymous(b).await;
    on_b.subscribe(watched_on_b, 0).await;

    // Every master lists only the shard channels someone subscribes to: the two watched
    // channels and the control topic, nothing of the channels nobody watches.
    let mut listed = Vec::new();
    for master in cluster.masters().await.unwrap() {
        listed.extend(cluster.shard_channels(master.port).await.unwrap());
    }
    listed.sort();
    let mut expected = vec![topic(watched_on_a), topic(watched_on_b), "vitrine:control".to_owned()];
    expected.sort();
    assert_eq!(listed, expected);
    // One connection each: the node whose sockets watch it; the control topic, both nodes.
    assert_eq!(cluster.shard_subscribers(&topic(watched_on_a)).await.unwrap(), 1);
    assert_eq!(cluster.shard_subscribers(&topic(watched_on_b)).await.unwrap(), 1);
    assert_eq!(cluster.shard_subscribers("vitrine:control").await.unwrap(), 2);

    // A node whose last watcher of a channel leaves stops listening to it.
    on_a.close().await;
    wait_for_subscribers(&cluster, &topic(watched_on_a), 0).await;
    assert_eq!(cluster.shard_subscribers(&topic(watched_on_b)).await.unwrap(), 1);
    on_b.ping_pong().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Redis: run by make test-redis"]
async fn a_node_resubscribes_when_its_channels_slot_moves_to_another_shard() {
    let cluster = RedisCluster::start(3, 0).await.unwrap();
    let nodes = two_nodes(&cluster).await;
    let (a, b) = (&nodes[0], &nodes[1]);
    let ts = a.clock.now_ms();
    let ch = public_contest_channel(a, "mover").await;
    let slot = cluster.slot_of(&topic(&ch)).await.unwrap();

    let mut on_b = WsClient::anonymous(b).await;
    on_b.subscribe(&ch, 0).await;
    publish_ticks(a, &ch, 1..=5, 5).await;
    expect_ticks(&mut on_b, &ch, 1, 5, ts).await;

    let from = cluster.owner_of(slot).await.unwrap();
    let to = cluster.masters().await.unwrap().into_iter().find(|m| m.port != from.port).unwrap();
    cluster.move_slot(slot, to.port).await.unwrap();
    // The old owner dropped node B's subscription with the slot; published meanwhile.
    publish_ticks(a, &ch, 6..=10, 5).await;
    // Node B notices the move, subscribes at the new owner and reads back what it missed.
    wait_for_subscribers(&cluster, &topic(&ch), 1).await;
    assert!(cluster.shard_channels(to.port).await.unwrap().contains(&topic(&ch)));
    publish_ticks(a, &ch, 11..=15, 5).await;
    expect_ticks(&mut on_b, &ch, 6, 10, ts).await;
    on_b.ping_pong().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Redis: run by make test-redis"]
async fn subscribers_lose_nothing_when_their_shards_master_fails_over() {
    let mut cluster = RedisCluster::start(3, 1).await.unwrap();
    let nodes = two_nodes(&cluster).await;
    let (a, b) = (&nodes[0], &nodes[1]);
    let ts = a.clock.now_ms();
    let ch = public_contest_channel(a, "failover").await;
    let slot = cluster.slot_of(&topic(&ch)).await.unwrap();

    let mut on_a = WsClient::anonymous(a).await;
    on_a.subscribe(&ch, 0).await;
    let mut on_b = WsClient::anonymous(b).await;
    on_b.subscribe(&ch, 0).await;
    publish_ticks(a, &ch, 1..=5, 5).await;

    let old = cluster.owner_of(slot).await.unwrap();
    let new = cluster.fail_over(slot).await.unwrap();
    assert_ne!(new.port, old.port);
    // Published on the promoted replica; whatever the failover hid is read back.
    publish_ticks(b, &ch, 6..=10, 5).await;
    wait_for_subscribers(&cluster, &topic(&ch), 2).await;
    publish_ticks(a, &ch, 11..=15, 5).await;
    for client in [&mut on_a, &mut on_b] {
        expect_ticks(client, &ch, 1, 15, ts).await;
        client.ping_pong().await;
    }
    for node in [a, b] {
        let ready = node.get("/readyz", None).await;
        assert_eq!(ready.status, 200, "{}", ready.body);
    }
}
