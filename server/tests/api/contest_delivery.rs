//! After the award: a winner who delivers before the admin verifies is not asked to
//! deliver again; the verification moves the contest straight to Delivered (8).

use serde_json::json;

use crate::{
    entries::{designer, post, running_contest, submitted, upload_png},
    helpers::spawn_app,
};

#[tokio::test]
async fn a_contest_delivered_before_verification_is_delivered_once_verified() {
    let app = spawn_app().await;
    let contest = running_contest(&app, "early").await;
    let (_, admin) = app.admin_session("earlyverifier").await;
    let (_, winner) = designer(&app, "earlywinner", 3).await;
    let entry = submitted(&app, &winner, contest.id).await;
    let awarded = post(
        &app,
        &format!("/contests/{}/entries/{entry}/award-winners", contest.id),
        &json!({}),
        Some(&contest.owner),
    )
    .await;
    assert_eq!(awarded.status, 200, "{}", awarded.body);
    let file = upload_png(&app, &winner, 8).await;
    let uploaded = post(
        &app,
        &format!("/contests/{}/entries/{entry}/artworks", contest.id),
        &json!({"file_ids": [file]}),
        Some(&winner),
    )
    .await;
    assert_eq!(uploaded.status, 201, "{}", uploaded.body);

    let verified = app.put(&format!("/contests/{}/statuses", contest.id), &json!({"status_id": 7}), &admin).await;
    assert_eq!(verified.status, 200, "{}", verified.body);
    assert_eq!(verified.body["data"]["status_id"], 8, "the files are already there");
    let credited = app.put(&format!("/contests/{}/statuses", contest.id), &json!({"status_id": 9}), &admin).await;
    assert_eq!(credited.body["data"]["status_id"], 9);
}

#[tokio::test]
async fn a_verified_contest_without_files_waits_for_the_winner() {
    let app = spawn_app().await;
    let contest = running_contest(&app, "ontime").await;
    let (_, admin) = app.admin_session("ontimeverifier").await;
    let (_, winner) = designer(&app, "ontimewinner", 3).await;
    let entry = submitted(&app, &winner, contest.id).await;
    post(&app, &format!("/contests/{}/entries/{entry}/award-winners", contest.id), &json!({}), Some(&contest.owner))
        .await;
    let verified = app.put(&format!("/contests/{}/statuses", contest.id), &json!({"status_id": 7}), &admin).await;
    assert_eq!(verified.body["data"]["status_id"], 7);
    let file = upload_png(&app, &winner, 8).await;
    post(
        &app,
        &format!("/contests/{}/entries/{entry}/artworks", contest.id),
        &json!({"file_ids": [file]}),
        Some(&winner),
    )
    .await;
    let shown = app.get(&format!("/contests/{}", contest.id), None).await;
    assert_eq!(shown.body["data"]["status_id"], 8);
}
