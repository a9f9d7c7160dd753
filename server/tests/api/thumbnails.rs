//! Smaller copies of uploaded images (`GET /files/{id}/content?size=thumb|medium`, issue #37):
//! made at upload or on first request, smaller than the original, upright and without
//! metadata, readable by exactly those who may read the original, and never for a file that is
//! not a picture or only claims to be a huge one.

use std::{io::Cursor, time::Duration};

use image::{codecs::jpeg::JpegEncoder, codecs::png::PngEncoder, DynamicImage, ImageDecoder, ImageReader, RgbImage};
use reqwest::{header, StatusCode};

use crate::{
    files::{spawn, upload, FilesApp, PDF},
    helpers::TestApp,
};

/// Long enough for a debug build to scale a picture; a hung decode would exceed it.
const PATIENCE: Duration = Duration::from_secs(30);

/// A busy RGB picture (so that PNG cannot compress it to nothing) of the given size.
fn busy_picture(width: u32, height: u32) -> DynamicImage {
    DynamicImage::ImageRgb8(RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([((x * 7 + y * 13) % 256) as u8, ((x ^ y) % 256) as u8, ((x * y) % 251) as u8])
    }))
}

fn png_of(picture: &DynamicImage) -> Vec<u8> {
    let mut out = Vec::new();
    picture.write_with_encoder(PngEncoder::new(&mut out)).expect("png encodes");
    out
}

/// A JPEG, left half red and right half blue, carrying an EXIF block whose orientation is
/// `orientation` (6: the camera was turned, the picture must be turned 90° clockwise).
fn jpeg_with_orientation(width: u32, height: u32, orientation: u16) -> Vec<u8> {
    let picture = RgbImage::from_fn(width, height, |x, _| {
        if x < width / 2 {
            image::Rgb([230, 20, 20])
        } else {
            image::Rgb([20, 20, 230])
        }
    });
    let mut jpeg = Vec::new();
    DynamicImage::ImageRgb8(picture)
        .write_with_encoder(JpegEncoder::new_with_quality(&mut jpeg, 90))
        .expect("jpeg encodes");

    // TIFF header (big endian), one IFD with one entry: Orientation (0x0112), SHORT, 1 value.
    let mut exif = b"Exif\0\0MM\0\x2a\0\0\0\x08\0\x01\x01\x12\0\x03\0\0\0\x01".to_vec();
    exif.extend_from_slice(&orientation.to_be_bytes());
    exif.extend_from_slice(&[0, 0, 0, 0, 0, 0]); // value padding, then no next IFD
    let mut app1 = vec![0xFF, 0xE1];
    app1.extend_from_slice(&u16::try_from(exif.len() + 2).unwrap().to_be_bytes());
    app1.extend_from_slice(&exif);

    // After SOI and the JFIF APP0 segment, where cameras put theirs.
    let mut at = 2;
    if jpeg[2..4] == [0xFF, 0xE0] {
        at += 2 + usize::from(u16::from_be_bytes([jpeg[4], jpeg[5]]));
    }
    jpeg.splice(at..at, app1);
    jpeg
}

/// CRC-32 (IEEE) as PNG chunks carry it, so that a forged header is refused for its size and
/// not for a bad checksum.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

/// A small, well-formed PNG whose header declares `width` x `height` pixels.
fn png_declaring(width: u32, height: u32) -> Vec<u8> {
    let mut png = png_of(&busy_picture(4, 4));
    // IHDR: length (8..12), type and data (12..29), CRC (29..33).
    png[16..20].copy_from_slice(&width.to_be_bytes());
    png[20..24].copy_from_slice(&height.to_be_bytes());
    let crc = crc32(&png[12..29]);
    png[29..33].copy_from_slice(&crc.to_be_bytes());
    png
}

async fn upload_one(app: &TestApp, token: &str, category: &str, name: &str, bytes: &[u8]) -> i64 {
    let answer = tokio::time::timeout(PATIENCE, upload(app, Some(token), category, &[(name, bytes)]))
        .await
        .expect("the upload is answered in time");
    assert_eq!(answer.status, 201, "{}", answer.body);
    answer.body["data"][0]["id"].as_i64().expect("file id")
}

/// `GET /files/{id}/content` (with `?size=` when given): status, content type, bytes.
async fn content(app: &TestApp, id: i64, size: Option<&str>, token: Option<&str>) -> (StatusCode, String, Vec<u8>) {
    let query = size.map(|size| format!("?size={size}")).unwrap_or_default();
    let mut request = app.client.get(app.url(&format!("/files/{id}/content{query}")));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = tokio::time::timeout(PATIENCE, request.send()).await.expect("answered in time").expect("sent");
    let status = response.status();
    let kind = response.headers().get(header::CONTENT_TYPE).map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default();
    (status, kind, response.bytes().await.expect("body").to_vec())
}

fn has_exif(bytes: &[u8]) -> bool {
    let reader = ImageReader::new(Cursor::new(bytes)).with_guessed_format().expect("format guessed");
    let mut decoder = reader.into_decoder().expect("a decodable derivative");
    decoder.exif_metadata().expect("metadata read").is_some() || bytes.windows(4).any(|w| w == b"Exif" || w == b"eXIf")
}

#[tokio::test]
async fn a_png_gets_a_smaller_thumb_and_medium_with_the_same_ratio() {
    let FilesApp { app, files_dir } = spawn(None).await;
    let (_, token) = app.client_session("painter").await;
    let original = png_of(&busy_picture(1200, 800));
    let id = upload_one(&app, &token, "5", "busy.png", &original).await;

    let derived = files_dir.path().join(".derived");
    assert!(derived.is_dir(), "made at upload");

    let (status, kind, thumb) = content(&app, id, Some("thumb"), Some(&token)).await;
    assert_eq!(status, 200);
    assert!(kind == "image/jpeg" || kind == "image/png", "{kind}");
    assert!(thumb.len() < original.len(), "thumb {} bytes, original {}", thumb.len(), original.len());
    let picture = image::load_from_memory(&thumb).expect("the thumb decodes");
    assert_eq!((picture.width(), picture.height()), (480, 320), "480 px wide, 3:2 as the original");

    // Narrower than 1280 px: the medium keeps the original's size (never enlarged).
    let (status, _, medium) = content(&app, id, Some("medium"), Some(&token)).await;
    assert_eq!(status, 200);
    let picture = image::load_from_memory(&medium).expect("the medium decodes");
    assert_eq!((picture.width(), picture.height()), (1200, 800));

    // Files stored before thumbnails existed get theirs on first request.
    std::fs::remove_dir_all(&derived).unwrap();
    let (status, _, again) = content(&app, id, Some("thumb"), Some(&token)).await;
    assert_eq!(status, 200);
    assert_eq!(image::load_from_memory(&again).unwrap().width(), 480);
    assert!(derived.is_dir(), "made again on request");

    let (status, kind, same) = content(&app, id, None, Some(&token)).await;
    assert_eq!((status.as_u16(), kind.as_str()), (200, "image/png"));
    assert_eq!(same, original, "the original is untouched");
}

#[tokio::test]
async fn a_jpeg_thumb_is_turned_upright_and_has_no_exif() {
    let FilesApp { app, .. } = spawn(None).await;
    let (_, token) = app.client_session("photographer").await;
    let jpeg = jpeg_with_orientation(200, 100, 6);
    assert!(has_exif(&jpeg), "the fixture carries EXIF");
    let id = upload_one(&app, &token, "5", "turned.jpg", &jpeg).await;

    let (status, _, thumb) = content(&app, id, Some("thumb"), Some(&token)).await;
    assert_eq!(status, 200);
    assert!(!has_exif(&thumb), "no EXIF block is left");
    let picture = image::load_from_memory(&thumb).unwrap().to_rgb8();
    assert_eq!(picture.dimensions(), (100, 200), "turned a quarter");
    // Turned clockwise, the red left half is now on top and the blue right half below.
    let [r, _, b] = picture.get_pixel(50, 40).0;
    assert!(r > 150 && b < 100, "top is red: {r} {b}");
    let [r, _, b] = picture.get_pixel(50, 160).0;
    assert!(b > 150 && r < 100, "bottom is blue: {r} {b}");
}

#[tokio::test]
async fn a_thumb_is_refused_and_served_exactly_like_its_original() {
    let FilesApp { app, .. } = spawn(None).await;
    let (_, owner) = app.client_session("thumb-owner").await;
    let (_, stranger) = app.client_session("thumb-stranger").await;
    let (_, admin) = app.admin_session("thumb-admin").await;
    let id = upload_one(&app, &owner, "5", "busy.png", &png_of(&busy_picture(600, 300))).await;

    for (caller, status, code) in
        [(Some(stranger.as_str()), 403, "auth.forbidden"), (None, 401, "auth.unauthenticated")]
    {
        let original = app.get(&format!("/files/{id}/content"), caller).await;
        original.assert_error(status, code);
        for size in ["thumb", "medium"] {
            let derived = app.get(&format!("/files/{id}/content?size={size}"), caller).await;
            derived.assert_error(status, code);
        }
    }
    // An id that names no file: the same 404 with or without a size.
    app.get(&format!("/files/{}/content?size=thumb", id + 100), Some(&owner)).await.assert_error(404, "file.not_found");

    for reader in [&owner, &admin] {
        let (status, _, thumb) = content(&app, id, Some("thumb"), Some(reader)).await;
        assert_eq!(status, 200);
        assert_eq!(image::load_from_memory(&thumb).unwrap().width(), 480);
    }
}

#[tokio::test]
async fn a_pdf_has_no_thumb_but_keeps_its_original() {
    let FilesApp { app, .. } = spawn(None).await;
    let (_, token) = app.client_session("brief-writer").await;
    let id = upload_one(&app, &token, "4", "brief.pdf", PDF).await;

    app.get(&format!("/files/{id}/content?size=thumb"), Some(&token)).await.assert_error(404, "file.not_found");
    app.get(&format!("/files/{id}/content?size=medium"), Some(&token)).await.assert_error(404, "file.not_found");
    let (status, kind, bytes) = content(&app, id, None, Some(&token)).await;
    assert_eq!((status.as_u16(), kind.as_str(), bytes.as_slice()), (200, "application/pdf", PDF));
}

#[tokio::test]
async fn an_unknown_thumb_size_is_a_query_error() {
    let FilesApp { app, .. } = spawn(None).await;
    let (_, token) = app.client_session("sizer").await;
    let id = upload_one(&app, &token, "5", "busy.png", &png_of(&busy_picture(64, 64))).await;
    for size in ["huge", "THUMB", "", "480"] {
        let answer = app.get(&format!("/files/{id}/content?size={size}"), Some(&token)).await;
        answer.assert_error(422, "request.query_invalid");
    }
}

#[tokio::test]
async fn a_decompression_bomb_gets_no_thumb_and_the_server_goes_on() {
    let FilesApp { app, .. } = spawn(None).await;
    let (_, token) = app.client_session("bomber").await;
    // Past 100 megapixels an upload is refused from its header, before anything is decoded
    // or stored (#51: four 8,000² PNGs cost 6.8 s of decoding).
    for (width, height) in [(100_000, 100_000), (16_000, 16_000)] {
        let bomb = png_declaring(width, height);
        let refused = upload(&app, Some(&token), "5", &[("bomb.png", &bomb)]).await;
        refused.assert_error(413, "file.too_many_pixels");
    }
    // Within that, but past the decoder's memory limit (10000² RGB = 300 MB): stored, and
    // no thumbnail is made.
    for (width, height) in [(10_000, 10_000)] {
        let bomb = png_declaring(width, height);
        let id = upload_one(&app, &token, "5", "bomb.png", &bomb).await;

        let answer = tokio::time::timeout(PATIENCE, app.get(&format!("/files/{id}/content?size=thumb"), Some(&token)))
            .await
            .expect("refused in time, not decoded");
        answer.assert_error(404, "file.not_found");
        let (status, kind, bytes) = content(&app, id, None, Some(&token)).await;
        assert_eq!((status.as_u16(), kind.as_str()), (200, "image/png"), "{width}x{height}");
        assert_eq!(bytes, bomb, "the original is still served as uploaded");
    }

    // The server is still up and still makes thumbnails.
    let id = upload_one(&app, &token, "5", "busy.png", &png_of(&busy_picture(960, 480))).await;
    let (status, _, thumb) = content(&app, id, Some("thumb"), Some(&token)).await;
    assert_eq!(status, 200);
    assert_eq!(image::load_from_memory(&thumb).unwrap().width(), 480);
}
