//! Plain URLs for pictures (`POST /files/links`, issue #52): handed to those who may read a
//! file, they open one size of it without a token until they expire, with cache headers a
//! CDN honours; anyone else gets no link, and a changed or expired link is refused.

use reqwest::header;
use serde_json::{json, Value};
use vitrine_server::store::clock::Clock;

use crate::{
    files::{spawn, upload, FilesApp, PNG_1X1},
    helpers::TestApp,
};

async fn uploaded(app: &TestApp, token: &str) -> i64 {
    let answer = upload(app, Some(token), "5", &[("pixel.png", PNG_1X1)]).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    answer.body["data"][0]["id"].as_i64().unwrap()
}

async fn links(app: &TestApp, ids: Value, token: Option<&str>) -> crate::helpers::Answer {
    app.send_json(reqwest::Method::POST, "/files/links", &json!({ "ids": ids }), token).await
}

/// GET without any token: (status, Cache-Control, body bytes).
async fn open(app: &TestApp, path: &str) -> (u16, String, Vec<u8>) {
    let answer = app.client.get(app.url(path)).send().await.unwrap();
    let status = answer.status().as_u16();
    let cache = answer.headers().get(header::CACHE_CONTROL).map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default();
    (status, cache, answer.bytes().await.unwrap().to_vec())
}

#[tokio::test]
async fn a_reader_gets_plain_urls_that_open_without_a_token_and_may_be_cached_until_they_expire() {
    let FilesApp { app, .. } = spawn(None).await;
    let (_, token) = app.client_session("owner").await;
    let file = uploaded(&app, &token).await;

    let answer = links(&app, json!([file, file]), Some(&token)).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let list = answer.body["data"].as_array().unwrap();
    assert_eq!(list.len(), 1, "a repeated id counts once");
    let link = &list[0];
    assert_eq!(link["id"], file);
    let expires_at = link["expires_at"].as_i64().unwrap();
    let left_ms = expires_at - app.clock.now_ms();
    assert!((3_600_000..=7_200_000).contains(&left_ms), "one to two hours: {left_ms}");

    let url = link["url"].as_str().unwrap();
    assert!(url.starts_with(&format!("/files/{file}/content?expires=")), "{url}");
    let (status, cache, bytes) = open(&app, url).await;
    assert_eq!((status, bytes.as_slice()), (200, PNG_1X1), "the original, without a token");
    let max_age: i64 = cache
        .strip_prefix("public, max-age=")
        .and_then(|rest| rest.strip_suffix(", immutable"))
        .unwrap_or_else(|| panic!("a cache header a CDN honours: {cache}"))
        .parse()
        .unwrap();
    assert!(max_age > 3_500 && max_age <= 7_200, "kept until the link expires: {max_age}");
    for size in ["thumb_url", "medium_url"] {
        let url = link[size].as_str().unwrap();
        let (status, _, bytes) = open(&app, url).await;
        assert_eq!(status, 200, "{size}");
        assert!(image::load_from_memory(&bytes).is_ok(), "{size} is a picture");
    }
    // The same file asked again within the hour: the same URL, one cache entry.
    let again = links(&app, json!([file]), Some(&token)).await;
    assert_eq!(again.body["data"][0]["thumb_url"], link["thumb_url"]);
    // Without the link, the bearer rules stand.
    assert_eq!(open(&app, &format!("/files/{file}/content")).await.0, 401);
}

#[tokio::test]
async fn who_may_not_read_a_file_gets_no_link_and_a_changed_or_expired_link_opens_nothing() {
    let FilesApp { app, .. } = spawn(None).await;
    let (_, owner) = app.client_session("keeper").await;
    let (_, stranger) = app.client_session("stranger").await;
    let file = uploaded(&app, &owner).await;

    for token in [Some(stranger.as_str()), None] {
        let answer = links(&app, json!([file, 999_999]), token).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        assert_eq!(answer.body["data"], json!([]), "no link to what the caller may not read, nor to nothing");
    }

    let answer = links(&app, json!([file]), Some(&owner)).await;
    let thumb = answer.body["data"][0]["thumb_url"].as_str().unwrap().to_owned();
    let original = answer.body["data"][0]["url"].as_str().unwrap().to_owned();
    // Another file, another size, another expiry, another signature: refused.
    let tampered = [
        thumb.replace(&format!("/files/{file}/"), &format!("/files/{}/", file + 1)),
        thumb.replace("size=thumb", "size=medium"),
        original.replace("expires=", "expires=1"),
        format!("{}0000", &thumb[..thumb.len() - 4]),
    ];
    for url in tampered {
        let answer = app.client.get(app.url(&url)).send().await.unwrap();
        assert_eq!(answer.status(), 403, "{url}");
        let body: Value = answer.json().await.unwrap();
        assert_eq!(body["error"]["code"], "file.link_invalid", "{body}");
    }
    assert_eq!(open(&app, &thumb).await.0, 200, "the link itself still works");
    app.clock.advance_ms(2 * 3_600_000 + 1);
    assert_eq!(open(&app, &thumb).await.0, 403, "expired");
}

#[tokio::test]
async fn a_links_request_names_one_to_a_hundred_files() {
    let app = crate::helpers::spawn_app().await;
    let (_, token) = app.client_session("asker").await;
    links(&app, json!([]), Some(&token)).await.assert_error(422, "validation.required");
    let many: Vec<i64> = (1..=101).collect();
    links(&app, json!(many), Some(&token)).await.assert_error(422, "ids.max");
    links(&app, json!("7"), Some(&token)).await.assert_error(422, "request.body_invalid");
}
