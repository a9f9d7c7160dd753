//! The workroom over real WebSockets: the owner and the assigned designer receive
//! each update, comment, reaction and tag live on `workroom:{id}`, in order; a designer
//! watching the project's public channel receives none of it and is refused the
//! workroom, as they are refused its contents over REST.

use reqwest::Method;
use serde_json::json;
use vitrine_protocol::{ClientFrame, ErrorCode, ServerFrame, SignalKind};

use super::{assigned, notification_kinds, post_update, send, world};
use crate::{helpers::spawn_app, realtime::client::WsClient};

/// The next event on `ch`, skipping presence frames: (seq, type, data).
async fn next_event(client: &mut WsClient, ch: &str) -> (u64, String, serde_json::Value) {
    loop {
        match client.expect().await {
            ServerFrame::Presence { .. } => continue,
            ServerFrame::Event(e) if e.ch == ch => return (e.seq, e.event_type, e.data),
            other => panic!("expected an event on {ch}, got {other:?}"),
        }
    }
}

async fn refused(client: &mut WsClient, ch: &str) {
    match client.sub(ch, None, None).await {
        ServerFrame::Error { code: ErrorCode::ChannelForbidden, ch: Some(refused), .. } => assert_eq!(refused, ch),
        other => panic!("{ch} must be refused, got {other:?}"),
    }
}

#[tokio::test]
async fn a_designer_enters_the_workroom_only_once_their_bid_is_approved() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let ch = format!("workroom:{}", w.project);
    let mut designer = WsClient::signed_in(&app, &w.designer.1).await;
    refused(&mut designer, &ch).await;
    let history = app.get(&format!("/realtime/channels/{ch}/events"), Some(&w.designer.1)).await;
    history.assert_error(403, "channel.forbidden");
    super::assign(&app, w.project, &w.designer.1, &w.admin.1).await;
    designer.subscribe(&ch, 0).await;
}

#[tokio::test]
async fn the_parties_see_the_work_live_in_order_and_a_watching_designer_sees_nothing_of_it() {
    let app = spawn_app().await;
    let a = assigned(&app).await;
    let ch = format!("workroom:{}", a.w.project);
    let project_ch = format!("project:{}", a.w.project);
    let owner_ch = format!("user:{}", a.w.owner.0);

    let mut owner = WsClient::signed_in(&app, &a.w.owner.1).await;
    owner.subscribe(&ch, 0).await;
    // The approval already told the owner (a notification and its badge).
    let owner_head: i64 = sqlx::query_scalar("SELECT seq FROM channel_head WHERE channel = $1")
        .bind(&owner_ch)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    // On a connection of its own, so that the two channels' events do not interleave.
    let mut owner_inbox = WsClient::signed_in(&app, &a.w.owner.1).await;
    owner_inbox.subscribe(&owner_ch, owner_head as u64).await;
    let mut designer = WsClient::signed_in(&app, &a.w.designer.1).await;
    designer.subscribe(&ch, 0).await;
    let mut outsider = WsClient::signed_in(&app, &a.outsider.1).await;
    refused(&mut outsider, &ch).await;
    // The public channel is theirs to watch (so far: the bid's count, the approval's status).
    outsider.subscribe(&project_ch, 2).await;

    // Past the badge window of the approval's notification: the next badge goes at once.
    app.clock.advance_ms(1_000);
    let update = post_update(&app, &a, "First sketches").await;
    let said = send(
        &app,
        Method::POST,
        &a.w.path(&format!("updates/{update}/comments")),
        json!({"comment": "Nice start"}),
        Some(&a.w.owner.1),
    )
    .await;
    let comment = said.body["data"]["id"].as_i64().unwrap();
    let reactions = a.w.path(&format!("updates/{update}/reactions"));
    assert_eq!(
        send(&app, Method::POST, &reactions, json!({"emoji_reaction_id": 1}), Some(&a.w.designer.1)).await.status,
        201
    );
    let tags = a.w.path(&format!("updates/{update}/image-tags"));
    let tagged = send(&app, Method::POST, &tags, json!({"x": 0.5, "y": 0.5, "note": "Here"}), Some(&a.w.owner.1)).await;
    let rating = a.w.path(&format!("updates/{update}/ratings"));
    assert_eq!(send(&app, Method::PATCH, &rating, json!({"rating": 5}), Some(&a.w.owner.1)).await.status, 200);

    for (who, client) in [("owner", &mut owner), ("designer", &mut designer)] {
        let (seq, kind, data) = next_event(client, &ch).await;
        assert_eq!((seq, kind.as_str(), data["id"].as_i64()), (1, "project.update.created", Some(update)), "{who}");
        assert_eq!(data["description"], "First sketches");
        let (seq, kind, data) = next_event(client, &ch).await;
        assert_eq!((seq, kind.as_str(), data["id"].as_i64()), (2, "comment.created", Some(comment)), "{who}");
        assert_eq!(data["project_update_id"], update);
        let (seq, kind, data) = next_event(client, &ch).await;
        assert_eq!((seq, kind.as_str(), data["count"].as_i64()), (3, "project.update.reaction", Some(1)), "{who}");
        let (seq, kind, data) = next_event(client, &ch).await;
        assert_eq!(
            (seq, kind.as_str(), data["id"].clone()),
            (4, "image_tag.created", tagged.body["data"]["id"].clone())
        );
        let (seq, kind, data) = next_event(client, &ch).await;
        assert_eq!((seq, kind.as_str(), data["rating"].as_i64()), (5, "project.update.updated", Some(5)), "{who}");
    }
    // The owner's own channel: the update's notification (16). Badges may come before it
    // (the approval's coalesced one, flushed once the clock moved on); the counters are
    // the badge's, read back over REST.
    let data = loop {
        match next_event(&mut owner_inbox, &owner_ch).await {
            (_, kind, _) if kind == "badge" => continue,
            (_, kind, data) => {
                assert_eq!(kind, "notification.created");
                break data;
            }
        }
    };
    assert_eq!(
        (data["notification_type_id"].as_i64(), data["data"]["project_id"].as_i64()),
        (Some(16), Some(a.w.project))
    );
    let unread = app.get("/notifications/unread/count", Some(&a.w.owner.1)).await;
    assert_eq!(unread.body["data"]["count"], notification_kinds(&app, &a.w.owner.1).await.len(), "{}", unread.body);

    // Nothing of it reached the project's public channel: the next event there is the
    // admin's budget increase, at the very next seq.
    let raise = a.w.path("increase-budget-manually");
    assert_eq!(send(&app, Method::POST, &raise, json!({"budget": 500}), Some(&a.w.admin.1)).await.status, 200);
    let (seq, kind, data) = next_event(&mut outsider, &project_ch).await;
    assert_eq!((seq, kind.as_str(), data["budget"].as_i64()), (3, "project.updated", Some(500)));
    outsider.ping_pong().await;
}

#[tokio::test]
async fn typing_in_the_workroom_reaches_the_other_party_only() {
    let app = spawn_app().await;
    let a = assigned(&app).await;
    let ch = format!("workroom:{}", a.w.project);
    let mut owner = WsClient::signed_in(&app, &a.w.owner.1).await;
    owner.subscribe(&ch, 0).await;
    let mut designer = WsClient::signed_in(&app, &a.w.designer.1).await;
    designer.subscribe(&ch, 0).await;

    designer.send(&ClientFrame::Typing { ch: ch.clone() }).await;
    loop {
        match owner.expect().await {
            ServerFrame::Presence { .. } => continue,
            ServerFrame::Signal { ch: on, kind: SignalKind::Typing, user } => {
                assert_eq!((on.as_str(), user.id), (ch.as_str(), a.w.designer.0));
                break;
            }
            other => panic!("expected the typing signal, got {other:?}"),
        }
    }
    // The outsider may not even signal there.
    let mut outsider = WsClient::signed_in(&app, &a.outsider.1).await;
    outsider.send(&ClientFrame::Typing { ch: ch.clone() }).await;
    match outsider.expect().await {
        ServerFrame::Error { code: ErrorCode::ChannelForbidden, .. } => {}
        other => panic!("expected channel.forbidden, got {other:?}"),
    }
}

#[tokio::test]
async fn project_comments_and_their_removal_are_live_in_the_workroom_and_the_other_party_is_told() {
    let app = spawn_app().await;
    let a = assigned(&app).await;
    let ch = format!("workroom:{}", a.w.project);
    let designer_ch = format!("user:{}", a.w.designer.0);
    let mut room = WsClient::signed_in(&app, &a.w.designer.1).await;
    room.subscribe(&ch, 0).await;
    let mut admin = WsClient::signed_in(&app, &a.w.admin.1).await;
    admin.subscribe(&ch, 0).await;
    let head: i64 = sqlx::query_scalar("SELECT seq FROM channel_head WHERE channel = $1")
        .bind(&designer_ch)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    let mut inbox = WsClient::signed_in(&app, &a.w.designer.1).await;
    inbox.subscribe(&designer_ch, head as u64).await;

    let said =
        send(&app, Method::POST, &a.w.path("comments"), json!({"comment": "Kick-off call?"}), Some(&a.w.owner.1)).await;
    let id = said.body["data"]["id"].as_i64().unwrap();
    let removed =
        send(&app, Method::DELETE, &a.w.path(&format!("comments/{id}")), json!(null), Some(&a.w.owner.1)).await;
    assert_eq!(removed.status, 200, "{}", removed.body);
    for client in [&mut room, &mut admin] {
        let (seq, kind, data) = next_event(client, &ch).await;
        assert_eq!((seq, kind.as_str(), data["id"].as_i64()), (1, "comment.created", Some(id)));
        assert_eq!(
            (data["project_update_id"].clone(), data["comment"].as_str()),
            (serde_json::Value::Null, Some("Kick-off call?"))
        );
        let (seq, kind, data) = next_event(client, &ch).await;
        assert_eq!((seq, kind.as_str(), data["id"].as_i64()), (2, "comment.deleted", Some(id)));
        assert!(data["deleted_at"].as_i64().is_some());
    }
    let told = loop {
        match next_event(&mut inbox, &designer_ch).await {
            (_, kind, _) if kind == "badge" => continue,
            (_, _, data) => break data,
        }
    };
    assert_eq!((told["notification_type_id"].as_i64(), told["data"]["comment"].as_i64()), (Some(20), Some(id)));
}
