//! Notifications: the caller's list, the unread counters, marking read (by ids, all,
//! by entity), the `badge` event that follows, and muted types.

use serde_json::{json, Value};
use vitrine_protocol::{event_type, EventFrame, ServerFrame};
use vitrine_server::{
    notifications::{badges::WINDOW_MS, notify, texts, NewNotification, NotificationType, Text},
    store::clock::Clock as _,
};

use crate::{
    helpers::{spawn_app, TestApp},
    realtime::client::WsClient,
};

/// Writes a notification the way an area does (in a unit of work) and commits it;
/// answers the events it appended.
async fn notify_user(
    app: &TestApp,
    user_id: i64,
    kind: NotificationType,
    created_by: Option<i64>,
    data: Value,
) -> Vec<EventFrame> {
    let mut unit = app.hub().begin().await.unwrap();
    let n = NewNotification {
        user_id,
        kind,
        created_by,
        trigger_entity_id: None,
        text: Text::new(texts::MESSAGE_SENT, json!({"username": "someone"})),
        data,
    };
    notify(&mut unit, n, app.clock.now_ms()).await.unwrap();
    let appended = unit.appended().to_vec();
    unit.commit().await.unwrap();
    appended
}

async fn ids_of(app: &TestApp, path: &str, token: &str) -> Vec<i64> {
    let answer = app.get(path, Some(token)).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.body["data"].as_array().unwrap().iter().map(|n| n["id"].as_i64().unwrap()).collect()
}

async fn unread(app: &TestApp, token: &str) -> (i64, i64) {
    let answer = app.get("/notifications/unread/count", Some(token)).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let data = &answer.body["data"];
    assert_eq!(data["count"], data["unread_notifications_count"]);
    (data["count"].as_i64().unwrap(), data["new_entry_notification_count"].as_i64().unwrap())
}

/// Subscribes to the user's own channel and returns its head seq.
async fn watch_user(app: &TestApp, token: &str, user_id: i64) -> (WsClient, u64) {
    let mut client = WsClient::signed_in(app, token).await;
    match client.sub(&format!("user:{user_id}"), None, None).await {
        ServerFrame::Subscribed { seq, .. } => (client, seq),
        other => panic!("expected subscribed, got {other:?}"),
    }
}

async fn next_event(client: &mut WsClient) -> EventFrame {
    match client.expect().await {
        ServerFrame::Event(event) => event,
        other => panic!("expected an event, got {other:?}"),
    }
}

#[tokio::test]
async fn a_user_lists_only_their_own_notifications_newest_first() {
    let app = spawn_app().await;
    let (alice, alice_token) = app.client_session("alice").await;
    let (bob, bob_token) = app.client_session("bob").await;
    for n in 1..=3 {
        notify_user(
            &app,
            alice,
            NotificationType::EntryComment,
            Some(bob),
            json!({"contest_id": 10, "contest_entry_id": n, "comment": "Nice"}),
        )
        .await;
    }
    notify_user(&app, bob, NotificationType::Message, None, json!({"id": 5})).await;

    let page = app.get("/notifications", Some(&alice_token)).await;
    assert_eq!(page.status, 200, "{}", page.body);
    assert_eq!((page.body["total"].as_i64(), page.body["per_page"].as_i64()), (Some(3), Some(20)));
    assert_eq!(page.body["current_page"], 1);
    assert!(page.body["next_page_url"].is_null());
    let first = &page.body["data"][0];
    assert_eq!(
        first["data"],
        json!({
            "contest_id": 10,
            "contest_entry_id": 3,
            "comment": "Nice",
            "text": {"key": "message.sent", "values": {"username": "someone"}},
        }),
        "data is JSON, newest first"
    );
    assert_eq!(first["notification_type_id"], 2);
    assert!(first["read_at"].is_null());
    assert_eq!(
        first["created_by_user"],
        json!({"id": bob, "username": "bob", "name": "Client bob", "profile_picture": null})
    );

    let bobs = app.get("/notifications", Some(&bob_token)).await;
    assert_eq!(bobs.body["total"], 1);
    assert!(bobs.body["data"][0]["created_by_user"].is_null());
    app.get("/notifications", None).await.assert_error(401, "auth.unauthenticated");
    app.get("/notifications/unread/count", None).await.assert_error(401, "auth.unauthenticated");
}

#[tokio::test]
async fn the_list_pages_by_twenty_and_filters_unread() {
    let app = spawn_app().await;
    let (carol, token) = app.client_session("carol").await;
    for n in 0..25 {
        notify_user(&app, carol, NotificationType::NewEntry, None, json!({"contest_id": n})).await;
    }
    let first = app.get("/notifications", Some(&token)).await;
    assert_eq!(first.body["data"].as_array().unwrap().len(), 20);
    assert_eq!(first.body["next_page_url"], "/notifications?page=2");
    assert_eq!(ids_of(&app, "/notifications?page=2", &token).await.len(), 5);

    let newest = first.body["data"][0]["id"].as_i64().unwrap();
    let answer = app.put("/notifications/mark-as-reads", &json!({"ids": [newest]}), &token).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let unread_ids = ids_of(&app, "/notifications?filter[unread]=1", &token).await;
    assert_eq!(unread_ids.len(), 20);
    assert!(!unread_ids.contains(&newest));
    let unread_page = app.get("/notifications?filter[unread]=1", Some(&token)).await;
    assert_eq!(
        (unread_page.body["total"].as_i64(), unread_page.body["next_page_url"].as_str()),
        (Some(24), Some("/notifications?filter[unread]=1&page=2"))
    );
}

#[tokio::test]
async fn the_unread_count_counts_new_entries_apart() {
    let app = spawn_app().await;
    let (dave, token) = app.client_session("dave").await;
    let (_, other) = app.client_session("erin").await;
    assert_eq!(unread(&app, &token).await, (0, 0));
    notify_user(&app, dave, NotificationType::NewEntry, None, json!({"contest_id": 1, "contest_entry_id": 2})).await;
    notify_user(&app, dave, NotificationType::NewEntry, None, json!({"contest_id": 1, "contest_entry_id": 3})).await;
    notify_user(&app, dave, NotificationType::ContestComment, None, json!({"contest_id": 1})).await;
    assert_eq!(unread(&app, &token).await, (3, 2));
    assert_eq!(unread(&app, &other).await, (0, 0), "the counters are the caller's own");
}

#[tokio::test]
async fn marking_ids_read_touches_only_the_callers_own_and_keeps_the_first_read_at() {
    let app = spawn_app().await;
    let (frank, frank_token) = app.client_session("frank").await;
    let (grace, grace_token) = app.client_session("grace").await;
    notify_user(&app, frank, NotificationType::Message, None, json!({"id": 1})).await;
    notify_user(&app, frank, NotificationType::Message, None, json!({"id": 2})).await;
    notify_user(&app, grace, NotificationType::Message, None, json!({"id": 3})).await;
    let franks = ids_of(&app, "/notifications", &frank_token).await;
    let graces = ids_of(&app, "/notifications", &grace_token).await;

    let answer = app.put("/notifications/mark-as-reads", &json!({"ids": [franks[0], graces[0]]}), &frank_token).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.body["message"], "Notification Marked as Read");
    assert_eq!(answer.body["marked"], 1);
    assert_eq!(answer.body["not_found"], json!([graces[0]]));
    assert_eq!(answer.body["data"]["count"], 1);
    assert_eq!(unread(&app, &grace_token).await, (1, 0), "another user's notification is not marked");

    // Marking an already read notification changes nothing, not even its read_at.
    let read_at = app.get("/notifications", Some(&frank_token)).await.body["data"][0]["read_at"].clone();
    assert!(read_at.is_i64());
    app.clock.advance_ms(60_000);
    let again = app.put("/notifications/mark-as-reads", &json!({"ids": [franks[0].to_string()]}), &frank_token).await;
    assert_eq!((again.status.as_u16(), again.body["marked"].as_i64()), (200, Some(0)));
    assert_eq!(app.get("/notifications", Some(&frank_token)).await.body["data"][0]["read_at"], read_at);
}

#[tokio::test]
async fn mark_all_read_clears_only_the_callers_badge() {
    let app = spawn_app().await;
    let (heidi, token) = app.client_session("heidi").await;
    let (ivan, ivan_token) = app.client_session("ivan").await;
    for _ in 0..3 {
        notify_user(&app, heidi, NotificationType::NewEntry, None, json!({"contest_id": 4})).await;
    }
    notify_user(&app, ivan, NotificationType::NewEntry, None, json!({"contest_id": 5})).await;
    let answer = app.put("/notifications/mark-as-reads", &json!({"mark_all_read": 1}), &token).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.body["message"], "All Notifications Marked as Read");
    assert_eq!(answer.body["marked"], 3);
    assert_eq!(
        answer.body["data"],
        json!({"count": 0, "unread_notifications_count": 0, "new_entry_notification_count": 0, "unread_messages_count": 0, "cart_count": 0})
    );
    assert_eq!(unread(&app, &ivan_token).await, (1, 1));
}

#[tokio::test]
async fn marking_read_needs_ids_or_mark_all_read() {
    let app = spawn_app().await;
    let (_, token) = app.client_session("judy").await;
    for body in [json!({}), json!({"ids": []}), json!({"mark_all_read": 0})] {
        app.put("/notifications/mark-as-reads", &body, &token)
            .await
            .assert_error(422, "notification.mark.target_required");
    }
    app.put("/notifications/mark-as-reads", &json!({"ids": ["x"]}), &token)
        .await
        .assert_error(422, "notification.ids.invalid");
    // A body is an object, as the document says: serde would read the struct from an array
    // (`[ids, mark_all_read]`), which the server refuses.
    app.put("/notifications/mark-as-reads", &json!([null, 1]), &token).await.assert_error(422, "request.body_invalid");
    let anonymous =
        app.send_json(reqwest::Method::PUT, "/notifications/mark-as-reads", &json!({"mark_all_read": 1}), None).await;
    anonymous.assert_error(401, "auth.unauthenticated");
}

#[tokio::test]
async fn an_entity_mark_as_read_marks_the_callers_notifications_about_it() {
    let app = spawn_app().await;
    let (kate, token) = app.client_session("kate").await;
    let (leo, leo_token) = app.client_session("leo").await;
    notify_user(&app, kate, NotificationType::ContestComment, None, json!({"contest_id": 7})).await;
    notify_user(&app, kate, NotificationType::EntryComment, None, json!({"contest_id": 7, "contest_entry_id": 70}))
        .await;
    notify_user(&app, kate, NotificationType::EntryComment, None, json!({"contest_id": "7", "contest_entry_id": "71"}))
        .await;
    notify_user(&app, kate, NotificationType::ContestComment, None, json!({"contest_id": 8})).await;
    notify_user(&app, kate, NotificationType::Project(15), None, json!({"project_id": 3, "bid_id": 9})).await;
    notify_user(&app, leo, NotificationType::ContestComment, None, json!({"contest_id": 7})).await;

    let path = "/notifications/entities/mark-as-reads";
    let entry = app.put(path, &json!({"contest_id": 7, "contest_entry_id": 71}), &token).await;
    assert_eq!(entry.status, 200, "{}", entry.body);
    assert_eq!(
        (entry.body["message"].as_str(), entry.body["marked"].as_i64()),
        (Some("All comments are marked as read"), Some(1))
    );

    let contest = app.put(path, &json!({"contest_id": 7}), &token).await;
    assert_eq!((contest.body["marked"].as_i64(), contest.body["data"]["count"].as_i64()), (Some(2), Some(2)));
    let project = app.put(path, &json!({"project_id": 3}), &token).await;
    assert_eq!((project.body["marked"].as_i64(), project.body["data"]["count"].as_i64()), (Some(1), Some(1)));
    assert_eq!(unread(&app, &leo_token).await, (1, 0), "another user's notifications about the contest stay unread");

    // Leo marking contest 8 does not reach Kate's notification about it.
    let leos = app.put(path, &json!({"contest_id": 8}), &leo_token).await;
    assert_eq!(leos.body["marked"], 0);
    assert_eq!(unread(&app, &token).await, (1, 0));

    app.put(path, &json!({}), &token).await.assert_error(422, "notification.entity.required");
    app.put(path, &json!({"contest_id": 7, "project_id": 3}), &token)
        .await
        .assert_error(422, "notification.entity.ambiguous");
}

#[tokio::test]
async fn a_badge_event_reaches_the_user_channel_after_marking_read() {
    let app = spawn_app().await;
    let (mia, token) = app.client_session("mia").await;
    let (_, nick_token) = app.client_session("nick").await;
    notify_user(&app, mia, NotificationType::NewEntry, None, json!({"contest_id": 1})).await;
    notify_user(&app, mia, NotificationType::ContestComment, None, json!({"contest_id": 2})).await;
    let ids = ids_of(&app, "/notifications", &token).await;
    let (mut client, head) = watch_user(&app, &token, mia).await;

    // Someone else's attempt changes nothing and pushes nothing to Mia.
    let answer = app.put("/notifications/mark-as-reads", &json!({"ids": ids}), &nick_token).await;
    assert_eq!(answer.body["marked"], 0);

    let answer = app.put("/notifications/mark-as-reads", &json!({"ids": [ids[1]]}), &token).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    // Mia's badge was pushed when the notifications came; this change waits out the
    // coalescing window (the clock is the test's).
    app.clock.advance_ms(WINDOW_MS);
    let event = next_event(&mut client).await;
    assert_eq!(
        (event.ch.as_str(), event.seq, event.event_type.as_str()),
        (format!("user:{mia}").as_str(), head + 1, event_type::BADGE)
    );
    assert_eq!(
        event.data,
        json!({"unread_notifications_count": 1, "new_entry_notification_count": 0, "unread_messages_count": 0, "cart_count": 0})
    );

    app.put("/notifications/entities/mark-as-reads", &json!({"contest_id": 2}), &token).await;
    app.clock.advance_ms(WINDOW_MS);
    let event = next_event(&mut client).await;
    assert_eq!((event.seq, event.data["unread_notifications_count"].as_i64()), (head + 2, Some(0)));
}

#[tokio::test]
async fn a_muted_type_is_listed_but_pushes_no_badge() {
    let app = spawn_app().await;
    let (olga, token) = app.client_session("olga").await;
    let muted = app
        .put(&format!("/users/{olga}/notification-preferences"), &json!({"muted_notification_type_ids": [3]}), &token)
        .await;
    assert_eq!(muted.status, 200, "{}", muted.body);
    let (mut client, head) = watch_user(&app, &token, olga).await;

    let events = notify_user(&app, olga, NotificationType::Message, None, json!({"id": 1})).await;
    assert_eq!(events.iter().map(|e| e.event_type.as_str()).collect::<Vec<_>>(), [event_type::NOTIFICATION_CREATED]);
    notify_user(&app, olga, NotificationType::NewEntry, None, json!({"contest_id": 1})).await;
    // Both arrive in channel order: the muted one brings no badge.
    let kinds = [next_event(&mut client).await, next_event(&mut client).await, next_event(&mut client).await]
        .map(|e| (e.seq - head, e.event_type));
    assert_eq!(kinds, [(1, "notification.created".into()), (2, "notification.created".into()), (3, "badge".into())]);

    assert_eq!(ids_of(&app, "/notifications", &token).await.len(), 2, "a muted type is still listed");
    assert_eq!(unread(&app, &token).await, (2, 1));
}

#[tokio::test]
async fn notification_preferences_belong_to_the_user_themself() {
    let app = spawn_app().await;
    let (pia, token) = app.client_session("pia").await;
    let (_, other) = app.client_session("quinn").await;
    let path = format!("/users/{pia}/notification-preferences");
    let empty = app.get(&path, Some(&token)).await;
    assert_eq!(empty.body, json!({"data": {"muted_notification_type_ids": [], "receives_launch_mail": 1}}));

    let set = app.put(&path, &json!({"muted_notification_type_ids": [4, "1", 4]}), &token).await;
    assert_eq!(set.body, json!({"data": {"muted_notification_type_ids": [1, 4], "receives_launch_mail": 1}}));
    assert_eq!(app.get(&path, Some(&token)).await.body, set.body);

    app.get(&path, Some(&other)).await.assert_error(403, "auth.forbidden");
    app.put(&path, &json!({"muted_notification_type_ids": []}), &other).await.assert_error(403, "auth.forbidden");
    app.get(&path, None).await.assert_error(401, "auth.unauthenticated");
    app.put(&path, &json!({"muted_notification_type_ids": [23]}), &token)
        .await
        .assert_error(422, "notification_type_id.in");
    app.put(&path, &json!({}), &token).await.assert_error(422, "validation.required");
    let bad_flag =
        app.put(&path, &json!({"muted_notification_type_ids": [], "receives_launch_mail": "maybe"}), &token).await;
    assert_eq!(bad_flag.status, 422, "{}", bad_flag.body);
    app.put(&path, &json!({"muted_notification_type_ids": [], "receives_launch_mail": 0}), &other)
        .await
        .assert_error(403, "auth.forbidden");
    assert_eq!(app.get(&path, Some(&token)).await.body, set.body, "a refused change keeps the list and the flag");

    let cleared = app.put(&path, &json!({"muted_notification_type_ids": []}), &token).await;
    assert_eq!(cleared.body["data"]["muted_notification_type_ids"], json!([]));
}

#[tokio::test]
async fn thirty_entries_in_a_second_reach_the_holder_as_thirty_notifications_and_a_few_badges() {
    let app = spawn_app().await;
    let contest = crate::entries::running_contest(&app, "burst").await;
    let (_, designer) = crate::entries::designer(&app, "burstdesigner", 2).await;
    let (mut holder, _) = watch_user(&app, &contest.owner, contest.owner_id).await;

    // A designer uploads 30 entries over one second (of the test's clock).
    let mut entries = Vec::new();
    for _ in 0..30 {
        entries.push(crate::entries::submitted(&app, &designer, contest.id).await);
        app.clock.advance_ms(33);
    }
    // Past the last window, so the final coalesced badge is due.
    app.clock.advance_ms(WINDOW_MS);

    let mut notified = Vec::new();
    let mut badges = Vec::new();
    let mut last_seq = 0;
    while badges.last() != Some(&30) || notified.len() < 30 {
        let event = next_event(&mut holder).await;
        assert!(event.seq > last_seq, "in seq order");
        last_seq = event.seq;
        match event.event_type.as_str() {
            event_type::NOTIFICATION_CREATED => notified.push(event.data["data"]["contest_entry_id"].as_i64().unwrap()),
            event_type::BADGE => badges.push(event.data["unread_notifications_count"].as_i64().unwrap()),
            other => panic!("unexpected {other}"),
        }
    }
    holder.ping_pong().await;
    assert_eq!(notified, entries, "every notification, once, in order");
    assert!(badges.len() <= 6, "badges coalesced to a few per second: {badges:?}");
    assert!(badges.windows(2).all(|w| w[0] <= w[1]), "counters only grow: {badges:?}");
    assert_eq!(badges.last(), Some(&30), "the last badge is current");
}
