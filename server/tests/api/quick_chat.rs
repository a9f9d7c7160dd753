//! Quick-start chat contests: saved by anyone under an unguessable tracker id, read by
//! whoever holds it, linked only by the client it led to (and to that client's contest).

use reqwest::Method;
use serde_json::json;

use crate::helpers::spawn_app;

#[tokio::test]
async fn a_chat_is_read_by_tracker_id_and_linked_to_its_client_and_contest() {
    let app = spawn_app().await;
    let created = app.post("/quick-chat-contests", &json!({"email": "chatty@example.com", "contest_type_id": 1})).await;
    assert_eq!(created.status, 201, "{}", created.body);
    let tracker = created.body["data"]["tracker_id"].as_str().unwrap().to_owned();
    assert_eq!(tracker.len(), 32, "16 random bytes, hex");

    let shown = app.get(&format!("/quick-chat-contests/{tracker}"), None).await;
    assert_eq!(shown.status, 200, "{}", shown.body);
    assert_eq!(shown.body["data"]["email"], "chatty@example.com");
    assert_eq!(shown.body["data"]["launch_brief_slug"].as_str().map(|s| !s.is_empty()), Some(true));
    assert!(shown.body["data"]["user_id"].is_null());

    let (chatty_id, chatty) = app.client_session("chatty").await;
    let (other_id, other) = app.client_session("nosy").await;
    let path = format!("/quick-chat-contests/{tracker}");
    // Nobody links a chat to someone else.
    app.send_json(Method::PUT, &path, &json!({"user_id": chatty_id}), Some(&other))
        .await
        .assert_error(403, "quick_chat.forbidden");
    app.send_json(Method::PUT, &path, &json!({"user_id": chatty_id}), None)
        .await
        .assert_error(401, "auth.unauthenticated");
    let linked = app.send_json(Method::PUT, &path, &json!({"user_id": chatty_id}), Some(&chatty)).await;
    assert_eq!(linked.body["data"]["user_id"].as_i64(), Some(chatty_id), "{}", linked.body);
    // Once linked, it is the client's: another account cannot take it over.
    app.send_json(Method::PUT, &path, &json!({"user_id": other_id}), Some(&other))
        .await
        .assert_error(403, "quick_chat.forbidden");

    // Its contest: only the client's own.
    let contest = crate::contests::launch(&app, &chatty).await;
    let others = crate::contests::launch(&app, &other).await;
    app.send_json(Method::PUT, &path, &json!({"contest_id": others}), Some(&chatty))
        .await
        .assert_error(403, "contest.edit.forbidden");
    let done = app.send_json(Method::PUT, &path, &json!({"contest_id": contest}), Some(&chatty)).await;
    assert_eq!(done.body["data"]["contest_id"].as_i64(), Some(contest), "{}", done.body);
}

#[tokio::test]
async fn bad_chats_and_unknown_trackers_are_refused() {
    let app = spawn_app().await;
    let bad = app.post("/quick-chat-contests", &json!({"email": "nope", "contest_type_id": 987654})).await;
    assert_eq!(bad.status, 422, "{}", bad.body);
    assert!(!bad.field_code("email").is_empty());
    assert_eq!(bad.field_code("contest_type_id"), "validation.exists");
    let missing = app.post("/quick-chat-contests", &json!({"email": "a@example.com"})).await;
    assert_eq!(missing.field_code("contest_type_id"), "validation.required");
    app.get("/quick-chat-contests/0123456789abcdef", None).await.assert_error(404, "quick_chat.not_found");
    let count: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM quick_chat_contest").fetch_one(&app.db.pool).await.unwrap();
    assert_eq!(count, 0, "refused chats change nothing");
}
