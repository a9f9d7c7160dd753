//! The security headers the server sets on every answer itself (ops::headers): the web
//! client's page, the API, errors.

use reqwest::header::{HeaderMap, ACCEPT};

use crate::helpers::spawn_app_with;

fn assert_security_headers(headers: &HeaderMap, what: &str) {
    let get = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let csp = get("content-security-policy");
    for needle in [
        "default-src 'self'",
        "script-src 'self' https://js.stripe.com",
        "https://api.stripe.com",
        "https://hooks.stripe.com",
        "https://www.paypal.com https://*.paypal.com",
        "frame-ancestors 'none'",
        "object-src 'none'",
    ] {
        assert!(csp.contains(needle), "{what}: {needle:?} missing from the CSP {csp:?}");
    }
    assert_eq!(get("x-content-type-options"), "nosniff", "{what}");
    assert_eq!(get("referrer-policy"), "strict-origin-when-cross-origin", "{what}");
    assert_eq!(get("x-frame-options"), "DENY", "{what}");
}

#[tokio::test]
async fn the_client_page_the_api_and_errors_carry_the_security_headers() {
    let web = tempfile::tempdir().unwrap();
    std::fs::write(web.path().join("index.html"), "<!doctype html><div id=root></div>").unwrap();
    let web_dir = web.path().to_owned();
    let app = spawn_app_with(|settings| {
        settings.web_dir = web_dir;
        settings.public_url = Some("https://vitrine.example".into());
    })
    .await;

    let page = app.client.get(app.url("/")).header(ACCEPT, "text/html").send().await.unwrap();
    assert_eq!(page.status(), 200);
    assert_security_headers(page.headers(), "/");
    // The test-mode provider's Stripe.js is a local origin: the policy names it.
    let js = app.get("/payments/stripe/js", None).await;
    let stand_in = js.body["data"]["js_url"].as_str().expect("test mode serves a stand-in Stripe.js").to_owned();
    let origin = stand_in.split("/v3").next().unwrap().to_owned();
    let csp = page.headers()["content-security-policy"].to_str().unwrap();
    assert!(csp.contains(&format!("script-src 'self' https://js.stripe.com https://*.js.stripe.com https://www.paypal.com https://*.paypal.com {origin}")), "{csp}");
    // Served over TLS (an https public URL): HSTS.
    assert_eq!(page.headers()["strict-transport-security"], "max-age=31536000; includeSubDomains");

    let api = app.client.get(app.url("/regions")).send().await.unwrap();
    assert_eq!(api.status(), 200);
    assert_security_headers(api.headers(), "/regions");

    let missing = app.client.get(app.url("/no-such-route")).send().await.unwrap();
    assert_eq!(missing.status(), 404);
    assert_security_headers(missing.headers(), "a 404");
}

#[tokio::test]
async fn no_hsts_over_plain_http() {
    let app = spawn_app_with(|_| {}).await;
    let api = app.client.get(app.url("/regions")).send().await.unwrap();
    assert_security_headers(api.headers(), "/regions");
    assert!(api.headers().get("strict-transport-security").is_none());
}
