//! Opening a share link (`GET /shares/{code}`, the web client's `/share/{code}`): anyone,
//! signed in or not, reaches the contest it names, counted as a view from outside; an
//! unknown, malformed or deleted code, and a contest the visitor may not fetch over REST,
//! are the same 404 (`share.link_not_found`).

use reqwest::Method;
use serde_json::json;

use super::fixtures::{contest_in, designer_session, entry};
use crate::helpers::{spawn_app, TestApp};

/// A share link of `contest` made by `token`'s user; its code.
async fn share_code(app: &TestApp, contest: i64, token: &str) -> String {
    let made = app
        .send_json(Method::POST, &format!("/contests/{contest}/shares"), &json!({"network": "link"}), Some(token))
        .await;
    assert_eq!(made.status.as_u16(), 201, "{}", made.body);
    let code = made.body["data"]["code"].as_str().unwrap().to_owned();
    assert!(made.body["data"]["url"].as_str().unwrap().ends_with(&format!("/share/{code}")), "{}", made.body);
    code
}

async fn set_flags(app: &TestApp, contest: i64, private: bool, blind: bool) {
    sqlx::query("UPDATE contest SET is_private = $2, is_blind = $3 WHERE id = $1")
        .bind(contest)
        .bind(i64::from(private))
        .bind(i64::from(blind))
        .execute(&app.db.pool)
        .await
        .unwrap();
}

async fn external_views(app: &TestApp, contest: i64) -> i64 {
    sqlx::query_scalar("SELECT external_views_count FROM contest WHERE id = $1")
        .bind(contest)
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_public_contests_share_link_opens_for_visitors_designers_and_clients_and_counts_an_external_view() {
    let app = spawn_app().await;
    let (client_id, client) = app.client_session("clara").await;
    let (_, designer) = designer_session(&app, "dora").await;
    let (_, other_client) = app.client_session("carl").await;
    let contest = contest_in(&app, client_id, 2, "Bakery logo", 10_000).await;
    let code = share_code(&app, contest, &client).await;
    assert_eq!(external_views(&app, contest).await, 0);

    let anonymous = app.get(&format!("/shares/{code}"), None).await;
    assert_eq!(anonymous.status.as_u16(), 200, "{}", anonymous.body);
    assert_eq!(anonymous.body["data"]["contest_id"], contest);
    assert_eq!(anonymous.body["data"]["code"], code.as_str());
    assert_eq!(anonymous.body["data"]["network"], "link");
    assert_eq!(anonymous.body["data"]["contest"]["title"], "Bakery logo");
    assert_eq!(external_views(&app, contest).await, 1, "an opened link is a view from outside");

    for token in [&designer, &other_client, &client] {
        let opened = app.get(&format!("/shares/{code}"), Some(token)).await;
        assert_eq!(opened.status.as_u16(), 200, "{}", opened.body);
        assert_eq!(opened.body["data"]["contest"]["id"], contest);
    }
}

#[tokio::test]
async fn an_unknown_malformed_or_deleted_code_is_not_found() {
    let app = spawn_app().await;
    let (client_id, client) = app.client_session("clara").await;
    let contest = contest_in(&app, client_id, 2, "Logo", 10_000).await;
    let too_long = "x".repeat(65);
    for bad in ["nosuchcode12", "bad-code!", too_long.as_str()] {
        app.get(&format!("/shares/{bad}"), None).await.assert_error(404, "share.link_not_found");
    }
    let code = share_code(&app, contest, &client).await;
    let id: i64 = sqlx::query_scalar("SELECT id FROM contest_share WHERE code = $1")
        .bind(&code)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    let deleted =
        app.send_json(Method::DELETE, &format!("/contests/{contest}/shares/{id}"), &json!({}), Some(&client)).await;
    assert_eq!(deleted.status.as_u16(), 200, "{}", deleted.body);
    app.get(&format!("/shares/{code}"), None).await.assert_error(404, "share.link_not_found");
    assert_eq!(external_views(&app, contest).await, 0);
}

#[tokio::test]
async fn a_private_contests_link_opens_only_for_whoever_may_fetch_the_contest() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("boss").await;
    let (client_id, client) = app.client_session("clara").await;
    let (_, designer) = designer_session(&app, "dora").await;
    let (_, other_client) = app.client_session("carl").await;
    let contest = contest_in(&app, client_id, 2, "Secret logo", 10_000).await;
    set_flags(&app, contest, true, false).await;
    let code = share_code(&app, contest, &client).await;
    let path = format!("/shares/{code}");

    // Anonymous visitors and other clients cannot fetch a private contest: the link is a 404 too.
    app.get(&format!("/contests/{contest}"), None).await.assert_error(404, "contest.not_found");
    app.get(&path, None).await.assert_error(404, "share.link_not_found");
    app.get(&format!("/contests/{contest}"), Some(&other_client)).await.assert_error(404, "contest.not_found");
    app.get(&path, Some(&other_client)).await.assert_error(404, "share.link_not_found");
    assert_eq!(external_views(&app, contest).await, 0, "a refused link counts no view");
    // Designers, its owner and admins may.
    for token in [&designer, &client, &admin] {
        assert_eq!(app.get(&path, Some(token)).await.status.as_u16(), 200);
    }
    // An unpaid contest is its owner's (and admins') only.
    sqlx::query("UPDATE contest SET status_id = 1, is_private = 0 WHERE id = $1")
        .bind(contest)
        .execute(&app.db.pool)
        .await
        .unwrap();
    app.get(&path, Some(&designer)).await.assert_error(404, "share.link_not_found");
    assert_eq!(app.get(&path, Some(&client)).await.status.as_u16(), 200);
}

#[tokio::test]
async fn a_blind_contests_link_shows_the_contest_as_rest_does_and_no_entry() {
    let app = spawn_app().await;
    let (client_id, client) = app.client_session("clara").await;
    let (designer_id, _) = designer_session(&app, "dora").await;
    let contest = contest_in(&app, client_id, 2, "Blind logo", 10_000).await;
    set_flags(&app, contest, false, true).await;
    entry(&app, contest, designer_id, 1, false).await;
    let code = share_code(&app, contest, &client).await;

    let opened = app.get(&format!("/shares/{code}"), None).await;
    assert_eq!(opened.status.as_u16(), 200, "{}", opened.body);
    // The link carries the contest only, as GET /contests/{id} shows it to the same visitor.
    let mut keys: Vec<&String> = opened.body["data"].as_object().unwrap().keys().collect();
    keys.sort();
    assert_eq!(keys, ["code", "contest", "contest_id", "network"]);
    // (The link's own view is counted after it read the contest: the counts are one apart.)
    let rest = app.get(&format!("/contests/{contest}"), None).await;
    let without_counts = |value: &serde_json::Value| {
        let mut object = value.as_object().unwrap().clone();
        object.remove("views_count");
        object.remove("external_views_count");
        object
    };
    assert_eq!(without_counts(&opened.body["data"]["contest"]), without_counts(&rest.body["data"]));
    assert_eq!(rest.body["data"]["external_views_count"], 1);
    // Entries stay REST's to show, and a blind contest's are hidden from visitors.
    let entries = app.get(&format!("/contests/{contest}/entries"), None).await;
    assert_eq!(entries.body["data"].as_array().unwrap().len(), 0, "{}", entries.body);
    let owner = app.get(&format!("/contests/{contest}/entries"), Some(&client)).await;
    assert_eq!(owner.body["data"].as_array().unwrap().len(), 1, "{}", owner.body);
}
