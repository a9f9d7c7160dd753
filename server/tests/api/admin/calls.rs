//! The remaining calls of section 7 that are the admin console's: contest admin calls,
//! shares, coupon invites, client feedback, project invoices, and the small account
//! calls; each as the right and the wrong role.

use reqwest::Method;
use serde_json::json;

use super::fixtures::{contest_in, designer_session, entry, project_in};
use crate::helpers::{spawn_app, TestApp};

async fn an_upgrade_of_logo_contests(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT contest_upgrade_id FROM contest_type_upgrade WHERE contest_type_id = 1 ORDER BY contest_upgrade_id LIMIT 1")
        .fetch_one(&app.db.pool)
        .await
        .expect("logo contests offer upgrades")
}

#[tokio::test]
async fn only_admins_grant_and_remove_upgrades_by_hand() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("boss").await;
    let (client_id, client) = app.client_session("clara").await;
    let contest = contest_in(&app, client_id, 2, "Logo", 10_000).await;
    let upgrade = an_upgrade_of_logo_contests(&app).await;
    let path = format!("/contests/{contest}/upgrades-manually");
    app.put(&path, &json!({"upgrade_ids": [upgrade]}), &client).await.assert_error(403, "auth.forbidden");
    app.put(&path, &json!({"upgrade_ids": [999_999]}), &admin).await.assert_error(422, "upgrades.in");
    let granted = app.put(&path, &json!({"upgrade_ids": [upgrade]}), &admin).await;
    assert_eq!(granted.status.as_u16(), 200, "{}", granted.body);
    let flags = |body: &serde_json::Value| {
        ["is_highlighted", "is_featured", "is_private", "is_blind", "is_notified_via_email", "is_featured_blog_post"]
            .iter()
            .filter(|f| body["data"][**f] == json!(1) || body["data"][**f] == json!(true))
            .count()
    };
    assert_eq!(flags(&granted.body), 1, "{}", granted.body);
    let remove = format!("/contests/{contest}/remove-upgrades");
    app.send_json(Method::POST, &remove, &json!({}), Some(&client)).await.assert_error(403, "auth.forbidden");
    let removed = app.send_json(Method::POST, &remove, &json!({}), Some(&admin)).await;
    assert_eq!(flags(&removed.body), 0, "{}", removed.body);
}

#[tokio::test]
async fn an_admin_removes_winners_before_verification_and_the_client_decides_again() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("boss").await;
    let (client_id, client) = app.client_session("clara").await;
    let (designer_id, _) = designer_session(&app, "dora").await;
    let contest = contest_in(&app, client_id, 5, "Logo", 10_000).await;
    let winner = entry(&app, contest, designer_id, 1, true).await;
    let path = format!("/contests/{contest}/remove-winners");
    app.send_json(Method::POST, &path, &json!({}), Some(&client)).await.assert_error(403, "auth.forbidden");
    let done = app.send_json(Method::POST, &path, &json!({}), Some(&admin)).await;
    assert_eq!(done.status.as_u16(), 200, "{}", done.body);
    assert_eq!(done.body["data"]["status_id"], 3);
    let is_winner: i64 = sqlx::query_scalar("SELECT is_winner FROM contest_entry WHERE id = $1")
        .bind(winner)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(is_winner, 0);
    // Deciding again: there is no award left to remove.
    app.send_json(Method::POST, &path, &json!({}), Some(&admin))
        .await
        .assert_error(409, "contest.winners_not_removable");
}

#[tokio::test]
async fn once_an_admin_disables_extensions_nobody_extends_and_no_extension_is_priced() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("boss").await;
    let (client_id, client) = app.client_session("clara").await;
    let contest = contest_in(&app, client_id, 2, "Logo", 10_000).await;
    sqlx::query("UPDATE contest SET submission_ends_at = 100000000, deciding_ends_at = 200000000 WHERE id = $1")
        .bind(contest)
        .execute(&app.db.pool)
        .await
        .unwrap();
    let path = format!("/contests/{contest}/extends/disable");
    app.send_json(Method::POST, &path, &json!({}), Some(&client)).await.assert_error(403, "auth.forbidden");
    assert_eq!(app.send_json(Method::POST, &path, &json!({}), Some(&admin)).await.status.as_u16(), 200);
    let extends = format!("/contests/{contest}/extends");
    app.put(&extends, &json!({"days": 2}), &client).await.assert_error(403, "auth.forbidden");
    app.put(&extends, &json!({"days": 2}), &admin).await.assert_error(409, "contest.extends_disabled");
    // Every paid route prices through the quote, which refuses: nothing can be charged.
    app.send_json(
        Method::POST,
        &format!("/contests/{contest}/quote"),
        &json!({"purpose": "extend", "days": 2}),
        Some(&client),
    )
    .await
    .assert_error(409, "contest.extends_disabled");
}

#[tokio::test]
async fn a_share_is_deleted_by_its_maker_or_an_admin_only() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("boss").await;
    let (client_id, client) = app.client_session("clara").await;
    let (_, designer) = designer_session(&app, "dora").await;
    let (_, other) = designer_session(&app, "otto").await;
    let contest = contest_in(&app, client_id, 2, "Logo", 10_000).await;
    let made = app
        .send_json(
            Method::POST,
            &format!("/contests/{contest}/shares"),
            &json!({"network": "twitter"}),
            Some(&designer),
        )
        .await;
    assert_eq!(made.status.as_u16(), 201, "{}", made.body);
    assert!(made.body["data"]["url"].as_str().unwrap().contains("/share/"));
    let share = made.body["data"]["id"].as_i64().unwrap();
    app.send_json(
        Method::POST,
        &format!("/contests/{contest}/shares"),
        &json!({"network": "myspace"}),
        Some(&designer),
    )
    .await
    .assert_error(422, "network.in");
    assert_eq!(
        app.get(&format!("/contests/{contest}/shares"), Some(&client)).await.body["data"].as_array().unwrap().len(),
        1
    );
    app.get(&format!("/contests/{contest}/shares"), Some(&other)).await.assert_error(403, "auth.forbidden");
    let path = format!("/contests/{contest}/shares/{share}");
    app.send_json(Method::DELETE, &path, &json!({}), Some(&other)).await.assert_error(403, "auth.forbidden");
    assert_eq!(app.send_json(Method::DELETE, &path, &json!({}), Some(&admin)).await.status.as_u16(), 200);
    app.send_json(Method::DELETE, &path, &json!({}), Some(&designer)).await.assert_error(404, "share.not_found");
}

#[tokio::test]
async fn an_admin_emails_a_contests_client_a_coupon_of_its_type() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("boss").await;
    let (client_id, client) = app.client_session("clara").await;
    let contest = contest_in(&app, client_id, 4, "Logo", 10_000).await;
    let coupon = app
        .send_json(
            Method::POST,
            "/contests/types/1/coupons",
            &json!({"code": "AGAIN20", "percent_off": 20}),
            Some(&admin),
        )
        .await;
    assert_eq!(coupon.status.as_u16(), 201, "{}", coupon.body);
    let path = format!("/contests/{contest}/coupons/invites");
    app.send_json(Method::POST, &path, &json!({"code": "AGAIN20"}), Some(&client))
        .await
        .assert_error(403, "auth.forbidden");
    app.send_json(Method::POST, &path, &json!({"code": "NOPE"}), Some(&admin))
        .await
        .assert_error(422, "validation.exists");
    let sent = app.send_json(Method::POST, &path, &json!({"code": "again20"}), Some(&admin)).await;
    assert_eq!(sent.status.as_u16(), 201, "{}", sent.body);
    let (subject, body) = app.last_mail_to("clara@example.com").await.expect("the client was e-mailed");
    assert_eq!(subject, "A coupon for your next contest");
    assert!(body.contains("AGAIN20") && body.contains("discount_code=AGAIN20"), "{body}");
}

#[tokio::test]
async fn the_client_answers_feedback_after_the_contest_and_admins_read_it() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("boss").await;
    let (client_id, client) = app.client_session("clara").await;
    let (_, designer) = designer_session(&app, "dora").await;
    let questions = app.get("/contests/feedback/questions", None).await;
    assert_eq!(questions.body["data"].as_array().unwrap().len(), 4);
    let running = contest_in(&app, client_id, 2, "Running", 10_000).await;
    let ended = contest_in(&app, client_id, 9, "Ended", 10_000).await;
    let answers =
        json!({"answers": [{"question_id": 1, "rating": 5}, {"question_id": 4, "answer": "More naming designers"}]});
    app.send_json(Method::POST, &format!("/contests/{running}/feedback"), &answers, Some(&client))
        .await
        .assert_error(409, "feedback.too_early");
    app.send_json(Method::POST, &format!("/contests/{ended}/feedback"), &answers, Some(&designer))
        .await
        .assert_error(403, "auth.forbidden");
    app.send_json(
        Method::POST,
        &format!("/contests/{ended}/feedback"),
        &json!({"answers": [{"question_id": 1, "rating": 9}]}),
        Some(&client),
    )
    .await
    .assert_error(422, "validation.required");
    let saved = app.send_json(Method::POST, &format!("/contests/{ended}/feedback"), &answers, Some(&client)).await;
    assert_eq!(saved.status.as_u16(), 201, "{}", saved.body);
    let listed = app.get("/admin/clients-feedback", Some(&admin)).await;
    assert_eq!(listed.body["total"], 2, "{}", listed.body);
    app.get("/admin/clients-feedback", Some(&client)).await.assert_error(403, "auth.forbidden");
    let project = project_in(&app, client_id, 6, "Website").await;
    app.send_json(Method::POST, &format!("/projects/{project}/feedback"), &answers, Some(&client)).await;
    assert_eq!(app.get("/admin/clients-feedback?filter[kind]=project", Some(&admin)).await.body["total"], 2);
}

#[tokio::test]
async fn a_project_invoice_is_for_its_client_or_an_admin_once_something_was_paid() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("boss").await;
    let (client_id, client) = app.client_session("clara").await;
    let (_, designer) = designer_session(&app, "dora").await;
    let project = project_in(&app, client_id, 2, "Website").await;
    let path = format!("/projects/{project}/invoices/download/token");
    app.send_json(Method::POST, &path, &json!({}), Some(&client))
        .await
        .assert_error(409, "project_invoice.not_available");
    sqlx::query(
        "INSERT INTO payment_transaction (app_user_id, purpose, trigger_id, reason_id, project_id, amount_cents, status_id, state, \
         stripe_payment_intent_id, client_secret, idempotency_key, paid_at, created_at, updated_at) \
         VALUES ($1, 'bid_approval', 4, 21, $2, 50000, 2, 'paid', 'pi_admin_1', 'secret', 'key-1', 1, 1, 1)",
    )
    .bind(client_id)
    .bind(project)
    .execute(&app.db.pool)
    .await
    .unwrap();
    app.send_json(Method::POST, &path, &json!({}), Some(&designer)).await.assert_error(403, "auth.forbidden");
    for token in [&client, &admin] {
        let issued = app.send_json(Method::POST, &path, &json!({}), Some(token)).await;
        assert_eq!(issued.status.as_u16(), 201, "{}", issued.body);
        let link =
            format!("/projects/{project}/invoices/download?token={}", issued.body["data"]["token"].as_str().unwrap());
        let pdf = app.client.get(app.url(&link)).send().await.unwrap();
        assert_eq!(pdf.headers()["content-type"], "application/pdf");
        assert!(pdf.bytes().await.unwrap().starts_with(b"%PDF"));
        // One use only.
        app.get(&link, None).await.assert_error(410, "invoice.token_invalid");
    }
}

#[tokio::test]
async fn analytics_events_are_recorded_for_visitors_and_users_and_need_a_category() {
    let app = spawn_app().await;
    let (client_id, client) = app.client_session("clara").await;
    let event = json!({"category": "subscriptions", "sub_category": "visit"});
    assert_eq!(app.send_json(Method::POST, "/analytics/event", &event, None).await.status.as_u16(), 201);
    assert_eq!(app.send_json(Method::POST, "/analytics/event", &event, Some(&client)).await.status.as_u16(), 201);
    app.send_json(Method::POST, "/analytics/event", &json!({"sub_category": "x"}), Some(&client))
        .await
        .assert_error(422, "category.required");
    let mine: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM analytics_event WHERE app_user_id = $1")
        .bind(client_id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    let all: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM analytics_event").fetch_one(&app.db.pool).await.unwrap();
    assert_eq!((mine, all), (1, 2));
}

#[tokio::test]
async fn permissions_answer_what_each_role_may_do() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("boss").await;
    let (_, client) = app.client_session("clara").await;
    let (_, designer) = designer_session(&app, "dora").await;
    let ask = json!({"permissions": ["launch_contest", "submit_entry", "moderate", "sit_in_design_court"]});
    let as_client = app.send_json(Method::POST, "/permissions", &ask, Some(&client)).await.body;
    assert_eq!(
        as_client["data"],
        json!({"launch_contest": true, "submit_entry": false, "moderate": false, "sit_in_design_court": false})
    );
    // A bronze designer submits entries but does not sit in the court.
    let as_designer = app.send_json(Method::POST, "/permissions", &ask, Some(&designer)).await.body;
    assert_eq!(
        as_designer["data"],
        json!({"launch_contest": false, "submit_entry": true, "moderate": false, "sit_in_design_court": false})
    );
    let as_admin = app.send_json(Method::POST, "/permissions", &ask, Some(&admin)).await.body;
    assert_eq!(as_admin["data"]["moderate"], true);
    app.send_json(Method::POST, "/permissions", &json!({"permissions": ["fly"]}), Some(&client))
        .await
        .assert_error(422, "permission.in");
    app.send_json(Method::POST, "/permissions", &ask, None).await.assert_error(401, "auth.unauthenticated");
}

#[tokio::test]
async fn the_seamless_session_answers_the_tokens_user_and_refuses_without_one() {
    let app = spawn_app().await;
    let (client_id, client) = app.client_session("clara").await;
    let answer = app.get("/oauth/seamless", Some(&client)).await;
    assert_eq!(
        (answer.body["data"]["user"]["id"].as_i64(), answer.body["data"]["expires_at"].as_i64().is_some()),
        (Some(client_id), true)
    );
    app.get("/oauth/seamless", None).await.assert_error(401, "auth.unauthenticated");
}

#[tokio::test]
async fn a_user_resets_their_own_username_and_an_admin_anyones() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("boss").await;
    let (client_id, client) = app.client_session("clara").await;
    let (designer_id, designer) = designer_session(&app, "dora").await;
    let mine = app.send_json(Method::POST, "/username/reset", &json!({"username": "clara_b"}), Some(&client)).await;
    assert_eq!(mine.body["data"]["username"], "clara_b", "{}", mine.body);
    app.send_json(Method::POST, "/username/reset", &json!({"username": "x", "user_id": client_id}), Some(&designer))
        .await
        .assert_error(403, "auth.forbidden");
    app.send_json(Method::POST, "/username/reset", &json!({"username": "CLARA_B"}), Some(&designer))
        .await
        .assert_error(422, "username.unique");
    app.send_json(Method::POST, "/username/reset", &json!({"username": "bad!name"}), Some(&designer))
        .await
        .assert_error(422, "username.alpha_dash");
    let by_admin = app
        .send_json(
            Method::POST,
            "/username/reset",
            &json!({"username": "dora_renamed", "user_id": designer_id}),
            Some(&admin),
        )
        .await;
    assert_eq!(by_admin.body["data"]["username"], "dora_renamed");
    assert_eq!(app.login("dora_renamed", crate::helpers::PASSWORD).await.status.as_u16(), 200);
}

#[tokio::test]
async fn a_users_contest_lists_and_earnings_show_what_is_owed_and_paid() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("boss").await;
    let (client_id, client) = app.client_session("clara").await;
    let (designer_id, designer) = designer_session(&app, "dora").await;
    let contest = contest_in(&app, client_id, 8, "Logo", 30_000).await;
    entry(&app, contest, designer_id, 1, true).await;
    super::fixtures::credit_contest(&app, contest, &admin).await;
    contest_in(&app, client_id, 6, "Other", 10_000).await;
    let completed = app.get(&format!("/users/{designer_id}/contests/completed"), Some(&designer)).await;
    assert_eq!(completed.body["total"], 1, "{}", completed.body);
    assert_eq!(app.get(&format!("/users/{client_id}/contests/uncredited"), Some(&client)).await.body["total"], 1);
    assert_eq!(app.get(&format!("/users/{client_id}/contests"), Some(&admin)).await.body["total"], 2);
    app.get(&format!("/users/{client_id}/contests"), Some(&designer)).await.assert_error(403, "auth.forbidden");
    let earnings = app.get(&format!("/users/{designer_id}/transactions/earnings"), Some(&designer)).await;
    assert_eq!(
        (earnings.body["data"]["owed_cents"].as_i64(), earnings.body["data"]["paid_cents"].as_i64()),
        (Some(30_000), Some(0))
    );
    app.get(&format!("/users/{designer_id}/transactions/earnings"), Some(&client))
        .await
        .assert_error(403, "auth.forbidden");

    let cookie = app.get("/users/cookies", None).await;
    let value = cookie.body["data"]["value"].as_str().unwrap();
    assert!(value.len() == 32 && value.bytes().all(|b| b.is_ascii_digit()), "{value}");
    assert_eq!(cookie.body["data"]["max_age_hours"], 720);
}
