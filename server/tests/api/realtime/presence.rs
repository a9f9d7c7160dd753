//! Presence on channels that have it, and typing signals between the parties of a bid.

use vitrine_protocol::{ClientFrame, PresenceUser, ServerFrame, SignalKind};

use super::{
    client::WsClient,
    fixtures::{designer_session, insert_bid, insert_contest, insert_project, spawn_hub, subscribed, user, Contest},
};

/// Ping until pong, letting through only an echo of the connection's own arrival
/// (`presence` joined=[me]): the protocol does not say whether a joiner hears about itself.
async fn settle(client: &mut WsClient, ch: &str, me: &PresenceUser) {
    client.send(&ClientFrame::Ping).await;
    loop {
        match client.expect().await {
            ServerFrame::Pong => return,
            ServerFrame::Presence { ch: got, joined, left }
                if got == ch && joined == [me.clone()] && left.is_empty() => {}
            other => panic!("expected pong, got {other:?}"),
        }
    }
}

#[tokio::test]
async fn subscribers_see_who_joins_and_leaves_a_contest() {
    let app = spawn_hub().await;
    let (ana_id, ana_token) = app.client_session("ana").await;
    let (ben_id, ben_token) = designer_session(&app, "ben").await;
    let (ana, ben) = (user(ana_id, "ana"), user(ben_id, "ben"));
    let ch = format!("contest:{}", insert_contest(&app, ana_id, Contest::Public).await);

    let mut first = WsClient::signed_in(&app, &ana_token).await;
    assert_eq!(first.subscribe(&ch, 0).await, Some(vec![ana.clone()]));
    settle(&mut first, &ch, &ana).await;

    // Anonymous watchers are never listed, and do not count.
    let mut anonymous = WsClient::anonymous(&app).await;
    assert_eq!(anonymous.subscribe(&ch, 0).await, Some(vec![ana.clone()]));
    first.ping_pong().await;

    let mut second = WsClient::signed_in(&app, &ben_token).await;
    assert_eq!(second.subscribe(&ch, 0).await, Some(vec![ana.clone(), ben.clone()]));
    let joined = ServerFrame::Presence { ch: ch.clone(), joined: vec![ben.clone()], left: vec![] };
    first.expect_frame(&joined).await;
    anonymous.expect_frame(&joined).await;
    settle(&mut second, &ch, &ben).await;

    // A second connection of the same user is not a new arrival, and its leaving is no departure.
    let mut ben_again = WsClient::signed_in(&app, &ben_token).await;
    assert_eq!(ben_again.subscribe(&ch, 0).await, Some(vec![ana.clone(), ben.clone()]));
    ben_again.send(&ClientFrame::Unsub { ch: ch.clone(), id: None }).await;
    ben_again.expect_frame(&ServerFrame::Unsubscribed { ch: ch.clone(), id: None }).await;
    first.ping_pong().await;

    second.send(&ClientFrame::Unsub { ch: ch.clone(), id: Some("bye".into()) }).await;
    second.expect_frame(&ServerFrame::Unsubscribed { ch: ch.clone(), id: Some("bye".into()) }).await;
    let left = ServerFrame::Presence { ch: ch.clone(), joined: vec![], left: vec![ben.clone()] };
    first.expect_frame(&left).await;
    anonymous.expect_frame(&left).await;
    // Nothing reaches the one who left.
    second.ping_pong().await;

    // Disconnecting counts as leaving too.
    let mut third = WsClient::signed_in(&app, &ben_token).await;
    third.subscribe(&ch, 0).await;
    first.expect_frame(&joined).await;
    third.close().await;
    first.expect_frame(&left).await;
}

#[tokio::test]
async fn typing_on_a_bid_reaches_the_other_party_as_a_signal_and_not_the_sender() {
    let app = spawn_hub().await;
    let (owner_id, owner_token) = app.client_session("buyer").await;
    let (bidder_id, bidder_token) = designer_session(&app, "maker").await;
    let bid = insert_bid(&app, insert_project(&app, owner_id).await, bidder_id).await;
    let ch = format!("bid:{bid}");
    let (owner, bidder) = (user(owner_id, "buyer"), user(bidder_id, "maker"));

    let mut owner_ws = WsClient::signed_in(&app, &owner_token).await;
    owner_ws.subscribe(&ch, 0).await;
    settle(&mut owner_ws, &ch, &owner).await;
    let mut bidder_ws = WsClient::signed_in(&app, &bidder_token).await;
    bidder_ws.send(&ClientFrame::Sub { ch: ch.clone(), since: None, id: None }).await;
    bidder_ws.expect_frame(&subscribed(&ch, 0, false, None, Some(vec![owner.clone(), bidder.clone()]))).await;
    settle(&mut bidder_ws, &ch, &bidder).await;
    owner_ws.expect_frame(&ServerFrame::Presence { ch: ch.clone(), joined: vec![bidder.clone()], left: vec![] }).await;

    bidder_ws.send(&ClientFrame::Typing { ch: ch.clone() }).await;
    owner_ws
        .expect_frame(&ServerFrame::Signal { ch: ch.clone(), kind: SignalKind::Typing, user: bidder.clone() })
        .await;
    // No answer on success, and no echo to the sender.
    bidder_ws.ping_pong().await;

    owner_ws.send(&ClientFrame::Typing { ch: ch.clone() }).await;
    bidder_ws.expect_frame(&ServerFrame::Signal { ch: ch.clone(), kind: SignalKind::Typing, user: owner }).await;
    owner_ws.ping_pong().await;
}

#[tokio::test]
async fn typing_on_a_channel_one_has_not_subscribed_is_forbidden() {
    let app = spawn_hub().await;
    let (owner_id, owner_token) = app.client_session("quiet").await;
    let ch = format!("contest:{}", insert_contest(&app, owner_id, Contest::Public).await);
    let mut client = WsClient::signed_in(&app, &owner_token).await;
    client.send(&ClientFrame::Typing { ch: ch.clone() }).await;
    match client.expect().await {
        ServerFrame::Error { code, ch: Some(got), id: None, .. } => {
            assert_eq!((code.as_str(), got.as_str()), ("channel.forbidden", ch.as_str()));
        }
        other => panic!("expected channel.forbidden, got {other:?}"),
    }
}
