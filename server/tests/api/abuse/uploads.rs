//! Uploads bounded: one request carries at most 20 files and 100 megapixels of pictures,
//! and one user uploads so many bytes and so many pixels a minute (pixels as the headers
//! announce them, counted before anything is decoded). Each refusal stores nothing: no row, and
//! no byte left on disk.

use reqwest::multipart::{Form, Part};

use crate::files::{file_rows, files_on_disk, upload, FilesApp, PDF, PNG_1X1};
use crate::helpers::spawn_app_with;

/// CRC-32 of PNG chunks (ISO 3309), bit by bit: a test needs only a few.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for byte in bytes {
        crc ^= u32::from(*byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

/// A small PNG whose well-formed header announces `width` x `height` pixels: the bytes a
/// decompression bomb starts with.
fn png_announcing(width: u32, height: u32) -> Vec<u8> {
    let mut png = PNG_1X1.to_vec();
    png[16..20].copy_from_slice(&width.to_be_bytes());
    png[20..24].copy_from_slice(&height.to_be_bytes());
    let crc = crc32(&png[12..29]);
    png[29..33].copy_from_slice(&crc.to_be_bytes());
    png
}

#[tokio::test]
async fn one_request_carries_at_most_20_files() {
    let FilesApp { app, files_dir } = crate::files::spawn(None).await;
    let (_, token) = app.client_session("abparts").await;
    let names: Vec<String> = (0..21).map(|n| format!("brief-{n}.pdf")).collect();
    let files: Vec<(&str, &[u8])> = names.iter().map(|name| (name.as_str(), PDF)).collect();

    let refused = upload(&app, Some(&token), "4", &files).await;
    refused.assert_error(422, "files.max");
    assert_eq!(refused.field_message("files"), "At most 20 files may be uploaded at once.");
    assert_eq!(file_rows(&app).await, 0, "no row");
    assert_eq!(files_on_disk(files_dir.path()), 0, "no temp file left behind");

    // Plain parts count too: a request cannot be 2,000 parts of anything.
    let mut form = Form::new().text("file_category_id", "4");
    for n in 0..40 {
        form = form.text(format!("note{n}"), "x");
    }
    form = form.part("files[]", Part::bytes(PDF.to_vec()).file_name("one.pdf"));
    let response = app.client.post(app.url("/files")).bearer_auth(&token).multipart(form).send().await.unwrap();
    assert_eq!(response.status(), 422);
    assert_eq!(file_rows(&app).await, 0);

    let accepted = upload(&app, Some(&token), "4", &files[..20]).await;
    assert_eq!(accepted.status, 201, "{}", accepted.body);
    assert_eq!(file_rows(&app).await, 20, "exactly 20 is fine");
}

#[tokio::test]
async fn pictures_announcing_more_than_100_megapixels_together_are_refused_before_decoding() {
    let FilesApp { app, files_dir } = crate::files::spawn(None).await;
    let (_, token) = app.client_session("abpixels").await;
    let bomb = png_announcing(8_000, 8_000);
    let four: Vec<(&str, &[u8])> =
        vec![("a.png", &bomb[..]), ("b.png", &bomb[..]), ("c.png", &bomb[..]), ("d.png", &bomb[..])];

    let started = std::time::Instant::now();
    let refused = upload(&app, Some(&token), "5", &four).await;
    refused.assert_error(413, "file.too_many_pixels");
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "refused without decoding");
    assert_eq!(file_rows(&app).await, 0, "no row");
    assert_eq!(files_on_disk(files_dir.path()), 0, "no temp file left behind");

    // One such picture (64 megapixels) is within the bound.
    let one = upload(&app, Some(&token), "5", &four[..1]).await;
    assert_eq!(one.status, 201, "{}", one.body);
}

#[tokio::test]
async fn a_user_uploads_at_most_so_many_bytes_a_minute() {
    let files_dir = tempfile::tempdir().expect("temp dir");
    let folder = files_dir.path().to_owned();
    let allowance = PDF.len() * 6;
    let app = spawn_app_with(move |settings| {
        settings.files_dir = Some(folder);
        settings.limits.enabled = true;
        settings.limits.upload_bytes_per_user = format!("{allowance}/1m").parse().unwrap();
    })
    .await;
    let (_, heavy) = app.client_session("abheavy").await;
    let (_, other) = app.client_session("abother").await;
    let six: Vec<(&str, &[u8])> = (0..6).map(|_| ("brief.pdf", PDF)).collect();
    let accepted = upload(&app, Some(&heavy), "4", &six).await;
    assert_eq!(accepted.status, 201, "{}", accepted.body);

    let refused = upload(&app, Some(&heavy), "4", &six[..1]).await;
    refused.assert_error(429, "rate.limited");
    assert_eq!(file_rows(&app).await, 6, "the refused upload stored nothing");

    // Another uploader is not held back, and the heavy one uploads again a minute later.
    let theirs = upload(&app, Some(&other), "4", &six[..1]).await;
    assert_eq!(theirs.status, 201, "{}", theirs.body);
    app.clock.advance_ms(60_000);
    let later = upload(&app, Some(&heavy), "4", &six[..1]).await;
    assert_eq!(later.status, 201, "{}", later.body);
    assert_eq!(file_rows(&app).await, 8);
}

#[tokio::test]
async fn a_user_uploads_at_most_so_many_pixels_a_minute_counted_before_decoding() {
    let files_dir = tempfile::tempdir().expect("temp dir");
    let folder = files_dir.path().to_owned();
    let app = spawn_app_with(move |settings| {
        settings.files_dir = Some(folder);
        settings.limits.enabled = true;
        settings.limits.upload_pixels_per_user = "100000000/1m".parse().unwrap();
    })
    .await;
    let (_, heavy) = app.client_session("abpixheavy").await;
    let (_, other) = app.client_session("abpixother").await;
    // 64 megapixels each, in a few hundred bytes: far below any byte allowance.
    let bomb = png_announcing(8_000, 8_000);
    let one: Vec<(&str, &[u8])> = vec![("bomb.png", &bomb[..])];
    let accepted = upload(&app, Some(&heavy), "5", &one).await;
    assert_eq!(accepted.status, 201, "{}", accepted.body);

    let started = std::time::Instant::now();
    let refused = upload(&app, Some(&heavy), "5", &one).await;
    refused.assert_error(429, "rate.limited");
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "refused without decoding");
    assert_eq!(file_rows(&app).await, 1, "the refused upload stored nothing");
    assert_eq!(files_on_disk(files_dir.path()), 1, "and left no byte on disk");
    // Documents cost no decoding and are not counted as pictures.
    let pdf = upload(&app, Some(&heavy), "4", &[("brief.pdf", PDF)]).await;
    assert_eq!(pdf.status, 201, "{}", pdf.body);

    // Another uploader is not held back, and the heavy one uploads again a minute later.
    let theirs = upload(&app, Some(&other), "5", &one).await;
    assert_eq!(theirs.status, 201, "{}", theirs.body);
    app.clock.advance_ms(60_000);
    let later = upload(&app, Some(&heavy), "5", &one).await;
    assert_eq!(later.status, 201, "{}", later.body);
    assert_eq!(file_rows(&app).await, 4);
}
