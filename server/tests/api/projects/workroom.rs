//! The workroom's threads: comments on the project and on one update. The owner and
//! the assigned designer write and hear of each other's comments (types 20 and 17);
//! admins read and delete; nobody else sees them.

use reqwest::Method;
use serde_json::json;

use super::{assigned, notification_kinds, post_update, refused, send, world};
use crate::helpers::spawn_app;

const ROOM_FORBIDDEN: &str = "Only the project's owner, its assigned designer and admins see its updates and comments.";
const PARTIES_ONLY: &str = "Only the project's owner and its assigned designer may do this.";

fn ids(body: &serde_json::Value) -> Vec<i64> {
    body["data"].as_array().unwrap().iter().map(|c| c["id"].as_i64().unwrap()).collect()
}

#[tokio::test]
async fn a_live_project_has_no_one_to_talk_to_yet() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let listed = app.get(&w.path("comments"), Some(&w.owner.1)).await;
    assert_eq!((listed.status.as_u16(), listed.body["total"].as_i64()), (200, Some(0)));
    let said = send(&app, Method::POST, &w.path("comments"), json!({"comment": "Hello?"}), Some(&w.owner.1)).await;
    refused(&said, 409, "project.unassigned", "This project has no assigned designer yet.");
    // A designer who merely may bid is not in the room.
    refused(&app.get(&w.path("comments"), Some(&w.designer.1)).await, 403, "project.room.forbidden", ROOM_FORBIDDEN);
}

#[tokio::test]
async fn the_owner_and_the_assigned_designer_talk_on_the_project_and_admins_moderate() {
    let app = spawn_app().await;
    let a = assigned(&app).await;
    let path = a.w.path("comments");
    let say = |token: String, text: &'static str| {
        let path = path.clone();
        let app = &app;
        async move { send(app, Method::POST, &path, json!({"comment": text}), Some(&token)).await }
    };
    let first = say(a.w.owner.1.clone(), "Any questions?").await;
    assert_eq!(first.status, 201, "{}", first.body);
    let first_id = first.body["data"]["id"].as_i64().unwrap();
    assert_eq!(
        (first.body["data"]["project_update_id"].clone(), first.body["data"]["created_by_user"]["id"].as_i64()),
        (serde_json::Value::Null, Some(a.w.owner.0))
    );
    assert_eq!(notification_kinds(&app, &a.w.designer.1).await[0], 20);
    let reply = say(a.w.designer.1.clone(), "Only about the colours.").await;
    let reply_id = reply.body["data"]["id"].as_i64().unwrap();
    assert_eq!(notification_kinds(&app, &a.w.owner.1).await[0], 20);

    refused(&say(a.outsider.1.clone(), "Me too").await, 403, "project.room.forbidden", ROOM_FORBIDDEN);
    refused(&say(a.w.admin.1.clone(), "Admin here").await, 403, "project.room.parties_only", PARTIES_ONLY);
    say(a.w.stranger.1.clone(), "Hi").await.assert_error(404, "project.not_found");
    let blank = say(a.w.owner.1.clone(), "   ").await;
    blank.assert_error(422, "validation.required");

    for token in [&a.w.owner.1, &a.w.designer.1, &a.w.admin.1] {
        assert_eq!(
            ids(&app.get(&format!("{path}?page=1&include=created_by_user"), Some(token)).await.body),
            [reply_id, first_id]
        );
    }
    refused(&app.get(&path, Some(&a.outsider.1)).await, 403, "project.room.forbidden", ROOM_FORBIDDEN);

    let delete = |token: String, id: i64| {
        let path = format!("{path}/{id}");
        let app = &app;
        async move { send(app, Method::DELETE, &path, json!(null), Some(&token)).await }
    };
    refused(
        &delete(a.w.designer.1.clone(), first_id).await,
        403,
        "project_comment.delete.forbidden",
        "Only the comment's author or an admin may delete it.",
    );
    assert_eq!(delete(a.w.designer.1.clone(), reply_id).await.status, 200);
    assert_eq!(delete(a.w.admin.1.clone(), first_id).await.status, 200);
    delete(a.w.admin.1.clone(), first_id).await.assert_error(404, "comment.not_found");
    assert!(ids(&app.get(&path, Some(&a.w.owner.1)).await.body).is_empty());
}

#[tokio::test]
async fn comments_on_an_update_stay_on_that_update_and_tell_the_other_party() {
    let app = spawn_app().await;
    let a = assigned(&app).await;
    let update = post_update(&app, &a, "Sketches").await;
    let path = a.w.path(&format!("updates/{update}/comments"));
    let said = send(&app, Method::POST, &path, json!({"comment": "Love the second one"}), Some(&a.w.owner.1)).await;
    assert_eq!(said.status, 201, "{}", said.body);
    assert_eq!(said.body["data"]["project_update_id"], update);
    let comment = said.body["data"]["id"].as_i64().unwrap();
    assert_eq!(notification_kinds(&app, &a.w.designer.1).await[0], 17);

    let listed = app.get(&path, Some(&a.w.designer.1)).await;
    assert_eq!(ids(&listed.body), [comment]);
    assert!(
        ids(&app.get(&a.w.path("comments"), Some(&a.w.owner.1)).await.body).is_empty(),
        "not on the project's thread"
    );
    let seen = app.get(&a.w.path(&format!("updates/{update}")), Some(&a.w.owner.1)).await;
    assert_eq!(seen.body["data"]["comments_count"], 1);

    refused(
        &send(&app, Method::POST, &path, json!({"comment": "x"}), Some(&a.outsider.1)).await,
        403,
        "project.room.forbidden",
        ROOM_FORBIDDEN,
    );
    refused(
        &send(&app, Method::POST, &path, json!({"comment": "x"}), Some(&a.w.admin.1)).await,
        403,
        "project.room.parties_only",
        PARTIES_ONLY,
    );
    let missing = a.w.path(&format!("updates/{}/comments", update + 5));
    app.get(&missing, Some(&a.w.owner.1)).await.assert_error(404, "project_update.not_found");
    // Deleting is the author's or an admin's; a project comment path does not reach it.
    send(&app, Method::DELETE, &a.w.path(&format!("comments/{comment}")), json!(null), Some(&a.w.owner.1))
        .await
        .assert_error(404, "comment.not_found");
    let gone = send(&app, Method::DELETE, &format!("{path}/{comment}"), json!(null), Some(&a.w.owner.1)).await;
    assert_eq!(gone.body["message"], "Comment deleted");
}
