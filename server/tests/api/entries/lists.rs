//! A contest's entry list (pages, filters, sorts) and the designer's contest lists.

use serde_json::Value;

use super::{designer, running_contest, submitted};
use crate::helpers::{spawn_app, TestApp};

/// Inserts `count` entries by `designer_id` straight into the table (numbers after the last).
async fn seed_entries(app: &TestApp, contest: i64, designer_id: i64, count: i64) {
    for n in 1..=count {
        sqlx::query(
            "INSERT INTO contest_entry (contest_id, created_by, number, status_id, is_winner, created_at, updated_at) \
             VALUES ($1, $2, $3, 1, 0, $4, $4)",
        )
        .bind(contest)
        .bind(designer_id)
        .bind(100 + n)
        .bind(n)
        .execute(&app.db.pool)
        .await
        .unwrap();
    }
}

fn ids(body: &Value) -> Vec<i64> {
    body["data"].as_array().unwrap().iter().map(|e| e["id"].as_i64().unwrap()).collect()
}

#[tokio::test]
async fn entries_come_48_a_page_with_filters_and_sorts() {
    let app = spawn_app().await;
    let contest = running_contest(&app, "p1").await;
    let (alice_id, _) = designer(&app, "p1alice", 2).await;
    let (_, bob) = designer(&app, "p1bob", 2).await;
    seed_entries(&app, contest.id, alice_id, 49).await;
    let bobs = submitted(&app, &bob, contest.id).await;
    let base = format!("/contests/{}/entries", contest.id);

    let first = app.get(&base, None).await;
    assert_eq!(first.status, 200, "{}", first.body);
    assert_eq!(first.body["total"], 50);
    assert_eq!(first.body["per_page"], 48);
    assert_eq!(first.body["current_page"], 1);
    assert_eq!(first.body["data"].as_array().unwrap().len(), 48);
    assert_eq!(ids(&first.body)[0], bobs, "newest first");
    assert_eq!(first.body["next_page_url"], format!("/contests/{}/entries?page=2", contest.id));
    let second = app.get(&format!("{base}?page=2"), None).await;
    assert_eq!(second.body["data"].as_array().unwrap().len(), 2);
    assert_eq!(second.body["next_page_url"], Value::Null);

    let oldest = app.get(&format!("{base}?sort=oldest"), None).await;
    assert_eq!(oldest.body["data"][0]["number"], 101);
    let by_bob = app.get(&format!("{base}?filter[designer]=p1bob"), None).await;
    assert_eq!(ids(&by_bob.body), vec![bobs]);

    // Likes: the liked entry first.
    sqlx::query("INSERT INTO entry_reaction (contest_entry_id, app_user_id, emoji_reaction_id, created_at) VALUES ($1, $2, 1, 1)")
        .bind(ids(&oldest.body)[3])
        .bind(contest.owner_id)
        .execute(&app.db.pool)
        .await
        .unwrap();
    let liked = app.get(&format!("{base}?sort=likes"), None).await;
    assert_eq!(liked.body["data"][0]["id"], ids(&oldest.body)[3]);
    assert_eq!(liked.body["data"][0]["likes_count"], 1);

    // Rating: the holder only.
    app.get(&format!("{base}?sort=rating"), Some(&bob)).await.assert_error(403, "sort.rating_forbidden");
    app.get(&format!("{base}?sort=rating"), None).await.assert_error(403, "sort.rating_forbidden");
    app.get(&format!("{base}?sort=sideways"), None).await.assert_error(422, "validation.exists");
    app.get(&format!("{base}?filter[status]=lost"), None).await.assert_error(422, "status.in");
    let rate = format!("{base}/{}/ratings", ids(&oldest.body)[7]);
    let rated = super::patch(&app, &rate, &serde_json::json!({"rating": 5}), Some(&contest.owner)).await;
    assert_eq!(rated.status, 200, "{}", rated.body);
    let by_rating = app.get(&format!("{base}?sort=rating"), Some(&contest.owner)).await;
    assert_eq!(by_rating.status, 200, "{}", by_rating.body);
    assert_eq!(by_rating.body["data"][0]["id"], ids(&oldest.body)[7]);

    let details = app.get(&format!("{base}/with-details?filter[designer]=p1bob"), None).await;
    assert_eq!(details.body["data"][0]["files"].as_array().unwrap().len(), 1, "{}", details.body);
    assert_eq!(details.body["data"][0]["created_by_user"]["username"], "p1bob");
    // Unfiltered, the page's files (read in one query) are each entry's own: the same
    // as the single-entry answer.
    let page = app.get(&format!("{base}/with-details"), None).await;
    let entries = page.body["data"].as_array().unwrap();
    assert!(entries.iter().any(|e| !e["files"].as_array().unwrap().is_empty()), "some entries have files");
    for entry in entries {
        let one = app.get(&format!("{base}/{}", entry["id"]), None).await;
        assert_eq!(entry["files"], one.body["data"]["files"], "entry {}", entry["id"]);
    }
    app.get("/contests/424242/entries", None).await.assert_error(404, "contest.not_found");
}

#[tokio::test]
async fn designers_list_the_contests_they_take_part_in_ended_and_won() {
    let app = spawn_app().await;
    let running = running_contest(&app, "p2").await;
    let ended = running_contest(&app, "p3").await;
    let (_, alice) = designer(&app, "p2alice", 2).await;
    submitted(&app, &alice, running.id).await;
    let won = submitted(&app, &alice, ended.id).await;
    let award = format!("/contests/{}/entries/{won}/award-winners", ended.id);
    let awarded = super::post(&app, &award, &serde_json::json!({}), Some(&ended.owner)).await;
    assert_eq!(awarded.status, 200, "{}", awarded.body);

    let list = |name: &'static str, token: String| {
        let app = &app;
        async move { app.get(&format!("/contests/{name}"), Some(&token)).await }
    };
    let participating = list("participating", alice.clone()).await;
    assert_eq!(participating.status, 200, "{}", participating.body);
    assert_eq!(ids(&participating.body), vec![running.id]);
    assert_eq!(ids(&list("participated", alice.clone()).await.body), vec![ended.id]);
    assert_eq!(ids(&list("won", alice.clone()).await.body), vec![ended.id]);
    list("won", running.owner.clone()).await.assert_error(403, "auth.forbidden");
    let (_, stranger) = designer(&app, "p2stranger", 1).await;
    assert_eq!(list("participating", stranger).await.body["total"], 0);
}

#[tokio::test]
async fn grouped_by_designer_the_list_shows_one_card_each_with_their_count() {
    let app = spawn_app().await;
    let contest = running_contest(&app, "p3").await;
    let (alice_id, _) = designer(&app, "p3alice", 2).await;
    let (_, bob) = designer(&app, "p3bob", 2).await;
    seed_entries(&app, contest.id, alice_id, 4).await;
    let bobs = submitted(&app, &bob, contest.id).await;
    let base = format!("/contests/{}/entries", contest.id);

    let grouped = app.get(&format!("{base}?group=designer&include=files"), None).await;
    assert_eq!(grouped.status, 200, "{}", grouped.body);
    assert_eq!(grouped.body["total"], 2, "one card per designer");
    let cards = grouped.body["data"].as_array().unwrap();
    let by = |name: &str| cards.iter().find(|c| c["created_by_user"]["username"] == name).unwrap().clone();
    assert_eq!(by("p3alice")["designer_entries_count"], 4);
    assert_eq!(by("p3alice")["number"], 104, "each designer's newest entry");
    assert_eq!(by("p3bob")["id"], bobs);
    assert_eq!(by("p3bob")["files"].as_array().unwrap().len(), 1, "include=files brings the images");
    // Without grouping there are no counts, and without include no files.
    let plain = app.get(&base, None).await;
    assert_eq!(plain.body["total"], 5);
    assert!(plain.body["data"][0].get("designer_entries_count").is_none());
    assert!(plain.body["data"][0].get("files").is_none());

    app.get(&format!("{base}?group=colour"), None).await.assert_error(422, "validation.exists");
    let bad = app.get(&format!("{base}?include=files,secrets"), None).await;
    bad.assert_error(422, "validation.exists");
    assert!(bad.body["error"]["fields"]["include"].is_array(), "{}", bad.body);
}
