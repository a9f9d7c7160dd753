//! After the award: a winner who delivers before the admin verifies is not asked to
//! deliver again; the verification moves the contest straight to Delivered (8). The
//! holder accepts the delivered files once (`POST /contests/{id}/finalize`).

use serde_json::json;

use vitrine_protocol::ServerFrame;

use crate::{
    entries::{designer, post, running_contest, submitted, upload_png, Running},
    helpers::{Answer, TestApp},
    realtime::client::WsClient,
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

async fn finalize(app: &TestApp, contest: i64, token: &str) -> Answer {
    post(app, &format!("/contests/{contest}/finalize"), &json!({}), Some(token)).await
}

#[tokio::test]
async fn the_holder_accepts_the_delivered_files_once_and_the_winner_sees_it_live() {
    let app = crate::helpers::spawn_app().await;
    let (contest, admin, winner, entry) = awarded(&app, "accept").await;
    assert_eq!(set_status(&app, contest.id, 7, &admin).await.status, 200);
    // Nothing to accept before the files arrive.
    finalize(&app, contest.id, &contest.owner).await.assert_error(409, "contest.artwork.not_delivered");
    assert_eq!(deliver(&app, contest.id, entry, &winner).await.status, 201);

    let mut watcher = WsClient::signed_in(&app, &winner).await;
    let head = match watcher.sub(&format!("contest:{}", contest.id), None, None).await {
        ServerFrame::Subscribed { seq, .. } => seq,
        other => panic!("expected subscribed, got {other:?}"),
    };
    // Only the holder accepts: not the winner, not an admin.
    finalize(&app, contest.id, &winner).await.assert_error(403, "contest.artwork.accept.forbidden");
    finalize(&app, contest.id, &admin).await.assert_error(403, "contest.artwork.accept.forbidden");

    let accepted = finalize(&app, contest.id, &contest.owner).await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    let at = accepted.body["data"]["artwork_accepted_at"].as_i64().expect("accepted_at set");
    assert_eq!(accepted.body["data"]["status_id"], 8, "crediting stays the admins'");
    match watcher.expect().await {
        ServerFrame::Event(event) => {
            assert_eq!((event.seq, event.event_type.as_str()), (head + 1, "contest.updated"));
            assert_eq!(event.data["artwork_accepted_at"], at);
        }
        other => panic!("expected contest.updated, got {other:?}"),
    }
    let told = app.get("/notifications", Some(&winner)).await;
    let notice = told.body["data"].as_array().unwrap().iter().find(|n| n["notification_type_id"] == 9).cloned();
    let notice = notice.expect("the winner is told");
    assert_eq!(notice["data"]["contest_entry_id"], entry);

    finalize(&app, contest.id, &contest.owner).await.assert_error(409, "contest.artwork.already_accepted");
    // The admin credits as before: the contest reaches its final status, accepted.
    let credited = set_status(&app, contest.id, 9, &admin).await;
    assert_eq!(credited.body["data"]["status_id"], 9);
    assert_eq!(credited.body["data"]["artwork_accepted_at"], at);
}

#[tokio::test]
async fn a_stranger_cannot_accept_and_a_private_contest_hides_itself() {
    let app = crate::helpers::spawn_app().await;
    let (contest, _, _, _) = awarded(&app, "stranger").await;
    let (_, other) = app.client_session("strangerclient").await;
    finalize(&app, contest.id, &other).await.assert_error(403, "contest.artwork.accept.forbidden");
    finalize(&app, 999_999, &contest.owner).await.assert_error(404, "contest.not_found");
}
