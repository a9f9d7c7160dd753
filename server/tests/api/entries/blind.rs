//! The blind-contest test: another designer learns nothing of an entry, neither over
//! REST (list, one entry, with-details, its files) nor over the hub.

use serde_json::json;
use vitrine_protocol::ServerFrame;

use super::{designer, make_blind, running_contest, submitted};
use crate::{helpers::spawn_app, realtime::client::WsClient};

/// Subscribes `client` to `ch` and answers the channel's head seq.
async fn subscribe(client: &mut WsClient, ch: &str) -> u64 {
    match client.sub(ch, None, None).await {
        ServerFrame::Subscribed { seq, .. } => seq,
        other => panic!("expected subscribed on {ch}, got {other:?}"),
    }
}

/// The next event on `ch` for `client`, skipping events of other channels.
async fn next_event_on(client: &mut WsClient, ch: &str) -> vitrine_protocol::EventFrame {
    loop {
        match client.expect().await {
            ServerFrame::Event(event) if event.ch == ch => return event,
            ServerFrame::Event(_) => continue,
            other => panic!("expected an event, got {other:?}"),
        }
    }
}

#[tokio::test]
async fn on_a_blind_contest_other_designers_see_nothing_of_an_entry_over_rest_or_the_hub() {
    let app = spawn_app().await;
    let contest = running_contest(&app, "b1").await;
    make_blind(&app, contest.id).await;
    let (_, alice) = designer(&app, "b1alice", 2).await;
    let (_, bob) = designer(&app, "b1bob", 2).await;
    let contest_ch = format!("contest:{}", contest.id);
    let owner_ch = format!("user:{}", contest.owner_id);

    let mut bob_ws = WsClient::signed_in(&app, &bob).await;
    subscribe(&mut bob_ws, &contest_ch).await;
    let mut owner_ws = WsClient::signed_in(&app, &contest.owner).await;
    subscribe(&mut owner_ws, &owner_ch).await;

    let entry = submitted(&app, &alice, contest.id).await;

    // The holder hears of it on their own channel.
    let created = next_event_on(&mut owner_ws, &owner_ch).await;
    assert_eq!(created.event_type, "entry.created");
    assert_eq!(created.data["id"], entry);
    assert!(created.data.get("rating").is_none());

    // Bob's next event on the contest channel is the extension that follows, not the entry.
    let (_, admin) = app.admin_session("b1extender").await;
    let extended = app.put(&format!("/contests/{}/extends", contest.id), &json!({"days": 1}), &admin).await;
    assert_eq!(extended.status, 200, "{}", extended.body);
    let first = next_event_on(&mut bob_ws, &contest_ch).await;
    assert!(first.event_type.starts_with("contest."), "bob got {first:?}");
    let leaked: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM event WHERE channel = $1 AND event_type LIKE 'entry.%'")
        .bind(&contest_ch)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(leaked, 0);

    // REST: Bob sees no entry; Alice and the holder see it.
    for path in [format!("/contests/{}/entries", contest.id), format!("/contests/{}/entries/with-details", contest.id)]
    {
        let for_bob = app.get(&path, Some(&bob)).await;
        assert_eq!(for_bob.body["total"], 0, "{path}: {}", for_bob.body);
        assert_eq!(for_bob.body["data"], json!([]));
        let anonymous = app.get(&path, None).await;
        assert_eq!(anonymous.body["total"], 0, "{path}: {}", anonymous.body);
        assert_eq!(app.get(&path, Some(&alice)).await.body["total"], 1);
        assert_eq!(app.get(&path, Some(&contest.owner)).await.body["total"], 1);
    }
    let one = format!("/contests/{}/entries/{entry}", contest.id);
    app.get(&one, Some(&bob)).await.assert_error(404, "contest.entry.not_found");
    app.get(&one, None).await.assert_error(404, "contest.entry.not_found");
    let for_alice = app.get(&one, Some(&alice)).await;
    assert_eq!(for_alice.status, 200);

    // Nor may Bob read the entry's image, which Alice and the holder may.
    let file_id = for_alice.body["data"]["files"][0]["file_id"].as_i64().unwrap();
    let content = |token: String| {
        let request = app.client.get(app.url(&format!("/files/{file_id}/content"))).bearer_auth(token);
        async move { request.send().await.unwrap().status().as_u16() }
    };
    assert_eq!(content(bob.clone()).await, 403);
    assert_eq!(content(contest.owner.clone()).await, 200);
}

#[tokio::test]
async fn on_an_open_contest_anyone_sees_entries_and_their_images() {
    let app = spawn_app().await;
    let contest = running_contest(&app, "b2").await;
    let (_, alice) = designer(&app, "b2alice", 2).await;
    let (_, bob) = designer(&app, "b2bob", 2).await;
    let entry = submitted(&app, &alice, contest.id).await;
    let list = app.get(&format!("/contests/{}/entries", contest.id), None).await;
    assert_eq!(list.body["total"], 1);
    let shown = app.get(&format!("/contests/{}/entries/{entry}", contest.id), Some(&bob)).await;
    let file_id = shown.body["data"]["files"][0]["file_id"].as_i64().unwrap();
    let status = app.client.get(app.url(&format!("/files/{file_id}/content"))).bearer_auth(&bob).send().await.unwrap();
    assert_eq!(status.status(), 200);
}
