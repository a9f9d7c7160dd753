//! Files on an S3-compatible bucket (`VITRINE_S3_BUCKET`, issue #52): a real S3-speaking
//! server (moto's, `scripts/moto-requirements.txt`) on a free loopback port, started by the
//! test and stopped by its pid. An upload lands in the bucket and not on the node's disk,
//! the original, its byte ranges and its thumbnails are served from there, a thumbnail gone
//! from the bucket is made again from the original there, and the cleanup of unattached
//! uploads removes the objects.

use std::process::{Child, Command, Stdio};

use reqwest::header;
use vitrine_server::{
    config::Settings, files::Storage, store::clock::Clock, timers::housekeeping::remove_unattached_files,
};

use crate::{
    files::{files_on_disk, upload, PNG_1X1},
    helpers::{spawn_app_with, TestApp},
};

/// moto's S3 server on loopback, stopped (by its pid) when dropped.
pub(crate) struct Moto {
    child: Child,
    pub(crate) endpoint: String,
}

impl Moto {
    /// Starts `moto_server` on a free port and waits until it answers.
    pub(crate) async fn start() -> Self {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let child = Command::new("moto_server")
            .args(["-H", "127.0.0.1", "-p", &port.to_string()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("moto_server runs: python3 -m pip install --user -r scripts/moto-requirements.txt");
        let moto = Self { child, endpoint: format!("http://127.0.0.1:{port}") };
        // Readiness, not timing: the server answers once it listens.
        for _ in 0..300 {
            if reqwest::get(&moto.endpoint).await.is_ok() {
                return moto;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("moto_server did not answer on {}", moto.endpoint);
    }

    /// Creates a bucket (moto takes unsigned requests).
    pub(crate) async fn create_bucket(&self, bucket: &str) {
        let answer = reqwest::Client::new().put(format!("{}/{bucket}", self.endpoint)).send().await.unwrap();
        assert!(answer.status().is_success(), "bucket {bucket}: {}", answer.status());
    }
}

impl Drop for Moto {
    fn drop(&mut self) {
        // By its pid: the child this test started, nothing else.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The settings that put files in `bucket` on `moto`.
fn on_bucket(settings: &mut Settings, moto: &Moto, bucket: &str) {
    settings.s3_bucket = Some(bucket.to_owned());
    settings.s3_endpoint = Some(moto.endpoint.clone());
    settings.s3_region = "us-east-1".into();
    settings.s3_access_key_id = Some("testing".into());
    settings.s3_secret_access_key = Some("testing".into());
}

async fn key_of(app: &TestApp, file: i64) -> String {
    sqlx::query_scalar("SELECT storage_key FROM file WHERE id = $1").bind(file).fetch_one(&app.db.pool).await.unwrap()
}

#[tokio::test]
async fn uploads_live_in_the_bucket_and_are_served_and_removed_from_there() {
    let moto = Moto::start().await;
    let bucket = "vitrine-files";
    moto.create_bucket(bucket).await;
    let files_dir = tempfile::tempdir().unwrap();
    let folder = files_dir.path().to_owned();
    let mut settings = Settings::for_database("sqlite::memory:");
    on_bucket(&mut settings, &moto, bucket);
    // The bucket as any S3 client sees it (signed requests: moto keeps objects private).
    let objects = Storage::from_settings(&settings).unwrap();
    let app = spawn_app_with(|s| {
        s.files_dir = Some(folder);
        on_bucket(s, &moto, bucket);
    })
    .await;
    let (_, token) = app.client_session("uploader").await;

    let answer = upload(&app, Some(&token), "5", &[("pixel.png", PNG_1X1)]).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    let id = answer.body["data"][0]["id"].as_i64().unwrap();
    assert_eq!(answer.body["data"][0]["full_path"], format!("/files/{id}/content"), "the same URLs");
    let key = key_of(&app, id).await;

    // In the bucket, with both thumbnails; nothing on the node's disk, no temp file either.
    assert_eq!(objects.read(&key).await.unwrap().as_deref(), Some(PNG_1X1), "the original under {key}");
    for size in ["thumb", "medium"] {
        assert!(objects.exists(&format!(".derived/{key}.{size}")).await.unwrap(), "its {size}");
    }
    assert_eq!(files_on_disk(files_dir.path()), 0, "no byte on the node's disk");
    assert!(!files_dir.path().join(".derived").exists(), "no thumbnail on disk");

    // Served from the bucket, with today's answers.
    let content = app.client.get(app.url(&format!("/files/{id}/content"))).bearer_auth(&token).send().await.unwrap();
    assert_eq!(content.status(), 200);
    assert_eq!(content.headers()[header::CONTENT_TYPE], "image/png");
    assert_eq!(content.headers()[header::CACHE_CONTROL], "private, max-age=300");
    assert_eq!(content.headers()[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
    assert_eq!(content.headers()[header::CONTENT_LENGTH], PNG_1X1.len().to_string().as_str());
    assert!(content.headers()[header::CONTENT_DISPOSITION]
        .to_str()
        .unwrap()
        .starts_with("inline; filename=\"pixel.png\""));
    assert_eq!(content.bytes().await.unwrap().as_ref(), PNG_1X1);

    let part = app
        .client
        .get(app.url(&format!("/files/{id}/content")))
        .bearer_auth(&token)
        .header(header::RANGE, "bytes=0-7")
        .send()
        .await
        .unwrap();
    assert_eq!(part.status(), 206);
    assert_eq!(part.headers()[header::CONTENT_RANGE], format!("bytes 0-7/{}", PNG_1X1.len()).as_str());
    assert_eq!(part.bytes().await.unwrap().as_ref(), &PNG_1X1[..8]);
    let past = app
        .client
        .get(app.url(&format!("/files/{id}/content")))
        .bearer_auth(&token)
        .header(header::RANGE, "bytes=9999-")
        .send()
        .await
        .unwrap();
    assert_eq!(past.status(), 416);

    // The same read rules: another user may not read an unattached upload.
    let (_, stranger) = app.client_session("stranger").await;
    let refused = app.client.get(app.url(&format!("/files/{id}/content"))).bearer_auth(&stranger).send().await.unwrap();
    assert_eq!(refused.status(), 403);

    // A thumbnail is served from the bucket, and made again there from the original if gone.
    let thumb_key = format!(".derived/{key}.thumb");
    let stored_thumb = objects.read(&thumb_key).await.unwrap().unwrap();
    let thumb =
        app.client.get(app.url(&format!("/files/{id}/content?size=thumb"))).bearer_auth(&token).send().await.unwrap();
    assert_eq!(thumb.status(), 200);
    assert!(thumb.headers()[header::CONTENT_TYPE].to_str().unwrap().starts_with("image/"));
    assert_eq!(thumb.bytes().await.unwrap().to_vec(), stored_thumb);
    objects.delete(&thumb_key).await.unwrap();
    let remade =
        app.client.get(app.url(&format!("/files/{id}/content?size=thumb"))).bearer_auth(&token).send().await.unwrap();
    assert_eq!(remade.status(), 200);
    assert_eq!(remade.bytes().await.unwrap().to_vec(), stored_thumb, "the same thumbnail, made again");
    assert!(objects.exists(&thumb_key).await.unwrap(), "and stored again");

    // A day later the unattached upload goes: its row, its original and its thumbnails.
    let day = vitrine_server::files::cleanup::UNATTACHED_FOR_MS;
    assert_eq!(remove_unattached_files(&app.db, &objects, app.clock.now_ms() + day + 1000).await.unwrap(), 1);
    assert_eq!(objects.read(&key).await.unwrap(), None, "the original is gone from the bucket");
    for size in ["thumb", "medium"] {
        assert!(!objects.exists(&format!(".derived/{key}.{size}")).await.unwrap(), "its {size} too");
    }
    let gone = app.client.get(app.url(&format!("/files/{id}/content"))).bearer_auth(&token).send().await.unwrap();
    assert_eq!(gone.status(), 404);
}

#[tokio::test]
async fn a_missing_bucket_stops_the_start_with_its_name() {
    let moto = Moto::start().await;
    let mut settings = Settings::for_database("sqlite::memory:");
    on_bucket(&mut settings, &moto, "no-such-bucket");
    let storage = Storage::from_settings(&settings).unwrap();
    let err = storage.check().await.expect_err("a bucket that does not exist");
    assert!(format!("{err:#}").contains("no-such-bucket"), "{err:#}");

    // The embedded default needs no bucket.
    let local = Storage::from_settings(&Settings::for_database("sqlite::memory:")).unwrap();
    assert_eq!(local.kind(), "disk");
    local.check().await.unwrap();
}
