//! Reading files attached to projects (`GET /files/{id}/content`, download links):
//! a bid's files by the project's owner and the bidder; updates' files and the final
//! artworks by the owner and the assigned designer; brief attachments by whoever may
//! see the project. Everyone else is refused, as are other designers.

use reqwest::Method;
use serde_json::json;
use vitrine_server::timers::projects::run_due;

use super::{assigned, designer, launch_payload, post_update, send, upload_png, world};
use crate::helpers::{spawn_app, TestApp};

async fn read(app: &TestApp, file: i64, token: &str) -> u16 {
    app.get(&format!("/files/{file}/content"), Some(token)).await.status.as_u16()
}

async fn mint(app: &TestApp, file: i64, token: &str) -> u16 {
    let path = format!("/files/{file}/download/tokens");
    send(app, Method::POST, &path, json!(null), Some(token)).await.status.as_u16()
}

#[tokio::test]
async fn a_bids_files_are_read_by_the_owner_and_the_bidder_only() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let (_, rival) = designer(&app, "rival", 3).await;
    let file = upload_png(&app, &w.designer.1, "13").await;
    let bid = json!({"amount": 300, "description": "With a mock-up", "file_ids": [file]});
    assert_eq!(send(&app, Method::POST, &w.path("bids"), bid, Some(&w.designer.1)).await.status, 201);

    for (who, token) in [("owner", &w.owner.1), ("bidder", &w.designer.1), ("admin", &w.admin.1)] {
        assert_eq!((who, read(&app, file, token).await, mint(&app, file, token).await), (who, 200, 201));
    }
    for (who, token) in [("another designer", &rival), ("another client", &w.stranger.1)] {
        let answer = app.get(&format!("/files/{file}/content"), Some(token)).await;
        answer.assert_error(403, "auth.forbidden");
        assert_eq!((who, mint(&app, file, token).await), (who, 403));
    }
}

#[tokio::test]
async fn updates_files_and_final_artworks_are_the_two_parties() {
    let app = spawn_app().await;
    let a = assigned(&app).await;
    let update = post_update(&app, &a, "Sketches").await;
    let shown = app.get(&a.w.path(&format!("updates/{update}")), Some(&a.w.owner.1)).await.body["data"]["files"][0]
        ["id"]
        .as_i64()
        .unwrap();
    // Through to delivery: the timeline ends, an admin verifies, the designer delivers.
    let ends = app.get(&a.w.path(""), Some(&a.w.owner.1)).await.body["data"]["timeline_ends_at"].as_i64().unwrap();
    run_due(app.hub(), vitrine_server::config::DEFAULT_PUBLIC_URL, ends).await.unwrap();
    let verify = send(&app, Method::PUT, &a.w.path("statuses"), json!({"status_id": 4}), Some(&a.w.admin.1)).await;
    assert_eq!(verify.status, 200, "{}", verify.body);
    let artwork = upload_png(&app, &a.w.designer.1, "13").await;
    let delivered =
        send(&app, Method::POST, &a.w.path("artworks"), json!({"file_ids": [artwork]}), Some(&a.w.designer.1)).await;
    assert_eq!(delivered.status, 200, "{}", delivered.body);

    for file in [shown, artwork] {
        for token in [&a.w.owner.1, &a.w.designer.1, &a.w.admin.1] {
            assert_eq!(read(&app, file, token).await, 200);
        }
        for token in [&a.outsider.1, &a.w.stranger.1] {
            app.get(&format!("/files/{file}/content"), Some(token)).await.assert_error(403, "auth.forbidden");
            assert_eq!(mint(&app, file, token).await, 403);
        }
    }
}

#[tokio::test]
async fn brief_attachments_are_read_by_whoever_may_see_the_project() {
    let app = spawn_app().await;
    let (_, owner) = app.client_session("briefer").await;
    let (_, other_client) = app.client_session("onlooker").await;
    let (_, bidder) = designer(&app, "reader", 1).await;
    let attachment = upload_png(&app, &owner, "14").await;
    let mut payload = launch_payload(json!(250), json!(7));
    payload["project_questions"].as_array_mut().unwrap().push(json!({"id": 105, "answer_file_ids": [attachment]}));
    let launched = send(&app, Method::POST, "/projects", payload, Some(&owner)).await;
    assert_eq!(launched.status, 201, "{}", launched.body);

    assert_eq!(read(&app, attachment, &bidder).await, 200, "designers read the brief to bid");
    assert_eq!(read(&app, attachment, &owner).await, 200);
    app.get(&format!("/files/{attachment}/content"), Some(&other_client)).await.assert_error(403, "auth.forbidden");
    // Files attached to no project stay their uploader's.
    let unrelated = upload_png(&app, &other_client, "14").await;
    app.get(&format!("/files/{unrelated}/content"), Some(&bidder)).await.assert_error(403, "auth.forbidden");
}
