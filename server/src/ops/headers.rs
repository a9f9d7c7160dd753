//! Security headers on every answer: the web client, the API, errors and the docs page.
//!
//! The server sets them itself, so a deployment is safe whatever its proxy does. The
//! Content-Security-Policy allows exactly what the client loads: its own files, Stripe.js
//! (js.stripe.com, its frames, api.stripe.com), PayPal (www.paypal.com, *.paypal.com), and
//! under the test-mode provider (or `STRIPE_JS_URL`) the origin of the stand-in Stripe.js.
//! The built client has no inline script; its inline `style` attributes (React) and Stripe's
//! need `style-src 'unsafe-inline'`. The API reference (`/docs`) loads its viewer from a CDN
//! with an inline script, so it gets a policy of its own ([`docs_layer`]).
//!
//! HSTS is sent when the public URL is `https://` (the deployment is served over TLS): browsers
//! ignore it over plain HTTP anyway, and the embedded demo on http://127.0.0.1 must not pin it.

use axum::http::{header, HeaderName, HeaderValue};
use tower_http::set_header::SetResponseHeaderLayer;

use crate::config::Settings;

/// Stripe.js and its frames, PayPal's pages and scripts.
const STRIPE_SCRIPTS: &str = "https://js.stripe.com https://*.js.stripe.com";
const STRIPE_FRAMES: &str = "https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com";
const STRIPE_CONNECT: &str = "https://api.stripe.com https://*.stripe.com";
const PAYPAL: &str = "https://www.paypal.com https://*.paypal.com";

/// One year, the value HSTS preload lists ask for.
const HSTS: &str = "max-age=31536000; includeSubDomains";

/// The Content-Security-Policy of every answer but the docs page. `stand_in_js` is the
/// stand-in Stripe.js's URL when the browser loads one (test mode, `STRIPE_JS_URL`).
pub fn content_security_policy(stand_in_js: Option<&str>) -> String {
    let extra = stand_in_js.and_then(origin).map(|o| format!(" {o}")).unwrap_or_default();
    [
        "default-src 'self'".to_owned(),
        format!("script-src 'self' {STRIPE_SCRIPTS} {PAYPAL}{extra}"),
        format!("connect-src 'self' {STRIPE_CONNECT} {PAYPAL}{extra}"),
        format!("frame-src 'self' {STRIPE_FRAMES} {PAYPAL}{extra}"),
        format!("img-src 'self' data: blob: https://*.stripe.com {PAYPAL} https://www.paypalobjects.com{extra}"),
        "style-src 'self' 'unsafe-inline'".to_owned(),
        "font-src 'self' data:".to_owned(),
        "object-src 'none'".to_owned(),
        "base-uri 'self'".to_owned(),
        "form-action 'self'".to_owned(),
        "frame-ancestors 'none'".to_owned(),
    ]
    .join("; ")
}

/// `scheme://host[:port]` of a URL.
fn origin(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let host = rest.split(['/', '?', '#']).next().filter(|h| !h.is_empty())?;
    Some(format!("{scheme}://{host}"))
}

/// The headers every answer carries (kept when a route set its own, as `/docs` does).
pub fn layers(settings: &Settings, stand_in_js: Option<&str>) -> Vec<SetResponseHeaderLayer<HeaderValue>> {
    let csp = HeaderValue::from_str(&content_security_policy(stand_in_js))
        .unwrap_or_else(|_| HeaderValue::from_static("default-src 'self'; frame-ancestors 'none'"));
    let mut layers = vec![
        SetResponseHeaderLayer::if_not_present(header::CONTENT_SECURITY_POLICY, csp),
        SetResponseHeaderLayer::if_not_present(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
        SetResponseHeaderLayer::if_not_present(
            header::REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ),
        SetResponseHeaderLayer::if_not_present(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
        SetResponseHeaderLayer::if_not_present(
            HeaderName::from_static("permissions-policy"),
            HeaderValue::from_static("camera=(), microphone=(), geolocation=()"),
        ),
    ];
    if settings.public_url().is_some_and(|url| url.starts_with("https://")) {
        layers.push(SetResponseHeaderLayer::if_not_present(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static(HSTS),
        ));
    }
    layers
}

/// The docs page's policy: its viewer (Scalar) comes from jsDelivr and starts from an inline script.
pub fn docs_layer() -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::overriding(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; \
             style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; \
             font-src 'self' data: https://cdn.jsdelivr.net https://fonts.scalar.com https://fonts.gstatic.com; \
             img-src 'self' data: https:; connect-src 'self'; object-src 'none'; frame-ancestors 'none'",
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_allows_stripe_paypal_and_a_stand_in_stripe_js_origin() {
        let csp = content_security_policy(Some("http://127.0.0.1:40123/v3/"));
        assert!(csp.contains("script-src 'self' https://js.stripe.com"), "{csp}");
        assert!(csp.contains("https://api.stripe.com"), "{csp}");
        assert!(csp.contains("https://*.paypal.com"), "{csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
        assert_eq!(csp.matches("http://127.0.0.1:40123").count(), 4, "{csp}");
        assert!(!csp.contains("/v3/"), "only the origin: {csp}");
        assert!(!content_security_policy(None).contains("127.0.0.1"));
        assert!(!csp.contains("script-src 'self' 'unsafe-inline'"), "no inline script: {csp}");
    }

    #[test]
    fn hsts_only_when_the_public_url_is_https() {
        let mut settings = Settings::for_database("sqlite::memory:");
        let has_hsts = |settings: &Settings| layers(settings, None).len() == 6;
        assert!(!has_hsts(&settings));
        settings.public_url = Some("http://127.0.0.1:8080".into());
        assert!(!has_hsts(&settings));
        settings.public_url = Some("https://vitrine.example".into());
        assert!(has_hsts(&settings));
    }
}
