//! Board and entry comments: writing, listing, deleting, and who is notified.

use serde_json::json;

use super::{comment, delete, events_on, notifications_of, post, world};
use crate::{contests::launch, helpers::spawn_app};

#[tokio::test]
async fn a_designers_board_comment_notifies_the_owner_with_a_badge() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let answer = post(&app, &w.board(), json!({"comment": "  Is a wordmark fine?  "}), Some(&w.designer.1)).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    let data = &answer.body["data"];
    assert_eq!(data["comment"], "Is a wordmark fine?", "trimmed");
    assert_eq!(data["contest_entry_id"], serde_json::Value::Null);
    assert_eq!(data["created_by_user"]["username"], "maker");
    assert_eq!(data["created_by_user"]["user_type_id"], 3);
    let id = data["id"].as_i64().unwrap();

    let notes = notifications_of(&app, w.owner.0).await;
    assert_eq!(notes.len(), 1);
    assert_eq!(notes[0].0, 1, "type 1: contest comment");
    // What it says travels as a key and values, for clients to word in the reader's language.
    let text = json!({"key": "comment.on_contest", "values": {"username": "maker", "contest": "Bright Bean Coffee"}});
    assert_eq!(notes[0].1, json!({"contest_id": w.contest, "contest_entry_id": null, "id": id, "text": text}));
    let owner_events = events_on(&app, &format!("user:{}", w.owner.0)).await;
    assert_eq!(owner_events, ["notification.created", "badge"]);
    assert!(events_on(&app, &format!("contest:{}", w.contest)).await.contains(&"comment.created".to_owned()));

    // The owner's own board comment notifies nobody.
    comment(&app, &w.board(), "Yes, a wordmark is fine.", &w.owner.1).await;
    assert_eq!(notifications_of(&app, w.owner.0).await.len(), 1);

    let list = app.get(&w.board(), None).await;
    assert_eq!(list.status, 200, "{}", list.body);
    assert_eq!(list.body["total"], 2);
    assert_eq!(list.body["current_page"], 1);
    assert_eq!(list.body["data"][0]["comment"], "Yes, a wordmark is fine.", "newest first");
    assert_eq!(list.body["data"][1]["id"], id);
}

#[tokio::test]
async fn comments_need_a_signed_in_user_a_visible_contest_and_some_text() {
    let app = spawn_app().await;
    let w = world(&app).await;
    post(&app, &w.board(), json!({"comment": "hi"}), None).await.assert_error(401, "auth.unauthenticated");
    post(&app, &w.entry_path("comments"), json!({"comment": "hi"}), None)
        .await
        .assert_error(401, "auth.unauthenticated");

    let empty = post(&app, &w.board(), json!({"comment": "   "}), Some(&w.designer.1)).await;
    empty.assert_error(422, "validation.required");
    assert_eq!(empty.field_message("comment"), "This field is required");
    let missing = post(&app, &w.entry_path("comments"), json!({}), Some(&w.designer.1)).await;
    assert_eq!(missing.field_code("comment"), "validation.required");
    let long = post(&app, &w.board(), json!({"comment": "x".repeat(5001)}), Some(&w.designer.1)).await;
    assert_eq!((long.status.as_u16(), long.field_code("comment")), (422, "validation.max"));

    // An unpaid contest shows to its owner and admins only: for anyone else it does not exist.
    let unpaid = launch(&app, &w.owner.1).await;
    let hidden = format!("/contests/{unpaid}/comments");
    post(&app, &hidden, json!({"comment": "hi"}), Some(&w.designer.1)).await.assert_error(404, "contest.not_found");
    app.get(&hidden, Some(&w.designer.1)).await.assert_error(404, "contest.not_found");
    // An entry of another contest is not an entry of this one.
    let elsewhere = format!("/contests/{unpaid}/entries/{}/comments", w.entry);
    app.get(&elsewhere, Some(&w.owner.1)).await.assert_error(404, "contest.entry.not_found");
}

#[tokio::test]
async fn entry_comments_notify_the_other_party_both_ways() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let path = w.entry_path("comments");
    let from_owner = comment(&app, &path, "Could you try blue?", &w.owner.1).await;
    let from_designer = comment(&app, &path, "Blue it is.", &w.designer.1).await;
    comment(&app, &path, "Nice work.", &w.other.1).await;

    let to_designer = notifications_of(&app, w.designer.0).await;
    let text = |key: &str, username: &str| json!({"key": key, "values": {"username": username, "contest": "Bright Bean Coffee"}});
    let to_your_entry = text("comment.on_your_entry", "holder");
    assert_eq!(
        to_designer,
        [(2, json!({"contest_id": w.contest, "contest_entry_id": w.entry, "id": from_owner, "text": to_your_entry}))]
    );
    let to_owner = notifications_of(&app, w.owner.0).await;
    let on_an_entry = text("comment.on_entry_in_contest", "maker");
    assert_eq!(
        to_owner,
        [(2, json!({"contest_id": w.contest, "contest_entry_id": w.entry, "id": from_designer, "text": on_an_entry}))]
    );
    assert!(notifications_of(&app, w.other.0).await.is_empty());

    let list = app.get(&path, Some(&w.other.1)).await;
    assert_eq!(list.status, 200, "{}", list.body);
    assert_eq!(list.body["total"], 3);
    assert_eq!(list.body["data"][2]["id"], from_owner, "oldest last");
    assert_eq!(app.get(&w.board(), None).await.body["total"], 0, "entry comments stay off the board");
}

#[tokio::test]
async fn comments_are_deleted_by_their_author_the_owner_or_an_admin_only() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let path = w.entry_path("comments");
    let mine = comment(&app, &path, "First draft attached.", &w.designer.1).await;
    let second = comment(&app, &path, "Second thoughts.", &w.designer.1).await;
    let board = comment(&app, &w.board(), "When do you decide?", &w.other.1).await;

    delete(&app, &format!("{path}/{mine}"), Some(&w.other.1)).await.assert_error(403, "comment.delete.forbidden");
    delete(&app, &format!("{path}/{mine}"), None).await.assert_error(401, "auth.unauthenticated");
    let own = delete(&app, &format!("{path}/{mine}"), Some(&w.designer.1)).await;
    assert_eq!(own.status, 200, "{}", own.body);
    delete(&app, &format!("{path}/{mine}"), Some(&w.designer.1)).await.assert_error(404, "comment.not_found");
    let by_owner = delete(&app, &format!("{path}/{second}"), Some(&w.owner.1)).await;
    assert_eq!(by_owner.status, 200, "the contest holder moderates their contest: {}", by_owner.body);
    // A board comment is not reachable through an entry's address.
    delete(&app, &format!("{path}/{board}"), Some(&w.admin.1)).await.assert_error(404, "comment.not_found");
    let by_admin = delete(&app, &format!("{}/{board}", w.board()), Some(&w.admin.1)).await;
    assert_eq!(by_admin.status, 200, "{}", by_admin.body);

    assert_eq!(app.get(&path, None).await.body["total"], 0);
    let deleted_at: Option<i64> = sqlx::query_scalar("SELECT deleted_at FROM contest_comment WHERE id = $1")
        .bind(mine)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    assert!(deleted_at.is_some(), "soft delete");
    let deletions = events_on(&app, &format!("contest:{}", w.contest)).await;
    assert_eq!(deletions.iter().filter(|t| *t == "comment.deleted").count(), 3);
}
