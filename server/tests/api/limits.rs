//! The abuse limits (issue #38): sign-in, sign-up, mail and payments, per client address and
//! per account, with real (small) rates. A refused call answers 429 `rate.limited` with
//! `Retry-After` and does nothing; the limit comes back once the wait has passed on the
//! server's clock, which the test moves (no sleeping).

use reqwest::Method;
use serde_json::{json, Value};
use vitrine_server::config::{LimitSettings, ProxyRange};
use vitrine_stripe_mock::StripeMock;

use crate::helpers::{spawn_app_with, TestApp, PASSWORD};

/// An answer with its `Retry-After` header, checked against /openapi.json like every other.
struct Raw {
    status: u16,
    retry_after: Option<String>,
    body: Value,
}

async fn call(app: &TestApp, method: Method, path: &str, body: Value, token: Option<&str>, from: Option<&str>) -> Raw {
    let mut request = app.client.request(method.clone(), app.url(path)).json(&body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if let Some(client) = from {
        request = request.header("x-forwarded-for", client);
    }
    let response = request.send().await.expect("request sent");
    let status = response.status().as_u16();
    let retry_after = response.headers().get("retry-after").map(|v| v.to_str().unwrap().to_owned());
    let text = response.text().await.unwrap_or_default();
    let body = serde_json::from_str(&text).unwrap_or(Value::Null);
    crate::schema_check::check(method.as_str(), path, status, &text, &body);
    Raw { status, retry_after, body }
}

#[track_caller]
fn assert_limited(answer: &Raw, seconds: u64) {
    assert_eq!(answer.status, 429, "{}", answer.body);
    assert_eq!(answer.retry_after.as_deref(), Some(seconds.to_string().as_str()), "Retry-After");
    let error = &answer.body["error"];
    assert_eq!(error["code"], "rate.limited", "{}", answer.body);
    assert_eq!(error["status"], 429);
    assert_eq!(error["retry_after"], seconds);
    assert_eq!(error["message"], format!("Too many requests. Please try again in {seconds} seconds."));
}

#[track_caller]
fn assert_passed(answer: &Raw, status: u16) {
    assert_eq!(answer.status, status, "{}", answer.body);
    assert!(answer.retry_after.is_none());
}

/// A server with the limits on, every rate generous but those `adjust` sets.
async fn spawn_limited(adjust: impl FnOnce(&mut LimitSettings)) -> TestApp {
    spawn_app_with(|settings| limited(settings, adjust)).await
}

fn limited(settings: &mut vitrine_server::Settings, adjust: impl FnOnce(&mut LimitSettings)) {
    let generous = "1000/1s".parse().unwrap();
    let limits = &mut settings.limits;
    limits.enabled = true;
    for rate in [
        &mut limits.sign_in_per_ip,
        &mut limits.sign_in_per_account,
        &mut limits.sign_up_per_ip,
        &mut limits.sign_up_per_account,
        &mut limits.mail_per_ip,
        &mut limits.mail_per_account,
        &mut limits.payment_per_ip,
        &mut limits.payment_per_account,
    ] {
        *rate = generous;
    }
    adjust(limits);
}

fn behind_local_proxy(limits: &mut LimitSettings) {
    limits.trusted_proxies = vec!["127.0.0.1".parse::<ProxyRange>().unwrap()];
}

fn sign_in(login: &str) -> Value {
    json!({"grant_type": "password", "username": login, "password": PASSWORD})
}

async fn count(app: &TestApp, sql: &str, bind: &str) -> i64 {
    sqlx::query_scalar(sql).bind(bind.to_owned()).fetch_one(&app.db.pool).await.unwrap()
}

async fn tokens_of(app: &TestApp, username: &str) -> i64 {
    count(
        app,
        "SELECT COUNT(*) FROM access_token t JOIN app_user u ON u.id = t.app_user_id WHERE u.username = $1",
        username,
    )
    .await
}

async fn mail_to(app: &TestApp, address: &str) -> i64 {
    count(app, "SELECT COUNT(*) FROM mail_outbox WHERE to_address = $1", address).await
}

#[tokio::test]
async fn sign_in_is_limited_per_account_from_any_address_and_recovers() {
    let app = spawn_limited(|l| {
        l.sign_in_per_account = "2/1m".parse().unwrap();
        behind_local_proxy(l);
    })
    .await;
    app.register(&TestApp::client_payload("limana")).await;
    app.register(&TestApp::client_payload("limbob")).await;

    for client in ["198.51.100.1", "198.51.100.2"] {
        assert_passed(&call(&app, Method::POST, "/oauth/token", sign_in("limana"), None, Some(client)).await, 200);
    }
    // A third address changes nothing for the account, nor does its e-mail's case.
    let refused = call(&app, Method::POST, "/oauth/token", sign_in("LIMANA"), None, Some("198.51.100.3")).await;
    assert_limited(&refused, 30);
    assert_eq!(tokens_of(&app, "limana").await, 2, "the refused sign-in issued no token");
    // Another account from the same address signs in.
    assert_passed(&call(&app, Method::POST, "/oauth/token", sign_in("limbob"), None, Some("198.51.100.3")).await, 200);

    app.clock.advance_ms(30_000);
    assert_passed(&call(&app, Method::POST, "/oauth/token", sign_in("limana"), None, None).await, 200);
    assert_eq!(tokens_of(&app, "limana").await, 3);
}

#[tokio::test]
async fn sign_in_is_limited_per_client_address_behind_the_trusted_proxy() {
    let app = spawn_limited(|l| {
        l.sign_in_per_ip = "2/1m".parse().unwrap();
        behind_local_proxy(l);
    })
    .await;
    for name in ["limip1", "limip2", "limip3"] {
        app.register(&TestApp::client_payload(name)).await;
    }
    // nginx appends the address it saw; what the client wrote to its left proves nothing.
    let from = "203.0.113.50, 198.51.100.7";
    assert_passed(&call(&app, Method::POST, "/oauth/token", sign_in("limip1"), None, Some(from)).await, 200);
    assert_passed(&call(&app, Method::POST, "/oauth/token", sign_in("limip2"), None, Some(from)).await, 200);
    let refused =
        call(&app, Method::POST, "/oauth/token", sign_in("limip3"), None, Some("1.1.1.1, 198.51.100.7")).await;
    assert_limited(&refused, 30);
    assert_eq!(tokens_of(&app, "limip3").await, 0);
    // Another client of the proxy is not held back.
    assert_passed(&call(&app, Method::POST, "/oauth/token", sign_in("limip3"), None, Some("198.51.100.8")).await, 200);
}

#[tokio::test]
async fn forwarded_addresses_from_an_untrusted_peer_are_ignored() {
    // No trusted proxy: the peer (127.0.0.1) is the client whatever the header says.
    let app = spawn_limited(|l| l.sign_in_per_ip = "1/1m".parse().unwrap()).await;
    app.register(&TestApp::client_payload("limforge")).await;
    assert_passed(
        &call(&app, Method::POST, "/oauth/token", sign_in("limforge"), None, Some("198.51.100.1")).await,
        200,
    );
    let refused = call(&app, Method::POST, "/oauth/token", sign_in("limforge"), None, Some("198.51.100.2")).await;
    assert_limited(&refused, 60);
}

#[tokio::test]
async fn password_reset_mail_is_limited_per_address_and_sends_nothing_when_refused() {
    let app = spawn_limited(|l| l.mail_per_account = "1/1h".parse().unwrap()).await;
    app.register(&TestApp::client_payload("limreset")).await;
    app.register(&TestApp::client_payload("limother")).await;
    let (ana, bob) = ("limreset@example.com", "limother@example.com");

    assert_passed(&call(&app, Method::POST, "/password/email", json!({"email": ana}), None, None).await, 200);
    assert_eq!(mail_to(&app, ana).await, 1);
    let refused =
        call(&app, Method::POST, "/password/email", json!({"email": "LimReset@example.com"}), None, None).await;
    assert_limited(&refused, 3600);
    // The sign-in link is mail to the same address: the same limit.
    let refused = call(&app, Method::POST, "/oauth/guid", json!({"email": ana}), None, None).await;
    assert_limited(&refused, 3600);
    assert_eq!(mail_to(&app, ana).await, 1, "no mail written for a refused call");
    assert_passed(&call(&app, Method::POST, "/password/email", json!({"email": bob}), None, None).await, 200);

    app.clock.advance_ms(3_600_000);
    assert_passed(&call(&app, Method::POST, "/password/email", json!({"email": ana}), None, None).await, 200);
    assert_eq!(mail_to(&app, ana).await, 2);
}

#[tokio::test]
async fn mail_is_limited_per_client_address_whatever_the_address_asked_for() {
    let app = spawn_limited(|l| l.mail_per_ip = "2/1h".parse().unwrap()).await;
    for name in ["limg1", "limg2", "limg3"] {
        app.register(&TestApp::client_payload(name)).await;
    }
    for name in ["limg1", "limg2"] {
        let email = format!("{name}@example.com");
        assert_passed(&call(&app, Method::POST, "/oauth/guid", json!({"email": email}), None, None).await, 200);
    }
    // Unknown and known addresses alike: the limit comes before the lookup.
    let refused = call(&app, Method::POST, "/oauth/guid", json!({"email": "limg3@example.com"}), None, None).await;
    assert_limited(&refused, 1800);
    let refused = call(&app, Method::POST, "/password/email", json!({"email": "nobody@example.com"}), None, None).await;
    assert_limited(&refused, 1800);
    assert_eq!(mail_to(&app, "limg3@example.com").await, 0);

    app.clock.advance_ms(1_800_000);
    let email = json!({"email": "limg3@example.com"});
    assert_passed(&call(&app, Method::POST, "/oauth/guid", email, None, None).await, 200);
    assert_eq!(mail_to(&app, "limg3@example.com").await, 1);
}

#[tokio::test]
async fn sign_up_is_limited_per_client_address_and_creates_no_account_when_refused() {
    let app = spawn_limited(|l| l.sign_up_per_ip = "1/1h".parse().unwrap()).await;
    assert_passed(
        &call(&app, Method::POST, "/oauth/register", TestApp::client_payload("limup1"), None, None).await,
        201,
    );
    let refused = call(&app, Method::POST, "/oauth/register", TestApp::client_payload("limup2"), None, None).await;
    assert_limited(&refused, 3600);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM app_user WHERE username = $1", "limup2").await, 0);
    app.clock.advance_ms(3_600_000);
    assert_passed(
        &call(&app, Method::POST, "/oauth/register", TestApp::client_payload("limup2"), None, None).await,
        201,
    );
}

/// A paying server (the local Stripe) with the limits on.
async fn spawn_paying_limited(adjust: impl FnOnce(&mut LimitSettings)) -> (TestApp, StripeMock) {
    let stripe = StripeMock::start().await.expect("local Stripe starts");
    let base = stripe.base_url();
    let app = spawn_app_with(|s| {
        s.stripe_secret_key = Some("sk_test_vitrine".into());
        s.stripe_webhook_secret = Some(crate::payments::WEBHOOK_SECRET.into());
        s.stripe_api_base = base;
        limited(s, adjust);
    })
    .await;
    stripe.set_webhook(format!("{}/webhooks/stripe", app.address), crate::payments::WEBHOOK_SECRET);
    (app, stripe)
}

async fn payments_of(app: &TestApp, user_id: i64) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM payment_transaction WHERE app_user_id = $1")
        .bind(user_id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
}

fn launch_intent(contest: i64, key: &str) -> (String, Value) {
    (format!("/contests/{contest}/payments/stripe/payment-intents"), json!({"idempotency_key": key}))
}

#[tokio::test]
async fn payments_are_limited_per_user_and_a_refused_one_creates_nothing() {
    let (app, stripe) = spawn_paying_limited(|l| l.payment_per_account = "1/1h".parse().unwrap()).await;
    let (owner_id, owner) = app.client_session("limpay").await;
    let (first, _) = crate::payments::priced_contest(&app, &owner, &[]).await;
    let (second, _) = crate::payments::priced_contest(&app, &owner, &[]).await;

    let (path, body) = launch_intent(first, "limpay-1");
    assert_passed(&call(&app, Method::POST, &path, body, Some(&owner), None).await, 201);
    let created = stripe.payment_intents_created();
    let (path, body) = launch_intent(second, "limpay-2");
    assert_limited(&call(&app, Method::POST, &path, body.clone(), Some(&owner), None).await, 3600);
    // A PayPal payment and a saved card count as payments too.
    let paypal = format!("/contests/{second}/payments/paypal");
    assert_limited(&call(&app, Method::POST, &paypal, body.clone(), Some(&owner), None).await, 3600);
    let setup = format!("/users/{owner_id}/customer-cards/stripe/setup-intents");
    assert_limited(&call(&app, Method::POST, &setup, Value::Null, Some(&owner), None).await, 3600);
    assert_eq!(stripe.payment_intents_created(), created, "nothing reached Stripe");
    assert_eq!(payments_of(&app, owner_id).await, 1, "no payment recorded");

    app.clock.advance_ms(3_600_000);
    assert_passed(&call(&app, Method::POST, &path, body, Some(&owner), None).await, 201);
    assert_eq!(payments_of(&app, owner_id).await, 2);
}

#[tokio::test]
async fn payments_are_limited_per_client_address_across_users() {
    let (app, stripe) = spawn_paying_limited(|l| {
        l.payment_per_ip = "1/1h".parse().unwrap();
        behind_local_proxy(l);
    })
    .await;
    let (_, ana) = app.client_session("limpayip1").await;
    let (bob_id, bob) = app.client_session("limpayip2").await;
    let (ana_contest, _) = crate::payments::priced_contest(&app, &ana, &[]).await;
    let (bob_contest, _) = crate::payments::priced_contest(&app, &bob, &[]).await;

    let (path, body) = launch_intent(ana_contest, "limpayip-a");
    assert_passed(&call(&app, Method::POST, &path, body, Some(&ana), Some("198.51.100.20")).await, 201);
    let created = stripe.payment_intents_created();
    let (path, body) = launch_intent(bob_contest, "limpayip-b");
    assert_limited(&call(&app, Method::POST, &path, body.clone(), Some(&bob), Some("198.51.100.20")).await, 3600);
    assert_eq!((stripe.payment_intents_created(), payments_of(&app, bob_id).await), (created, 0));
    assert_passed(&call(&app, Method::POST, &path, body, Some(&bob), Some("198.51.100.21")).await, 201);
}

#[tokio::test]
async fn every_limited_operation_documents_its_429_and_retry_after() {
    let (_, openapi) = vitrine_server::http::api();
    let doc = serde_json::to_value(&openapi).unwrap();
    let limited = |path: &str, method: &str| {
        method == "post"
            && (path.ends_with("/payments/stripe/payment-intents")
                || path.ends_with("/payments/stripe")
                || path.ends_with("/payments/paypal")
                || path.starts_with("/users/{id}/customer-cards")
                || path.starts_with("/oauth/")
                || path.starts_with("/password/")
                || path == "/contests/{id}/coupons/invites")
    };
    let mut seen = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            if !limited(path, method) {
                continue;
            }
            seen += 1;
            let answer = &op["responses"]["429"];
            assert!(answer["headers"]["Retry-After"].is_object(), "{method} {path} documents no 429 with Retry-After");
            assert_eq!(answer["content"]["application/json"]["schema"]["$ref"], "#/components/schemas/ErrorEnvelope");
        }
    }
    // Sign-in, sign-up, reset (2), sign-in link (2), coupon invites, 11 intents, 4 charges,
    // 11 PayPal payments, 3 card routes.
    assert!(seen >= 35, "only {seen} limited operations found");
}

/// The Redis URL of the Redis suite (`make test-redis` sets it).
fn redis_url() -> String {
    std::env::var("VITRINE_TEST_REDIS_URL").expect("VITRINE_TEST_REDIS_URL is set by `make test-redis`")
}

#[tokio::test]
#[ignore = "needs Redis: run by `make test-redis`"]
async fn two_nodes_on_one_redis_share_one_allowance() {
    let (url, prefix) = (redis_url(), format!("test:rate:{}:", vitrine_server::accounts::secrets::new_secret()));
    let nodes = crate::helpers::spawn_cluster(2, |settings| {
        settings.redis_url = Some(url.clone());
        limited(settings, |l| {
            l.sign_in_per_account = "3/1m".parse().unwrap();
            l.redis_prefix = prefix.clone();
        });
    })
    .await;
    nodes[0].register(&TestApp::client_payload("limshared")).await;

    // Three sign-ins, whichever node takes them, use the account's allowance of three.
    for node in [&nodes[0], &nodes[1], &nodes[0]] {
        assert_passed(&call(node, Method::POST, "/oauth/token", sign_in("limshared"), None, None).await, 200);
    }
    // The fourth is refused by the node that has seen only one of them.
    // (Each node has its own clock, started a moment apart: the wait is 20 s, give or take.)
    let refused = call(&nodes[1], Method::POST, "/oauth/token", sign_in("limshared"), None, None).await;
    assert_eq!(
        (refused.status, refused.body["error"]["code"].as_str()),
        (429, Some("rate.limited")),
        "{}",
        refused.body
    );
    assert_eq!(tokens_of(&nodes[0], "limshared").await, 3, "the refused sign-in issued no token");
    // One call comes back every period / count, on the shared cell.
    for node in &nodes {
        node.clock.advance_ms(20_000);
    }
    assert_passed(&call(&nodes[1], Method::POST, "/oauth/token", sign_in("limshared"), None, None).await, 200);
    let again = call(&nodes[0], Method::POST, "/oauth/token", sign_in("limshared"), None, None).await;
    assert_eq!((again.status, again.body["error"]["code"].as_str()), (429, Some("rate.limited")), "{}", again.body);
    assert_eq!(tokens_of(&nodes[0], "limshared").await, 4);
}
