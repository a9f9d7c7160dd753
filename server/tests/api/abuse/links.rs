//! Reset and sign-in links die once the password changes, and the reset form answers
//! alike whether or not an address has an account.

use serde_json::json;

use crate::helpers::{spawn_app, TestApp, PASSWORD};

/// Asks for a reset link for `email` and reads its token from the mail.
async fn reset_token(app: &TestApp, email: &str) -> String {
    let answer = app.post("/password/email", &json!({"email": email})).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let (_, body) = app.last_mail_to(email).await.expect("a reset mail was queued");
    let link = body.split_whitespace().find(|w| w.contains("/password/reset/")).expect("the mail has a link");
    link.rsplit('/').next().unwrap().to_owned()
}

/// Asks for a sign-in link for `email` and reads its guid from the mail.
async fn sign_in_guid(app: &TestApp, email: &str) -> String {
    let answer = app.post("/oauth/guid", &json!({"email": email})).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let (_, body) = app.last_mail_to(email).await.expect("a sign-in mail was queued");
    let link = body.split_whitespace().find(|w| w.contains("/login/")).expect("the mail has a link");
    link.rsplit('/').next().unwrap().to_owned()
}

async fn set_password(app: &TestApp, token: &str, password: &str) -> crate::helpers::Answer {
    app.post(&format!("/password/reset/{token}"), &json!({"password": password, "confirm_password": password})).await
}

async fn mails_to(app: &TestApp, address: &str) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM mail_outbox WHERE to_address = $1")
        .bind(address)
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn an_older_reset_link_cannot_change_the_password_again() {
    let app = spawn_app().await;
    app.register(&TestApp::client_payload("linked")).await;
    let older = reset_token(&app, "linked@example.com").await;
    let newer = reset_token(&app, "linked@example.com").await;
    assert_eq!(set_password(&app, &newer, "owner-chose-this").await.status, 200);

    // Whoever still holds the older mail cannot take the account back.
    set_password(&app, &older, "attacker-chose-this").await.assert_error(422, "auth.reset_password.link_expired");
    app.get(&format!("/password/reset/{older}"), None).await.assert_error(422, "auth.reset_password.link_expired");
    app.login("linked", "attacker-chose-this").await.assert_error(401, "oauth.invalid_credentials");
    assert_eq!(app.login("linked", "owner-chose-this").await.status, 200);
}

#[tokio::test]
async fn a_sign_in_link_sent_before_a_password_change_no_longer_signs_in() {
    let app = spawn_app().await;
    app.register(&TestApp::client_payload("guided")).await;
    let guid = sign_in_guid(&app, "guided@example.com").await;
    let reset = reset_token(&app, "guided@example.com").await;
    assert_eq!(set_password(&app, &reset, "owner-chose-this").await.status, 200);

    let answer = app.post("/oauth/token/guid", &json!({"guid": guid})).await;
    answer.assert_error(422, "auth.guid.expired");
    assert!(answer.body.get("access_token").is_none());
    assert_eq!(app.login("guided", PASSWORD).await.status, 401, "the old password is gone too");
}

#[tokio::test]
async fn the_reset_form_answers_alike_for_unknown_and_known_addresses() {
    let app = spawn_app().await;
    app.register(&TestApp::client_payload("known")).await;
    let known = app.post("/password/email", &json!({"email": "known@example.com"})).await;
    let unknown = app.post("/password/email", &json!({"email": "stranger@example.com"})).await;
    assert_eq!(known.status, 200, "{}", known.body);
    assert_eq!((unknown.status, &unknown.body), (known.status, &known.body), "nothing tells them apart");
    assert_eq!(mails_to(&app, "known@example.com").await, 1);
    assert_eq!(mails_to(&app, "stranger@example.com").await, 0, "no mail to an unknown address");
}
