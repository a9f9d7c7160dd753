//! The scaled deployment as a whole (issue #37): the native cluster of `scripts/cluster.sh`
//! with its one shared local Stripe, and an SMTP catcher standing where Mailpit stands in
//! docker-compose. A card payment started on one node is settled by the other (the Stripe
//! every node shares sends its signed event there), and a password-reset link asked
//! through the proxy arrives in the catcher and works. The proxy answers over TLS with the
//! local certificate, with HSTS, and gzips text.
//!
//! Ignored by a plain `cargo test` (it needs PostgreSQL, `redis-server` and nginx);
//! `make test-faults` runs it.

use std::time::Duration;

use reqwest::{Client, Method};
use serde_json::{json, Value};
use vitrine_faults::{
    api::{call, client, logo_brief},
    cluster::{Cluster, Options, Part},
    wait_until,
};
use vitrine_server::mail::catcher::Catcher;

/// What Stripe.js does in the browser: a call to the shared Stripe with the publishable key,
/// through the proxy (where the browser reaches it).
async fn as_stripe_js(http: &Client, cluster: &Cluster, path: &str, form: &[(&str, &str)]) -> Value {
    let url = format!("{}/sandbox/stripe/{path}", cluster.base_url());
    let response = http.post(&url).bearer_auth("pk_test_vitrine").form(form).send().await.unwrap();
    let status = response.status().as_u16();
    let body: Value = response.json().await.unwrap_or(Value::Null);
    assert_eq!(status, 200, "{url}: {body}");
    body
}

/// A logo contest of the client with `token`, its Silver package priced through `base`:
/// (contest id, the total in cents the options step showed).
async fn priced_contest(http: &Client, base: &str, token: &str) -> (i64, i64) {
    let brief = logo_brief();
    let (status, contest) = call(http, Method::POST, format!("{base}/contests"), Some(brief), Some(token)).await;
    assert_eq!(status, 201, "{contest}");
    let contest = contest["data"]["id"].as_i64().unwrap();
    let (_, pricings) = call(http, Method::GET, format!("{base}/contests/types/1/pricings"), None, None).await;
    let silver = pricings["data"].as_array().unwrap().iter().find(|p| p["name"] == "Silver").unwrap()["id"].clone();
    let (status, options) = call(
        http,
        Method::PUT,
        format!("{base}/contests/{contest}/options"),
        Some(json!({"contest_type_pricing_id": silver, "upgrade_ids": []})),
        Some(token),
    )
    .await;
    assert_eq!(status, 200, "{options}");
    (contest, options["data"]["quote"]["total_cents"].as_i64().unwrap())
}

/// Waits until `base` shows the contest running (status 2).
async fn started(http: &Client, base: &str, token: &str, contest: i64) {
    wait_until("the contest started", Duration::from_secs(20), || async move {
        let (_, body) = call(http, Method::GET, format!("{base}/contests/{contest}"), None, Some(token)).await;
        body["data"]["status_id"] == 2
    })
    .await
    .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL, redis-server and nginx: run by `make test-faults`"]
async fn a_card_payment_started_on_one_node_is_settled_by_the_other() {
    let options = Options { stripe_events_to: Some(Part::NodeB), ..Options::default() };
    let cluster = Cluster::start_with("pay", options).await.unwrap();
    let http = Client::new();
    let node_a = cluster.node_url(0);
    let (user, token) = client(&http, &node_a, "payer").await;

    // Browsers load the shared Stripe's Stripe.js through the proxy, with its publishable key.
    let proxy = cluster.base_url();
    let (status, js) = call(&http, Method::GET, format!("{proxy}/payments/stripe/js"), None, None).await;
    assert_eq!(status, 200, "{js}");
    assert_eq!(js["data"]["js_url"], format!("{proxy}/sandbox/stripe/v3/"), "{js}");
    assert_eq!(js["data"]["publishable_key"], "pk_test_vitrine_cluster");
    let script = http.get(format!("{proxy}/sandbox/stripe/v3/")).send().await.unwrap();
    assert_eq!(script.status().as_u16(), 200);
    assert!(script.text().await.unwrap().contains("window.Stripe"), "the stand-in Stripe.js is served");

    // A card saved through node A: a setup intent, confirmed at the shared Stripe as Stripe.js would.
    let (status, setup) = call(
        &http,
        Method::POST,
        format!("{node_a}/users/{user}/customer-cards/stripe/setup-intents"),
        None,
        Some(&token),
    )
    .await;
    assert_eq!(status, 201, "{setup}");
    let setup = &setup["data"];
    let confirmed = as_stripe_js(
        &http,
        &cluster,
        &format!("v1/setup_intents/{}/confirm", setup["id"].as_str().unwrap()),
        &[("client_secret", setup["client_secret"].as_str().unwrap()), ("payment_method", "pm_card_visa")],
    )
    .await;
    let stored = json!({"payment_method": confirmed["payment_method"]});
    let (status, card) = call(
        &http,
        Method::POST,
        format!("{node_a}/users/{user}/customer-cards/stripe/payment-method"),
        Some(stored),
        Some(&token),
    )
    .await;
    assert_eq!(status, 201, "{card}");
    let card = card["data"]["id"].as_i64().unwrap();

    let (contest, quoted) = priced_contest(&http, &node_a, &token).await;

    // The payment started on node A, confirmed at Stripe; Stripe tells node B.
    let base = format!("{node_a}/contests/{contest}/payments/stripe/payment-intents");
    let (status, intent) =
        call(&http, Method::POST, base.clone(), Some(json!({"idempotency_key": "deploy-pay-1"})), Some(&token)).await;
    assert_eq!(status, 201, "{intent}");
    let intent = &intent["data"];
    assert_eq!(intent["amount_cents"], quoted, "the amount charged is the amount the options step showed");
    let intent_id = intent["id"].as_str().unwrap();
    let (status, finalized) = call(
        &http,
        Method::POST,
        format!("{base}/finalize/{intent_id}"),
        Some(json!({"customer_card_id": card})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200, "{finalized}");
    let paid = as_stripe_js(
        &http,
        &cluster,
        &format!("v1/payment_intents/{intent_id}/confirm"),
        &[("client_secret", intent["client_secret"].as_str().unwrap())],
    )
    .await;
    assert_eq!(paid["status"], "succeeded", "{paid}");
    assert_eq!(paid["amount"], quoted);

    // Node A sees what node B settled: the contest runs, the transaction is paid.
    started(&http, &node_a, &token, contest).await;
    let (_, transactions) = call(&http, Method::GET, format!("{node_a}/transactions"), None, Some(&token)).await;
    let transaction = transactions["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["payment_intent_id"] == intent_id)
        .cloned()
        .unwrap_or(Value::Null);
    assert_eq!(transaction["status"], "Paid", "{transactions}");
    assert_eq!(transaction["amount"].as_f64().map(|d| (d * 100.0).round() as i64), Some(quoted));

    // The event reached node B, and node B alone (each node counts its requests by route).
    let webhooks = |metrics: &str| {
        metrics
            .lines()
            .filter(|l| l.starts_with("vitrine_http_requests_total") && l.contains("route=\"/webhooks/stripe\""))
            .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
            .sum::<f64>()
    };
    let metrics_of = |node: usize| {
        let http = http.clone();
        let url = cluster.metrics_url(node);
        async move { http.get(url).send().await.unwrap().text().await.unwrap() }
    };
    assert!(webhooks(&metrics_of(1).await) >= 1.0, "node B received no Stripe event:\n{}", cluster.logs());
    assert_eq!(webhooks(&metrics_of(0).await), 0.0, "node A received the Stripe event too");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL, redis-server and nginx: run by `make test-faults`"]
async fn a_reset_link_asked_through_the_proxy_arrives_in_the_mail_catcher_and_works() {
    let catcher = Catcher::default();
    let port = catcher.start().await.unwrap();
    let options = Options { smtp_url: Some(format!("smtp://127.0.0.1:{port}")), ..Options::default() };
    let cluster = Cluster::start_with("mail", options).await.unwrap();
    let http = Client::new();
    let proxy = cluster.base_url();
    client(&http, &proxy, "forgetful").await;

    let ask = json!({"email": "forgetful@example.com"});
    let (status, body) = call(&http, Method::POST, format!("{proxy}/password/email"), Some(ask), None).await;
    assert_eq!(status, 200, "{body}");
    let catcher_ref = &catcher;
    wait_until("the reset mail in the catcher", Duration::from_secs(30), || async move {
        !catcher_ref.received().is_empty()
    })
    .await
    .unwrap_or_else(|err| panic!("{err}\n{}", cluster.logs()));
    let mail = catcher.received().remove(0);
    assert!(mail.contains("To: forgetful@example.com"), "{mail}");

    // The link, as the reader follows it: the token after /password/reset/ (quoted-printable
    // soft breaks joined first).
    let text = mail.replace("=\n", "");
    let at = text.find("/password/reset/").unwrap_or_else(|| panic!("no reset link in {text}"));
    let token: String = text[at + "/password/reset/".len()..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    assert!(!token.is_empty(), "{text}");
    let new_password = "a brand new secret";
    let reset = json!({"password": new_password, "confirm_password": new_password});
    let (status, body) = call(&http, Method::POST, format!("{proxy}/password/reset/{token}"), Some(reset), None).await;
    assert_eq!(status, 200, "{body}");
    let login = json!({"grant_type": "password", "username": "forgetful", "password": new_password});
    let (status, body) = call(&http, Method::POST, format!("{proxy}/oauth/token"), Some(login), None).await;
    assert_eq!(status, 200, "the new password signs in: {body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL, redis-server and nginx: run by `make test-faults`"]
async fn a_paypal_order_created_on_one_node_is_approved_through_the_proxy_and_captured_by_the_other() {
    let cluster = Cluster::start("paypal").await.unwrap();
    let http = Client::new();
    let (node_a, node_b, proxy) = (cluster.node_url(0), cluster.node_url(1), cluster.base_url());
    let (_, token) = client(&http, &node_a, "paypalpayer").await;
    let (contest, quoted) = priced_contest(&http, &node_a, &token).await;

    // The order, created through node A at the shared PayPal: its approval page is the proxy's.
    let (status, created) = call(
        &http,
        Method::POST,
        format!("{node_a}/contests/{contest}/payments/paypal"),
        Some(json!({"idempotency_key": "deploy-paypal-1"})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let order = created["data"]["id"].as_str().unwrap().to_owned();
    assert_eq!(created["data"]["amount_cents"], quoted, "{created}");
    let approval = created["data"]["approval_url"].as_str().unwrap();
    assert!(approval.starts_with(&format!("{proxy}/sandbox/paypal/checkoutnow?")), "{approval}");

    // The payer approves on that page, as a browser: the form posts back under the prefix.
    let browser = Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let page = browser.get(approval).send().await.unwrap();
    assert_eq!(page.status().as_u16(), 200);
    assert!(page.text().await.unwrap().contains(r#"action="checkoutnow""#));
    let answer = browser
        .post(format!("{proxy}/sandbox/paypal/checkoutnow"))
        .form(&[("token", order.as_str()), ("action", "pay")])
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status().as_u16(), 303);
    let location = answer.headers()["location"].to_str().unwrap().to_owned();
    assert!(location.starts_with(&proxy), "PayPal sends the payer back to the deployment: {location}");
    let query = location.split_once('?').map(|(_, q)| q).unwrap_or_default();
    let params: std::collections::HashMap<String, String> = url_params(query);
    assert_eq!(params.get("token"), Some(&order), "{location}");

    // The return reaches node B, which captures at the same PayPal; node A shows it paid.
    let execute = format!(
        "{node_b}/contests/{contest}/payments/paypal/execute?token={}&PayerID={}",
        params["token"], params["PayerID"]
    );
    let (status, executed) = call(&http, Method::GET, execute, None, Some(&token)).await;
    assert_eq!(status, 200, "{executed}");
    started(&http, &node_a, &token, contest).await;
    let (_, transactions) = call(&http, Method::GET, format!("{node_a}/transactions"), None, Some(&token)).await;
    let paid = transactions["data"].as_array().unwrap().iter().find(|t| t["payment_intent_id"] == order.as_str());
    assert_eq!(paid.map(|t| t["status"].clone()), Some(json!("Paid")), "{transactions}");
}

/// `a=1&b=2` as a map (the values are ids: no escapes to undo).
fn url_params(query: &str) -> std::collections::HashMap<String, String> {
    query.split('&').filter_map(|pair| pair.split_once('=')).map(|(k, v)| (k.to_owned(), v.to_owned())).collect()
}

/// The proxy speaks TLS with the certificate the script made (trusted through its local
/// authority, as a browser told to trust it would), says HSTS over https only, and gzips
/// text for clients that ask.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL, redis-server and nginx: run by `make test-faults`"]
async fn the_proxy_serves_tls_with_hsts_and_compresses_text() {
    let cluster = Cluster::start("tls").await.unwrap();
    let ca = reqwest::Certificate::from_pem(&cluster.tls_ca().unwrap()).unwrap();
    let https = Client::builder().add_root_certificate(ca).build().unwrap();

    let secure = https.get(format!("{}/healthz", cluster.tls_url())).send().await.unwrap();
    assert_eq!(secure.status().as_u16(), 200);
    let hsts = secure.headers().get_all("strict-transport-security").iter().collect::<Vec<_>>();
    assert_eq!(hsts.len(), 1, "one HSTS header over https: {hsts:?}");
    assert!(hsts[0].to_str().unwrap().starts_with("max-age="), "{hsts:?}");

    // Untrusted (no local authority): the handshake is refused, nothing is served.
    let stranger = Client::new().get(format!("{}/healthz", cluster.tls_url())).send().await;
    assert!(stranger.is_err(), "a client that does not trust the local authority is refused");

    let plain = Client::new().get(format!("{}/healthz", cluster.base_url())).send().await.unwrap();
    assert_eq!(plain.status().as_u16(), 200);
    assert!(plain.headers().get("strict-transport-security").is_none(), "no HSTS over plain http");

    // A large JSON answer (the API's document), asked for gzipped, comes gzipped; the
    // same asked plainly comes plain, byte for byte the larger.
    let url = format!("{}/openapi.json", cluster.tls_url());
    let zipped = https.get(&url).header("accept-encoding", "gzip").send().await.unwrap();
    assert_eq!(zipped.status().as_u16(), 200);
    assert_eq!(zipped.headers().get("content-encoding").map(|v| v.to_str().unwrap().to_owned()), Some("gzip".into()));
    let zipped_len = zipped.bytes().await.unwrap().len();
    let unzipped = https.get(&url).send().await.unwrap();
    assert!(unzipped.headers().get("content-encoding").is_none());
    let body: Value = serde_json::from_slice(&unzipped.bytes().await.unwrap()).unwrap();
    let plain_len = serde_json::to_vec(&body).unwrap().len();
    assert!(zipped_len * 3 < plain_len, "gzip shrinks the document: {zipped_len} of {plain_len} bytes");
}
