//! Reactions (likes) and image tags on an entry.

use reqwest::Method;
use serde_json::{json, Value};

use super::{delete, events_on, post, world};
use crate::helpers::spawn_app;

#[tokio::test]
async fn likes_toggle_with_counts_and_role_labels_and_are_for_designers_and_clients() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let path = w.entry_path("reactions");
    let like = json!({"emoji_reaction_id": 1});

    let first = post(&app, &path, like.clone(), Some(&w.other.1)).await;
    assert_eq!(first.status, 201, "{}", first.body);
    assert_eq!(first.body["data"]["count"], 1);
    app.clock.advance_ms(1000);
    let second = post(&app, &path, like.clone(), Some(&w.owner.1)).await;
    assert_eq!((second.status.as_u16(), second.body["data"]["count"].clone()), (201, json!(2)));
    let again = post(&app, &path, like.clone(), Some(&w.owner.1)).await;
    assert_eq!(
        (again.status.as_u16(), again.body["data"]["count"].clone()),
        (200, json!(2)),
        "a repeat changes nothing"
    );

    post(&app, &path, like.clone(), Some(&w.admin.1)).await.assert_error(403, "reaction.forbidden");
    post(&app, &path, like.clone(), None).await.assert_error(401, "auth.unauthenticated");
    let bad = post(&app, &path, json!({"emoji_reaction_id": 99}), Some(&w.owner.1)).await;
    assert_eq!((bad.status.as_u16(), bad.field_code("emoji_reaction_id")), (422, "emoji_reaction_id.in"));

    let list = app.get(&path, Some(&w.owner.1)).await;
    assert_eq!(list.status, 200, "{}", list.body);
    let likes = &list.body["data"][0];
    assert_eq!((likes["emoji_reaction_id"].clone(), likes["count"].clone()), (json!(1), json!(2)));
    let users: Vec<(Value, Value, Value)> = likes["users"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| (u["username"].clone(), u["role"].clone(), u["is_me"].clone()))
        .collect();
    assert_eq!(
        users,
        [(json!("rival"), json!("Designer"), json!(false)), (json!("holder"), json!("Contest Holder"), json!(true))]
    );

    let unliked = delete(&app, &format!("{path}?emoji_reaction_id=1"), Some(&w.owner.1)).await;
    assert_eq!((unliked.status.as_u16(), unliked.body["data"]["count"].clone()), (200, json!(1)));
    let by_body = app.send_json(Method::DELETE, &path, &like, Some(&w.other.1)).await;
    assert_eq!((by_body.status.as_u16(), by_body.body["data"]["count"].clone()), (200, json!(0)));
    let twice = delete(&app, &path, Some(&w.other.1)).await;
    assert_eq!((twice.status.as_u16(), twice.body["data"]["count"].clone()), (200, json!(0)));
    assert_eq!(app.get(&path, None).await.body["data"], json!([]));

    let contest_events = events_on(&app, &format!("contest:{}", w.contest)).await;
    assert_eq!(contest_events.iter().filter(|t| *t == "entry.reaction").count(), 4, "two adds, two removals");
}

#[tokio::test]
async fn image_tags_are_between_the_contest_holder_and_the_entrys_designer() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let path = w.entry_path("image-tags");
    let tag = json!({"x": 0.25, "y": 0.75, "note": "  Make this darker  "});

    post(&app, &path, tag.clone(), Some(&w.other.1)).await.assert_error(403, "image_tag.forbidden");
    post(&app, &path, tag.clone(), None).await.assert_error(401, "auth.unauthenticated");
    let off = post(&app, &path, json!({"x": 1.5, "y": 0.5, "note": "n"}), Some(&w.owner.1)).await;
    assert_eq!((off.status.as_u16(), off.field_code("x")), (422, "position.between"));
    assert_eq!(off.field_message("x"), "Choose a position between 0 and 1.");
    let blank = post(&app, &path, json!({"x": 0.5, "y": 0.5}), Some(&w.owner.1)).await;
    assert_eq!(blank.field_message("note"), "This field is required");

    let created = post(&app, &path, tag, Some(&w.owner.1)).await;
    assert_eq!(created.status, 201, "{}", created.body);
    assert_eq!(created.body["data"]["note"], "Make this darker");
    assert_eq!((created.body["data"]["x"].clone(), created.body["data"]["y"].clone()), (json!(0.25), json!(0.75)));
    let id = created.body["data"]["id"].as_i64().unwrap();

    for token in [&w.designer.1, &w.owner.1, &w.admin.1] {
        let list = app.get(&path, Some(token)).await;
        assert_eq!((list.status.as_u16(), list.body["data"].as_array().map(Vec::len)), (200, Some(1)), "{}", list.body);
    }
    app.get(&path, Some(&w.other.1)).await.assert_error(403, "image_tag.forbidden");
    app.get(&path, None).await.assert_error(401, "auth.unauthenticated");

    let complete = format!("{path}/{id}/actions/complete");
    let patch = |token: String| {
        let app = &app;
        let complete = complete.clone();
        async move { app.send_json(Method::PATCH, &complete, &Value::Null, Some(&token)).await }
    };
    patch(w.other.1.clone()).await.assert_error(403, "image_tag.forbidden");
    let done = patch(w.designer.1.clone()).await;
    assert_eq!(done.status, 200, "{}", done.body);
    assert!(done.body["data"]["completed_at"].is_i64());
    patch(w.owner.1.clone()).await.assert_error(409, "image_tag.already_completed");

    delete(&app, &format!("{path}/{id}"), Some(&w.designer.1)).await.assert_error(403, "image_tag.delete.forbidden");
    delete(&app, &format!("{path}/{id}"), Some(&w.other.1)).await.assert_error(403, "image_tag.forbidden");
    let gone = delete(&app, &format!("{path}/{id}"), Some(&w.owner.1)).await;
    assert_eq!(gone.status, 200, "{}", gone.body);
    delete(&app, &format!("{path}/{id}"), Some(&w.owner.1)).await.assert_error(404, "image_tag.not_found");

    // Only the two parties hear of tags; the contest's watchers never do.
    let expected = ["image_tag.created", "image_tag.completed", "image_tag.deleted"];
    assert_eq!(events_on(&app, &format!("user:{}", w.owner.0)).await, expected);
    assert_eq!(events_on(&app, &format!("user:{}", w.designer.0)).await, expected);
    assert!(!events_on(&app, &format!("contest:{}", w.contest)).await.iter().any(|t| t.starts_with("image_tag")));
}
