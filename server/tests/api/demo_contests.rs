//! `seed --demo` seeds a running, a deciding and a completed contest of demo-client with
//! entries, comments, likes and ratings, once, and the API serves them as any other.

use vitrine_server::{seed, store::clock::SystemClock};

use crate::helpers::{spawn_app, TestApp};

async fn demo_token(app: &TestApp, username: &str) -> String {
    let answer = app.login(username, seed::DEMO_PASSWORD).await;
    answer.body["access_token"].as_str().expect("a token").to_owned()
}

#[tokio::test]
async fn the_demo_seed_adds_living_contests_once() {
    let app = spawn_app().await;
    seed::demo(&app.db, &SystemClock).await.unwrap();
    seed::demo(&app.db, &SystemClock).await.unwrap();

    // Other demo modules seed contests of their own (the court's case); these three are this module's.
    let rows: Vec<(i64, String, i64)> =
        sqlx::query_as("SELECT id, title, status_id FROM contest ORDER BY id").fetch_all(&app.db.pool).await.unwrap();
    let ours = ["Lighthouse Bakery", "Trailhead Outfitters", "Nimbus Analytics"];
    let statuses: Vec<(&str, i64)> =
        rows.iter().filter(|(_, t, _)| ours.contains(&t.as_str())).map(|(_, t, s)| (t.as_str(), *s)).collect();
    assert_eq!(statuses, vec![("Lighthouse Bakery", 2), ("Trailhead Outfitters", 3), ("Nimbus Analytics", 9)]);
    let id_of = |title: &str| rows.iter().find(|(_, t, _)| t == title).map(|(id, _, _)| *id).unwrap();
    let (running_id, completed_id) = (id_of("Lighthouse Bakery"), id_of("Nimbus Analytics"));

    let client = demo_token(&app, "demo-client").await;
    let running = app.get(&format!("/contests/{running_id}/entries"), Some(&client)).await;
    assert_eq!(running.status, 200, "{}", running.body);
    assert_eq!(running.body["total"], 3);
    let liked = running.body["data"].as_array().unwrap().iter().map(|e| e["likes_count"].as_i64().unwrap()).max();
    assert_eq!(liked, Some(2));
    let board = app.get(&format!("/contests/{running_id}/comments"), None).await;
    assert_eq!(board.body["data"].as_array().map(Vec::len), Some(2), "{}", board.body);

    let gold = demo_token(&app, "demo-gold").await;
    let brief = app.get(&format!("/contests/{running_id}/briefs"), Some(&gold)).await;
    let styles =
        brief.body["data"]["answers"].as_array().unwrap().iter().find(|a| a["form_field_type_id"] == 8).cloned();
    assert_eq!(styles.unwrap()["answer_options"], serde_json::json!([10601, 10602]));

    let completed = app.get(&format!("/contests/{completed_id}/entries"), Some(&client)).await;
    let winners = completed.body["data"].as_array().unwrap().iter().filter(|e| e["is_winner"] == 1).count();
    assert_eq!(winners, 1);
}
