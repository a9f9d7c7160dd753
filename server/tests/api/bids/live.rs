//! A bid's discussion over real WebSockets: both sides receive each message live, in
//! order, exactly once; a third designer receives nothing and is refused the channel,
//! as they are refused the bid over REST. Typing reaches the other side.

use reqwest::Method;
use serde_json::json;
use vitrine_protocol::{ClientFrame, ErrorCode, ServerFrame, SignalKind};

use super::{bid, comments_path};
use crate::{
    helpers::TestApp,
    projects::{designer, send, world, World},
    realtime::client::WsClient,
};

/// The next event on `ch`, skipping presence frames (people arriving): (seq, type, data).
async fn next_event(client: &mut WsClient, ch: &str) -> (u64, String, serde_json::Value) {
    loop {
        match client.expect().await {
            ServerFrame::Presence { .. } => continue,
            ServerFrame::Event(e) if e.ch == ch => return (e.seq, e.event_type, e.data),
            other => panic!("expected an event on {ch}, got {other:?}"),
        }
    }
}

async fn say(app: &TestApp, w: &World, bid: i64, text: &str, token: &str) -> i64 {
    let answer = send(app, Method::POST, &comments_path(w, bid), json!({"comment": text}), Some(token)).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    answer.body["data"]["id"].as_i64().unwrap()
}

#[tokio::test]
async fn both_sides_of_a_bid_discussion_receive_each_message_live_in_order_once_and_a_third_designer_nothing() {
    let app = crate::helpers::spawn_app().await;
    let w = world(&app).await;
    let (third_id, third_token) = designer(&app, "third", 3).await;
    let id = bid(&app, &w, 300, &w.designer.1).await;
    let ch = format!("bid:{id}");
    let project_ch = format!("project:{}", w.project);

    // The bid channel starts with the bid itself (seq 1).
    let mut owner = WsClient::signed_in(&app, &w.owner.1).await;
    owner.subscribe(&ch, 1).await;
    let mut bidder = WsClient::signed_in(&app, &w.designer.1).await;
    bidder.subscribe(&ch, 1).await;
    let mut third = WsClient::signed_in(&app, &third_token).await;
    match third.sub(&ch, None, None).await {
        ServerFrame::Error { code: ErrorCode::ChannelForbidden, ch: Some(refused), .. } => assert_eq!(refused, ch),
        other => panic!("the third designer must be refused {ch}, got {other:?}"),
    }
    app.get(&format!("/bids/{id}"), Some(&third_token)).await.assert_error(404, "bid.not_found");
    // The project's channel is theirs to watch: it carries the bid count only.
    third.subscribe(&project_ch, 1).await;
    let third_user_ch = format!("user:{third_id}");
    third.subscribe(&third_user_ch, 0).await;

    let said = [
        (say(&app, &w, id, "Could you try a darker green?", &w.owner.1).await, "Could you try a darker green?"),
        (say(&app, &w, id, "Yes, sending it tonight.", &w.designer.1).await, "Yes, sending it tonight."),
        (say(&app, &w, id, "Great, thanks!", &w.owner.1).await, "Great, thanks!"),
        (say(&app, &w, id, "You're welcome.", &w.designer.1).await, "You're welcome."),
    ];
    for (who, client) in [("owner", &mut owner), ("bidder", &mut bidder)] {
        for (n, (comment_id, text)) in said.iter().enumerate() {
            let (seq, kind, data) = next_event(client, &ch).await;
            assert_eq!((seq, kind.as_str()), (n as u64 + 2, "bid.comment.created"), "{who}, message {n}");
            assert_eq!((data["id"].as_i64(), data["comment"].as_str()), (Some(*comment_id), Some(*text)), "{who}");
            assert_eq!(data["bid"]["id"], id);
        }
    }
    // Exactly once: a fifth message is the very next event on both sides, no repeat between.
    let fifth = say(&app, &w, id, "Bye!", &w.owner.1).await;
    for client in [&mut owner, &mut bidder] {
        let (seq, _, data) = next_event(client, &ch).await;
        assert_eq!((seq, data["id"].as_i64()), (6, Some(fifth)));
    }

    // The third designer received nothing of it: their next frame is the brief change
    // on the project (seq 2), and their own channel stayed empty meanwhile.
    let change = json!({"timeline": 14, "budget": 300, "project_questions": [{"id": 100, "answer": "New title"}, {"id": 101, "answer": "d"}]});
    assert_eq!(send(&app, Method::PUT, &w.path("briefs"), change, Some(&w.owner.1)).await.status, 200);
    let (seq, kind, data) = next_event(&mut third, &project_ch).await;
    assert_eq!((seq, kind.as_str(), data["title"].as_str()), (2, "project.updated", Some("New title")));
    third.ping_pong().await;
    let (unread,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM notification WHERE app_user_id = $1")
        .bind(third_id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(unread, 0);
}

#[tokio::test]
async fn a_new_bid_reaches_the_project_watchers_as_a_count_and_the_owner_as_a_notification() {
    let app = crate::helpers::spawn_app().await;
    let w = world(&app).await;
    let (_, gold) = designer(&app, "goldie", 3).await;
    let project_ch = format!("project:{}", w.project);
    let owner_ch = format!("user:{}", w.owner.0);
    let mut watcher = WsClient::signed_in(&app, &gold).await;
    watcher.subscribe(&project_ch, 0).await;
    let mut owner = WsClient::signed_in(&app, &w.owner.1).await;
    owner.subscribe(&owner_ch, 0).await;

    let id = bid(&app, &w, 420, &w.designer.1).await;
    let (seq, kind, data) = next_event(&mut watcher, &project_ch).await;
    assert_eq!((seq, kind.as_str()), (1, "bid.created"));
    assert_eq!(data, json!({"id": id, "project_id": w.project, "bids_count": 1}), "no amount, no text: only the count");
    let (_, kind, data) = next_event(&mut owner, &owner_ch).await;
    assert_eq!(
        (kind.as_str(), data["notification_type_id"].as_i64(), data["data"]["bid_id"].as_i64()),
        ("notification.created", Some(11), Some(id))
    );
    let (_, kind, data) = next_event(&mut owner, &owner_ch).await;
    assert_eq!((kind.as_str(), data["unread_notifications_count"].as_i64()), ("badge", Some(1)));

    // Approval: `bid.updated` on the bid, `project.status` on the project.
    let bid_ch = format!("bid:{id}");
    let mut bidder = WsClient::signed_in(&app, &w.designer.1).await;
    bidder.subscribe(&bid_ch, 1).await;
    let approve = w.path(&format!("approve/manually/{id}"));
    assert_eq!(send(&app, Method::POST, &approve, json!(null), Some(&w.admin.1)).await.status, 200);
    let (seq, kind, data) = next_event(&mut bidder, &bid_ch).await;
    assert_eq!((seq, kind.as_str(), data["status_id"].as_i64()), (2, "bid.updated", Some(2)));
    let (seq, kind, data) = next_event(&mut watcher, &project_ch).await;
    assert_eq!(
        (seq, kind.as_str(), data["status"].as_str()),
        (2, "project.status", Some("Project active and assigned"))
    );
}

#[tokio::test]
async fn typing_in_a_bid_discussion_reaches_the_other_side_only() {
    let app = crate::helpers::spawn_app().await;
    let w = world(&app).await;
    let (_, third_token) = designer(&app, "third", 3).await;
    let id = bid(&app, &w, 300, &w.designer.1).await;
    let ch = format!("bid:{id}");
    let mut owner = WsClient::signed_in(&app, &w.owner.1).await;
    owner.subscribe(&ch, 1).await;
    let mut bidder = WsClient::signed_in(&app, &w.designer.1).await;
    bidder.subscribe(&ch, 1).await;

    bidder.send(&ClientFrame::Typing { ch: ch.clone() }).await;
    loop {
        match owner.expect().await {
            ServerFrame::Presence { .. } => continue,
            ServerFrame::Signal { ch: on, kind: SignalKind::Typing, user } => {
                assert_eq!((on.as_str(), user.id, user.username.as_str()), (ch.as_str(), w.designer.0, "silvia"));
                break;
            }
            other => panic!("expected the typing signal, got {other:?}"),
        }
    }
    // The sender hears nothing back; a third designer may not even signal there.
    bidder.ping_pong().await;
    let mut third = WsClient::signed_in(&app, &third_token).await;
    third.send(&ClientFrame::Typing { ch: ch.clone() }).await;
    match third.expect().await {
        ServerFrame::Error { code: ErrorCode::ChannelForbidden, .. } => {}
        other => panic!("expected channel.forbidden, got {other:?}"),
    }
}
