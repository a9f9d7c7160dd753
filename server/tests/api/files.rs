//! Uploads (`POST /files`), file contents, and one-time download links.

use std::path::Path;

use reqwest::{
    header,
    multipart::{Form, Part},
    Response,
};
use serde_json::Value;
use sha2::{Digest, Sha256};
use vitrine_server::store::clock::Clock;

use crate::helpers::{spawn_app_with, Answer, TestApp};

/// A complete 1x1 transparent PNG.
pub(crate) const PNG_1X1: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0A, 0x49,
    0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x00, 0x01, 0x00, 0x00, 0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D, 0xB4, 0x00, 0x00,
    0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
];

pub(crate) const PDF: &[u8] = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

/// The app with its files folder where the test can look into it.
pub(crate) struct FilesApp {
    pub(crate) app: TestApp,
    pub(crate) files_dir: tempfile::TempDir,
}

pub(crate) async fn spawn(max_upload_bytes: Option<u64>) -> FilesApp {
    let files_dir = tempfile::tempdir().expect("temp dir");
    let folder = files_dir.path().to_owned();
    let app = spawn_app_with(move |settings| {
        settings.files_dir = Some(folder);
        if let Some(limit) = max_upload_bytes {
            settings.max_upload_bytes = limit;
        }
    })
    .await;
    FilesApp { app, files_dir }
}

/// Regular files anywhere below `dir` (temp files included), thumbnails (`.derived`) not.
pub(crate) fn files_on_disk(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .filter(|entry| entry.file_name() != ".derived")
                .map(|entry| {
                    let path = entry.path();
                    if path.is_dir() {
                        files_on_disk(&path)
                    } else {
                        1
                    }
                })
                .sum()
        })
        .unwrap_or(0)
}

pub(crate) async fn file_rows(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM file").fetch_one(&app.db.pool).await.unwrap()
}

async fn read(response: Response) -> Answer {
    let status = response.status();
    let text = response.text().await.unwrap_or_default();
    Answer { status, body: serde_json::from_str(&text).unwrap_or(Value::Null) }
}

/// `POST /files` with `files[]` parts `(name, bytes)` and a category.
pub(crate) async fn upload(app: &TestApp, token: Option<&str>, category: &str, files: &[(&str, &[u8])]) -> Answer {
    let mut form = Form::new().text("file_category_id", category.to_owned());
    for (name, bytes) in files {
        form = form.part("files[]", Part::bytes(bytes.to_vec()).file_name(name.to_string()));
    }
    let mut request = app.client.post(app.url("/files")).multipart(form);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    read(request.send().await.expect("request sent")).await
}

/// Uploads the PNG as a main entry image and returns its id.
async fn upload_png(app: &TestApp, token: &str) -> i64 {
    let answer = upload(app, Some(token), "5", &[("pixel.png", PNG_1X1)]).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    answer.body["data"][0]["id"].as_i64().expect("file id")
}

async fn mint(app: &TestApp, file_id: i64, token: &str) -> Answer {
    app.send_json(reqwest::Method::POST, &format!("/files/{file_id}/download/tokens"), &Value::Null, Some(token)).await
}

async fn download(app: &TestApp, file_id: i64, download_token: &str) -> Response {
    app.client.get(app.url(&format!("/files/{file_id}/download?token={download_token}"))).send().await.unwrap()
}

#[tokio::test]
async fn a_png_uploads_as_an_entry_image_with_its_hash() {
    let FilesApp { app, files_dir } = spawn(None).await;
    let (_, token) = app.client_session("uploader").await;

    let answer = upload(&app, Some(&token), "5", &[("pixel.png", PNG_1X1)]).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    let file = &answer.body["data"][0];
    let id = file["id"].as_i64().unwrap();
    assert_eq!(file["name"], "pixel.png");
    assert_eq!(file["full_path"], format!("/files/{id}/content"));
    assert_eq!(file["content_type"], "image/png");
    assert_eq!(file["size"], PNG_1X1.len());
    assert_eq!(file["hash"], hex::encode(Sha256::digest(PNG_1X1)));

    let (key, category): (String, i64) = sqlx::query_as("SELECT storage_key, file_category_id FROM file WHERE id = $1")
        .bind(id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(category, 5);
    assert_eq!(std::fs::read(files_dir.path().join(&key)).unwrap(), PNG_1X1, "stored under {key}");
    assert_eq!(files_on_disk(files_dir.path()), 1, "no temp file is left");

    let content = app.client.get(app.url(&format!("/files/{id}/content"))).bearer_auth(&token).send().await.unwrap();
    assert_eq!(content.status(), 200);
    assert_eq!(content.headers()[header::CONTENT_TYPE], "image/png");
    assert_eq!(content.bytes().await.unwrap().as_ref(), PNG_1X1);
}

/// A photo as a phone sends it: a real JPEG with an EXIF block naming where it was taken.
fn photo_with_position() -> Vec<u8> {
    let mut plain = std::io::Cursor::new(Vec::new());
    image::RgbImage::from_pixel(4, 3, image::Rgb([30, 90, 200]))
        .write_to(&mut plain, image::ImageFormat::Jpeg)
        .unwrap();
    let mut jpeg = img_parts::jpeg::Jpeg::from_bytes(plain.into_inner().into()).unwrap();
    let mut exif = b"II\x2A\0\x08\0\0\0\0\0\0\0\0\0".to_vec();
    exif.extend_from_slice(b"GPSLatitude 34.6037 S, GPSLongitude 58.3816 W");
    img_parts::ImageEXIF::set_exif(&mut jpeg, Some(exif.into()));
    jpeg.encoder().bytes().to_vec()
}

#[tokio::test]
async fn a_photos_position_is_removed_before_it_is_stored_and_its_hash_is_of_what_is_served() {
    let FilesApp { app, files_dir } = spawn(None).await;
    let (_, token) = app.client_session("traveller").await;
    let photo = photo_with_position();
    let position = b"GPSLatitude 34.6037 S".as_slice();
    assert!(photo.windows(position.len()).any(|w| w == position));

    let answer = upload(&app, Some(&token), "5", &[("holiday.jpg", photo.as_slice())]).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    let file = &answer.body["data"][0];
    let id = file["id"].as_i64().unwrap();
    let served = app.client.get(app.url(&format!("/files/{id}/content"))).bearer_auth(&token).send().await.unwrap();
    assert_eq!(served.status(), 200);
    let served = served.bytes().await.unwrap().to_vec();
    assert!(!served.windows(position.len()).any(|w| w == position), "the position is not served");
    assert!(served.len() < photo.len());
    assert_eq!(file["size"], served.len(), "the size is of what is served");
    assert_eq!(file["hash"], hex::encode(Sha256::digest(&served)), "the hash is of what is served");
    let shown = image::load_from_memory(&served).expect("still a picture").to_rgb8();
    assert_eq!(shown, image::load_from_memory(&photo).unwrap().to_rgb8(), "the same pixels");
    assert_eq!(files_on_disk(files_dir.path()), 1, "one stored file, no temp file left");
}

#[tokio::test]
async fn a_text_file_named_png_is_not_an_entry_image() {
    let FilesApp { app, files_dir } = spawn(None).await;
    let (_, token) = app.client_session("pretender").await;
    let answer =
        upload(&app, Some(&token), "5", &[("logo.png", b"this is plain text, not a picture".as_slice())]).await;
    answer.assert_error(422, "file.type_invalid");
    // A PDF is a fine brief file but not an entry image either.
    upload(&app, Some(&token), "8", &[("brief.pdf", PDF)]).await.assert_error(422, "file.type_invalid");
    assert_eq!(file_rows(&app).await, 0);
    assert_eq!(files_on_disk(files_dir.path()), 0);
}

#[tokio::test]
async fn briefs_take_pdfs_and_several_files_at_once() {
    let FilesApp { app, files_dir } = spawn(None).await;
    let (_, token) = app.client_session("briefer").await;
    let answer = upload(&app, Some(&token), "4", &[("brief.pdf", PDF), ("moodboard.png", PNG_1X1)]).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    let files = answer.body["data"].as_array().unwrap();
    assert_eq!(files.len(), 2);
    assert_eq!(files[0]["content_type"], "application/pdf");
    assert_eq!(files[0]["name"], "brief.pdf");
    assert_eq!(files[1]["content_type"], "image/png");
    assert_eq!(files_on_disk(files_dir.path()), 2);

    let project_brief = upload(&app, Some(&token), "14", &[("brief.pdf", PDF)]).await;
    assert_eq!(project_brief.status, 201, "{}", project_brief.body);
}

#[tokio::test]
async fn an_upload_over_the_limit_is_refused_and_leaves_nothing_behind() {
    let FilesApp { app, files_dir } = spawn(Some(1024)).await;
    let (_, token) = app.client_session("bigfoot").await;
    let mut big = PNG_1X1.to_vec();
    big.resize(4096, 0);
    let answer = upload(&app, Some(&token), "5", &[("big.png", big.as_slice())]).await;
    answer.assert_error(413, "file.too_large");
    assert_eq!(answer.body["error"]["message"], "The upload is too large. The limit is 1 KiB.", "{}", answer.body);
    // The limit also as a value, for a client wording the message in another language.
    assert_eq!(answer.body["error"]["params"], serde_json::json!({"limit": "1 KiB"}), "{}", answer.body);
    assert_eq!(file_rows(&app).await, 0);
    assert_eq!(files_on_disk(files_dir.path()), 0);

    // Far over: refused from its Content-Length, before a byte is read.
    big.resize(256 * 1024, 0);
    upload(&app, Some(&token), "5", &[("huge.png", big.as_slice())]).await.assert_error(413, "file.too_large");
    assert_eq!(files_on_disk(files_dir.path()), 0);

    let fits = upload(&app, Some(&token), "5", &[("pixel.png", PNG_1X1)]).await;
    assert_eq!(fits.status, 201, "under the limit: {}", fits.body);
}

#[tokio::test]
async fn uploads_need_a_signed_in_user() {
    let FilesApp { app, files_dir } = spawn(None).await;
    upload(&app, None, "5", &[("pixel.png", PNG_1X1)]).await.assert_error(401, "auth.unauthenticated");
    assert_eq!(files_on_disk(files_dir.path()), 0);
}

#[tokio::test]
async fn a_bad_category_or_an_empty_file_is_refused() {
    let FilesApp { app, files_dir } = spawn(None).await;
    let (_, token) = app.client_session("confused").await;
    let answer = upload(&app, Some(&token), "7", &[("pixel.png", PNG_1X1)]).await;
    answer.assert_error(422, "file_category_id.in");
    assert_eq!(answer.field_code("file_category_id"), "file_category_id.in");
    upload(&app, Some(&token), "five", &[("pixel.png", PNG_1X1)]).await.assert_error(422, "file_category_id.in");
    upload(&app, Some(&token), "4", &[("empty.pdf", b"".as_slice())]).await.assert_error(422, "file.empty");
    upload(&app, Some(&token), "4", &[]).await.assert_error(422, "validation.required");

    let not_multipart = app.send_json(reqwest::Method::POST, "/files", &Value::Null, Some(&token)).await;
    not_multipart.assert_error(415, "request.body_invalid");
    assert_eq!(file_rows(&app).await, 0);
    assert_eq!(files_on_disk(files_dir.path()), 0);
}

#[tokio::test]
async fn a_download_token_gives_the_bytes_once() {
    let FilesApp { app, .. } = spawn(None).await;
    let (_, token) = app.client_session("downloader").await;
    let id = upload_png(&app, &token).await;

    let minted = mint(&app, id, &token).await;
    assert_eq!(minted.status, 201, "{}", minted.body);
    let download_token = minted.body["data"]["token"].as_str().unwrap().to_owned();
    let expires_at = minted.body["data"]["expires_at"].as_i64().unwrap();
    assert_eq!(expires_at, app.clock.now_ms() + 5 * 60 * 1000);

    let response = download(&app, id, &download_token).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()[header::CONTENT_TYPE], "image/png");
    let disposition = response.headers()[header::CONTENT_DISPOSITION].to_str().unwrap().to_owned();
    assert!(disposition.starts_with("attachment; filename=\"pixel.png\""), "{disposition}");
    assert_eq!(response.bytes().await.unwrap().as_ref(), PNG_1X1);

    read(download(&app, id, &download_token).await).await.assert_error(410, "file.download_token_invalid");
    read(download(&app, id, "not-a-token").await).await.assert_error(404, "file.download_token_invalid");
    let no_token = app.get(&format!("/files/{id}/download"), None).await;
    no_token.assert_error(404, "file.download_token_invalid");
}

#[tokio::test]
async fn a_download_token_expires_after_five_minutes() {
    use vitrine_server::timers::housekeeping::{sweep, Retention};
    let FilesApp { app, .. } = spawn(None).await;
    let (_, token) = app.client_session("latecomer").await;
    let id = upload_png(&app, &token).await;
    let download_token = mint(&app, id, &token).await.body["data"]["token"].as_str().unwrap().to_owned();

    app.clock.advance_ms(5 * 60 * 1000);
    read(download(&app, id, &download_token).await).await.assert_error(410, "file.download_token_invalid");

    let retention = Retention { max_events: 1000, max_age_ms: 7 * 24 * 3600 * 1000 };
    let report = sweep(&app.db, app.clock.now_ms() + 1, retention).await.unwrap();
    assert_eq!(report.download_tokens, 1, "housekeeping deletes expired download tokens");
}

#[tokio::test]
async fn a_token_is_for_its_own_file_only() {
    let FilesApp { app, .. } = spawn(None).await;
    let (_, token) = app.client_session("twofiles").await;
    let first = upload_png(&app, &token).await;
    let second = upload_png(&app, &token).await;
    let download_token = mint(&app, first, &token).await.body["data"]["token"].as_str().unwrap().to_owned();
    read(download(&app, second, &download_token).await).await.assert_error(404, "file.download_token_invalid");
    assert_eq!(download(&app, first, &download_token).await.status(), 200, "still unused");
}

#[tokio::test]
async fn only_the_owner_and_admins_may_read_a_file() {
    let FilesApp { app, .. } = spawn(None).await;
    let (_, owner) = app.client_session("owner").await;
    let (_, stranger) = app.client_session("stranger").await;
    let (_, admin) = app.admin_session("overseer").await;
    let id = upload_png(&app, &owner).await;

    mint(&app, id, &stranger).await.assert_error(403, "auth.forbidden");
    app.get(&format!("/files/{id}/content"), Some(&stranger)).await.assert_error(403, "auth.forbidden");
    app.get(&format!("/files/{id}/content"), None).await.assert_error(401, "auth.unauthenticated");
    mint(&app, id + 100, &owner).await.assert_error(404, "file.not_found");

    assert_eq!(mint(&app, id, &admin).await.status, 201);
    let content = app.client.get(app.url(&format!("/files/{id}/content"))).bearer_auth(&admin).send().await.unwrap();
    assert_eq!(content.status(), 200);
}
