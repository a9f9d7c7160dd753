//! Uploads attached to nothing are removed a day later by the timers' housekeeping: the
//! row, the bytes and the thumbnails. What an entry, a brief or a profile uses stays, and
//! so does an upload not a day old.

use std::path::Path;

use serde_json::json;
use vitrine_server::{
    config::WorkerMode,
    files::Storage,
    store::{clock::Clock, Backend},
    timers::housekeeping::remove_unattached_files,
};

use crate::{
    contests::{activate, logo_brief},
    entries::{designer, running_contest, submitted, upload_png},
    files::{file_rows, FilesApp},
    helpers::{spawn_app_with, TestApp},
};

const DAY_MS: i64 = 24 * 3600 * 1000;

async fn storage_key(app: &TestApp, file: i64) -> String {
    sqlx::query_scalar("SELECT storage_key FROM file WHERE id = $1").bind(file).fetch_one(&app.db.pool).await.unwrap()
}

/// How many of the original and its two thumbnails are on disk.
fn parts_on_disk(files_dir: &Path, key: &str) -> usize {
    let original = files_dir.join(key);
    let derived = files_dir.join(".derived").join(key);
    let thumbs = ["thumb", "medium"].map(|size| derived.with_extension(size));
    std::iter::once(original).chain(thumbs).filter(|path| path.exists()).count()
}

async fn exists(app: &TestApp, file: i64) -> bool {
    let found: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM file WHERE id = $1").bind(file).fetch_one(&app.db.pool).await.unwrap();
    found == 1
}

#[tokio::test]
async fn an_upload_attached_to_nothing_is_removed_a_day_later_and_used_ones_stay() {
    // The app's own timer loop stays off: the passes here are the only ones.
    let files_dir = tempfile::tempdir().expect("temp dir");
    let folder = files_dir.path().to_owned();
    let app = spawn_app_with(move |settings| {
        settings.files_dir = Some(folder);
        settings.worker = WorkerMode::Off;
    })
    .await;
    let contest = running_contest(&app, "left").await;
    let (designer_id, alice) = designer(&app, "leftalice", 2).await;
    let entry = submitted(&app, &alice, contest.id).await;
    let entry_file: i64 = sqlx::query_scalar("SELECT file_id FROM contest_entry_file WHERE contest_entry_id = $1")
        .bind(entry)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    // A brief's reference file (a JSON list of ids) and a profile picture (a path).
    let (_, owner) = app.client_session("leftowner").await;
    let (_, admin) = app.admin_session("leftboss").await;
    let brief_file = upload_png(&app, &owner, 4).await;
    let mut brief = logo_brief();
    brief["contest_type_questions"].as_array_mut().unwrap().push(json!({"id": 109, "answer_file_ids": [brief_file]}));
    let launched = app.send_json(reqwest::Method::POST, "/contests", &brief, Some(&owner)).await;
    assert_eq!(launched.status, 201, "{}", launched.body);
    activate(&app, launched.body["data"]["id"].as_i64().unwrap(), &admin).await;
    let picture = upload_png(&app, &alice, 5).await;
    let settings = format!("/users/{designer_id}/settings");
    let saved = app.put(&settings, &json!({"profile_picture_file_id": picture}), &alice).await;
    assert_eq!(saved.status, 200, "{}", saved.body);
    // Uploaded and never used: the hostile case is thousands of these.
    let stray = upload_png(&app, &alice, 5).await;
    let stray_key = storage_key(&app, stray).await;
    assert_eq!(parts_on_disk(files_dir.path(), &stray_key), 3, "the original and its two thumbnails");

    // Not a day old yet: nothing goes.
    let removed =
        remove_unattached_files(&app.db, &Storage::disk(files_dir.path()), app.clock.now_ms() + DAY_MS - 1000)
            .await
            .unwrap();
    assert_eq!(removed, 0);
    assert!(exists(&app, stray).await);

    app.clock.advance_ms(DAY_MS + 1);
    let fresh = upload_png(&app, &alice, 5).await;
    let rows_before = file_rows(&app).await;
    let removed = remove_unattached_files(&app.db, &Storage::disk(files_dir.path()), app.clock.now_ms()).await.unwrap();
    assert_eq!(removed, 1, "only the stray upload");
    assert!(!exists(&app, stray).await, "its row is gone");
    assert_eq!(parts_on_disk(files_dir.path(), &stray_key), 0, "its bytes and thumbnails are gone");
    assert_eq!(file_rows(&app).await, rows_before - 1);
    for (kept, what) in [
        (entry_file, "the entry's image"),
        (brief_file, "the brief's file"),
        (picture, "the profile picture"),
        (fresh, "a fresh upload"),
    ] {
        assert!(exists(&app, kept).await, "{what} stays");
        let key = storage_key(&app, kept).await;
        assert_eq!(parts_on_disk(files_dir.path(), &key), 3, "{what} keeps its bytes");
    }
    let shown = app.get(&format!("/files/{entry_file}/content"), Some(&alice)).await;
    assert_eq!(shown.status, 200, "the entry still shows its image");

    // A second pass finds nothing more.
    assert_eq!(
        remove_unattached_files(&app.db, &Storage::disk(files_dir.path()), app.clock.now_ms()).await.unwrap(),
        0
    );
}

/// Every foreign key to `file` in the schema is one the cleanup looks at: a new way of
/// attaching files cannot be forgotten (and its files removed under it).
#[tokio::test]
async fn every_reference_to_a_file_keeps_it() {
    let FilesApp { app, .. } = crate::files::spawn(None).await;
    if !matches!(crate::helpers::backend(), Backend::Sqlite) {
        return;
    }
    let tables: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%REFERENCES file (id)%' AND name <> 'download_token' ORDER BY name",
    )
    .fetch_all(&app.db.pool)
    .await
    .unwrap();
    let mut known: Vec<String> =
        vitrine_server::files::store::FILE_REFERENCES.iter().map(|(table, _)| table.to_string()).collect();
    known.sort();
    assert_eq!(tables, known);
}
