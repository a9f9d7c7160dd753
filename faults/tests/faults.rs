//! The fault suite (issue #11): the native scaled cluster of `scripts/cluster.sh` (two
//! nodes, one worker, nginx in front), under four faults, and on a Redis Cluster (sharded
//! pub/sub, issue #36) under a shard's failover and a slot's move, with WebSocket subscribers and a
//! publisher going through the proxy. Each fault prints events published, delivered, lost
//! and the time to recover; it asserts that nothing was lost and that the cluster
//! recovered within a generous bound (never how fast).
//!
//! Ignored by a plain `cargo test`: it needs the machine's PostgreSQL, `redis-server` and
//! nginx. `make test-faults` (part of `make test`, mandatory under CI=true) runs it.

use std::time::{Duration, Instant};

use vitrine_faults::{
    cluster::{Cluster, Options, Part},
    load::{Load, LoadStats},
    probe,
    report::FaultReport,
    subscribers::Subscribers,
    wait_until,
};

/// Sockets per fault, each subscribed to every channel; the proxy spreads them over both nodes.
const CLIENTS: usize = 6;
const CHANNELS: i64 = 4;
/// The publisher's pause between requests (one request at a time).
const PUBLISH_EVERY: Duration = Duration::from_millis(25);
/// Generous: the suite proves recovery, not speed.
const RECOVERY_BOUND: Duration = Duration::from_secs(60);
const A_DAY_MS: i64 = 86_400_000;

async fn subscribed(cluster: &Cluster, channels: &[String], clients: usize) -> Subscribers {
    let subscribers = Subscribers::start(&cluster.ws_url(), channels, clients);
    wait_until("every subscriber is subscribed", Duration::from_secs(20), || {
        let all = subscribers.all_subscribed();
        async move { all }
    })
    .await
    .unwrap_or_else(|err| panic!("{err}\n{}", cluster.logs()));
    subscribers
}

async fn flowing(load: &Load) {
    wait_until("the publisher's events are accepted", Duration::from_secs(20), || {
        let accepted = load.stats().accepted_total();
        async move { accepted >= 20 }
    })
    .await
    .unwrap();
}

/// Both nodes' own `/readyz` answer `status`.
async fn both_nodes(cluster: &Cluster, status: u16, bound: Duration) -> anyhow::Result<Duration> {
    wait_until(&format!("both nodes' /readyz answer {status}"), bound, || async move {
        cluster.readiness(0).await == status && cluster.readiness(1).await == status
    })
    .await
}

/// Nothing committed is lost: every accepted publication is within its channel's head,
/// and the kept events of each channel are exactly seqs 1..=head.
async fn committed_is_kept(cluster: &Cluster, channels: &[String], stats: &LoadStats, heads: &[u64]) {
    for ((ch, accepted), head) in channels.iter().zip(&stats.accepted).zip(heads) {
        assert!(accepted <= head, "{ch}: {accepted} publications accepted but only {head} events committed");
    }
    let holes = cluster.holes(channels).await.unwrap();
    assert!(holes.is_empty(), "committed events missing: {holes:?}");
}

fn assert_nothing_lost(report: &FaultReport) {
    report.print();
    assert_eq!(report.lost, 0, "{} deliveries lost", report.lost);
    assert_eq!(report.not_recovered, 0, "a resubscription with `since` could not replay everything");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL, redis-server and nginx: run by `make test-faults`"]
async fn a_killed_node_loses_nothing_its_sockets_resume_through_the_proxy() {
    let cluster = Cluster::start("node").await.unwrap();
    let channels = cluster.running_contests(CHANNELS, A_DAY_MS).await.unwrap();
    let subscribers = subscribed(&cluster, &channels, CLIENTS).await;
    let load = Load::start(&cluster.base_url(), &channels, PUBLISH_EVERY);
    flowing(&load).await;

    let fault = Instant::now();
    cluster.kill(Part::NodeA).await.unwrap();
    let recovery = probe::recovered(&cluster, &subscribers, fault, RECOVERY_BOUND).await.unwrap();
    // As a restart policy would: the node comes back while the traffic goes on.
    cluster.start_missing().await.unwrap();
    tokio::time::sleep(Duration::from_secs(1)).await;
    let stats = load.stop().await;
    let heads = probe::settle(&cluster, &subscribers).await.unwrap();

    let report = FaultReport::new("kill a server node", &subscribers, &heads, recovery, "the kill");
    println!("publisher: {} accepted; other answers {:?}", stats.accepted_total(), stats.refused);
    assert!(report.reconnects > 0, "no socket was on the killed node: the fault tested nothing");
    assert_nothing_lost(&report);
    committed_is_kept(&cluster, &channels, &stats, &heads).await;
    subscribers.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL, redis-server and nginx: run by `make test-faults`"]
async fn a_redis_restart_loses_nothing_and_nodes_are_not_ready_meanwhile() {
    let mut cluster = Cluster::start("redis").await.unwrap();
    let channels = cluster.running_contests(CHANNELS, A_DAY_MS).await.unwrap();
    let subscribers = subscribed(&cluster, &channels, CLIENTS).await;
    let load = Load::start(&cluster.base_url(), &channels, PUBLISH_EVERY);
    flowing(&load).await;

    cluster.redis.kill().await;
    // Never green while a node cannot deliver, and no new socket is taken meanwhile.
    both_nodes(&cluster, 503, Duration::from_secs(15)).await.unwrap();
    let refused = tokio_tungstenite::connect_async(format!("ws://127.0.0.1:{}/ws", cluster.node_ports[0])).await;
    match refused {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status().as_u16(), 503);
            let body: serde_json::Value =
                serde_json::from_slice(response.body().as_deref().unwrap_or_default()).unwrap();
            assert_eq!(body["error"]["code"], "server.unavailable");
        }
        other => panic!("a node without its bus accepted a socket: {:?}", other.map(|(_, r)| r.status())),
    }
    // Under load while Redis is away.
    tokio::time::sleep(Duration::from_secs(2)).await;
    cluster.redis.restart().await.unwrap();
    let repaired = Instant::now();
    both_nodes(&cluster, 200, RECOVERY_BOUND).await.unwrap_or_else(|err| panic!("{err}\n{}", cluster.logs()));
    let recovery = probe::recovered(&cluster, &subscribers, repaired, RECOVERY_BOUND).await.unwrap();
    tokio::time::sleep(Duration::from_secs(1)).await;
    let stats = load.stop().await;
    let heads = probe::settle(&cluster, &subscribers).await.unwrap();

    let report = FaultReport::new("restart Redis", &subscribers, &heads, recovery, "Redis came back");
    println!("publisher: {} accepted; other answers {:?}", stats.accepted_total(), stats.refused);
    assert_nothing_lost(&report);
    committed_is_kept(&cluster, &channels, &stats, &heads).await;
    subscribers.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL, redis-server and nginx: run by `make test-faults`"]
async fn postgres_away_answers_503_in_the_envelope_and_loses_nothing_committed() {
    let cluster = Cluster::start("postgres").await.unwrap();
    let channels = cluster.running_contests(CHANNELS, A_DAY_MS).await.unwrap();
    let subscribers = subscribed(&cluster, &channels, CLIENTS).await;
    let load = Load::start(&cluster.base_url(), &channels, PUBLISH_EVERY);
    flowing(&load).await;

    // The nodes' database connections go through the gate: closing it is PostgreSQL going
    // away for them, while the machine's shared PostgreSQL keeps running.
    cluster.gate.close();
    wait_until("a publication answers 503 server.unavailable", Duration::from_secs(20), || {
        let unavailable = load.stats().unavailable();
        async move { unavailable > 0 }
    })
    .await
    .unwrap();
    both_nodes(&cluster, 503, Duration::from_secs(15)).await.unwrap();
    tokio::time::sleep(Duration::from_secs(2)).await;
    cluster.gate.open();
    let repaired = Instant::now();
    both_nodes(&cluster, 200, RECOVERY_BOUND).await.unwrap_or_else(|err| panic!("{err}\n{}", cluster.logs()));
    let recovery = probe::recovered(&cluster, &subscribers, repaired, RECOVERY_BOUND).await.unwrap();
    tokio::time::sleep(Duration::from_secs(1)).await;
    let stats = load.stop().await;
    let heads = probe::settle(&cluster, &subscribers).await.unwrap();

    let report = FaultReport::new("PostgreSQL away", &subscribers, &heads, recovery, "PostgreSQL came back");
    println!("publisher: {} accepted; other answers {:?}", stats.accepted_total(), stats.refused);
    // While it was away, every refusal was the envelope's 503 with its stable code.
    for (status, code) in stats.refused.keys() {
        assert_eq!((*status, code.as_str()), (503, "server.unavailable"), "all refusals: {:?}", stats.refused);
    }
    assert_nothing_lost(&report);
    committed_is_kept(&cluster, &channels, &stats, &heads).await;
    subscribers.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL, redis-server and nginx: run by `make test-faults`"]
async fn a_worker_killed_mid_transition_is_finished_by_another_exactly_once() {
    const CONTESTS: i64 = 40;
    let cluster = Cluster::start("worker").await.unwrap();
    // The test decides when a worker runs: none until the deadlines and the trap are set.
    cluster.stop(Part::Worker).await.unwrap();
    let channels = cluster.running_contests(CONTESTS, -1_000).await.unwrap();
    let subscribers = subscribed(&cluster, &channels, 2).await;

    // Hold the head row of every contest channel: the worker that claims the due batch
    // moves the contests, then blocks writing the first event, inside its transaction.
    for ch in &channels {
        sqlx::query("INSERT INTO channel_head (channel, seq) VALUES ($1, 0) ON CONFLICT (channel) DO NOTHING")
            .bind(ch)
            .execute(&cluster.db.pool)
            .await
            .unwrap();
    }
    let mut trap = cluster.db.pool.begin().await.unwrap();
    sqlx::query("SELECT seq FROM channel_head WHERE channel LIKE 'contest:%' FOR UPDATE")
        .fetch_all(&mut *trap)
        .await
        .unwrap();
    cluster.start_missing().await.unwrap();
    wait_until("the worker is inside its transition, waiting", Duration::from_secs(30), || async {
        let waiting: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() \
             AND wait_event_type = 'Lock' AND query LIKE '%channel_head%'",
        )
        .fetch_one(&cluster.db.pool)
        .await
        .unwrap_or(0);
        waiting > 0
    })
    .await
    .unwrap_or_else(|err| panic!("{err}\n{}", cluster.logs()));

    let fault = Instant::now();
    cluster.kill(Part::Worker).await.unwrap();
    trap.rollback().await.unwrap();
    let moved = |cluster: &Cluster| {
        let pool = cluster.db.pool.clone();
        async move {
            sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM contest WHERE status_id = 3")
                .fetch_one(&pool)
                .await
                .unwrap_or(-1)
        }
    };
    assert_eq!(moved(&cluster).await, 0, "the killed worker's transition committed");

    // Another worker (as a restart policy would start) finishes the work.
    cluster.start_missing().await.unwrap();
    wait_until("every contest moved to status 3", RECOVERY_BOUND, || async { moved(&cluster).await == CONTESTS })
        .await
        .unwrap_or_else(|err| panic!("{err}\n{}", cluster.logs()));
    let recovery = fault.elapsed();
    let not_exactly_once: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM contest c WHERE (SELECT COUNT(*) FROM event e \
         WHERE e.channel = 'contest:' || CAST(c.id AS TEXT) AND e.event_type = 'contest.status') <> 1",
    )
    .fetch_one(&cluster.db.pool)
    .await
    .unwrap();
    let heads = probe::settle(&cluster, &subscribers).await.unwrap();

    let report = FaultReport::new("kill the worker mid-transition", &subscribers, &heads, recovery, "the kill");
    assert_eq!(not_exactly_once, 0, "contests whose move did not happen exactly once");
    assert!(heads.iter().all(|head| *head >= 1), "a contest's move published nothing: {heads:?}");
    assert_nothing_lost(&report);
    subscribers.stop().await;
}

/// A cluster whose bus is a Redis Cluster of three masters, each with a replica.
async fn on_redis_cluster(label: &str) -> Cluster {
    Cluster::start_with(label, Options { sharded: true, ..Options::default() }).await.unwrap()
}

/// The Redis topic of a channel (the broker's naming).
fn topic(ch: &str) -> String {
    format!("vitrine:ch:{ch}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL, redis-server and nginx: run by `make test-faults`"]
async fn a_shard_master_killed_fails_over_to_its_replica_and_nothing_is_lost() {
    let mut cluster = on_redis_cluster("shardfail").await;
    let channels = cluster.running_contests(CHANNELS, A_DAY_MS).await.unwrap();
    let subscribers = subscribed(&cluster, &channels, CLIENTS).await;
    let load = Load::start(&cluster.base_url(), &channels, PUBLISH_EVERY);
    flowing(&load).await;

    let shards = cluster.shards.as_mut().expect("a sharded cluster");
    let slot = shards.slot_of(&topic(&channels[0])).await.unwrap();
    let old = shards.owner_of(slot).await.unwrap();
    let fault = Instant::now();
    // SIGKILL to the master of the first channel; its replica is promoted after the
    // cluster's node timeout (1 s), and the nodes reconnect to it.
    let new = shards.fail_over(slot).await.unwrap();
    assert_ne!(new.port, old.port, "the slot stayed on the killed master");
    both_nodes(&cluster, 200, RECOVERY_BOUND).await.unwrap_or_else(|err| panic!("{err}\n{}", cluster.logs()));
    let recovery = probe::recovered(&cluster, &subscribers, fault, RECOVERY_BOUND).await.unwrap();
    tokio::time::sleep(Duration::from_secs(1)).await;
    let stats = load.stop().await;
    let heads = probe::settle(&cluster, &subscribers).await.unwrap();

    let report = FaultReport::new("fail over a Redis Cluster shard", &subscribers, &heads, recovery, "the kill");
    println!("publisher: {} accepted; other answers {:?}", stats.accepted_total(), stats.refused);
    assert_nothing_lost(&report);
    committed_is_kept(&cluster, &channels, &stats, &heads).await;
    let shards = cluster.shards.as_ref().expect("a sharded cluster");
    assert!(
        shards.shard_channels(new.port).await.unwrap().contains(&topic(&channels[0])),
        "no node listens to the channel at its promoted master"
    );
    subscribers.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL, redis-server and nginx: run by `make test-faults`"]
async fn nodes_resubscribe_when_a_channels_slot_moves_to_another_shard_and_nothing_is_lost() {
    let cluster = on_redis_cluster("shardmove").await;
    let channels = cluster.running_contests(CHANNELS, A_DAY_MS).await.unwrap();
    let subscribers = subscribed(&cluster, &channels, CLIENTS).await;
    let load = Load::start(&cluster.base_url(), &channels, PUBLISH_EVERY);
    flowing(&load).await;

    let shards = cluster.shards.as_ref().expect("a sharded cluster");
    let moved = topic(&channels[0]);
    let slot = shards.slot_of(&moved).await.unwrap();
    let from = shards.owner_of(slot).await.unwrap();
    let to = shards.masters().await.unwrap().into_iter().find(|m| m.port != from.port).unwrap();
    // Every node with a socket on the channel listens to it: one connection each.
    let listeners = shards.shard_subscribers(&moved).await.unwrap();
    assert!(listeners > 0, "no node listens to {moved}");

    let fault = Instant::now();
    // Resharding: the old owner drops the slot's subscribers, no connection breaks.
    shards.move_slot(slot, to.port).await.unwrap();
    wait_until("the nodes listen to the channel at its new owner", RECOVERY_BOUND, || async {
        shards.shard_channels(to.port).await.unwrap_or_default().contains(&moved)
            && shards.shard_subscribers(&moved).await.unwrap_or(0) == listeners
    })
    .await
    .unwrap_or_else(|err| panic!("{err}\n{}", cluster.logs()));
    let recovery = probe::recovered(&cluster, &subscribers, fault, RECOVERY_BOUND).await.unwrap();
    tokio::time::sleep(Duration::from_secs(1)).await;
    let stats = load.stop().await;
    let heads = probe::settle(&cluster, &subscribers).await.unwrap();

    let report = FaultReport::new("move a channel's slot to another shard", &subscribers, &heads, recovery, "the move");
    println!("publisher: {} accepted; other answers {:?}", stats.accepted_total(), stats.refused);
    assert_nothing_lost(&report);
    committed_is_kept(&cluster, &channels, &stats, &heads).await;
    subscribers.stop().await;
}
