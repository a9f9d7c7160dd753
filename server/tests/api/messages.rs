//! Direct messages: who may start a conversation and who may only answer, the
//! validation codes, the e-mail flag, conversation lists and unread counters, read
//! receipts over the hub, and deleting on one side.

use reqwest::Method;
use serde_json::{json, Value};
use vitrine_protocol::{event_type, EventFrame, ServerFrame};

use crate::{
    entries::designer,
    helpers::{spawn_app, Answer, TestApp},
    realtime::client::WsClient,
};

async fn send(app: &TestApp, token: &str, to: &[&str], message: &str) -> Answer {
    let body = json!({"received_by_usernames": to, "message": message, "trigger_id": 1});
    app.send_json(Method::POST, "/messages", &body, Some(token)).await
}

/// Sends and expects success; returns the new message ids.
async fn sent(app: &TestApp, token: &str, to: &[&str], message: &str) -> Vec<i64> {
    let answer = send(app, token, to, message).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    assert_eq!(answer.body["message"], "Your message has been sent");
    answer.body["data"].as_array().unwrap().iter().map(|m| m["id"].as_i64().unwrap()).collect()
}

async fn get_ok(app: &TestApp, path: &str, token: &str) -> Value {
    let answer = app.get(path, Some(token)).await;
    assert_eq!(answer.status, 200, "{path}: {}", answer.body);
    answer.body
}

fn ids(page: &Value) -> Vec<i64> {
    page["data"].as_array().unwrap().iter().map(|m| m["id"].as_i64().unwrap()).collect()
}

fn other_ids(page: &Value) -> Vec<i64> {
    page["data"].as_array().unwrap().iter().map(|c| c["user"]["id"].as_i64().unwrap()).collect()
}

async fn watch_user(app: &TestApp, token: &str, user_id: i64) -> WsClient {
    let mut client = WsClient::signed_in(app, token).await;
    match client.sub(&format!("user:{user_id}"), None, None).await {
        ServerFrame::Subscribed { .. } => client,
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
async fn a_client_messages_a_designer_who_is_told_live_and_notified() {
    let app = spawn_app().await;
    let (client_id, client) = app.client_session("carla").await;
    let (designer_id, designer_token) = designer(&app, "dora", 1).await;
    let mut dora_ws = watch_user(&app, &designer_token, designer_id).await;
    let answer = send(&app, &client, &["  Dora "], "Hello, would you join my contest?").await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    let message = &answer.body["data"][0];
    assert_eq!(message["sender_id"], client_id);
    assert_eq!(message["recipient_id"], designer_id);
    assert_eq!(message["message"], "Hello, would you join my contest?");
    assert_eq!(message["has_email_address"], 0);
    assert_eq!(message["read_at"], Value::Null);

    let created = next_event(&mut dora_ws).await;
    assert_eq!(created.event_type, event_type::MESSAGE_CREATED);
    assert_eq!(created.data["id"], message["id"]);
    let notified = next_event(&mut dora_ws).await;
    assert_eq!(notified.event_type, event_type::NOTIFICATION_CREATED);
    assert_eq!(notified.data["notification_type_id"], 3);
    assert_eq!(notified.data["data"]["id"], message["id"]);
    assert_eq!(notified.data["data"]["created_by"], client_id);
    assert_eq!(notified.data["data"]["message"], "Hello, would you join my contest?");
}

#[tokio::test]
async fn the_sender_s_other_tabs_see_the_message_too() {
    let app = spawn_app().await;
    let (client_id, client) = app.client_session("carla").await;
    designer(&app, "dora", 1).await;
    let mut own_ws = watch_user(&app, &client, client_id).await;
    let id = sent(&app, &client, &["dora"], "Hi").await[0];
    let created = next_event(&mut own_ws).await;
    assert_eq!(created.event_type, event_type::MESSAGE_CREATED);
    assert_eq!(created.data["id"], id);
}

#[tokio::test]
async fn a_bronze_designer_cannot_start_a_conversation() {
    let app = spawn_app().await;
    app.client_session("carla").await;
    let (_, bronze) = designer(&app, "bruno", 1).await;
    let answer = send(&app, &bronze, &["carla"], "Hire me").await;
    answer.assert_error(403, "message.send.forbidden");
    assert_eq!(
        answer.body["error"]["message"],
        "In order to send new messages you must have either a gold or silver level account. \
         Your account level is currently bronze."
    );
}

#[tokio::test]
async fn a_bronze_designer_may_reply_to_a_client_who_wrote_first() {
    let app = spawn_app().await;
    let (_, client) = app.client_session("carla").await;
    let (_, bronze) = designer(&app, "bruno", 1).await;
    app.client_session("other").await;
    sent(&app, &client, &["bruno"], "Hello Bruno").await;
    sent(&app, &bronze, &["carla"], "Hello Carla, thanks").await;
    // Answering one conversation opens no other.
    send(&app, &bronze, &["other"], "Hi").await.assert_error(403, "message.send.forbidden");
    send(&app, &bronze, &["carla", "other"], "Hi").await.assert_error(403, "message.send.forbidden");
}

#[tokio::test]
async fn silver_and_gold_designers_and_admins_may_start_conversations() {
    let app = spawn_app().await;
    app.client_session("carla").await;
    let (_, silver) = designer(&app, "sylvia", 2).await;
    let (_, gold) = designer(&app, "goldie", 3).await;
    let (_, admin) = app.admin_session("root").await;
    sent(&app, &silver, &["carla"], "Hi from silver").await;
    sent(&app, &gold, &["carla", "sylvia"], "Hi from gold").await;
    sent(&app, &admin, &["goldie"], "Hi from the team").await;
}

#[tokio::test]
async fn unknown_usernames_are_named_by_position() {
    let app = spawn_app().await;
    let (_, client) = app.client_session("carla").await;
    designer(&app, "dora", 1).await;
    let answer = send(&app, &client, &["dora", "ghost"], "Hello").await;
    answer.assert_error(422, "received_by_usernames.exists");
    assert_eq!(answer.body["error"]["message"], "Username not exists.");
    assert_eq!(answer.field_message("received_by_usernames.1"), "Username not exists.");
    // Nothing was sent to the known one either.
    assert_eq!(get_ok(&app, "/messages/users", &client).await["total"], 0);
}

#[tokio::test]
async fn messages_need_text_recipients_and_someone_other_than_oneself() {
    let app = spawn_app().await;
    let (_, client) = app.client_session("carla").await;
    designer(&app, "dora", 1).await;
    let answer = send(&app, &client, &["dora"], "   ").await;
    answer.assert_error(422, "validation.required");
    assert!(answer.body["error"]["fields"]["message"].is_array());
    send(&app, &client, &[], "Hi").await.assert_error(422, "validation.required");
    send(&app, &client, &["dora"], &"x".repeat(5001)).await.assert_error(422, "validation.max");
    send(&app, &client, &["carla"], "Hi me").await.assert_error(422, "received_by_usernames.self");
    let many: Vec<String> = (0..21).map(|i| format!("user{i}")).collect();
    let many: Vec<&str> = many.iter().map(String::as_str).collect();
    send(&app, &client, &many, "Hi").await.assert_error(422, "received_by_usernames.max");
    let unknown_contest = json!({"received_by_usernames": ["dora"], "message": "Hi", "contest_id": 999_999});
    app.send_json(Method::POST, "/messages", &unknown_contest, Some(&client))
        .await
        .assert_error(422, "validation.exists");
    app.send_json(Method::POST, "/messages", &json!({"received_by_usernames": ["dora"], "message": "Hi"}), None)
        .await
        .assert_error(401, "auth.unauthenticated");
}

#[tokio::test]
async fn an_invitation_names_one_of_the_sender_s_own_running_contests() {
    let app = spawn_app().await;
    let (_, client) = app.client_session("carla").await;
    let (_, other_client) = app.client_session("cleo").await;
    let (_, admin) = app.admin_session("ada").await;
    let (_, dave) = designer(&app, "dave", 3).await;
    designer(&app, "dora", 2).await;
    let contest = crate::contests::launch(&app, &client).await;
    let invite = |contest_id: Option<i64>| json!({"received_by_usernames": ["dora"], "message": "Enter my contest!", "trigger_id": 2, "contest_id": contest_id});
    let post = |token: String, body: Value| {
        let app = &app;
        async move { app.send_json(Method::POST, "/messages", &body, Some(&token)).await }
    };
    // The invitation modal's message needs a contest.
    let answer = post(client.clone(), invite(None)).await;
    answer.assert_error(422, "validation.required");
    assert_eq!(answer.field_code("contest_id"), "validation.required", "{}", answer.body);
    // Not yet running (unpaid): nobody can enter it.
    let answer = post(client.clone(), invite(Some(contest))).await;
    assert_eq!(answer.field_code("contest_id"), "contest_id.own_active", "{}", answer.body);
    crate::contests::activate(&app, contest, &admin).await;
    // Running, but someone else's: another client, a designer.
    for token in [other_client, dave] {
        let answer = post(token, invite(Some(contest))).await;
        answer.assert_error(422, "contest_id.own_active");
    }
    let answer = post(client.clone(), invite(Some(contest))).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    assert_eq!(answer.body["data"][0]["contest_id"], contest);
    assert_eq!(answer.body["data"][0]["trigger_id"], 2);
    let rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM message").fetch_one(&app.db.pool).await.unwrap();
    assert_eq!(rows, 1, "only the holder's invitation was sent");
}

#[tokio::test]
async fn an_e_mail_address_in_a_message_is_flagged_in_the_row() {
    let app = spawn_app().await;
    let (_, client) = app.client_session("carla").await;
    designer(&app, "dora", 1).await;
    let flagged = send(&app, &client, &["dora"], "Write me at carla.x@mail.example.com").await;
    assert_eq!(flagged.body["data"][0]["has_email_address"], 1);
    let plain = send(&app, &client, &["dora"], "Meet @ noon").await;
    assert_eq!(plain.body["data"][0]["has_email_address"], 0);
    let rows: Vec<(i64, i64)> = sqlx::query_as("SELECT id, CAST(has_email_address AS BIGINT) FROM message ORDER BY id")
        .fetch_all(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(rows.iter().map(|r| r.1).collect::<Vec<_>>(), vec![1, 0]);
}

#[tokio::test]
async fn conversations_list_newest_first_with_unread_counts_and_filters() {
    let app = spawn_app().await;
    let (client_id, client) = app.client_session("carla").await;
    let (other_client_id, other_client) = app.client_session("cleo").await;
    let (dora_id, dora) = designer(&app, "dora", 3).await;
    let (_, dave) = designer(&app, "dave", 3).await;
    sent(&app, &client, &["dora"], "one").await;
    sent(&app, &client, &["dora"], "two").await;
    sent(&app, &dave, &["dora"], "from dave").await;
    sent(&app, &other_client, &["dora"], "from cleo").await;

    let list = get_ok(&app, "/messages/users", &dora).await;
    assert_eq!(list["total"], 3);
    assert_eq!(list["per_page"], 20);
    let first = &list["data"][0];
    assert_eq!(first["user"]["id"], other_client_id);
    assert_eq!(first["user"]["username"], "cleo");
    assert_eq!(first["last_message"]["message"], "from cleo");
    let carla = list["data"].as_array().unwrap().iter().find(|c| c["user"]["id"] == client_id).unwrap();
    assert_eq!(carla["unread_count"], 2);
    assert_eq!(carla["last_message"]["message"], "two");

    let clients = get_ok(&app, "/messages/clients", &dora).await;
    assert_eq!(other_ids(&clients), vec![other_client_id, client_id]);
    let creatives = get_ok(&app, "/messages/creatives", &dora).await;
    assert_eq!(creatives["total"], 1);
    assert_eq!(creatives["data"][0]["user"]["username"], "dave");

    let unread = get_ok(&app, "/messages/unread", &dora).await;
    assert_eq!(unread["data"]["count"], 4);
    assert_eq!(unread["data"]["conversations"].as_array().unwrap().len(), 3);
    let from_carla = get_ok(&app, &format!("/messages/unread?filter[user_id]={client_id}"), &dora).await;
    assert_eq!(from_carla["data"]["count"], 2);
    assert_eq!(from_carla["data"]["conversations"][0]["user_id"], client_id);
    // The sender has nothing unread; their list shows the conversation.
    assert_eq!(get_ok(&app, "/messages/unread", &client).await["data"]["count"], 0);
    assert_eq!(other_ids(&get_ok(&app, "/messages/users", &client).await), vec![dora_id]);
}

#[tokio::test]
async fn a_conversation_reads_newest_first_20_a_page() {
    let app = spawn_app().await;
    let (client_id, client) = app.client_session("carla").await;
    let (dora_id, dora) = designer(&app, "dora", 1).await;
    let mut all = Vec::new();
    for n in 0..21 {
        all.extend(sent(&app, &client, &["dora"], &format!("message {n}")).await);
    }
    all.extend(sent(&app, &dora, &["carla"], "reply").await);
    let page1 = get_ok(&app, &format!("/messages/users/{client_id}"), &dora).await;
    assert_eq!(page1["total"], 22);
    assert_eq!(page1["data"][0]["message"], "reply");
    assert_eq!(ids(&page1).len(), 20);
    assert_eq!(page1["next_page_url"], format!("/messages/users/{client_id}?page=2"));
    let page2 = get_ok(&app, &format!("/messages/users/{client_id}?page=2"), &dora).await;
    assert_eq!(ids(&page2), vec![all[1], all[0]]);
    // The same conversation from the other side.
    assert_eq!(get_ok(&app, &format!("/messages/users/{dora_id}"), &client).await["total"], 22);
    app.get("/messages/users/999999", Some(&client)).await.assert_error(404, "user.not_found");
}

#[tokio::test]
async fn marking_a_conversation_read_tells_the_sender_over_the_hub() {
    let app = spawn_app().await;
    let (client_id, client) = app.client_session("carla").await;
    let (dora_id, dora) = designer(&app, "dora", 1).await;
    sent(&app, &client, &["dora"], "one").await;
    let last = sent(&app, &client, &["dora"], "two").await[0];
    let mut carla_ws = watch_user(&app, &client, client_id).await;
    let mut dora_ws = watch_user(&app, &dora, dora_id).await;

    let answer = app.put(&format!("/messages/users/{client_id}/read"), &json!({}), &dora).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.body["marked"], 2);
    assert_eq!(answer.body["up_to"], last);
    let receipt = next_event(&mut carla_ws).await;
    assert_eq!(receipt.event_type, event_type::MESSAGE_READ);
    assert_eq!(receipt.data, json!({"by": dora_id, "up_to": last}));
    // Dora's badge was pushed for the messages a moment ago: this change waits out the
    // coalescing window, then arrives with the counters as they are.
    app.clock.advance_ms(vitrine_server::notifications::badges::WINDOW_MS);
    let badge = next_event(&mut dora_ws).await;
    assert_eq!(badge.event_type, event_type::BADGE);
    assert_eq!(badge.data["unread_messages_count"], 0);
    assert_eq!(get_ok(&app, "/messages/unread", &dora).await["data"]["count"], 0);

    // read_at is set once: marking again changes nothing and announces nothing.
    let thread = get_ok(&app, &format!("/messages/users/{client_id}"), &dora).await;
    let read_at = thread["data"][0]["read_at"].as_i64().expect("read");
    let again = app.put(&format!("/messages/users/{client_id}/read"), &json!({}), &dora).await;
    assert_eq!(again.body["marked"], 0);
    let thread = get_ok(&app, &format!("/messages/users/{client_id}"), &dora).await;
    assert_eq!(thread["data"][0]["read_at"], read_at);
    // The sender marking their own sent messages marks nothing.
    assert_eq!(app.put(&format!("/messages/users/{dora_id}/read"), &json!({}), &client).await.body["marked"], 0);
}

#[tokio::test]
async fn deleting_hides_a_message_for_one_side_only() {
    let app = spawn_app().await;
    let (client_id, client) = app.client_session("carla").await;
    let (dora_id, dora) = designer(&app, "dora", 1).await;
    let first = sent(&app, &client, &["dora"], "one").await[0];
    let second = sent(&app, &client, &["dora"], "two").await[0];

    let deleted = app.send_json(Method::DELETE, &format!("/messages/{second}"), &json!({}), Some(&dora)).await;
    assert_eq!(deleted.status, 200, "{}", deleted.body);
    assert_eq!(ids(&get_ok(&app, &format!("/messages/users/{client_id}"), &dora).await), vec![first]);
    assert_eq!(ids(&get_ok(&app, &format!("/messages/users/{dora_id}"), &client).await), vec![second, first]);
    // Deleted unread messages no longer count, and the list shows the last one left.
    assert_eq!(get_ok(&app, "/messages/unread", &dora).await["data"]["count"], 1);
    assert_eq!(get_ok(&app, "/messages/users", &dora).await["data"][0]["last_message"]["id"], first);
    // Twice is a 404: it is gone for this side.
    app.send_json(Method::DELETE, &format!("/messages/{second}"), &json!({}), Some(&dora))
        .await
        .assert_error(404, "message.not_found");
    // The sender deletes their copy too.
    let own = app.send_json(Method::DELETE, &format!("/messages/{first}"), &json!({}), Some(&client)).await;
    assert_eq!(own.status, 200);
    assert_eq!(ids(&get_ok(&app, &format!("/messages/users/{dora_id}"), &client).await), vec![second]);
}

#[tokio::test]
async fn a_third_user_cannot_read_or_delete_someone_else_s_conversation() {
    let app = spawn_app().await;
    let (client_id, client) = app.client_session("carla").await;
    let (dora_id, _) = designer(&app, "dora", 1).await;
    let (_, eve) = app.client_session("eve").await;
    let id = sent(&app, &client, &["dora"], "private").await[0];

    for other in [client_id, dora_id] {
        let thread = get_ok(&app, &format!("/messages/users/{other}"), &eve).await;
        assert_eq!(thread["total"], 0, "{thread}");
    }
    assert_eq!(get_ok(&app, "/messages/users", &eve).await["total"], 0);
    app.send_json(Method::DELETE, &format!("/messages/{id}"), &json!({}), Some(&eve))
        .await
        .assert_error(404, "message.not_found");
    let marked = app.put(&format!("/messages/users/{client_id}/read"), &json!({}), &eve).await;
    assert_eq!(marked.body["marked"], 0);
    // Nothing changed for the two of them.
    let dora = app.token("dora").await;
    assert_eq!(get_ok(&app, "/messages/unread", &dora).await["data"]["count"], 1);
}

#[tokio::test]
async fn typing_reaches_a_correspondent_only_and_strangers_are_refused() {
    use vitrine_protocol::{ClientFrame, PresenceUser, SignalKind};
    let app = spawn_app().await;
    let (carla_id, carla) = app.client_session("tcarla").await;
    let (dora_id, dora) = designer(&app, "tdora", 1).await;
    let (_, eve) = app.client_session("teve").await;
    sent(&app, &carla, &["tdora"], "hello").await;
    let mut dora_ws = watch_user(&app, &dora, dora_id).await;
    let mut carla_ws = watch_user(&app, &carla, carla_id).await;

    // Carla types to Dora: Dora's connections hear it on her own channel.
    let to_dora = format!("user:{dora_id}");
    let mut carla_typing = WsClient::signed_in(&app, &carla).await;
    carla_typing.send(&ClientFrame::Typing { ch: to_dora.clone() }).await;
    let carla_user = PresenceUser { id: carla_id, username: "tcarla".into() };
    dora_ws
        .expect_frame(&ServerFrame::Signal { ch: to_dora.clone(), kind: SignalKind::Typing, user: carla_user })
        .await;
    carla_typing.ping_pong().await;

    // Dora answers in the same conversation (she was written to, whatever her level).
    let to_carla = format!("user:{carla_id}");
    dora_ws.send(&ClientFrame::Typing { ch: to_carla.clone() }).await;
    let dora_user = PresenceUser { id: dora_id, username: "tdora".into() };
    carla_ws.expect_frame(&ServerFrame::Signal { ch: to_carla, kind: SignalKind::Typing, user: dora_user }).await;

    // Eve has no conversation with Dora: refused, and Dora hears nothing.
    let mut eve_ws = WsClient::signed_in(&app, &eve).await;
    eve_ws.send(&ClientFrame::Typing { ch: to_dora.clone() }).await;
    match eve_ws.expect().await {
        ServerFrame::Error { code, ch: Some(ch), .. } => {
            assert_eq!((code.as_str(), ch.as_str()), ("channel.forbidden", to_dora.as_str()));
        }
        other => panic!("expected channel.forbidden, got {other:?}"),
    }
    // Anonymous connections may not type at all.
    let mut anonymous = WsClient::anonymous(&app).await;
    anonymous.send(&ClientFrame::Typing { ch: to_dora.clone() }).await;
    assert!(matches!(anonymous.expect().await, ServerFrame::Error { .. }));
    dora_ws.ping_pong().await;
}
