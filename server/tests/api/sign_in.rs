//! Password sign-in, tokens, sign-out, deactivation and throttling.

use serde_json::json;

use crate::helpers::{spawn_app, TestApp, PASSWORD};

#[tokio::test]
async fn sign_in_by_username_or_email_answers_an_oauth2_token() {
    let app = spawn_app().await;
    app.register(&TestApp::client_payload("ana")).await;
    for login in ["ana", "ANA", "ana@example.com", "Ana@Example.COM"] {
        let answer = app.login(login, PASSWORD).await;
        assert_eq!(answer.status, 200, "{login}: {}", answer.body);
        assert_eq!(answer.body["token_type"], "Bearer");
        assert!(answer.body["expires_in"].as_u64().unwrap() > 0);
        let token = answer.body["access_token"].as_str().unwrap();
        let me = app.get("/oauth/users", Some(token)).await;
        assert_eq!(me.status, 200);
        assert_eq!(me.body["data"]["username"], "ana");
    }
}

#[tokio::test]
async fn a_form_encoded_token_request_works_too() {
    let app = spawn_app().await;
    app.register(&TestApp::client_payload("formy")).await;
    let response = app
        .client
        .post(app.url("/oauth/token"))
        .form(&[("grant_type", "password"), ("username", "formy"), ("password", PASSWORD), ("client_id", "2")])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
}

#[tokio::test]
async fn a_wrong_password_or_unknown_user_is_refused_alike() {
    let app = spawn_app().await;
    app.register(&TestApp::client_payload("bea")).await;
    let wrong = app.login("bea", "not-the-password").await;
    wrong.assert_error(401, "oauth.invalid_credentials");
    assert_eq!(wrong.body["error"]["message"], "Please check your username and password and try again.");
    let unknown = app.login("nobody", "not-the-password").await;
    unknown.assert_error(401, "oauth.invalid_credentials");
}

#[tokio::test]
async fn sign_in_fields_are_validated_before_any_lookup() {
    let app = spawn_app().await;
    let answer =
        app.post("/oauth/token", &json!({"grant_type": "password", "username": "", "password": "short"})).await;
    answer.assert_error(422, "validation.failed");
    assert_eq!(answer.field_message("username"), "This field is required");
    assert_eq!(answer.field_message("password"), "Password must be 8-128 characters long.");
    let answer = app
        .post("/oauth/token", &json!({"grant_type": "client_credentials", "username": "a", "password": PASSWORD}))
        .await;
    answer.assert_error(400, "oauth.unsupported_grant_type");
}

#[tokio::test]
async fn a_deactivated_user_can_neither_sign_in_nor_use_a_token() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("boss").await;
    let (user_id, token) = app.client_session("leaving").await;

    let answer = app.put(&format!("/users/{user_id}/statuses"), &json!({"is_active": 0}), &admin).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.body["data"]["is_active"], 0);

    let login = app.login("leaving", PASSWORD).await;
    login.assert_error(403, "auth.user.inactive");
    assert_eq!(login.body["error"]["message"], "Your account is deactivated. Please contact support.");
    app.get("/oauth/users", Some(&token)).await.assert_error(401, "auth.unauthenticated");

    app.put(&format!("/users/{user_id}/statuses"), &json!({"is_active": 1}), &admin).await;
    assert_eq!(app.login("leaving", PASSWORD).await.status, 200);
}

#[tokio::test]
async fn only_admins_change_account_status() {
    let app = spawn_app().await;
    let (_, client) = app.client_session("plain").await;
    let (other, _) = app.client_session("target").await;
    app.put(&format!("/users/{other}/statuses"), &json!({"is_active": 0}), &client)
        .await
        .assert_error(403, "auth.forbidden");
    assert_eq!(app.login("target", PASSWORD).await.status, 200);
}

#[tokio::test]
async fn after_logout_the_token_is_refused() {
    let app = spawn_app().await;
    let (_, token) = app.client_session("outgoing").await;
    let (_, other_token) = app.client_session("staying").await;
    let answer = app.get("/oauth/logout", Some(&token)).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    app.get("/oauth/users", Some(&token)).await.assert_error(401, "auth.unauthenticated");
    app.get("/oauth/logout", Some(&token)).await.assert_error(401, "auth.unauthenticated");
    assert_eq!(app.get("/oauth/users", Some(&other_token)).await.status, 200, "other sessions live on");
}

#[tokio::test]
async fn tokens_expire_after_their_lifetime() {
    let app = spawn_app().await;
    let (_, token) = app.client_session("timely").await;
    let ttl_ms = 30 * 24 * 3600 * 1000;
    app.clock.advance_ms(ttl_ms - 1000);
    assert_eq!(app.get("/oauth/users", Some(&token)).await.status, 200);
    app.clock.advance_ms(2000);
    app.get("/oauth/users", Some(&token)).await.assert_error(401, "auth.unauthenticated");
}

#[tokio::test]
async fn missing_or_garbage_tokens_are_unauthenticated() {
    let app = spawn_app().await;
    app.get("/oauth/users", None).await.assert_error(401, "auth.unauthenticated");
    app.get("/oauth/users", Some("deadbeef")).await.assert_error(401, "auth.unauthenticated");
    let response = app.client.get(app.url("/oauth/users")).header("Authorization", "Basic abc").send().await.unwrap();
    assert_eq!(response.status(), 401);
}

#[tokio::test]
async fn repeated_failures_are_throttled() {
    let app = spawn_app().await;
    app.register(&TestApp::client_payload("guessme")).await;
    for _ in 0..10 {
        app.login("guessme", "wrong-password").await.assert_error(401, "oauth.invalid_credentials");
    }
    app.login("guessme", PASSWORD).await.assert_error(429, "auth.throttled");
    app.clock.advance_ms(10 * 60 * 1000);
    assert_eq!(app.login("guessme", PASSWORD).await.status, 200);
}
