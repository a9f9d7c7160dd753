//! The password-reset round trip through the mail outbox.

use serde_json::json;

use crate::helpers::{spawn_app, TestApp, PASSWORD};

/// Requests a reset for `email` and returns the token from the mailed link.
async fn mailed_reset_token(app: &TestApp, email: &str) -> String {
    let answer = app.post("/password/email", &json!({"email": email})).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.body["message"], "Please check your email.");
    let (subject, body) = app.last_mail_to(email).await.expect("a reset mail was queued");
    assert!(subject.contains("Reset"), "{subject}");
    let link = body.split_whitespace().find(|w| w.contains("/password/reset/")).expect("the mail has a link");
    link.rsplit('/').next().unwrap().to_owned()
}

#[tokio::test]
async fn a_reset_link_sets_a_new_password_once_and_ends_old_sessions() {
    let app = spawn_app().await;
    let (_, old_session) = app.client_session("forgetful").await;
    let token = mailed_reset_token(&app, "forgetful@example.com").await;

    let check = app.get(&format!("/password/reset/{token}"), None).await;
    assert_eq!(check.status, 200, "{}", check.body);
    assert_eq!(check.body["data"]["email"], "forgetful@example.com");

    let new_password = "brand-new-password";
    let answer = app
        .post(&format!("/password/reset/{token}"), &json!({"password": new_password, "confirm_password": new_password}))
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.body["message"], "Password changed successfully");

    app.login("forgetful", PASSWORD).await.assert_error(401, "oauth.invalid_credentials");
    assert_eq!(app.login("forgetful", new_password).await.status, 200);
    app.get("/oauth/users", Some(&old_session)).await.assert_error(401, "auth.unauthenticated");

    // The link worked once.
    app.get(&format!("/password/reset/{token}"), None).await.assert_error(422, "auth.reset_password.link_expired");
    let again = app
        .post(
            &format!("/password/reset/{token}"),
            &json!({"password": "third-password", "confirm_password": "third-password"}),
        )
        .await;
    again.assert_error(422, "auth.reset_password.link_expired");
    assert_eq!(again.body["error"]["message"], "This link has expired.");
}

#[tokio::test]
async fn a_reset_link_expires() {
    let app = spawn_app().await;
    app.register(&TestApp::client_payload("slow")).await;
    let token = mailed_reset_token(&app, "slow@example.com").await;
    app.clock.advance_ms(3600 * 1000 + 1);
    app.get(&format!("/password/reset/{token}"), None).await.assert_error(422, "auth.reset_password.link_expired");
    let answer = app
        .post(
            &format!("/password/reset/{token}"),
            &json!({"password": "another-one", "confirm_password": "another-one"}),
        )
        .await;
    answer.assert_error(422, "auth.reset_password.link_expired");
    assert_eq!(app.login("slow", PASSWORD).await.status, 200, "the password did not change");
}

#[tokio::test]
async fn an_unknown_link_is_not_found() {
    let app = spawn_app().await;
    app.get("/password/reset/0123abcd", None).await.assert_error(404, "auth.reset_password.link_invalid");
}

#[tokio::test]
async fn reset_requests_and_new_passwords_are_validated() {
    let app = spawn_app().await;
    app.register(&TestApp::client_payload("careful")).await;
    // An unknown address is answered as a known one (abuse::links checks that no mail goes out).
    let unknown = app.post("/password/email", &json!({"email": "nobody@example.com"})).await;
    assert_eq!(unknown.status, 200, "{}", unknown.body);
    assert_eq!(unknown.body["message"], "Please check your email.");
    app.post("/password/email", &json!({"email": "nope"})).await.assert_error(422, "validation.email");

    let token = mailed_reset_token(&app, "careful@example.com").await;
    let short =
        app.post(&format!("/password/reset/{token}"), &json!({"password": "short", "confirm_password": "short"})).await;
    assert_eq!(short.field_message("password"), "Password must be 8-128 characters long.");
    let mismatch = app
        .post(
            &format!("/password/reset/{token}"),
            &json!({"password": "long-enough-1", "confirm_password": "long-enough-2"}),
        )
        .await;
    mismatch.assert_error(422, "password.confirmed");
    assert_eq!(mismatch.body["error"]["message"], "Your passwords do not match");
    assert_eq!(app.login("careful", PASSWORD).await.status, 200, "nothing changed");
}
