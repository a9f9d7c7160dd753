//! Names that disguise themselves: a display name, a username or an uploaded file's name
//! holding a right-to-left override, a zero-width character or a control character is
//! refused with `name.invalid_characters`, and nothing is stored; names are kept in NFC.

use reqwest::multipart::{Form, Part};
use serde_json::{json, Value};

use crate::files::{file_rows, files_on_disk, PDF};
use crate::helpers::{Answer, TestApp};

/// Names that read as something they are not, or hide what they hold.
const HOSTILE: [&str; 6] = [
    "\u{202E}nimdA adA",        // reads "Ada Admin"
    "Ada\u{2066}Admin\u{2069}", // an isolate
    "Ad\u{200B}min",            // zero-width space
    "\u{FEFF}Admin",            // byte order mark
    "Ada\u{0}",                 // NUL
    "Ada\u{200F}",              // right-to-left mark
];

async fn user_count(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM app_user").fetch_one(&app.db.pool).await.unwrap()
}

async fn name_of(app: &TestApp, id: i64) -> (String, String) {
    sqlx::query_as("SELECT name, username FROM app_user WHERE id = $1").bind(id).fetch_one(&app.db.pool).await.unwrap()
}

fn assert_hidden_characters(answer: &Answer, field: &str, name: &str) {
    answer.assert_error(422, "name.invalid_characters");
    assert_eq!(answer.field_code(field), "name.invalid_characters", "{name:?}: {}", answer.body);
    assert_eq!(answer.field_message(field), "Names may not contain control, text-direction or invisible characters.");
}

#[tokio::test]
async fn sign_up_refuses_display_names_and_usernames_with_hidden_characters() {
    let app = crate::helpers::spawn_app().await;
    let before = user_count(&app).await;
    for (n, name) in HOSTILE.iter().enumerate() {
        let mut payload = TestApp::client_payload(&format!("abname{n}"));
        payload["name"] = json!(name);
        assert_hidden_characters(&app.post("/oauth/register", &payload).await, "name", name);

        let mut designer = TestApp::designer_payload(&format!("abnamed{n}"));
        designer["username"] = json!(format!("ab{name}"));
        assert_hidden_characters(&app.post("/oauth/register", &designer).await, "username", name);
    }
    assert_eq!(user_count(&app).await, before, "no account was created");

    // A name typed with a combining accent is stored as the one composed letter (NFC).
    let mut payload = TestApp::client_payload("abnfc");
    payload["name"] = json!("Jose\u{301} Nun\u{303}ez");
    let id = app.register(&payload).await;
    assert_eq!(name_of(&app, id).await.0, "Jos\u{e9} Nu\u{f1}ez");
}

#[tokio::test]
async fn a_profile_or_username_change_with_hidden_characters_changes_nothing() {
    let app = crate::helpers::spawn_app().await;
    let (id, token) = app.client_session("abrename").await;
    let before = name_of(&app, id).await;
    for name in HOSTILE {
        let renamed = app.put(&format!("/users/{id}"), &json!({"name": name}), &token).await;
        assert_hidden_characters(&renamed, "name", name);
        let reset = app
            .send_json(reqwest::Method::POST, "/username/reset", &json!({"username": format!("x{name}")}), Some(&token))
            .await;
        assert_hidden_characters(&reset, "username", name);
    }
    assert_eq!(name_of(&app, id).await, before, "neither name changed");

    let renamed = app.put(&format!("/users/{id}"), &json!({"name": "Rene\u{301}e"}), &token).await;
    assert_eq!(renamed.status, 200, "{}", renamed.body);
    assert_eq!(renamed.body["data"]["name"], "Ren\u{e9}e");
    assert_eq!(name_of(&app, id).await.0, "Ren\u{e9}e");
}

/// `POST /files` with one PDF part named `name`, the name sent as its raw UTF-8 bytes.
async fn upload_named(app: &TestApp, token: &str, name: &str) -> Answer {
    let form = Form::new()
        .percent_encode_noop()
        .text("file_category_id", "4")
        .part("files[]", Part::bytes(PDF.to_vec()).file_name(name.to_owned()));
    let response = app.client.post(app.url("/files")).bearer_auth(token).multipart(form).send().await.unwrap();
    let status = response.status();
    let body: Value = serde_json::from_str(&response.text().await.unwrap_or_default()).unwrap_or(Value::Null);
    Answer { status, body }
}

#[tokio::test]
async fn an_upload_named_to_disguise_its_type_is_refused_and_nothing_is_stored() {
    let crate::files::FilesApp { app, files_dir } = crate::files::spawn(None).await;
    let (_, token) = app.client_session("abfilename").await;
    for name in ["innocent\u{202E}fdp.exe", "brief\u{200B}.pdf", "brief\u{2067}.pdf", "brief\u{FEFF}.pdf"] {
        let refused = upload_named(&app, &token, name).await;
        assert_hidden_characters(&refused, "files", name);
    }
    // A control character does not even make a readable part header.
    upload_named(&app, &token, "brief\u{1}.pdf").await.assert_error(422, "request.body_invalid");
    assert_eq!(file_rows(&app).await, 0, "no row");
    assert_eq!(files_on_disk(files_dir.path()), 0, "no bytes left behind");

    let accepted = upload_named(&app, &token, "bri\u{65}\u{301}f.pdf").await;
    assert_eq!(accepted.status, 201, "{}", accepted.body);
    assert_eq!(accepted.body["data"][0]["name"], "bri\u{e9}f.pdf", "stored in NFC");
}
