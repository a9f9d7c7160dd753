//! Presence and revocation across two nodes sharing one Redis: a user counts once on a
//! channel however many connections they have on whichever nodes.

use vitrine_protocol::{close_code, ClientFrame, PresenceUser, ServerFrame};
use vitrine_server::store::clock::Clock as _;

use super::{
    client::WsClient,
    cluster::two_nodes,
    fixtures::{designer_session, insert_contest, publish_ticks, tick, user, Contest},
    redis::RedisServer,
};
use crate::helpers::TestApp;

/// Publishes tick `seq` on `ch` from `node` and returns the frames `client` received
/// before it, leaving out echoes of `me`'s own arrival. Frames a node puts on the bus
/// before it answers travel ahead of the tick, which that node publishes afterwards.
async fn before_marker(
    node: &TestApp,
    client: &mut WsClient,
    ch: &str,
    seq: u64,
    me: &PresenceUser,
) -> Vec<ServerFrame> {
    publish_ticks(node, ch, seq..=seq, 500).await;
    let marker = tick(ch, seq, node.clock.now_ms(), seq);
    let own_arrival = ServerFrame::Presence { ch: ch.into(), joined: vec![me.clone()], left: vec![] };
    let mut frames = Vec::new();
    loop {
        let frame = client.expect().await;
        if frame == marker {
            return frames;
        }
        if frame != own_arrival {
            frames.push(frame);
        }
    }
}

/// Subscribes and returns the presence list of the answer, sorted by user id (the
/// protocol does not order it).
async fn join(client: &mut WsClient, ch: &str) -> Vec<PresenceUser> {
    let ServerFrame::Subscribed { presence: Some(mut list), .. } = client.sub(ch, None, None).await else {
        panic!("expected subscribed with presence on {ch}");
    };
    list.sort_by_key(|u| u.id);
    list
}

/// Unsubscribes, letting events still on their way through.
async fn leave(client: &mut WsClient, ch: &str) {
    client.send(&ClientFrame::Unsub { ch: ch.into(), id: None }).await;
    loop {
        match client.expect().await {
            ServerFrame::Unsubscribed { ch: got, id: None } if got == ch => return,
            ServerFrame::Event(_) | ServerFrame::Presence { .. } => continue,
            other => panic!("expected unsubscribed, got {other:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Redis: run by make test-redis"]
async fn presence_counts_each_user_once_across_nodes() {
    let redis = RedisServer::start().await;
    let nodes = two_nodes(&redis).await;
    let (a, b) = (&nodes[0], &nodes[1]);
    let (ana_id, ana_token) = a.client_session("ana").await;
    let (ben_id, ben_token) = designer_session(a, "ben").await;
    let (ana, ben) = (user(ana_id, "ana"), user(ben_id, "ben"));
    let ch = format!("contest:{}", insert_contest(a, ana_id, Contest::Public).await);

    let mut ana_on_a = WsClient::signed_in(a, &ana_token).await;
    assert_eq!(join(&mut ana_on_a, &ch).await, std::slice::from_ref(&ana));
    assert_eq!(before_marker(a, &mut ana_on_a, &ch, 1, &ana).await, []);

    // Ben on the other node is listed, and announced.
    let mut ben_on_b = WsClient::signed_in(b, &ben_token).await;
    assert_eq!(join(&mut ben_on_b, &ch).await, [ana.clone(), ben.clone()], "the list covers every node");
    let joined = ServerFrame::Presence { ch: ch.clone(), joined: vec![ben.clone()], left: vec![] };
    assert_eq!(before_marker(b, &mut ana_on_a, &ch, 2, &ana).await, [joined]);

    // Ben's second connection, on Ana's node, is no new arrival.
    let mut ben_on_a = WsClient::signed_in(a, &ben_token).await;
    assert_eq!(join(&mut ben_on_a, &ch).await, [ana.clone(), ben.clone()]);
    assert_eq!(before_marker(a, &mut ana_on_a, &ch, 3, &ana).await, [], "ben was already there");

    // Leaving one node while still on the other is no departure.
    leave(&mut ben_on_b, &ch).await;
    assert_eq!(before_marker(b, &mut ana_on_a, &ch, 4, &ana).await, [], "ben is still there through node A");

    leave(&mut ben_on_a, &ch).await;
    let left = ServerFrame::Presence { ch: ch.clone(), joined: vec![], left: vec![ben.clone()] };
    assert_eq!(before_marker(a, &mut ana_on_a, &ch, 5, &ana).await, [left]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Redis: run by make test-redis"]
async fn logging_out_on_one_node_closes_the_sockets_on_another_with_4001() {
    let redis = RedisServer::start().await;
    let nodes = two_nodes(&redis).await;
    let (a, b) = (&nodes[0], &nodes[1]);
    let (id, token) = a.client_session("roamer").await;
    let mut on_a = WsClient::signed_in(a, &token).await;
    on_a.subscribe(&format!("user:{id}"), 0).await;

    let answer = b.get("/oauth/logout", Some(&token)).await;
    assert_eq!(answer.status.as_u16(), 200, "{}", answer.body);
    assert_eq!(on_a.expect_close().await, Some(close_code::TOKEN_EXPIRED));
}
