//! The holder's calls: ratings, status and blocks, the award; the winner's artworks;
//! reports.

use serde_json::json;

use super::{designer, patch, post, running_contest, submit, submitted, upload_png};
use crate::helpers::spawn_app;

#[tokio::test]
async fn only_the_holder_rates_and_only_the_holder_and_designer_see_the_rating() {
    let app = spawn_app().await;
    let contest = running_contest(&app, "j1").await;
    let (_, alice) = designer(&app, "j1alice", 2).await;
    let (_, bob) = designer(&app, "j1bob", 2).await;
    let entry = submitted(&app, &alice, contest.id).await;
    let path = format!("/contests/{}/entries/{entry}/ratings", contest.id);

    patch(&app, &path, &json!({"rating": 4}), Some(&alice)).await.assert_error(403, "contest.edit.forbidden");
    patch(&app, &path, &json!({"rating": 4}), Some(&bob)).await.assert_error(403, "contest.edit.forbidden");
    patch(&app, &path, &json!({"rating": 4}), None).await.assert_error(401, "auth.unauthenticated");
    patch(&app, &path, &json!({"rating": 6}), Some(&contest.owner)).await.assert_error(422, "rating.between");
    patch(&app, &path, &json!({"rating": 0}), Some(&contest.owner)).await.assert_error(422, "rating.between");
    let rated = patch(&app, &path, &json!({"rating": 4}), Some(&contest.owner)).await;
    assert_eq!(rated.status, 200, "{}", rated.body);
    assert_eq!(rated.body["data"]["rating"], 4);

    let one = format!("/contests/{}/entries/{entry}", contest.id);
    assert_eq!(app.get(&one, Some(&contest.owner)).await.body["data"]["rating"], 4);
    assert_eq!(app.get(&one, Some(&alice)).await.body["data"]["rating"], 4);
    assert!(app.get(&one, Some(&bob)).await.body["data"].get("rating").is_none());
    assert!(app.get(&one, None).await.body["data"].get("rating").is_none());
    let list = app.get(&format!("/contests/{}/entries", contest.id), Some(&bob)).await;
    assert!(list.body["data"][0].get("rating").is_none(), "{}", list.body);

    // The event went to the holder's and the designer's channels only.
    let channels: Vec<String> =
        sqlx::query_scalar("SELECT channel FROM event WHERE event_type = 'entry.rated' ORDER BY channel")
            .fetch_all(&app.db.pool)
            .await
            .unwrap();
    let alice_id: i64 =
        sqlx::query_scalar("SELECT id FROM app_user WHERE username = 'j1alice'").fetch_one(&app.db.pool).await.unwrap();
    let mut expected = vec![format!("user:{}", contest.owner_id), format!("user:{alice_id}")];
    expected.sort();
    assert_eq!(channels, expected);
}

#[tokio::test]
async fn the_holder_eliminates_and_blocks_and_a_blocked_designer_cannot_submit_again() {
    let app = spawn_app().await;
    let contest = running_contest(&app, "j2").await;
    let (_, alice) = designer(&app, "j2alice", 2).await;
    let first = submitted(&app, &alice, contest.id).await;
    let second = submitted(&app, &alice, contest.id).await;
    let path = format!("/contests/{}/entries/{first}/status", contest.id);

    patch(&app, &path, &json!({"status": "eliminated"}), Some(&alice))
        .await
        .assert_error(403, "contest.edit.forbidden");
    patch(&app, &path, &json!({"status": "gone"}), Some(&contest.owner)).await.assert_error(422, "status.in");
    let one = patch(&app, &path, &json!({"status": "eliminated"}), Some(&contest.owner)).await;
    assert_eq!(one.status, 200, "{}", one.body);
    assert_eq!(one.body["data"][0]["status"], "eliminated");
    let active = app.get(&format!("/contests/{}/entries?filter[status]=active", contest.id), None).await;
    assert_eq!(active.body["total"], 1);
    assert_eq!(active.body["data"][0]["id"], second);

    let all = json!({"status": "eliminated", "eliminate_all": 1, "block_designer": 1});
    let answer = patch(&app, &path, &all, Some(&contest.owner)).await;
    assert_eq!(answer.body["data"].as_array().unwrap().len(), 2, "{}", answer.body);
    let eliminated = app.get(&format!("/contests/{}/entries?filter[status]=eliminated", contest.id), None).await;
    assert_eq!(eliminated.body["total"], 2);
    submit(&app, &alice, contest.id).await.assert_error(403, "contest.entry.designer_blocked");
    let stats = app.get(&format!("/contests/{}/entries/upload-stats", contest.id), Some(&alice)).await;
    assert_eq!(stats.body["data"]["is_blocked"], true);
}

#[tokio::test]
async fn the_award_moves_the_contest_to_5_notifies_the_winner_and_takes_the_artwork_once() {
    let app = spawn_app().await;
    let contest = running_contest(&app, "j3").await;
    let (alice_id, alice) = designer(&app, "j3alice", 2).await;
    let (_, bob) = designer(&app, "j3bob", 2).await;
    let entry = submitted(&app, &alice, contest.id).await;
    let losing = submitted(&app, &bob, contest.id).await;
    let award = format!("/contests/{}/entries/{entry}/award-winners", contest.id);
    let artworks = format!("/contests/{}/entries/{entry}/artworks", contest.id);

    let early = upload_png(&app, &alice, 8).await;
    post(&app, &artworks, &json!({"file_ids": [early]}), Some(&alice))
        .await
        .assert_error(403, "contest.entry.artwork.not_winner");
    post(&app, &award, &json!({}), Some(&alice)).await.assert_error(403, "contest.edit.forbidden");
    let awarded = post(&app, &award, &json!({}), Some(&contest.owner)).await;
    assert_eq!(awarded.status, 200, "{}", awarded.body);
    assert_eq!(awarded.body["data"]["is_winner"], 1);
    let shown = app.get(&format!("/contests/{}", contest.id), None).await;
    assert_eq!(shown.body["data"]["status_id"], 5);
    let kinds: Vec<i64> = sqlx::query_scalar("SELECT notification_type_id FROM notification WHERE app_user_id = $1")
        .bind(alice_id)
        .fetch_all(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(kinds, vec![5]);
    let status_events: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM event WHERE channel = $1 AND event_type = 'contest.status'")
            .bind(format!("contest:{}", contest.id))
            .fetch_one(&app.db.pool)
            .await
            .unwrap();
    assert!(status_events >= 1);
    let again = format!("/contests/{}/entries/{losing}/award-winners", contest.id);
    post(&app, &again, &json!({}), Some(&contest.owner)).await.assert_error(409, "contest.award.not_open");

    let losing_art = format!("/contests/{}/entries/{losing}/artworks", contest.id);
    let bob_file = upload_png(&app, &bob, 8).await;
    post(&app, &losing_art, &json!({"file_ids": [bob_file]}), Some(&bob))
        .await
        .assert_error(403, "contest.entry.artwork.not_winner");
    post(&app, &artworks, &json!({"file_ids": [bob_file]}), Some(&bob))
        .await
        .assert_error(403, "contest.entry.not_designer");
    let final_file = upload_png(&app, &alice, 8).await;
    let uploaded = post(&app, &artworks, &json!({"file_ids": [final_file]}), Some(&alice)).await;
    assert_eq!(uploaded.status, 201, "{}", uploaded.body);
    assert_eq!(uploaded.body["data"][0]["kind"], 3);
    let second = post(&app, &artworks, &json!({"file_ids": [early]}), Some(&alice)).await;
    second.assert_error(409, "contest.entry.artwork.file.already_uploaded");
    assert_eq!(second.body["error"]["message"], "A file has already been uploaded.");
    let owner_kinds: Vec<i64> = sqlx::query_scalar(
        "SELECT notification_type_id FROM notification WHERE app_user_id = $1 AND notification_type_id = 7",
    )
    .bind(contest.owner_id)
    .fetch_all(&app.db.pool)
    .await
    .unwrap();
    assert_eq!(owner_kinds, vec![7]);
    // The final files are the holder's and the designer's, not another designer's.
    let read = |token: String| {
        let request = app.client.get(app.url(&format!("/files/{final_file}/content"))).bearer_auth(token);
        async move { request.send().await.unwrap().status().as_u16() }
    };
    assert_eq!(read(contest.owner.clone()).await, 200);
    assert_eq!(read(bob.clone()).await, 403);
}

#[tokio::test]
async fn an_entry_is_reported_once_per_user_and_never_as_a_copy_of_itself() {
    let app = spawn_app().await;
    let contest = running_contest(&app, "j4").await;
    let (_, alice) = designer(&app, "j4alice", 2).await;
    let (_, bob) = designer(&app, "j4bob", 2).await;
    let entry = submitted(&app, &alice, contest.id).await;
    let original = submitted(&app, &bob, contest.id).await;
    let path = format!("/contests/{}/entries/{entry}/reports", contest.id);

    post(&app, &path, &json!({"reason": "copy"}), None).await.assert_error(401, "auth.unauthenticated");
    post(&app, &path, &json!({"reason": "copy"}), Some(&alice))
        .await
        .assert_error(403, "contest.entry.report.forbidden");
    post(&app, &path, &json!({"reason": "copy"}), Some(&contest.owner))
        .await
        .assert_error(403, "contest.entry.report.forbidden");
    post(&app, &path, &json!({"reason": " "}), Some(&bob)).await.assert_error(422, "validation.required");
    let same = post(&app, &path, &json!({"reason": "copy", "copied_entry_id": entry}), Some(&bob)).await;
    same.assert_error(422, "copied_entry_id.different");
    assert_eq!(same.body["error"]["message"], "Copy entry is same as report entry");

    let body = json!({"reason": "copies my entry", "copied_entry_id": original});
    let reported = post(&app, &path, &body, Some(&bob)).await;
    assert_eq!(reported.status, 201, "{}", reported.body);
    let twice = post(&app, &path, &body, Some(&bob)).await;
    twice.assert_error(409, "contest.entry.report.exists");
    assert_eq!(twice.body["error"]["message"], "This entry has already been reported");
}
