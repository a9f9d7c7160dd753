//! Submitting entries and new versions.

use serde_json::json;

use super::{designer, post, running_contest, submit, submitted, upload_png};
use crate::{contests::launch, helpers::spawn_app};

#[tokio::test]
async fn a_designer_submits_an_entry_and_the_holder_is_notified() {
    let app = spawn_app().await;
    let contest = running_contest(&app, "s1").await;
    let (designer_id, token) = designer(&app, "s1designer", 1).await;
    let answer = submit(&app, &token, contest.id).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    let entry = &answer.body["data"];
    assert_eq!(entry["number"], 1);
    assert_eq!(entry["created_by"], designer_id);
    assert_eq!(entry["status"], "active");
    assert_eq!(entry["version"], 1);
    assert_eq!(entry["created_by_user"]["username"], "s1designer");
    let second = submitted(&app, &token, contest.id).await;

    let (kind, data): (i64, String) = sqlx::query_as(
        "SELECT notification_type_id, data FROM notification WHERE app_user_id = $1 ORDER BY id DESC LIMIT 1",
    )
    .bind(contest.owner_id)
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    assert_eq!(kind, 10, "'uploaded': type 4 is 'contest create', not an entry");
    let data: serde_json::Value = serde_json::from_str(&data).unwrap();
    assert_eq!(
        data,
        json!({
            "contest_id": contest.id,
            "contest_entry_id": second,
            "text": {"key": "entry.submitted", "values": {"contest": "Bright Bean Coffee", "number": 2, "username": "s1designer"}},
        })
    );
}

#[tokio::test]
async fn only_designers_submit_and_only_to_running_contests() {
    let app = spawn_app().await;
    let contest = running_contest(&app, "s2").await;
    let (_, token) = designer(&app, "s2designer", 2).await;

    let main = upload_png(&app, &contest.owner, 5).await;
    let path = format!("/contests/{}/entries", contest.id);
    post(&app, &path, &json!({"main_file_id": main}), Some(&contest.owner))
        .await
        .assert_error(403, "contest.entry.designers_only");
    post(&app, &path, &json!({"main_file_id": main}), None).await.assert_error(401, "auth.unauthenticated");

    let unpaid = launch(&app, &contest.owner).await;
    let refused = submit(&app, &token, unpaid).await;
    refused.assert_error(422, "contest.not_active");
    assert_eq!(
        refused.body["error"]["message"],
        "You can't upload the entry since contest is not started and running."
    );
    submit(&app, &token, 424242).await.assert_error(404, "contest.not_found");

    // The main image must be the designer's own upload of category 5.
    let other = upload_png(&app, &token, 8).await;
    let answer = post(&app, &path, &json!({"main_file_id": other}), Some(&token)).await;
    answer.assert_error(422, "validation.exists");
    assert_eq!(answer.field_code("main_file_id"), "validation.exists");
    post(&app, &path, &json!({"main_file_id": main}), Some(&token)).await.assert_error(422, "validation.exists");
    post(&app, &path, &json!({}), Some(&token)).await.assert_error(422, "validation.required");
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM contest_entry").fetch_one(&app.db.pool).await.unwrap();
    assert_eq!(count, 0);
}

#[tokio::test]
async fn a_naming_contest_takes_a_name_without_an_image_and_other_contests_do_not() {
    let app = spawn_app().await;
    let naming = running_contest(&app, "nm1").await;
    // Business name (type 11): a naming contest.
    sqlx::query("UPDATE contest SET contest_type_id = 11 WHERE id = $1")
        .bind(naming.id)
        .execute(&app.db.pool)
        .await
        .unwrap();
    let logo = running_contest(&app, "nm2").await;
    let (_, token) = designer(&app, "nmdesigner", 2).await;
    let path = |id: i64| format!("/contests/{id}/entries");

    let named = post(
        &app,
        &path(naming.id),
        &json!({"title": "  Night Owl Roasters ", "description": "Short and warm."}),
        Some(&token),
    )
    .await;
    assert_eq!(named.status, 201, "{}", named.body);
    assert_eq!(named.body["data"]["title"], "Night Owl Roasters");
    let files: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM contest_entry_file WHERE contest_entry_id = $1")
        .bind(named.body["data"]["id"].as_i64().unwrap())
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(files, 0, "a text entry has no image");
    // An image is still welcome there (a logotype of the name).
    assert_eq!(submit(&app, &token, naming.id).await.status, 201);
    // Neither name nor image: the name is what is missing.
    let empty = post(&app, &path(naming.id), &json!({"title": "   "}), Some(&token)).await;
    empty.assert_error(422, "validation.required");
    assert_eq!(empty.field_code("title"), "validation.required", "{}", empty.body);
    // Any other contest wants its image, title or not.
    let logo_text = post(&app, &path(logo.id), &json!({"title": "Night Owl"}), Some(&token)).await;
    logo_text.assert_error(422, "validation.required");
    assert_eq!(logo_text.field_code("main_file_id"), "validation.required");
    // Still for designers only.
    post(&app, &path(naming.id), &json!({"title": "Owl & Bean"}), Some(&naming.owner))
        .await
        .assert_error(403, "contest.entry.designers_only");
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM contest_entry").fetch_one(&app.db.pool).await.unwrap();
    assert_eq!(count, 2);
}

#[tokio::test]
async fn bronze_designer_cannot_submit_a_fourth_entry_while_silver_may() {
    let app = spawn_app().await;
    let contest = running_contest(&app, "s3").await;
    let (_, bronze) = designer(&app, "s3bronze", 1).await;
    let (_, silver) = designer(&app, "s3silver", 2).await;
    for _ in 0..3 {
        submitted(&app, &bronze, contest.id).await;
    }
    let stats = app.get(&format!("/contests/{}/entries/upload-stats", contest.id), Some(&bronze)).await;
    assert_eq!(stats.body["data"]["entries_submitted"], 3, "{}", stats.body);
    assert_eq!(stats.body["data"]["entries_remaining"], 0);
    assert_eq!(stats.body["data"]["max_entries"], 3);
    submit(&app, &bronze, contest.id).await.assert_error(422, "contest.entry.limit_reached");

    for _ in 0..4 {
        submitted(&app, &silver, contest.id).await;
    }
    let stats = app.get(&format!("/contests/{}/entries/upload-stats", contest.id), Some(&silver)).await;
    assert_eq!(stats.body["data"]["entries_submitted"], 4);
    assert_eq!(stats.body["data"]["entries_remaining"], serde_json::Value::Null);
    assert_eq!(stats.body["data"]["total_entries"], 7);
    assert_eq!(stats.body["data"]["total_designers"], 2);
    let numbers: Vec<i64> =
        sqlx::query_scalar("SELECT number FROM contest_entry ORDER BY number").fetch_all(&app.db.pool).await.unwrap();
    assert_eq!(numbers, (1..=7).collect::<Vec<i64>>());
}

#[tokio::test]
async fn only_the_entrys_designer_adds_versions() {
    let app = spawn_app().await;
    let contest = running_contest(&app, "s4").await;
    let (_, token) = designer(&app, "s4designer", 2).await;
    let (_, rival) = designer(&app, "s4rival", 2).await;
    let entry = submitted(&app, &token, contest.id).await;
    let path = format!("/contests/{}/entries/{entry}/versions", contest.id);

    let main = upload_png(&app, &token, 5).await;
    let other = upload_png(&app, &token, 8).await;
    let answer = post(&app, &path, &json!({"main_file_id": main, "other_file_ids": [other]}), Some(&token)).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    assert_eq!(answer.body["data"]["version"], 2);

    let rival_main = upload_png(&app, &rival, 5).await;
    post(&app, &path, &json!({"main_file_id": rival_main}), Some(&rival))
        .await
        .assert_error(403, "contest.entry.not_designer");
    post(&app, &path, &json!({"main_file_id": main}), Some(&contest.owner))
        .await
        .assert_error(403, "contest.entry.not_designer");

    let shown = app.get(&format!("/contests/{}/entries/{entry}", contest.id), None).await;
    let files = shown.body["data"]["files"].as_array().unwrap();
    assert_eq!(files.len(), 2, "{}", shown.body);
    assert!(files.iter().all(|f| f["version"] == 2));
    assert_eq!(files[0]["file_id"], main);
}

#[tokio::test]
async fn a_designer_withdraws_their_own_entry_while_the_contest_runs() {
    let app = spawn_app().await;
    let contest = running_contest(&app, "s9").await;
    let (_, admin) = app.admin_session("s9boss").await;
    let (_, bronze) = designer(&app, "s9bronze", 1).await;
    let (_, other) = designer(&app, "s9other", 2).await;
    let mut mine = Vec::new();
    for _ in 0..3 {
        mine.push(submitted(&app, &bronze, contest.id).await);
    }
    submit(&app, &bronze, contest.id).await.assert_error(422, "contest.entry.limit_reached");
    let path = format!("/contests/{}/entries/{}", contest.id, mine[0]);
    let delete = |token: Option<String>| {
        let path = path.clone();
        let app = &app;
        async move { app.send_json(reqwest::Method::DELETE, &path, &json!({}), token.as_deref()).await }
    };
    delete(None).await.assert_error(401, "auth.unauthenticated");
    delete(Some(other.clone())).await.assert_error(403, "contest.entry.not_designer");
    delete(Some(contest.owner.clone())).await.assert_error(403, "contest.entry.not_designer");
    let withdrawn = delete(Some(bronze.clone())).await;
    assert_eq!(withdrawn.status, 200, "{}", withdrawn.body);
    assert_eq!(withdrawn.body["data"]["status"], "withdrawn");
    delete(Some(bronze.clone())).await.assert_error(409, "contest.entry.not_active");

    // Gone from the gallery, and the slot is free again.
    let list = app.get(&format!("/contests/{}/entries", contest.id), None).await;
    assert_eq!(list.body["total"], 2);
    assert!(list.body["data"].as_array().unwrap().iter().all(|e| e["id"] != mine[0]));
    let event: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM event WHERE channel = $1 AND event_type = 'entry.updated' AND data LIKE '%withdrawn%'",
    )
    .bind(format!("contest:{}", contest.id))
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    assert_eq!(event, 1, "watchers hear of the withdrawal");
    submitted(&app, &bronze, contest.id).await;

    // Once the submission period is over, entries stay.
    let closed = app
        .send_json(
            reqwest::Method::PUT,
            &format!("/contests/{}/statuses", contest.id),
            &json!({"status_id": 3}),
            Some(&admin),
        )
        .await;
    assert_eq!(closed.status, 200, "{}", closed.body);
    let later = format!("/contests/{}/entries/{}", contest.id, mine[1]);
    app.send_json(reqwest::Method::DELETE, &later, &json!({}), Some(&bronze))
        .await
        .assert_error(422, "contest.entry.withdraw.closed");
}
