//! Request reading shared by the accounts area (REST callers) and the hub (sockets).

/// The bearer token in `Authorization` headers, if any.
pub fn bearer_from_headers(headers: &axum::http::HeaderMap) -> Option<&str> {
    let value = headers.get(axum::http::header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim()).filter(|t| !t.is_empty())
}

/// The origin (`http(s)://host[:port]`) a browser's request came from: its `Origin`
/// header, else `Host` with the scheme of `X-Forwarded-Proto` (http without one). None
/// when neither is a plain origin (a path, user info, odd characters are refused), so a
/// caller never builds a link from arbitrary header text.
pub fn request_origin(headers: &axum::http::HeaderMap) -> Option<String> {
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).map(str::trim);
    let candidate = match header("origin").filter(|o| !o.is_empty() && *o != "null") {
        Some(origin) => origin.to_owned(),
        None => {
            let scheme = match header("x-forwarded-proto") {
                Some("https") => "https",
                _ => "http",
            };
            format!("{scheme}://{}", header("host")?)
        }
    };
    let (scheme, host) = candidate.split_once("://")?;
    let plain_host =
        !host.is_empty() && host.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'));
    (matches!(scheme, "http" | "https") && plain_host).then_some(candidate)
}

#[cfg(test)]
mod tests {
    use axum::http::{HeaderMap, HeaderValue};

    use super::request_origin;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(*name, HeaderValue::from_static(value));
        }
        map
    }

    #[test]
    fn the_origin_header_wins_then_host_with_its_forwarded_scheme() {
        let both = headers(&[("origin", "http://localhost:5173"), ("host", "127.0.0.1:8080")]);
        assert_eq!(request_origin(&both).as_deref(), Some("http://localhost:5173"));
        let host = headers(&[("host", "demo.example:9000")]);
        assert_eq!(request_origin(&host).as_deref(), Some("http://demo.example:9000"));
        let proxied = headers(&[("host", "vitrine.example"), ("x-forwarded-proto", "https")]);
        assert_eq!(request_origin(&proxied).as_deref(), Some("https://vitrine.example"));
    }

    #[test]
    fn anything_but_a_plain_origin_is_refused() {
        for (name, value) in [
            ("origin", "javascript://x"),
            ("origin", "http://evil.example/path"),
            ("origin", "http://user@evil.example"),
            ("host", "evil.example/x?y"),
        ] {
            assert_eq!(request_origin(&headers(&[(name, value)])), None, "{name}: {value}");
        }
        assert_eq!(request_origin(&HeaderMap::new()), None);
    }
}
