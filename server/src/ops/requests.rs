//! One structured log line per request, at info: method, matched route, status, latency,
//! the signed-in user and the request id.
//!
//! The request id is the `X-Request-Id` the proxy sent (nginx sets `$request_id`) when it looks
//! like one (1 to 128 characters of `A-Z a-z 0-9 - _ . :`), else one made here; it is echoed in
//! the answer's `X-Request-Id`, and every log line written while the request runs carries it
//! (the `request` span). The user is whoever a bearer extractor recognised
//! ([`RequestUser`]); the route is the template (`/contests/{id}`), never a token in a path.

use std::time::Instant;

use axum::{
    extract::{MatchedPath, Request},
    http::{HeaderName, HeaderValue},
    middleware::Next,
    response::Response,
};
use tracing::Instrument;

use crate::telemetry::{RequestId, RequestUser};

/// The header a proxy names the request with, and the answer echoes.
pub static X_REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Longest request id taken from a client or proxy.
const MAX_ID_LEN: usize = 128;

/// An id from outside is kept only when it cannot forge or break a log line.
fn acceptable(id: &str) -> bool {
    (1..=MAX_ID_LEN).contains(&id.len())
        && id.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b':'))
}

fn new_id() -> String {
    hex::encode(rand::random::<[u8; 16]>())
}

/// The middleware: names the request, runs it inside its span, logs its line.
pub async fn log_requests(mut request: Request, next: Next) -> Response {
    let started = Instant::now();
    let id = request
        .headers()
        .get(&X_REQUEST_ID)
        .and_then(|value| value.to_str().ok())
        .filter(|id| acceptable(id))
        .map(str::to_owned)
        .unwrap_or_else(new_id);
    let header = HeaderValue::from_str(&id).expect("a request id is visible ASCII");
    let method = request.method().clone();
    let route = match request.extensions().get::<MatchedPath>() {
        Some(path) => path.as_str().to_owned(),
        // Files of the web client and unknown paths: the path, never its query.
        None => request.uri().path().to_owned(),
    };
    let user = RequestUser::default();
    request.extensions_mut().insert(user.clone());
    request.extensions_mut().insert(RequestId(id.clone()));
    request.headers_mut().insert(X_REQUEST_ID.clone(), header.clone());

    let span = tracing::info_span!("request", request_id = %id);
    let mut response = next.run(request).instrument(span).await;
    response.headers_mut().insert(X_REQUEST_ID.clone(), header);
    let latency_ms = (started.elapsed().as_secs_f64() * 1000.0 * 100.0).round() / 100.0;
    tracing::info!(
        method = %method,
        route = %route,
        status = response.status().as_u16(),
        latency_ms,
        user_id = user.get(),
        request_id = %id,
        "request"
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_from_outside_are_kept_only_when_harmless() {
        for good in ["abc", "0f3c9a7e2b1d4c58", "req-1_2.3:4", &"a".repeat(128)] {
            assert!(acceptable(good), "{good}");
        }
        for bad in ["", "with space", "line\nbreak", "quote\"", "{json}", &"a".repeat(129)] {
            assert!(!acceptable(bad), "{bad:?}");
        }
        let made = new_id();
        assert_eq!(made.len(), 32);
        assert!(acceptable(&made));
    }
}
