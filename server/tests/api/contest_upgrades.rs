//! What the upgrades buy takes effect: Featured lists the contest first in Browse
//! Contests, Highlighted is in the list's answer for the card to set apart, and the
//! Email Blast e-mails the category's top-rated designers once, on activation.

use serde_json::{json, Value};

use crate::{
    contests::{activate, launch},
    entries::{designer, patch, running_contest, submitted},
    helpers::{spawn_app, spawn_app_with, TestApp},
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
    assert!(body.contains(&format!("http://127.0.0.1:8080/contests/{blasted}/entries")), "absolute: {body}");
    assert!(body.contains("http://127.0.0.1:8080/mail/unsubscribe?user="), "{body}");

    // Later status changes send nothing more.
    let moved = app.put(&format!("/contests/{blasted}/statuses"), &json!({"status_id": 3}), &admin).await;
    assert_eq!(moved.status, 200, "{}", moved.body);
    assert_eq!(mails_to(&app, &gold).await, 1, "once");

    // A contest without the upgrade mails nobody when it starts.
    let quiet = launch(&app, &client).await;
    activate(&app, quiet, &admin).await;
    assert_eq!((mails_to(&app, &gold).await, mails_to(&app, &rated).await), (1, 1));
}

/// (text, List-Unsubscribe target) of the newest message to `address`.
async fn blast_of(app: &TestApp, address: &str) -> (String, String, Option<String>) {
    sqlx::query_as(
        "SELECT subject, body, list_unsubscribe FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1",
    )
    .bind(address)
    .fetch_one(&app.db.pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn a_designer_reads_the_blast_in_their_language_and_can_unsubscribe_from_it() {
    let app = spawn_app_with(|s| s.public_url = Some("https://vitrine.example".into())).await;
    let (_, client) = app.client_session("unsubholder").await;
    let (_, admin) = app.admin_session("unsubadmin").await;
    let (spanish_id, spanish_token) = designer(&app, "unsubes", 3).await;
    let (english_id, _) = designer(&app, "unsuben", 3).await;
    let set = app.put(&format!("/users/{spanish_id}/settings"), &json!({"language": "es"}), &spanish_token).await;
    assert_eq!(set.status, 200, "{}", set.body);
    let (spanish, english) = (email_of(&app, spanish_id).await, email_of(&app, english_id).await);

    let first = launch(&app, &client).await;
    grant(&app, first, "is_notified_via_email", &admin).await;
    activate(&app, first, &admin).await;
    let (subject, body, list_unsubscribe) = blast_of(&app, &spanish).await;
    assert_eq!(subject, "Nuevo concurso de Logo: Bright Bean Coffee");
    assert!(body.contains(&format!("https://vitrine.example/contests/{first}/entries")), "{body}");
    let unsubscribe = list_unsubscribe.expect("a List-Unsubscribe target");
    assert!(unsubscribe.starts_with(&format!("https://vitrine.example/mail/unsubscribe?user={spanish_id}&key=")));
    assert!(body.contains(&unsubscribe), "the link is in the text too: {body}");
    assert_eq!(blast_of(&app, &english).await.0, "New Logo Contest: Bright Bean Coffee");

    // The link opens a page asking first (in Spanish); a wrong key unsubscribes nobody.
    let path = unsubscribe.trim_start_matches("https://vitrine.example");
    let page = app.client.get(app.url(path)).header("accept", "text/html").send().await.unwrap();
    assert_eq!(page.status(), 200);
    let page = page.text().await.unwrap();
    assert!(page.contains("Darme de baja") && page.contains("<form method=\"post\">"), "{page}");
    let forged = format!("/mail/unsubscribe?user={english_id}&key=guessed");
    assert_eq!(app.client.post(app.url(&forged)).send().await.unwrap().status(), 404);
    let other_key = path.replace(&format!("user={spanish_id}"), &format!("user={english_id}"));
    assert_eq!(app.client.post(app.url(&other_key)).send().await.unwrap().status(), 404, "keys are per user");
    // The one-click POST (as a mailbox's button sends it) unsubscribes.
    let done = app
        .client
        .post(app.url(path))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    assert_eq!(done.status(), 200);
    assert!(done.text().await.unwrap().contains("Ya no vas a recibir"));

    let second = launch(&app, &client).await;
    grant(&app, second, "is_notified_via_email", &admin).await;
    activate(&app, second, &admin).await;
    assert_eq!((mails_to(&app, &spanish).await, mails_to(&app, &english).await), (1, 2), "only the one who stayed");

    // Their settings show the opt-out, and take them back in: the next launch mails them again.
    let preferences = format!("/users/{spanish_id}/notification-preferences");
    assert_eq!(app.get(&preferences, Some(&spanish_token)).await.body["data"]["receives_launch_mail"], 0);
    let back_in = app
        .put(&preferences, &json!({"muted_notification_type_ids": [], "receives_launch_mail": 1}), &spanish_token)
        .await;
    assert_eq!(back_in.body["data"]["receives_launch_mail"], 1, "{}", back_in.body);
    let third = launch(&app, &client).await;
    grant(&app, third, "is_notified_via_email", &admin).await;
    activate(&app, third, &admin).await;
    assert_eq!((mails_to(&app, &spanish).await, mails_to(&app, &english).await), (2, 3), "back in from the settings");
    // And out again from the settings, without a link.
    let out = app
        .put(&preferences, &json!({"muted_notification_type_ids": [], "receives_launch_mail": 0}), &spanish_token)
        .await;
    assert_eq!(out.body["data"]["receives_launch_mail"], 0, "{}", out.body);
    let fourth = launch(&app, &client).await;
    grant(&app, fourth, "is_notified_via_email", &admin).await;
    activate(&app, fourth, &admin).await;
    assert_eq!((mails_to(&app, &spanish).await, mails_to(&app, &english).await), (2, 4), "out from the settings");
}
