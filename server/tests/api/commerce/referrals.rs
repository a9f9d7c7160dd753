//! Referrals: a visit through a referral link sets a 32-digit cookie; a sign-up that
//! carries it within 720 hours is credited to the referrer, a later one is not.

use serde_json::json;
use vitrine_server::commerce::referrals::WINDOW_MS;

use super::post;
use crate::helpers::{spawn_app, TestApp};

async fn visit(app: &TestApp, code: &str) -> String {
    let response = app.client.post(app.url("/referrals/visits")).json(&json!({"ref": code})).send().await.unwrap();
    assert_eq!(response.status(), 201);
    let set_cookie = response.headers()["set-cookie"].to_str().unwrap().to_owned();
    let body: serde_json::Value = response.json().await.unwrap();
    let cookie = body["data"]["cookie"].as_str().unwrap().to_owned();
    assert_eq!(cookie.len(), 32);
    assert!(cookie.bytes().all(|b| b.is_ascii_digit()), "{cookie}");
    assert!(set_cookie.starts_with(&format!("vitrine_referral={cookie};")), "{set_cookie}");
    assert!(set_cookie.contains("Max-Age=2592000"), "720 hours: {set_cookie}");
    cookie
}

async fn sign_up_with(app: &TestApp, username: &str, cookie: &str) {
    let mut payload = TestApp::client_payload(username);
    payload["referral_source"] = json!(cookie);
    app.register(&payload).await;
}

#[tokio::test]
async fn a_sign_up_counts_for_the_referrer_only_within_720_hours_of_the_visit() {
    let app = spawn_app().await;
    let (referrer, token) = app.client_session("refowner").await;
    let mine = app.get(&format!("/users/{referrer}/referrals"), Some(&token)).await;
    assert_eq!(mine.status, 200, "{}", mine.body);
    let code = mine.body["data"]["code"].as_str().unwrap().to_owned();
    assert_eq!(mine.body["data"]["link"], format!("/login?ref={code}"));
    assert_eq!(mine.body["data"]["total"], 0);

    let in_time = visit(&app, &code).await;
    let too_late = visit(&app, &code).await;
    app.clock.advance_ms(WINDOW_MS - 1);
    sign_up_with(&app, "refintime", &in_time).await;
    app.clock.advance_ms(1);
    sign_up_with(&app, "reftoolate", &too_late).await;

    // A month on, the referrer signs in again.
    let token = app.token("refowner").await;
    let mine = app.get(&format!("/users/{referrer}/referrals"), Some(&token)).await;
    assert_eq!(mine.body["data"]["code"], code, "the code stays the same");
    assert_eq!(mine.body["data"]["total"], 1);
    let names: Vec<&str> =
        mine.body["data"]["referred"].as_array().unwrap().iter().map(|r| r["username"].as_str().unwrap()).collect();
    assert_eq!(names, ["refintime"]);
}

#[tokio::test]
async fn referral_calls_refuse_strangers_and_unknown_codes() {
    let app = spawn_app().await;
    let (owner, _) = app.client_session("refpriv").await;
    let (_, stranger) = app.client_session("refstranger").await;
    let (_, admin) = app.admin_session("refadmin").await;
    let path = format!("/users/{owner}/referrals");
    app.get(&path, Some(&stranger)).await.assert_error(403, "auth.forbidden");
    app.get(&path, None).await.assert_error(401, "auth.unauthenticated");
    assert_eq!(app.get(&path, Some(&admin)).await.status, 200);
    app.get("/users/999999/referrals", Some(&admin)).await.assert_error(404, "user.not_found");

    let unknown = post(&app, "/referrals/visits", &json!({"ref": "nope"}), None).await;
    unknown.assert_error(422, "referral.invalid");
    assert_eq!(unknown.body["error"]["message"], "That referral code is not valid.");
    let visits: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM referral_visit").fetch_one(&app.db.pool).await.unwrap();
    assert_eq!(visits, 0, "a refused visit records nothing");

    // A made-up cookie credits nobody; the sign-up itself succeeds.
    sign_up_with(&app, "refmadeup", "12345678901234567890123456789012").await;
    let referrals: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM referral").fetch_one(&app.db.pool).await.unwrap();
    assert_eq!(referrals, 0);
}
