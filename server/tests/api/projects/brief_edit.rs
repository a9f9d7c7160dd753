//! Editing an unstarted project's brief (`projects/launch/{projectId}/edit` and the same
//! from a bid, `.../{bidId}/edit`): GET and PUT `/projects/{id}/briefs`, as the owner and
//! as everyone else, and not once the project has started.

use reqwest::Method;
use serde_json::json;

use super::{assign, send, world};

#[tokio::test]
async fn only_the_owner_edits_a_live_projects_brief() {
    let app = crate::helpers::spawn_app().await;
    let w = world(&app).await;
    let path = w.path("briefs");
    let edited = json!({
        "timeline": 14, "budget": 300,
        "project_questions": [
            {"id": 100, "answer": "Logo for Bright Bean Roasters"},
            {"id": 101, "answer": "A friendly coffee brand, now roasting too."},
            {"id": 103, "answer_options": [10300]},
        ],
    });

    // The owner reads the brief to pre-fill the form.
    let brief = app.get(&path, Some(&w.owner.1)).await;
    assert_eq!(brief.status, 200, "{}", brief.body);
    assert_eq!(brief.body["data"]["timeline"], 7);
    // Nobody else reads or changes it. A designer sees the live project (to bid) but not
    // its owner's brief form; to another client the project is not there at all.
    for (token, status, code) in
        [(&w.designer.1, 403, "project.edit.forbidden"), (&w.stranger.1, 404, "project.not_found")]
    {
        app.get(&path, Some(token)).await.assert_error(status, code);
        send(&app, Method::PUT, &path, edited.clone(), Some(token)).await.assert_error(status, code);
    }
    send(&app, Method::PUT, &path, edited.clone(), None).await.assert_error(401, "auth.unauthenticated");
    assert_eq!(app.get(&path, Some(&w.owner.1)).await.body["data"]["timeline"], 7, "refused edits change nothing");

    let saved = send(&app, Method::PUT, &path, edited.clone(), Some(&w.owner.1)).await;
    assert_eq!(saved.status, 200, "{}", saved.body);
    let brief = app.get(&path, Some(&w.owner.1)).await.body["data"].clone();
    assert_eq!((brief["timeline"].as_i64(), brief["budget"].as_i64()), (Some(14), Some(300)));
    assert_eq!(brief["title"], "Logo for Bright Bean Roasters");

    // Once a bid is approved the project has started: the brief stays as it was.
    assign(&app, w.project, &w.designer.1, &w.admin.1).await;
    send(&app, Method::PUT, &path, json!({"timeline": 30, "budget": 300, "project_questions": []}), Some(&w.owner.1))
        .await
        .assert_error(409, "project.already_started");
}
