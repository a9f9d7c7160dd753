//! `seed --demo` also gives demo-client a saved test card it can pay with at once, and the
//! demo entries and showcases pictures stored as uploads are, served like any upload.

use vitrine_server::{files::Storage, seed, store::clock::SystemClock};

use crate::helpers::spawn_app_with;

#[tokio::test]
async fn demo_clients_have_a_ready_card_and_demo_entries_have_pictures() {
    let files = tempfile::tempdir().unwrap();
    let files_dir = files.path().to_owned();
    let app = spawn_app_with(|s| s.files_dir = Some(files_dir.clone())).await;
    seed::demo(&app.db, &SystemClock).await.unwrap();
    let painted = seed::pictures::seed(&app.db, &Storage::disk(&files_dir), &SystemClock).await.unwrap();
    assert!(
        painted >= 11,
        "every seeded entry, the three showcases and the private portfolio item are painted, got {painted}"
    );
    // Twice changes nothing.
    seed::demo(&app.db, &SystemClock).await.unwrap();
    assert_eq!(seed::pictures::seed(&app.db, &Storage::disk(&files_dir), &SystemClock).await.unwrap(), 0);

    let client = app.login("demo-client", seed::DEMO_PASSWORD).await.body["access_token"].as_str().unwrap().to_owned();
    let me = app.get("/oauth/users", Some(&client)).await.body["data"]["id"].as_i64().unwrap();
    let cards = app.get(&format!("/users/{me}/customer-cards"), Some(&client)).await;
    assert_eq!(cards.status, 200, "{}", cards.body);
    let cards = cards.body["data"].as_array().unwrap().clone();
    assert_eq!(cards.len(), 1, "{cards:?}");
    assert_eq!((cards[0]["brand"].as_str(), cards[0]["last4"].as_str()), (Some("visa"), Some("4242")));
    let cvc = app.get(&format!("/users/{me}/customer-cards/require-cvc/{}", cards[0]["id"]), Some(&client)).await;
    assert_eq!(cvc.body["data"]["cvc_required"], false, "a demo card has paid before: {}", cvc.body);

    // The running demo contest's entries have a main image, served as a PNG.
    let contest: i64 = sqlx::query_scalar("SELECT id FROM contest WHERE title = 'Lighthouse Bakery'")
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    let entries = app.get(&format!("/contests/{contest}/entries"), Some(&client)).await;
    for listed in entries.body["data"].as_array().unwrap() {
        let entry =
            app.get(&format!("/contests/{contest}/entries/{}", listed["id"]), Some(&client)).await.body["data"].clone();
        let main = entry["files"].as_array().unwrap().iter().find(|f| f["kind"] == 1).expect("a main image");
        let path = main["full_path"].as_str().unwrap();
        let answer = app.client.get(app.url(path)).bearer_auth(&client).send().await.unwrap();
        assert_eq!(answer.status(), 200, "{path}");
        let bytes = answer.bytes().await.unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    }

    // The demo showcases have a picture too, served as a PNG.
    let showcases = app.get("/externals/showcases", Some(&client)).await;
    assert_eq!(showcases.status, 200, "{}", showcases.body);
    let listed = showcases.body["data"].as_array().unwrap().clone();
    assert!(listed.len() >= 3, "{listed:?}");
    for showcase in &listed {
        let path = showcase["file"]["full_path"].as_str().unwrap_or_else(|| panic!("no picture: {showcase}"));
        let answer = app.client.get(app.url(path)).bearer_auth(&client).send().await.unwrap();
        assert_eq!(answer.status(), 200, "{path}");
        assert_eq!(&answer.bytes().await.unwrap()[..8], b"\x89PNG\r\n\x1a\n");
    }
}
