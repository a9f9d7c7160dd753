//! What the upgrades buy takes effect: Featured lists the contest first in Browse
//! Contests, Highlighted is in the list's answer for the card to set apart, and the
//! Email Blast e-mails the category's top-rated designers once, on activation.

use serde_json::{json, Value};

use crate::{
    contests::{activate, launch},
    entries::{designer, patch, running_contest, submitted},
    helpers::{spawn_app, TestApp},
};

/// Grants the upgrade whose kind flag `flag` is 1 to `contest` (as a payment would).
async fn grant(app: &TestApp, contest: i64, flag: &str, admin: &str) {
    let upgrades = app.get("/contests/types/1/upgrades", None).await;
    let id = upgrades.body["data"].as_array().unwrap().iter().find(|u| u[flag] == 1).expect("upgrade")["id"].clone();
    let granted =
        app.put(&format!("/contests/{contest}/upgrades-manually"), &json!({"upgrade_ids": [id]}), admin).await;
    assert_eq!(granted.status, 200, "{}", granted.body);
}

fn ids(list: &Value) -> Vec<i64> {
    list["data"].as_array().unwrap().iter().map(|c| c["id"].as_i64().unwrap()).collect()
}

async fn email_of(app: &TestApp, id: i64) -> String {
    sqlx::query_scalar("SELECT email FROM app_user WHERE id = $1").bind(id).fetch_one(&app.db.pool).await.unwrap()
}

async fn mails_to(app: &TestApp, address: &str) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM mail_outbox WHERE to_address = $1")
        .bind(address)
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn browse_contests_lists_featured_contests_first_and_says_which_are_highlighted() {
    let app = spawn_app().await;
    let (_, client) = app.client_session("featholder").await;
    let (_, admin) = app.admin_session("featadmin").await;
    let (_, browser) = designer(&app, "featbrowser", 1).await;
    let mut started = Vec::new();
    for _ in 0..3 {
        let id = launch(&app, &client).await;
        activate(&app, id, &admin).await;
        started.push(id);
    }
    let (oldest, middle, newest) = (started[0], started[1], started[2]);
    let before = app.get("/contests/available", Some(&browser)).await;
    assert_eq!(ids(&before.body), vec![newest, middle, oldest], "newest first without upgrades");

    grant(&app, oldest, "is_featured", &admin).await;
    grant(&app, middle, "is_highlighted", &admin).await;
    let after = app.get("/contests/available", Some(&browser)).await;
    assert_eq!(ids(&after.body), vec![oldest, newest, middle], "the featured contest first, then the usual order");
    let rows = after.body["data"].as_array().unwrap();
    assert_eq!((rows[0]["is_featured"].clone(), rows[0]["detail"]["is_highlighted"].clone()), (json!(1), json!(0)));
    assert_eq!(rows[2]["detail"]["is_highlighted"], 1, "the highlighted card is marked in the answer");
    assert_eq!((rows[1]["is_featured"].clone(), rows[1]["detail"]["is_highlighted"].clone()), (json!(0), json!(0)));

    // The client's own lists keep their order: featured is about being found by designers.
    let own = app.get("/contests/active", Some(&client)).await;
    assert_eq!(ids(&own.body), vec![newest, middle, oldest]);
}

#[tokio::test]
async fn the_email_blast_mails_the_categorys_top_rated_designers_once_on_activation() {
    let app = spawn_app().await;
    let (_, client) = app.client_session("blastholder").await;
    let (_, admin) = app.admin_session("blastadmin").await;
    let (gold, _) = designer(&app, "blastgold", 3).await;
    let (rated, rated_token) = designer(&app, "blastrated", 1).await;
    let (plain, plain_token) = designer(&app, "blastplain", 2).await;
    // Ratings in an earlier logo contest: four stars and more makes a bronze designer top-rated.
    let earlier = running_contest(&app, "blastearlier").await;
    for (token, stars) in [(&rated_token, 5), (&plain_token, 2)] {
        let entry = submitted(&app, token, earlier.id).await;
        let path = format!("/contests/{}/entries/{entry}/ratings", earlier.id);
        let answer = patch(&app, &path, &json!({"rating": stars}), Some(&earlier.owner)).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
    }
    let (gold, rated, plain) = (email_of(&app, gold).await, email_of(&app, rated).await, email_of(&app, plain).await);

    // Bought before launch: nothing is sent until the contest goes Active.
    let blasted = launch(&app, &client).await;
    grant(&app, blasted, "is_notified_via_email", &admin).await;
    assert_eq!(mails_to(&app, &gold).await, 0, "nothing before activation");
    activate(&app, blasted, &admin).await;
    assert_eq!((mails_to(&app, &gold).await, mails_to(&app, &rated).await, mails_to(&app, &plain).await), (1, 1, 0));
    let (subject, body) = app.last_mail_to(&gold).await.unwrap();
    assert_eq!(subject, "New Logo Contest: Bright Bean Coffee");
    assert!(body.contains(&format!("/contests/{blasted}/entries")), "{body}");

    // Later status changes send nothing more.
    let moved = app.put(&format!("/contests/{blasted}/statuses"), &json!({"status_id": 3}), &admin).await;
    assert_eq!(moved.status, 200, "{}", moved.body);
    assert_eq!(mails_to(&app, &gold).await, 1, "once");

    // A contest without the upgrade mails nobody when it starts.
    let quiet = launch(&app, &client).await;
    activate(&app, quiet, &admin).await;
    assert_eq!((mails_to(&app, &gold).await, mails_to(&app, &rated).await), (1, 1));
}
