//! Contests: launch from a brief, visibility, the start request, admin statuses,
//! extensions and lists, each as the right and the wrong role.

use serde_json::{json, Value};

use crate::helpers::{spawn_app, TestApp};

/// A complete logo brief (type 1): title, description, industry, height and width.
pub fn logo_brief() -> Value {
    json!({
        "contest_type_id": 1,
        "contest_type_questions": [
            {"id": 101, "answer": "Bright Bean Coffee"},
            {"id": 102, "answer": "A roastery for night owls."},
            {"id": 103, "answer_options": [10300]},
            {"id": 107, "answer_slider_options": [{"id": 10700, "value": 50}]},
            {"id": 110, "answer": "500 px"},
            {"id": 111, "answer": "500 px"},
        ],
        "is_quick_start": 0, "is_tip": 0, "is_added_queue": 0, "agree_terms": 1,
    })
}

/// Launches the logo brief as `token`; returns the contest id.
pub async fn launch(app: &TestApp, token: &str) -> i64 {
    let answer = app.send_json(reqwest::Method::POST, "/contests", &logo_brief(), Some(token)).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    answer.body["data"]["id"].as_i64().unwrap()
}

/// Starts a contest through the admin status endpoint.
pub async fn activate(app: &TestApp, contest: i64, admin: &str) {
    let answer = app.put(&format!("/contests/{contest}/statuses"), &json!({"status_id": 2}), admin).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
}

#[tokio::test]
async fn a_client_launches_a_contest_from_its_brief() {
    let app = spawn_app().await;
    let (client_id, client) = app.client_session("launcher").await;
    let answer = app.send_json(reqwest::Method::POST, "/contests", &logo_brief(), Some(&client)).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    let contest = &answer.body["data"];
    assert_eq!(contest["title"], "Bright Bean Coffee", "the is_title question names the contest");
    assert_eq!(contest["description"], "A roastery for night owls.");
    assert_eq!(contest["status_id"], 1);
    assert_eq!(contest["contest_type_title"], "Logo Contest");
    assert_eq!(contest["created_by"], client_id);
    assert_eq!(contest["is_added_queue"], 0);
    assert!(contest["terms_accepted_at"].as_i64().is_some(), "the logo type's terms were accepted: {contest}");
    assert!(contest["slug"].as_str().unwrap().starts_with("bright-bean-coffee-"));

    let id = contest["id"].as_i64().unwrap();
    let brief = app.get(&format!("/contests/{id}/briefs"), Some(&client)).await;
    let answers = brief.body["data"]["answers"].as_array().unwrap();
    assert_eq!(answers.len(), 6);
    assert_eq!(answers[2]["answer_options"], json!([10300]));
}

#[tokio::test]
async fn only_a_subscribed_client_adds_a_contest_to_the_queue() {
    let app = spawn_app().await;
    let (client_id, client) = app.client_session("queuer").await;
    let (_, admin) = app.admin_session("queueadmin").await;
    let mut queued = logo_brief();
    queued["is_added_queue"] = json!(1);
    let refused = app.send_json(reqwest::Method::POST, "/contests", &queued, Some(&client)).await;
    refused.assert_error(422, "is_added_queue.subscribed");
    assert_eq!(refused.field_code("is_added_queue"), "is_added_queue.subscribed", "{}", refused.body);
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM contest").fetch_one(&app.db.pool).await.unwrap();
    assert_eq!(count, 0, "nothing was written");
    // The $49 upgrades plan is not the unlimited contests plan the queue belongs to.
    let path = format!("/users/{client_id}/subscriptions");
    assert!(app.put(&path, &json!({"trigger_id": 2, "is_active": 1}), &admin).await.status.is_success());
    let refused = app.send_json(reqwest::Method::POST, "/contests", &queued, Some(&client)).await;
    assert_eq!(refused.field_code("is_added_queue"), "is_added_queue.subscribed", "{}", refused.body);
    assert!(app.put(&path, &json!({"trigger_id": 13, "is_active": 1}), &admin).await.status.is_success());
    let answer = app.send_json(reqwest::Method::POST, "/contests", &queued, Some(&client)).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    assert_eq!(answer.body["data"]["is_added_queue"], 1);
}

#[tokio::test]
async fn only_clients_launch() {
    let app = spawn_app().await;
    app.register(&TestApp::designer_payload("notaclient")).await;
    let designer = app.token("notaclient").await;
    let answer = app.send_json(reqwest::Method::POST, "/contests", &logo_brief(), Some(&designer)).await;
    answer.assert_error(403, "contest.launch.forbidden");
    assert_eq!(answer.body["error"]["message"], "You do not have the correct account type to launch a contest.");
    let anonymous = app.send_json(reqwest::Method::POST, "/contests", &logo_brief(), None).await;
    anonymous.assert_error(401, "auth.unauthenticated");
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM contest").fetch_one(&app.db.pool).await.unwrap();
    assert_eq!(count, 0);
}

#[tokio::test]
async fn an_incomplete_brief_reports_each_question_and_saves_nothing() {
    let app = spawn_app().await;
    let (_, client) = app.client_session("hasty").await;
    let brief = json!({"contest_type_id": 1, "contest_type_questions": [
        {"id": 101, "answer": "   "},
        {"id": 105, "answer_options": [99999]},
        {"id": 107, "answer_slider_options": [{"id": 10700, "value": 140}]},
        {"id": 4242, "answer": "stray"},
    ]});
    let answer = app.send_json(reqwest::Method::POST, "/contests", &brief, Some(&client)).await;
    answer.assert_error(422, "validation.failed");
    assert_eq!(answer.field_message("contest_type_questions.101"), "This field is required");
    assert_eq!(answer.field_code("contest_type_questions.102"), "validation.required");
    assert_eq!(answer.field_code("contest_type_questions.103"), "validation.required");
    assert_eq!(answer.field_code("contest_type_questions.105"), "validation.exists");
    assert_eq!(answer.field_code("contest_type_questions.107"), "slider.between");
    assert_eq!(answer.field_code("contest_type_questions.4242"), "validation.exists");
    assert_eq!(answer.field_code("contest_type_questions.110"), "validation.required");
    assert_eq!(answer.field_message("agree_terms"), "Please accept terms", "the logo type has terms");

    let unknown_type =
        app.send_json(reqwest::Method::POST, "/contests", &json!({"contest_type_id": 999}), Some(&client)).await;
    assert_eq!(unknown_type.field_code("contest_type_id"), "validation.exists");
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM contest").fetch_one(&app.db.pool).await.unwrap();
    assert_eq!(count, 0);
}

#[tokio::test]
async fn a_type_with_terms_launches_only_once_they_are_accepted_and_records_when() {
    let app = spawn_app().await;
    let (_, client) = app.client_session("terms").await;
    let (_, other) = app.client_session("termsother").await;
    let mut brief = logo_brief();
    brief["agree_terms"] = json!(0);
    let refused = app.send_json(reqwest::Method::POST, "/contests", &brief, Some(&client)).await;
    refused.assert_error(422, "agree_terms.accepted");
    assert_eq!(refused.field_message("agree_terms"), "Please accept terms");
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM contest").fetch_one(&app.db.pool).await.unwrap();
    assert_eq!(count, 0, "nothing was written");
    let id = launch(&app, &client).await;
    let shown = app.get(&format!("/contests/{id}"), Some(&client)).await;
    let data = &shown.body["data"];
    assert!(data["terms_accepted_at"].is_i64(), "{}", shown.body);
    assert_eq!(data["terms_accepted_at"], data["created_at"], "accepted as the brief was launched");
    // Another client cannot read the unstarted contest, nor so its acceptance.
    app.get(&format!("/contests/{id}"), Some(&other)).await.assert_error(404, "contest.not_found");
    // A type without terms records none, with or without the flag.
    let web = json!({"contest_type_id": 2, "title": "Night Owl Roasters", "description": "A site.", "agree_terms": 1});
    let questions = app.get("/contests/types/2/questions", None).await.body["data"].clone();
    let answers: Vec<Value> = questions
        .as_array()
        .unwrap()
        .iter()
        .filter(|q| q["is_required"] == 1)
        .map(|q| match q["options"].as_array().and_then(|o| o.first()) {
            Some(option) if q["form_field_type_id"] == 10 => {
                json!({"id": q["id"], "answer_slider_options": [{"id": option["id"], "value": 50}]})
            }
            Some(option) => json!({"id": q["id"], "answer_options": [option["id"]]}),
            None => json!({"id": q["id"], "answer": "Night Owl Roasters"}),
        })
        .collect();
    let mut web = web;
    web["contest_type_questions"] = json!(answers);
    let launched = app.send_json(reqwest::Method::POST, "/contests", &web, Some(&client)).await;
    assert_eq!(launched.status, 201, "{}", launched.body);
    assert!(launched.body["data"]["terms_accepted_at"].is_null());
}

#[tokio::test]
async fn a_required_multiselect_says_required_field() {
    let app = spawn_app().await;
    let (_, client) = app.client_session("namer").await;
    // Business name (type 11): its multiselect of tones is required.
    let brief = json!({"contest_type_id": 11, "contest_type_questions": [
        {"id": 1101, "answer": "Name our roastery"}, {"id": 1102, "answer": "Coffee for night owls"},
    ]});
    let answer = app.send_json(reqwest::Method::POST, "/contests", &brief, Some(&client)).await;
    assert_eq!(answer.field_message("contest_type_questions.1103"), "Required Field", "{}", answer.body);
}

#[tokio::test]
async fn only_the_creator_reads_or_edits_the_brief() {
    let app = spawn_app().await;
    let (_, owner) = app.client_session("owner").await;
    let (_, other) = app.client_session("otherclient").await;
    let (_, admin) = app.admin_session("briefadmin").await;
    let id = launch(&app, &owner).await;

    app.get(&format!("/contests/{id}/briefs"), Some(&other)).await.assert_error(403, "contest.edit.forbidden");
    assert_eq!(app.get(&format!("/contests/{id}/briefs"), Some(&admin)).await.status, 200);

    let mut edited = logo_brief();
    edited["contest_type_questions"][0]["answer"] = json!("Night Owl Roasters");
    app.put(&format!("/contests/{id}/briefs"), &edited, &other).await.assert_error(403, "contest.edit.forbidden");
    let answer = app.put(&format!("/contests/{id}/briefs"), &edited, &owner).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.body["data"]["title"], "Night Owl Roasters");

    // The edit announced itself on the contest's channel, in the same transaction.
    let events: Vec<(String, String)> =
        sqlx::query_as("SELECT channel, event_type FROM event ORDER BY id").fetch_all(&app.db.pool).await.unwrap();
    assert_eq!(events, vec![(format!("contest:{id}"), "contest.updated".to_owned())]);
}

#[tokio::test]
async fn visibility_follows_status_and_privacy() {
    let app = spawn_app().await;
    let (_, owner) = app.client_session("vowner").await;
    let (_, stranger) = app.client_session("vstranger").await;
    let (_, admin) = app.admin_session("vadmin").await;
    let id = launch(&app, &owner).await;
    let path = format!("/contests/{id}");

    assert_eq!(app.get(&path, Some(&owner)).await.status, 200);
    assert_eq!(app.get(&path, Some(&admin)).await.status, 200);
    app.get(&path, Some(&stranger)).await.assert_error(404, "contest.not_found");
    app.get(&path, None).await.assert_error(404, "contest.not_found");

    activate(&app, id, &admin).await;
    assert_eq!(app.get(&path, None).await.status, 200, "a paid contest is public");
    assert_eq!(app.get(&path, Some(&stranger)).await.status, 200);
    // Another client reads a public contest's page, but not what its owner asked for.
    let with_brief = app.get(&format!("{path}?include=brief"), Some(&stranger)).await;
    assert_eq!(with_brief.status, 200, "{}", with_brief.body);
    assert!(with_brief.body["data"].get("brief").is_none(), "only the creator reads the brief");

    sqlx::query("UPDATE contest SET is_private = 1 WHERE id = $1").bind(id).execute(&app.db.pool).await.unwrap();
    app.get(&path, None).await.assert_error(404, "contest.not_found");
    app.get(&path, Some(&stranger)).await.assert_error(404, "contest.not_found");
    app.register(&TestApp::designer_payload("vdesigner")).await;
    let designer = app.token("vdesigner").await;
    assert_eq!(app.get(&path, Some(&designer)).await.status, 200, "private: signed-in designers only");

    let with_brief = app.get(&format!("{path}?include=brief"), Some(&owner)).await;
    assert_eq!(with_brief.body["data"]["brief"].as_array().unwrap().len(), 6);
}

#[tokio::test]
async fn unstarted_contests_are_deleted_by_their_creator_only() {
    let app = spawn_app().await;
    let (_, owner) = app.client_session("deleter").await;
    let (_, other) = app.client_session("bystander2").await;
    let (_, admin) = app.admin_session("deladmin").await;
    let first = launch(&app, &owner).await;
    let second = launch(&app, &owner).await;

    let delete = |id: i64, token: String| {
        let app = &app;
        async move { app.send_json(reqwest::Method::DELETE, &format!("/contests/{id}"), &Value::Null, Some(&token)).await }
    };
    delete(first, other.clone()).await.assert_error(403, "contest.edit.forbidden");
    assert_eq!(delete(first, owner.clone()).await.status, 200);
    delete(first, owner.clone()).await.assert_error(404, "contest.not_found");

    activate(&app, second, &admin).await;
    delete(second, owner.clone()).await.assert_error(409, "contest.already_started");
}

#[tokio::test]
async fn a_subscribed_client_requests_a_free_start_and_an_admin_approves_it() {
    let app = spawn_app().await;
    let (client_id, client) = app.client_session("subscriber").await;
    let (_, admin) = app.admin_session("approver").await;
    let id = launch(&app, &client).await;
    let second = launch(&app, &client).await;
    let request = |id: i64| format!("/contests/{id}/requests");

    app.put(&request(id), &json!({"approval_status_id": 1}), &client).await.assert_error(403, "auth.forbidden");
    sqlx::query("UPDATE app_user SET has_subscribed = 1 WHERE id = $1")
        .bind(client_id)
        .execute(&app.db.pool)
        .await
        .unwrap();
    app.put(&request(id), &json!({"approval_status_id": 2}), &client).await.assert_error(422, "validation.exists");
    let pending = app.put(&request(id), &json!({"approval_status_id": 1}), &client).await;
    assert_eq!(pending.status, 200, "{}", pending.body);
    assert_eq!(pending.body["data"]["request"]["approval_status_id"], 1);
    app.put(&request(second), &json!({"approval_status_id": 1}), &client)
        .await
        .assert_error(409, "contest.request.exists");

    let decide = format!("/contests/{id}/request-actions");
    app.put(&decide, &json!({"approval_status_id": 2}), &client).await.assert_error(403, "auth.forbidden");
    let approved = app.put(&decide, &json!({"approval_status_id": 2}), &admin).await;
    assert_eq!(approved.status, 200, "{}", approved.body);
    let contest = &approved.body["data"];
    assert_eq!(contest["status_id"], 2);
    let launched = contest["launched_at"].as_i64().unwrap();
    assert_eq!(contest["submission_ends_at"].as_i64().unwrap() - launched, 7 * 86_400_000);
    assert_eq!(contest["deciding_ends_at"].as_i64().unwrap() - launched, 21 * 86_400_000);
    let event: String = sqlx::query_scalar("SELECT event_type FROM event WHERE channel = $1 ORDER BY seq DESC LIMIT 1")
        .bind(format!("contest:{id}"))
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(event, "contest.status");
}

#[tokio::test]
async fn admins_set_statuses_and_nobody_else_does() {
    let app = spawn_app().await;
    let (_, client) = app.client_session("statusowner").await;
    let (_, admin) = app.admin_session("statusadmin").await;
    let id = launch(&app, &client).await;
    let path = format!("/contests/{id}/statuses");
    app.put(&path, &json!({"status_id": 2}), &client).await.assert_error(403, "auth.forbidden");
    app.put(&path, &json!({"status_id": 12}), &admin).await.assert_error(422, "validation.exists");
    activate(&app, id, &admin).await;
    app.put(&path, &json!({"status_id": 1}), &admin).await.assert_error(409, "contest.status.invalid");
    let deciding = app.put(&path, &json!({"status_id": 3}), &admin).await;
    assert_eq!(deciding.body["data"]["status_name"], "Deciding");

    let internal =
        app.put(&format!("/contests/{id}/internal-statuses"), &json!({"internal_status_id": 4}), &admin).await;
    assert_eq!(internal.body["data"]["internal_status_id"], 4);
    app.put(&format!("/contests/{id}/internal-statuses"), &json!({"internal_status_id": 4}), &client)
        .await
        .assert_error(403, "auth.forbidden");
}

#[tokio::test]
async fn an_admin_extends_a_running_contest_by_one_to_ten_days_and_a_client_only_by_paying() {
    let app = spawn_app().await;
    let (_, client) = app.client_session("extender").await;
    let (_, admin) = app.admin_session("extadmin").await;
    let id = launch(&app, &client).await;
    let path = format!("/contests/{id}/extends");
    app.put(&path, &json!({"days": 3}), &admin).await.assert_error(409, "contest.not_active");
    activate(&app, id, &admin).await;
    for days in [0, 11] {
        app.put(&path, &json!({"days": days}), &admin).await.assert_error(422, "days.between");
    }
    // The free route is not the client's: extensions cost $10 a day through the payment routes.
    app.put(&path, &json!({"days": 3}), &client).await.assert_error(403, "auth.forbidden");
    let before =
        app.get(&format!("/contests/{id}"), Some(&client)).await.body["data"]["submission_ends_at"].as_i64().unwrap();
    let extended = app.put(&path, &json!({"days": 3}), &admin).await;
    assert_eq!(extended.body["data"]["submission_ends_at"].as_i64().unwrap() - before, 3 * 86_400_000);
    let quoted = app
        .send_json(
            reqwest::Method::POST,
            &format!("/contests/{id}/quote"),
            &json!({"purpose": "extend", "days": 3}),
            Some(&client),
        )
        .await;
    assert_eq!(quoted.status, 200, "{}", quoted.body);
    assert_eq!(quoted.body["data"]["total_cents"], 3_000);
    app.send_json(
        reqwest::Method::POST,
        &format!("/contests/{id}/quote"),
        &json!({"purpose": "extend", "days": 3}),
        Some(&admin),
    )
    .await
    .assert_error(403, "contest.edit.forbidden");
}

#[tokio::test]
async fn lists_show_each_role_its_contests_48_a_page() {
    let app = spawn_app().await;
    let (client_id, client) = app.client_session("lister").await;
    let (_, other) = app.client_session("otherlister").await;
    let (_, admin) = app.admin_session("listadmin").await;
    app.register(&TestApp::designer_payload("browser")).await;
    let designer = app.token("browser").await;

    let running = launch(&app, &client).await;
    activate(&app, running, &admin).await;
    launch(&app, &other).await;
    // Enough unstarted contests for a second page.
    for n in 0..49 {
        sqlx::query("INSERT INTO contest (contest_type_id, created_by, title, status_id, created_at, updated_at) VALUES (1, $1, $2, 1, 0, 0)")
            .bind(client_id)
            .bind(format!("draft {n}"))
            .execute(&app.db.pool)
            .await
            .unwrap();
    }
    let first = app.get("/contests/unstarted", Some(&client)).await;
    assert_eq!(first.body["total"], 49);
    assert_eq!(first.body["data"].as_array().unwrap().len(), 48);
    assert_eq!(first.body["next_page_url"], "/contests/unstarted?page=2");
    let second = app.get("/contests/unstarted?page=2", Some(&client)).await;
    assert_eq!(second.body["data"].as_array().unwrap().len(), 1);
    assert!(second.body["next_page_url"].is_null());

    let active = app.get("/contests/active", Some(&client)).await;
    assert_eq!(active.body["data"][0]["id"], running);
    let available = app.get("/contests/available", Some(&designer)).await;
    assert_eq!(available.body["total"], 1, "only running contests are available");
    app.get("/contests/available", Some(&client)).await.assert_error(403, "auth.forbidden");
    app.get("/contests/verify", Some(&client)).await.assert_error(403, "auth.forbidden");
    assert_eq!(app.get("/contests/verify", Some(&admin)).await.status, 200);
    app.get("/contests/unstarted", None).await.assert_error(401, "auth.unauthenticated");
}

#[tokio::test]
async fn a_client_reads_up_to_100_active_contests_at_once() {
    let app = spawn_app().await;
    let (client_id, client) = app.client_session("busy").await;
    let (_, other) = app.client_session("idle").await;
    app.register(&TestApp::designer_payload("onlooker")).await;
    let designer = app.token("onlooker").await;
    for n in 0..105 {
        sqlx::query("INSERT INTO contest (contest_type_id, created_by, title, status_id, created_at, updated_at) VALUES (1, $1, $2, $3, 0, 0)")
            .bind(client_id)
            .bind(format!("running {n}"))
            .bind(if n % 2 == 0 { 2 } else { 3 })
            .execute(&app.db.pool)
            .await
            .unwrap();
    }
    let page = |path: &'static str, token: String| {
        let app = &app;
        async move { app.get(path, Some(&token)).await }
    };
    let default = page("/contests/active", client.clone()).await;
    assert_eq!((default.body["per_page"].as_i64(), default.body["data"].as_array().unwrap().len()), (Some(48), 48));
    let hundred = page("/contests/active?per_page=100", client.clone()).await;
    assert_eq!(hundred.status, 200, "{}", hundred.body);
    assert_eq!(hundred.body["data"].as_array().unwrap().len(), 100);
    assert_eq!(hundred.body["total"], 105);
    assert_eq!(hundred.body["next_page_url"], "/contests/active?page=2&per_page=100");
    page("/contests/active?per_page=101", client.clone()).await.assert_error(422, "request.query_invalid");
    assert_eq!(
        page("/contests/active?per_page=100&page=2", client.clone()).await.body["data"].as_array().unwrap().len(),
        5
    );
    assert_eq!(page("/contests/active?per_page=100", other).await.body["total"], 0, "only the client's own");
    page("/contests/active?per_page=100", designer).await.assert_error(403, "auth.forbidden");
    page("/contests/active?per_page=0", client).await.assert_error(422, "request.query_invalid");
}

/// The ids of a catalogue list of the logo type (`pricings`, `upgrades`, `lengths`) with their amounts.
async fn logo_catalogue(app: &TestApp, list: &str) -> Vec<Value> {
    app.get(&format!("/contests/types/1/{list}"), None).await.body["data"].as_array().unwrap().clone()
}

#[tokio::test]
async fn the_creator_chooses_package_upgrades_and_length_priced_by_the_server() {
    let app = spawn_app().await;
    let (_, client) = app.client_session("chooser").await;
    let (_, other) = app.client_session("meddler").await;
    let (_, admin) = app.admin_session("optadmin").await;
    let id = launch(&app, &client).await;
    let pricings = logo_catalogue(&app, "pricings").await;
    let upgrades = logo_catalogue(&app, "upgrades").await;
    let lengths = logo_catalogue(&app, "lengths").await;
    let silver = pricings.iter().find(|p| p["name"] == "Silver").unwrap();
    let blind = upgrades.iter().find(|u| u["is_blind"] == 1).unwrap();
    let private = upgrades.iter().find(|u| u["is_private"] == 1).unwrap();
    let rush = lengths.iter().find(|l| l["days"] == 3).unwrap();
    let body = json!({"contest_type_pricing_id": silver["id"], "upgrade_ids": [blind["id"], private["id"], blind["id"]], "contest_length_id": rush["id"]});
    let path = format!("/contests/{id}/options");

    app.put(&path, &body, &other).await.assert_error(403, "contest.edit.forbidden");
    let answer = app.put(&path, &body, &client).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let view = &answer.body["data"];
    assert_eq!(view["contest"]["is_blind"], 1);
    assert_eq!(view["contest"]["is_private"], 1);
    assert_eq!(view["contest"]["is_featured"], 0);
    assert_eq!(view["contest"]["detail"]["winning_entry_amount"], silver["winning_entry_amount"]);
    // A repeated upgrade counts once; the 3-day length is the Rush upgrade, priced once.
    let rush_upgrade = upgrades.iter().find(|u| u["is_rush"] == 1).unwrap();
    assert_eq!(view["upgrade_ids"].as_array().unwrap().len(), 3);
    assert!(view["upgrade_ids"].as_array().unwrap().contains(&rush_upgrade["id"]));
    assert_eq!(rush_upgrade["amount"], rush["amount"], "Rush sells the rush length at its price");
    let expected = silver["amount"].as_i64().unwrap()
        + blind["amount"].as_i64().unwrap()
        + private["amount"].as_i64().unwrap()
        + rush["amount"].as_i64().unwrap();
    assert_eq!(view["quote"]["total_cents"], expected * 100);

    // Starting uses the chosen length.
    activate(&app, id, &admin).await;
    let contest = app.get(&format!("/contests/{id}"), Some(&client)).await.body["data"].clone();
    assert_eq!(
        contest["submission_ends_at"].as_i64().unwrap() - contest["launched_at"].as_i64().unwrap(),
        3 * 86_400_000
    );
    app.put(&path, &body, &client).await.assert_error(409, "contest.already_started");
}

#[tokio::test]
async fn a_contest_launched_for_a_month_runs_thirty_days_and_the_month_is_priced() {
    let app = spawn_app().await;
    let (_, client) = app.client_session("monthlong").await;
    let (_, admin) = app.admin_session("monthadmin").await;
    let id = launch(&app, &client).await;
    let silver = logo_catalogue(&app, "pricings").await.into_iter().find(|p| p["name"] == "Silver").unwrap();
    let lengths = logo_catalogue(&app, "lengths").await;
    let month = lengths.iter().find(|l| l["name"] == "1 month").unwrap();
    assert!(lengths.iter().any(|l| l["name"] == "2 weeks" && l["days"] == 14));
    let body = json!({"contest_type_pricing_id": silver["id"], "upgrade_ids": [], "contest_length_id": month["id"]});
    let answer = app.put(&format!("/contests/{id}/options"), &body, &client).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let expected = silver["amount"].as_i64().unwrap() + month["amount"].as_i64().unwrap();
    assert_eq!(answer.body["data"]["quote"]["total_cents"], expected * 100);
    activate(&app, id, &admin).await;
    let contest = app.get(&format!("/contests/{id}"), Some(&client)).await.body["data"].clone();
    assert_eq!(
        contest["submission_ends_at"].as_i64().unwrap() - contest["launched_at"].as_i64().unwrap(),
        30 * 86_400_000
    );
}

#[tokio::test]
async fn options_from_another_type_or_unknown_are_refused() {
    let app = spawn_app().await;
    let (_, client) = app.client_session("wrongoptions").await;
    let id = launch(&app, &client).await;
    let naming_pricing = app.get("/contests/types/11/pricings", None).await.body["data"][0]["id"].clone();
    let path = format!("/contests/{id}/options");
    let answer = app
        .put(
            &path,
            &json!({"contest_type_pricing_id": naming_pricing, "upgrade_ids": [999], "contest_length_id": 999}),
            &client,
        )
        .await;
    answer.assert_error(422, "validation.failed");
    for field in ["contest_type_pricing_id", "upgrade_ids", "contest_length_id"] {
        assert_eq!(answer.field_code(field), "validation.exists", "{field}: {}", answer.body);
    }
    app.put(&path, &json!({}), &client).await.assert_error(422, "validation.required");
    let unchanged = app.get(&format!("/contests/{id}"), Some(&client)).await;
    assert!(unchanged.body["data"]["contest_type_pricing_id"].is_null(), "nothing was written");
}

#[tokio::test]
async fn the_step_endpoint_says_where_a_launch_resumes() {
    let app = spawn_app().await;
    let (_, client) = app.client_session("stepper").await;
    let (_, other) = app.client_session("stepstranger").await;
    let (_, admin) = app.admin_session("stepadmin").await;
    let id = launch(&app, &client).await;
    let step = |n: i64| format!("/contests/{id}/steps/{n}");
    assert_eq!(app.get(&step(3), Some(&client)).await.body["data"]["step"], 2, "options are not chosen yet");
    assert_eq!(app.get(&step(1), Some(&client)).await.body["data"]["step"], 1);
    app.get(&step(1), Some(&other)).await.assert_error(403, "contest.edit.forbidden");
    let pricing = logo_catalogue(&app, "pricings").await[0]["id"].clone();
    app.put(&format!("/contests/{id}/options"), &json!({"contest_type_pricing_id": pricing}), &client).await;
    assert_eq!(app.get(&step(3), Some(&client)).await.body["data"]["step"], 3);
    activate(&app, id, &admin).await;
    assert_eq!(
        app.get(&step(3), Some(&client)).await.body["data"]["step"],
        0,
        "a started contest goes to the dashboard"
    );
}

#[tokio::test]
async fn filter_stats_count_entries_and_keep_ratings_to_the_owner() {
    let app = spawn_app().await;
    let (_, owner) = app.client_session("statsowner").await;
    let (_, admin) = app.admin_session("statsadmin").await;
    let designer = app.register(&TestApp::designer_payload("statsdesigner")).await;
    let designer_token = app.token("statsdesigner").await;
    let id = launch(&app, &owner).await;
    activate(&app, id, &admin).await;
    for (number, status, rating) in [(1, 1, Some(4)), (2, 1, None), (3, 2, None)] {
        sqlx::query("INSERT INTO contest_entry (contest_id, created_by, number, status_id, rating, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 0, 0)")
            .bind(id)
            .bind(designer)
            .bind(number)
            .bind(status)
            .bind(rating)
            .execute(&app.db.pool)
            .await
            .unwrap();
    }
    let path = format!("/contests/{id}/filter-stats");
    let as_owner = app.get(&path, Some(&owner)).await.body["data"].clone();
    assert_eq!(
        as_owner,
        json!({"all": 3, "active": 2, "eliminated": 1, "winners": 0, "designers": 1, "rated": 1, "mine": 0})
    );
    let as_designer = app.get(&path, Some(&designer_token)).await.body["data"].clone();
    assert_eq!(as_designer["mine"], 3);
    assert!(as_designer.get("rated").is_none(), "ratings are the owner's");
    let anonymous = app.get(&path, None).await.body["data"].clone();
    assert!(anonymous.get("mine").is_none() && anonymous.get("rated").is_none());
    assert_eq!(anonymous["all"], 3);
}

#[tokio::test]
async fn a_free_start_covers_the_package_and_never_starts_paid_extras_for_free() {
    let app = spawn_app().await;
    let (client_id, client) = app.client_session("freeextras").await;
    let (_, admin) = app.admin_session("freeextrasadmin").await;
    sqlx::query("UPDATE app_user SET has_subscribed = 1 WHERE id = $1")
        .bind(client_id)
        .execute(&app.db.pool)
        .await
        .unwrap();
    let id = launch(&app, &client).await;
    let pricings = app.get("/contests/types/1/pricings", None).await.body["data"].clone();
    let silver = pricings.as_array().unwrap().iter().find(|p| p["name"] == "Silver").unwrap()["id"].clone();
    let upgrades = app.get("/contests/types/1/upgrades", None).await.body["data"].clone();
    let featured = upgrades.as_array().unwrap().iter().find(|u| u["is_featured"] == 1).unwrap()["id"].clone();
    let lengths = app.get("/contests/types/1/lengths", None).await.body["data"].clone();
    let paid_length =
        lengths.as_array().unwrap().iter().find(|l| l["amount"].as_i64() > Some(0) && l["is_rush"] == 0).unwrap()["id"]
            .clone();
    let options = format!("/contests/{id}/options");
    let request = format!("/contests/{id}/requests");
    let decide = format!("/contests/{id}/request-actions");

    // A paid upgrade ticked: the free slot does not buy it.
    let set = |body: serde_json::Value| {
        let (app, options, client) = (&app, options.clone(), client.clone());
        async move { assert_eq!(app.put(&options, &body, &client).await.status, 200) }
    };
    set(json!({"contest_type_pricing_id": silver, "upgrade_ids": [featured]})).await;
    app.put(&request, &json!({"approval_status_id": 1}), &client)
        .await
        .assert_error(409, "contest.request.extras_unpaid");
    // The package alone: requested; then a paid length added behind the request is not approved.
    set(json!({"contest_type_pricing_id": silver, "upgrade_ids": []})).await;
    assert_eq!(app.put(&request, &json!({"approval_status_id": 1}), &client).await.status, 200);
    set(json!({"contest_type_pricing_id": silver, "upgrade_ids": [], "contest_length_id": paid_length})).await;
    app.put(&decide, &json!({"approval_status_id": 2}), &admin)
        .await
        .assert_error(409, "contest.request.extras_unpaid");
    assert_eq!(app.get(&format!("/contests/{id}"), Some(&client)).await.body["data"]["status_id"], 1);

    // With the $49 unlimited-upgrades plan the upgrade is free; the length is still paid.
    let plan =
        app.put(&format!("/users/{client_id}/subscriptions"), &json!({"trigger_id": 2, "is_active": 1}), &admin).await;
    assert!(plan.status.is_success(), "{}", plan.body);
    set(json!({"contest_type_pricing_id": silver, "upgrade_ids": [featured]})).await;
    let approved = app.put(&decide, &json!({"approval_status_id": 2}), &admin).await;
    assert_eq!(
        (approved.status.as_u16(), approved.body["data"]["status_id"].as_i64()),
        (200, Some(2)),
        "{}",
        approved.body
    );
    assert_eq!(approved.body["data"]["is_featured"], 1);
}
