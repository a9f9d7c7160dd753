//! Sign-in throttling per account and client address: a stranger's wrong guesses slow the
//! stranger down, never the owner signing in from their own address.

use serde_json::{json, Value};
use vitrine_server::config::ProxyRange;

use crate::helpers::{spawn_app_with, TestApp, PASSWORD};

/// The throttle allows this many wrong passwords per account and address.
const MAX_FAILURES: usize = 10;

/// A server behind the local proxy, so that each test call can name its client address.
async fn behind_proxy() -> TestApp {
    spawn_app_with(|settings| settings.limits.trusted_proxies = vec!["127.0.0.1".parse::<ProxyRange>().unwrap()]).await
}

/// `POST /oauth/token` from the client at `from`: (status, body).
async fn sign_in_from(app: &TestApp, login: &str, password: &str, from: &str) -> (u16, Value) {
    let response = app
        .client
        .post(app.url("/oauth/token"))
        .header("x-forwarded-for", from)
        .json(&json!({"grant_type": "password", "username": login, "password": password}))
        .send()
        .await
        .expect("request sent");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn tokens_of(app: &TestApp, user_id: i64) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM access_token WHERE app_user_id = $1")
        .bind(user_id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn ten_wrong_passwords_from_one_address_do_not_lock_the_owner_out() {
    let app = behind_proxy().await;
    let victim = app.register(&TestApp::client_payload("victim")).await;
    for _ in 0..MAX_FAILURES {
        let (status, body) = sign_in_from(&app, "victim", "wrong-password", "203.0.113.66").await;
        assert_eq!(status, 401, "{body}");
    }
    let (status, body) = sign_in_from(&app, "victim", "wrong-password", "203.0.113.66").await;
    assert_eq!((status, body["error"]["code"].as_str()), (429, Some("auth.throttled")), "{body}");
    assert_eq!(tokens_of(&app, victim).await, 0, "no token for the attacker");

    // The owner, from their own address, signs in with either form of their login.
    for login in ["victim", "victim@example.com"] {
        let (status, body) = sign_in_from(&app, login, PASSWORD, "198.51.100.10").await;
        assert_eq!(status, 200, "{login}: {body}");
    }
    assert_eq!(tokens_of(&app, victim).await, 2);
}

#[tokio::test]
async fn guessing_from_one_address_stays_slow_whichever_form_of_the_login_it_uses() {
    let app = behind_proxy().await;
    let victim = app.register(&TestApp::client_payload("guessed")).await;
    // Half the guesses by username, half by e-mail: one counter for the account.
    for i in 0..MAX_FAILURES {
        let login = if i % 2 == 0 { "guessed" } else { "GUESSED@example.com" };
        let (status, body) = sign_in_from(&app, login, "wrong-password", "203.0.113.67").await;
        assert_eq!(status, 401, "{body}");
    }
    for login in ["guessed", "guessed@example.com"] {
        // Even the right password is refused from the guessing address until the window passes.
        let (status, body) = sign_in_from(&app, login, PASSWORD, "203.0.113.67").await;
        assert_eq!((status, body["error"]["code"].as_str()), (429, Some("auth.throttled")), "{login}: {body}");
    }
    assert_eq!(tokens_of(&app, victim).await, 0);
    app.clock.advance_ms(10 * 60 * 1000);
    assert_eq!(sign_in_from(&app, "guessed", PASSWORD, "203.0.113.67").await.0, 200);
}

#[tokio::test]
async fn a_forged_forwarded_address_does_not_escape_the_throttle() {
    // No trusted proxy: the header is ignored and every call comes from the peer.
    let app = spawn_app_with(|_| {}).await;
    app.register(&TestApp::client_payload("forged")).await;
    for i in 0..MAX_FAILURES {
        let (status, _) = sign_in_from(&app, "forged", "wrong-password", &format!("198.51.100.{i}")).await;
        assert_eq!(status, 401);
    }
    let (status, body) = sign_in_from(&app, "forged", "wrong-password", "198.51.100.99").await;
    assert_eq!((status, body["error"]["code"].as_str()), (429, Some("auth.throttled")), "{body}");
}
