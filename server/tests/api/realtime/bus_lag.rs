//! A node that falls behind its Redis bus drops messages it cannot name; it must say so.
//! Two nodes with a bus backlog of 2 messages, a burst on the bus: the lagging node
//! closes its sockets with 4009, and a client that resubscribes with `since` gets every
//! event of a durable channel back, and `recovered: false` on an ephemeral one.

use std::sync::atomic::{AtomicBool, Ordering};

use fred::prelude::{Builder, ClientLike, Config, PubsubInterface};
use serde_json::json;
use vitrine_protocol::{close_code, ClientFrame, EventFrame, ServerFrame};
use vitrine_server::realtime::BusMessage;

use super::{
    client::{WsClient, WAIT},
    fixtures::{public_contest_channel, publish_ticks, API_KEY},
    redis::RedisServer,
};
use crate::helpers::spawn_cluster;

/// Messages one burst puts on the bus, back to back (one pipeline).
const BURST: u64 = 2_000;
/// Bursts tried before the test gives up on the node lagging.
const MAX_BURSTS: u64 = 25;

/// Reads `client`'s frames until the server closes it: (the seqs of `ch` events seen, close code).
async fn read_until_close(client: &mut WsClient, ch: &str) -> (Vec<u64>, Option<u16>) {
    let mut seqs = Vec::new();
    loop {
        match client.next_or_close(WAIT).await {
            Ok(ServerFrame::Event(e)) if e.ch == ch => seqs.push(e.seq),
            Ok(frame) => panic!("unexpected frame before the close: {frame:?}"),
            Err(code) => return (seqs, code),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Redis: run by make test-redis"]
async fn a_node_that_lags_behind_its_bus_closes_with_4009_and_clients_recover_or_learn_they_cannot() {
    let redis = RedisServer::start().await;
    let url = redis.url();
    let nodes = spawn_cluster(2, |settings| {
        settings.api_key = Some(API_KEY.into());
        settings.redis_url = Some(url.clone());
        settings.bus_backlog = 2;
        // The test client reads as fast as it can; a 4008 must not hide the 4009.
        settings.ws_queue_frames = 1_000_000;
    })
    .await;
    let (a, b) = (&nodes[0], &nodes[1]);
    let durable = public_contest_channel(a, "lagged").await;
    let ephemeral = "bench:lagged".to_owned();

    let mut on_durable = WsClient::anonymous(b).await;
    on_durable.subscribe(&durable, 0).await;
    let mut on_ephemeral = WsClient::anonymous(b).await;
    on_ephemeral.subscribe(&ephemeral, 0).await;
    publish_ticks(a, &durable, 1..=20, 20).await;

    // Bursts straight onto the bus, as many publishing nodes would make, until node B
    // falls behind (its backlog of 2 rarely survives the first one).
    let publisher = Builder::from_config(Config::from_url(&url).unwrap()).build().unwrap();
    publisher.init().await.unwrap();
    let lagged = AtomicBool::new(false);
    let bursts = async {
        for burst in 0..MAX_BURSTS {
            if lagged.load(Ordering::SeqCst) {
                return;
            }
            let pipeline = publisher.pipeline();
            for n in 0..BURST {
                let seq = burst * BURST + n + 1;
                let frame = EventFrame { ch: ephemeral.clone(), seq, event_type: "tick".into(), ts: 0, data: json!(n) };
                let payload = serde_json::to_vec(&BusMessage::Event(frame)).unwrap();
                let _: () = pipeline.publish(format!("vitrine:ch:{ephemeral}"), payload).await.unwrap();
            }
            let _: Vec<i64> = pipeline.all().await.unwrap();
        }
    };
    let closes = async {
        let ephemeral_close = read_until_close(&mut on_ephemeral, &ephemeral).await;
        lagged.store(true, Ordering::SeqCst);
        let durable_close = read_until_close(&mut on_durable, &durable).await;
        (ephemeral_close, durable_close)
    };
    let (_, ((ephemeral_seen, ephemeral_code), (durable_seen, durable_code))) = tokio::join!(bursts, closes);
    assert_eq!(ephemeral_code, Some(close_code::INSUFFICIENT_STATE), "the ephemeral subscriber is told");
    assert_eq!(durable_code, Some(close_code::INSUFFICIENT_STATE), "the durable subscriber is told");
    // What did arrive on the durable channel arrived in order, without a gap.
    assert_eq!(durable_seen, (1..=durable_seen.len() as u64).collect::<Vec<_>>());

    // Published while the durable subscriber was away.
    publish_ticks(a, &durable, 21..=25, 5).await;
    let mut on_durable = WsClient::anonymous(b).await;
    let since = durable_seen.len() as u64;
    on_durable.send(&ClientFrame::Sub { ch: durable.clone(), since: Some(since), id: None }).await;
    for seq in since + 1..=25 {
        match on_durable.expect().await {
            ServerFrame::Event(e) => {
                assert_eq!((e.ch.as_str(), e.seq, e.data), (durable.as_str(), seq, json!({"n": seq})))
            }
            other => panic!("expected event {seq}, got {other:?}"),
        }
    }
    match on_durable.expect().await {
        ServerFrame::Subscribed { seq: 25, recovered: true, .. } => {}
        other => panic!("expected a recovered subscription at 25, got {other:?}"),
    }

    // An ephemeral channel keeps no history: the client learns it cannot recover.
    let mut on_ephemeral = WsClient::anonymous(b).await;
    let since = ephemeral_seen.last().copied().unwrap_or(0);
    match on_ephemeral.sub(&ephemeral, Some(since), None).await {
        ServerFrame::Subscribed { recovered: false, .. } => {}
        other => panic!("expected recovered: false, got {other:?}"),
    }
    on_durable.ping_pong().await;
    on_ephemeral.ping_pong().await;
}
