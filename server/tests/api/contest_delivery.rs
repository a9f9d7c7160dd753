//! After the award: a winner who delivers before the admin verifies is not asked to
//! deliver again; the verification moves the contest straight to Delivered (8).

use serde_json::json;

use crate::{
    entries::{designer, post, running_contest, submitted, upload_png, Running},
    helpers::{Answer, TestApp},
};

/// A contest awarded to a gold designer's entry: (contest, admin, winner, entry).
async fn awarded(app: &TestApp, prefix: &str) -> (Running, String, String, i64) {
    let contest = running_contest(app, prefix).await;
    let (_, admin) = app.admin_session(&format!("{prefix}verifier")).await;
    let (_, winner) = designer(app, &format!("{prefix}winner"), 3).await;
    let entry = submitted(app, &winner, contest.id).await;
    let path = format!("/contests/{}/entries/{entry}/award-winners", contest.id);
    let answer = post(app, &path, &json!({}), Some(&contest.owner)).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    (contest, admin, winner, entry)
}

async fn deliver(app: &TestApp, contest: i64, entry: i64, winner: &str) -> Answer {
    let file = upload_png(app, winner, 8).await;
    post(app, &format!("/contests/{contest}/entries/{entry}/artworks"), &json!({"file_ids": [file]}), Some(winner))
        .await
}

async fn set_status(app: &TestApp, contest: i64, status_id: i64, admin: &str) -> Answer {
    app.put(&format!("/contests/{contest}/statuses"), &json!({"status_id": status_id}), admin).await
}

#[tokio::test]
async fn a_contest_delivered_before_verification_is_delivered_once_verified() {
    let app = crate::helpers::spawn_app().await;
    let (contest, admin, winner, entry) = awarded(&app, "early").await;
    assert_eq!(deliver(&app, contest.id, entry, &winner).await.status, 201);

    let verified = set_status(&app, contest.id, 7, &admin).await;
    assert_eq!(verified.status, 200, "{}", verified.body);
    assert_eq!(verified.body["data"]["status_id"], 8, "the files are already there");
    assert_eq!(set_status(&app, contest.id, 9, &admin).await.body["data"]["status_id"], 9);
}

#[tokio::test]
async fn a_verified_contest_without_files_waits_for_the_winner() {
    let app = crate::helpers::spawn_app().await;
    let (contest, admin, winner, entry) = awarded(&app, "ontime").await;
    assert_eq!(set_status(&app, contest.id, 7, &admin).await.body["data"]["status_id"], 7);
    assert_eq!(deliver(&app, contest.id, entry, &winner).await.status, 201);
    let shown = app.get(&format!("/contests/{}", contest.id), None).await;
    assert_eq!(shown.body["data"]["status_id"], 8);
}
