//! Sign-in by guid: an e-mailed one-time link (`POST /oauth/guid`), exchanged once
//! for a token (`POST /oauth/token/guid`), stored hashed, expiring.

use serde_json::json;

use crate::helpers::{spawn_app, TestApp};

/// Asks for a sign-in link for `email` and returns the guid from the mailed link.
async fn mailed_guid(app: &TestApp, email: &str) -> String {
    let answer = app.post("/oauth/guid", &json!({"email": email})).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let (subject, body) = app.last_mail_to(email).await.expect("a sign-in mail was queued");
    assert!(subject.contains("sign-in link"), "{subject}");
    let link = body.split_whitespace().find(|w| w.contains("/login/")).expect("the mail has a link");
    link.rsplit('/').next().unwrap().to_owned()
}

#[tokio::test]
async fn a_guid_signs_in_once_and_is_stored_only_hashed() {
    let app = spawn_app().await;
    let id = app.register(&TestApp::client_payload("guidy")).await;
    let guid = mailed_guid(&app, "guidy@example.com").await;

    let stored: Vec<String> =
        sqlx::query_scalar("SELECT token_hash FROM login_guid").fetch_all(&app.db.pool).await.unwrap();
    assert_eq!(stored.len(), 1);
    assert_ne!(stored[0], guid, "the guid itself is never stored");

    let answer = app.post("/oauth/token/guid", &json!({"guid": guid})).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let token = answer.body["access_token"].as_str().unwrap().to_owned();
    let me = app.get("/oauth/users", Some(&token)).await;
    assert_eq!(me.body["data"]["id"].as_i64(), Some(id));

    let again = app.post("/oauth/token/guid", &json!({"guid": guid})).await;
    again.assert_error(422, "auth.guid.used");
    assert_eq!(again.body["error"]["message"], "This sign-in link has already been used. Ask for a new one.");
}

#[tokio::test]
async fn a_guid_expires_and_a_newer_one_voids_it() {
    let app = spawn_app().await;
    app.register(&TestApp::client_payload("late")).await;
    let first = mailed_guid(&app, "late@example.com").await;
    let second = mailed_guid(&app, "late@example.com").await;
    app.post("/oauth/token/guid", &json!({"guid": first})).await.assert_error(422, "auth.guid.expired");

    app.clock.advance_ms(30 * 60 * 1000 + 1);
    app.post("/oauth/token/guid", &json!({"guid": second})).await.assert_error(422, "auth.guid.expired");
    // An expired guid stays refused: nothing was signed in.
    let tokens: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM access_token").fetch_one(&app.db.pool).await.unwrap();
    assert_eq!(tokens, 0);
}

#[tokio::test]
async fn unknown_or_missing_guids_and_addresses_are_refused_clearly() {
    let app = spawn_app().await;
    app.post("/oauth/token/guid", &json!({"guid": "not-a-real-guid"})).await.assert_error(401, "auth.guid.invalid");
    let missing = app.post("/oauth/token/guid", &json!({})).await;
    missing.assert_error(422, "validation.required");
    assert_eq!(missing.field_code("guid"), "validation.required");
    let bad = app.post("/oauth/guid", &json!({"email": "not an address"})).await;
    assert_eq!(bad.status, 422, "{}", bad.body);
    assert!(!bad.field_code("email").is_empty(), "{}", bad.body);

    // An address nobody uses gets the same answer and no mail.
    let answer = app.post("/oauth/guid", &json!({"email": "nobody@example.com"})).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(app.last_mail_to("nobody@example.com").await.is_none());
}

#[tokio::test]
async fn a_deactivated_account_cannot_sign_in_by_guid() {
    let app = spawn_app().await;
    let id = app.register(&TestApp::client_payload("gone")).await;
    let guid = mailed_guid(&app, "gone@example.com").await;
    sqlx::query("UPDATE app_user SET is_active = 0 WHERE id = $1").bind(id).execute(&app.db.pool).await.unwrap();
    app.post("/oauth/token/guid", &json!({"guid": guid})).await.assert_error(403, "auth.user.inactive");
}
