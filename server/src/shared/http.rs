//! Request reading shared by the accounts area (REST callers) and the hub (sockets).

/// The bearer token in `Authorization` headers, if any.
pub fn bearer_from_headers(headers: &axum::http::HeaderMap) -> Option<&str> {
    let value = headers.get(axum::http::header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim()).filter(|t| !t.is_empty())
}
