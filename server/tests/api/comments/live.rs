//! What watchers receive over the hub, and what a blind contest keeps from them.

use serde_json::json;
use vitrine_protocol::ServerFrame;

use super::{comment, designer_session, events_on, insert_entry, post, world};
use crate::{helpers::spawn_app, realtime::client::WsClient};

/// Subscribes to `ch` and returns its head.
async fn watch(client: &mut WsClient, ch: &str) -> u64 {
    match client.sub(ch, None, None).await {
        ServerFrame::Subscribed { seq, .. } => seq,
        other => panic!("expected subscribed on {ch}, got {other:?}"),
    }
}

/// The next frame, which must be an event on `ch`: (seq, type, data).
async fn next_event(client: &mut WsClient, ch: &str) -> (u64, String, serde_json::Value) {
    match client.expect().await {
        ServerFrame::Event(e) if e.ch == ch => (e.seq, e.event_type, e.data),
        other => panic!("expected an event on {ch}, got {other:?}"),
    }
}

#[tokio::test]
async fn a_contest_watcher_receives_a_comment_then_a_reaction_exactly_once() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let ch = format!("contest:{}", w.contest);
    let mut watcher = WsClient::anonymous(&app).await;
    let head = watch(&mut watcher, &ch).await;

    let id = comment(&app, &w.entry_path("comments"), "Love the colours.", &w.other.1).await;
    let like = post(&app, &w.entry_path("reactions"), json!({"emoji_reaction_id": 1}), Some(&w.owner.1)).await;
    assert_eq!(like.status, 201, "{}", like.body);
    let repeat = post(&app, &w.entry_path("reactions"), json!({"emoji_reaction_id": 1}), Some(&w.owner.1)).await;
    assert_eq!(repeat.status, 200, "{}", repeat.body);
    // A board comment after them marks the end: nothing may come between.
    comment(&app, &w.board(), "Deadline?", &w.other.1).await;

    let (seq, kind, data) = next_event(&mut watcher, &ch).await;
    assert_eq!((seq, kind.as_str()), (head + 1, "comment.created"));
    assert_eq!((data["id"].as_i64(), data["contest_entry_id"].as_i64()), (Some(id), Some(w.entry)));
    assert_eq!(data["created_by_user"]["username"], "rival");
    let (seq, kind, data) = next_event(&mut watcher, &ch).await;
    assert_eq!((seq, kind.as_str()), (head + 2, "entry.reaction"));
    assert_eq!(data["action"], "added");
    assert_eq!(data["count"], 1);
    assert_eq!(data["user"]["role"], "Contest Holder");
    let (seq, kind, data) = next_event(&mut watcher, &ch).await;
    assert_eq!((seq, kind.as_str(), data["contest_entry_id"].clone()), (head + 3, "comment.created", json!(null)));
}

#[tokio::test]
async fn on_a_blind_contest_a_second_designer_sees_nothing_of_the_first_ones_entry() {
    let app = spawn_app().await;
    let w = world(&app).await;
    sqlx::query("UPDATE contest SET is_blind = 1 WHERE id = $1").bind(w.contest).execute(&app.db.pool).await.unwrap();
    let (rival_id, rival_token) = designer_session(&app, "blindrival").await;
    let rival_entry = insert_entry(&app, w.contest, rival_id, 2).await;
    let ch = format!("contest:{}", w.contest);
    let mut rival = WsClient::signed_in(&app, &rival_token).await;
    watch(&mut rival, &ch).await;
    let mut designer = WsClient::signed_in(&app, &w.designer.1).await;
    let designer_ch = format!("user:{}", w.designer.0);
    watch(&mut designer, &designer_ch).await;

    let id = comment(&app, &w.entry_path("comments"), "Try a serif.", &w.owner.1).await;
    let like = post(&app, &w.entry_path("reactions"), json!({"emoji_reaction_id": 1}), Some(&w.owner.1)).await;
    assert_eq!(like.status, 201, "{}", like.body);
    comment(&app, &w.board(), "Thanks all, deciding soon.", &w.owner.1).await;

    // The rival's first event is the board comment: the entry's never reached the contest channel.
    let (_, kind, data) = next_event(&mut rival, &ch).await;
    assert_eq!((kind.as_str(), data["contest_entry_id"].clone()), ("comment.created", json!(null)));
    let on_contest = events_on(&app, &ch).await;
    assert!(!on_contest.iter().any(|t| t == "entry.reaction"), "{on_contest:?}");
    // The entry's designer hears of both on their own channel (besides the notification).
    let mut kinds = Vec::new();
    while kinds.len() < 4 {
        kinds.push(next_event(&mut designer, &designer_ch).await.1);
    }
    assert_eq!(kinds, ["comment.created", "notification.created", "badge", "entry.reaction"]);

    // Over REST the entry does not exist for the rival, and neither do its comments and likes.
    for path in [w.entry_path("comments"), w.entry_path("reactions")] {
        app.get(&path, Some(&rival_token)).await.assert_error(404, "contest.entry.not_found");
        app.get(&path, None).await.assert_error(404, "contest.entry.not_found");
    }
    post(&app, &w.entry_path("comments"), json!({"comment": "peek"}), Some(&rival_token))
        .await
        .assert_error(404, "contest.entry.not_found");
    let del = format!("{}/{id}", w.entry_path("comments"));
    super::delete(&app, &del, Some(&rival_token)).await.assert_error(404, "contest.entry.not_found");
    // Their own entry is theirs to see; the owner and admins see both.
    let own = format!("/contests/{}/entries/{rival_entry}/comments", w.contest);
    assert_eq!(app.get(&own, Some(&rival_token)).await.status, 200);
    assert_eq!(app.get(&w.entry_path("comments"), Some(&w.admin.1)).await.body["total"], 1);
}
