//! The project's moves (`projects::transitions::PROJECT`) through routes, in order: the
//! bid approved (1 -> 2), the timeline's end (2 -> 3), verified (3 -> 4), delivered
//! (4 -> 5), credited (5 -> 6); at each status the moves of the other statuses are
//! refused, and each move is refused to the roles that may not make it.

use reqwest::Method;
use serde_json::json;

use super::status_in;
use crate::helpers::{spawn_app, Answer, TestApp};
use crate::projects::{
    assign,
    lifecycle::{final_file, timeline_over},
    send, world, World,
};

async fn project_status(app: &TestApp, w: &World) -> i64 {
    status_in(app, "project", "status_id", w.project).await
}

async fn set(app: &TestApp, w: &World, status_id: i64, token: &str) -> Answer {
    send(app, Method::PUT, &w.path("statuses"), json!({"status_id": status_id}), Some(token)).await
}

async fn deliver(app: &TestApp, w: &World, file: i64, token: &str) -> Answer {
    send(app, Method::POST, &w.path("artworks"), json!({"file_ids": [file]}), Some(token)).await
}

/// Every admin status change is refused at `w`'s status but `allowed`, which is not tried.
async fn admin_sets_only(app: &TestApp, w: &World, allowed: Option<i64>) {
    let now = project_status(app, w).await;
    for to in (1..=6).filter(|to| Some(*to) != allowed) {
        set(app, w, to, &w.admin.1).await.assert_error(409, "project.status.invalid");
        assert_eq!(project_status(app, w).await, now, "{now} -> {to} refused");
    }
}

#[tokio::test]
async fn a_project_moves_only_along_its_table_and_only_by_the_right_hands() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let file = final_file(&app, &w, "2026/12/states-final").await;
    admin_sets_only(&app, &w, None).await;
    deliver(&app, &w, file, &w.designer.1).await.assert_error(403, "project.artwork.forbidden");

    assign(&app, w.project, &w.designer.1, &w.admin.1).await;
    assert_eq!(project_status(&app, &w).await, 2);
    admin_sets_only(&app, &w, None).await;
    deliver(&app, &w, file, &w.designer.1).await.assert_error(409, "project.status.invalid");
    send(&app, Method::POST, &w.path("finalize"), json!(null), Some(&w.owner.1))
        .await
        .assert_error(409, "project.status.invalid");

    timeline_over(&app, &w).await;
    admin_sets_only(&app, &w, Some(4)).await;
    for token in [&w.owner.1, &w.designer.1] {
        set(&app, &w, 4, token).await.assert_error(403, "auth.forbidden");
        assert_eq!(project_status(&app, &w).await, 3, "only admins verify");
    }
    assert_eq!(set(&app, &w, 4, &w.admin.1).await.status, 200);

    admin_sets_only(&app, &w, None).await;
    deliver(&app, &w, file, &w.owner.1).await.assert_error(403, "project.artwork.forbidden");
    assert_eq!(project_status(&app, &w).await, 4, "only the assigned designer delivers");
    assert_eq!(deliver(&app, &w, file, &w.designer.1).await.status, 200);
    assert_eq!(project_status(&app, &w).await, 5);

    admin_sets_only(&app, &w, Some(6)).await;
    for token in [&w.owner.1, &w.designer.1] {
        set(&app, &w, 6, token).await.assert_error(403, "auth.forbidden");
        assert_eq!(project_status(&app, &w).await, 5, "only admins credit");
    }
    assert_eq!(set(&app, &w, 6, &w.admin.1).await.status, 200);

    // Completed: nothing moves it again.
    admin_sets_only(&app, &w, None).await;
    deliver(&app, &w, file, &w.designer.1).await.assert_error(409, "project.status.invalid");
    assert_eq!(project_status(&app, &w).await, 6);
}
