//! Reactions and image tags on an update: the owner and the assigned designer give
//! them; admins read them and delete tags; nobody else sees them.

use reqwest::Method;
use serde_json::json;

use super::{assigned, post_update, refused, send, upload_png};
use crate::helpers::spawn_app;

const ROOM_FORBIDDEN: &str = "Only the project's owner, its assigned designer and admins see its updates and comments.";
const PARTIES_ONLY: &str = "Only the project's owner and its assigned designer may do this.";

#[tokio::test]
async fn the_parties_react_to_an_update_and_admins_only_look() {
    let app = spawn_app().await;
    let a = assigned(&app).await;
    let update = post_update(&app, &a, "Sketches").await;
    let path = a.w.path(&format!("updates/{update}/reactions"));
    let react = |token: String, body: serde_json::Value| {
        let path = path.clone();
        let app = &app;
        async move { send(app, Method::POST, &path, body, Some(&token)).await }
    };
    let liked = react(a.w.owner.1.clone(), json!({"emoji_reaction_id": 1})).await;
    assert_eq!((liked.status.as_u16(), liked.body["data"]["count"].as_i64()), (201, Some(1)));
    let again = react(a.w.owner.1.clone(), json!({"emoji_reaction_id": 1})).await;
    assert_eq!(
        (again.status.as_u16(), again.body["data"]["count"].as_i64()),
        (200, Some(1)),
        "a double click is harmless"
    );
    let both = react(a.w.designer.1.clone(), json!({"emoji_reaction_id": "1"})).await;
    assert_eq!(both.body["data"]["count"], 2);
    assert_eq!(react(a.w.designer.1.clone(), json!({"emoji_reaction_id": 3})).await.status, 201);

    refused(
        &react(a.w.admin.1.clone(), json!({"emoji_reaction_id": 1})).await,
        403,
        "project.room.parties_only",
        PARTIES_ONLY,
    );
    refused(
        &react(a.outsider.1.clone(), json!({"emoji_reaction_id": 1})).await,
        403,
        "project.room.forbidden",
        ROOM_FORBIDDEN,
    );
    let bad = react(a.w.owner.1.clone(), json!({"emoji_reaction_id": 9})).await;
    refused(&bad, 422, "emoji_reaction_id.in", "That is not a valid reaction.");
    assert_eq!(react(a.w.owner.1.clone(), json!({})).await.field_code("emoji_reaction_id"), "validation.required");

    let all = app.get(&path, Some(&a.w.admin.1)).await;
    let groups = all.body["data"].as_array().unwrap();
    assert_eq!(groups.len(), 2, "{}", all.body);
    assert_eq!((groups[0]["emoji_reaction_id"].as_i64(), groups[0]["count"].as_i64()), (Some(1), Some(2)));
    assert_eq!(groups[0]["users"][0]["role"], "Contest Holder");
    let likes = app.get(&format!("{path}?emoji_reaction_id=3"), Some(&a.w.owner.1)).await;
    assert_eq!(likes.body["data"].as_array().unwrap().len(), 1);
    refused(&app.get(&path, Some(&a.outsider.1)).await, 403, "project.room.forbidden", ROOM_FORBIDDEN);

    let taken =
        send(&app, Method::DELETE, &format!("{path}?emoji_reaction_id=1"), json!(null), Some(&a.w.owner.1)).await;
    assert_eq!(taken.body["data"]["count"], 1, "{}", taken.body);
    let by_body = send(&app, Method::DELETE, &path, json!({"emoji_reaction_id": 3}), Some(&a.w.designer.1)).await;
    assert_eq!(by_body.body["data"]["count"], 0);
}

#[tokio::test]
async fn the_parties_tag_an_updates_image_and_complete_or_delete_their_tags() {
    let app = spawn_app().await;
    let a = assigned(&app).await;
    let update = post_update(&app, &a, "Sketches").await;
    let shown = app.get(&a.w.path(&format!("updates/{update}")), Some(&a.w.owner.1)).await.body["data"]["files"][0]
        ["id"]
        .as_i64()
        .unwrap();
    let path = a.w.path(&format!("updates/{update}/image-tags"));
    let tag = |token: String, body: serde_json::Value| {
        let path = path.clone();
        let app = &app;
        async move { send(app, Method::POST, &path, body, Some(&token)).await }
    };
    let placed = tag(a.w.owner.1.clone(), json!({"x": 0.25, "y": 0.5, "note": "Bigger here", "file_id": shown})).await;
    assert_eq!(placed.status, 201, "{}", placed.body);
    let tag_id = placed.body["data"]["id"].as_i64().unwrap();
    assert_eq!((placed.body["data"]["x"].as_f64(), placed.body["data"]["file_id"].as_i64()), (Some(0.25), Some(shown)));

    refused(
        &tag(a.w.admin.1.clone(), json!({"x": 0.1, "y": 0.1, "note": "n"})).await,
        403,
        "project.room.parties_only",
        PARTIES_ONLY,
    );
    refused(
        &tag(a.outsider.1.clone(), json!({"x": 0.1, "y": 0.1, "note": "n"})).await,
        403,
        "project.room.forbidden",
        ROOM_FORBIDDEN,
    );
    let bad = tag(a.w.designer.1.clone(), json!({"x": 1.5, "note": " "})).await;
    bad.assert_error(422, "validation.failed");
    assert_eq!((bad.field_code("y"), bad.field_code("note")), ("validation.required", "validation.required"));
    let elsewhere = upload_png(&app, &a.w.designer.1, "13").await;
    let wrong_file = tag(a.w.designer.1.clone(), json!({"x": 0.1, "y": 0.1, "note": "n", "file_id": elsewhere})).await;
    assert_eq!(wrong_file.field_code("file_id"), "validation.exists");

    let listed = app.get(&path, Some(&a.w.admin.1)).await;
    assert_eq!(listed.body["data"].as_array().unwrap().len(), 1, "{}", listed.body);
    refused(&app.get(&path, Some(&a.outsider.1)).await, 403, "project.room.forbidden", ROOM_FORBIDDEN);

    let complete = format!("{path}/{tag_id}/actions/complete");
    refused(
        &send(&app, Method::PATCH, &complete, json!(null), Some(&a.w.admin.1)).await,
        403,
        "project.room.parties_only",
        PARTIES_ONLY,
    );
    let done = send(&app, Method::PATCH, &complete, json!(null), Some(&a.w.designer.1)).await;
    assert!(done.body["data"]["completed_at"].as_i64().is_some(), "{}", done.body);
    refused(
        &send(&app, Method::PATCH, &complete, json!(null), Some(&a.w.owner.1)).await,
        409,
        "image_tag.already_completed",
        "This tag is already completed.",
    );

    let remove = format!("{path}/{tag_id}");
    refused(
        &send(&app, Method::DELETE, &remove, json!(null), Some(&a.w.designer.1)).await,
        403,
        "image_tag.delete.forbidden",
        "Only the tag's author or an admin may delete it.",
    );
    assert_eq!(send(&app, Method::DELETE, &remove, json!(null), Some(&a.w.admin.1)).await.status, 200);
    send(&app, Method::DELETE, &remove, json!(null), Some(&a.w.owner.1)).await.assert_error(404, "image_tag.not_found");
}
