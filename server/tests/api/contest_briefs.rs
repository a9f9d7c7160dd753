//! The design brief of a running contest: designers read it (every answer, attached
//! files included) to compete; only its owner and admins change it. Each role is
//! tried on both the brief endpoint and `GET /contests/{id}?include=brief`.

use serde_json::json;

use crate::{
    contests::{activate, logo_brief},
    entries::{designer, upload_png},
    helpers::{spawn_app, TestApp},
};

/// A client launches the logo brief with a reference file and an image-checkbox
/// answer; an admin starts it. Answers (contest id, owner token, admin token, file id).
async fn running_with_file(app: &TestApp) -> (i64, String, String, i64) {
    let (_, owner) = app.client_session("briefowner").await;
    let (_, admin) = app.admin_session("briefadmin").await;
    let file = upload_png(app, &owner, 4).await;
    let mut brief = logo_brief();
    let answers = brief["contest_type_questions"].as_array_mut().unwrap();
    answers.push(json!({"id": 106, "answer_options": [10600, 10602]}));
    answers.push(json!({"id": 109, "answer_file_ids": [file]}));
    let answer = app.send_json(reqwest::Method::POST, "/contests", &brief, Some(&owner)).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    let id = answer.body["data"]["id"].as_i64().unwrap();
    activate(app, id, &admin).await;
    (id, owner, admin, file)
}

#[tokio::test]
async fn designers_of_every_level_read_the_brief_with_its_files() {
    let app = spawn_app().await;
    let (id, _, _, file) = running_with_file(&app).await;
    for (name, level) in [("bronzereader", 1), ("silverreader", 2), ("goldreader", 3)] {
        let (_, token) = designer(&app, name, level).await;
        let brief = app.get(&format!("/contests/{id}/briefs"), Some(&token)).await;
        assert_eq!(brief.status, 200, "{name}: {}", brief.body);
        let answers = brief.body["data"]["answers"].as_array().unwrap();
        assert_eq!(answers.len(), 8, "{name}");
        let styles = answers.iter().find(|a| a["contest_type_question_id"] == 106).unwrap();
        assert_eq!(styles["answer_options"], json!([10600, 10602]));
        let files = &answers.iter().find(|a| a["contest_type_question_id"] == 109).unwrap()["files"];
        assert_eq!(files[0]["id"], file, "{name}");
        assert_eq!(files[0]["full_path"], format!("/files/{file}/content"));

        let shown = app.get(&format!("/contests/{id}?include=brief"), Some(&token)).await;
        assert_eq!(shown.body["data"]["brief"].as_array().map(Vec::len), Some(8), "{name}");
        let content = app.get(&format!("/files/{file}/content"), Some(&token)).await;
        assert_eq!(content.status, 200, "{name} opens the attached file");
    }
}

#[tokio::test]
async fn the_owner_and_admins_read_the_brief_and_other_clients_do_not() {
    let app = spawn_app().await;
    let (id, owner, admin, file) = running_with_file(&app).await;
    let (_, other) = app.client_session("briefstranger").await;
    for token in [&owner, &admin] {
        let brief = app.get(&format!("/contests/{id}/briefs"), Some(token)).await;
        assert_eq!(brief.body["data"]["answers"].as_array().map(Vec::len), Some(8), "{}", brief.body);
    }

    app.get(&format!("/contests/{id}/briefs"), Some(&other)).await.assert_error(403, "contest.edit.forbidden");
    let shown = app.get(&format!("/contests/{id}?include=brief"), Some(&other)).await;
    assert_eq!(shown.status, 200);
    assert!(shown.body["data"].get("brief").is_none(), "another client sees title and description only");
    assert_eq!(app.get(&format!("/files/{file}/content"), Some(&other)).await.status, 403);

    app.get(&format!("/contests/{id}/briefs"), None).await.assert_error(401, "auth.unauthenticated");
    let anonymous = app.get(&format!("/contests/{id}?include=brief"), None).await;
    assert_eq!(anonymous.status, 200);
    assert!(anonymous.body["data"].get("brief").is_none(), "anonymous visitors get no brief");
}

#[tokio::test]
async fn designers_neither_read_an_unpaid_brief_nor_change_a_running_one() {
    let app = spawn_app().await;
    let (_, owner) = app.client_session("unpaidowner").await;
    let (_, gold) = designer(&app, "goldeditor", 3).await;
    let unpaid = crate::contests::launch(&app, &owner).await;
    app.get(&format!("/contests/{unpaid}/briefs"), Some(&gold)).await.assert_error(403, "contest.edit.forbidden");

    let (id, owner, _, _) = running_with_file(&app).await;
    let mut edited = logo_brief();
    edited["contest_type_questions"][0]["answer"] = json!("Not yours");
    app.put(&format!("/contests/{id}/briefs"), &edited, &gold).await.assert_error(403, "contest.edit.forbidden");
    assert_eq!(app.put(&format!("/contests/{id}/briefs"), &edited, &owner).await.status, 200);
}

#[tokio::test]
async fn a_private_contest_brief_is_read_by_signed_in_designers() {
    let app = spawn_app().await;
    let (id, _, _, _) = running_with_file(&app).await;
    sqlx::query("UPDATE contest SET is_private = 1 WHERE id = $1").bind(id).execute(&app.db.pool).await.unwrap();
    let (_, silver) = designer(&app, "privatereader", 2).await;
    assert_eq!(app.get(&format!("/contests/{id}/briefs"), Some(&silver)).await.status, 200);
}
