//! Contest deadlines: each transition happens once, on time, on a controllable clock.

use serde_json::json;
use vitrine_protocol::ServerFrame;
use vitrine_server::{
    config::WorkerMode,
    store::{clock::Clock, Backend},
    timers::{contests::run_due, delivery},
};

use crate::{
    contests::{activate, launch},
    helpers::{backend, spawn_app, spawn_app_with, TestApp},
    realtime::client::WsClient,
};

const DAY_MS: i64 = 86_400_000;

async fn status_of(app: &TestApp, id: i64) -> i64 {
    sqlx::query_scalar("SELECT status_id FROM contest WHERE id = $1").bind(id).fetch_one(&app.db.pool).await.unwrap()
}

async fn status_events(app: &TestApp, id: i64) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM event WHERE channel = $1 AND event_type = 'contest.status'")
        .bind(format!("contest:{id}"))
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
}

/// A running contest: launched by a client, started by an admin. Returns (id, client token).
async fn running_contest(app: &TestApp) -> (i64, String) {
    let (_, client) = app.client_session("timed").await;
    let (_, admin) = app.admin_session("timeadmin").await;
    let id = launch(app, &client).await;
    activate(app, id, &admin).await;
    (id, client)
}

#[tokio::test]
async fn submissions_close_then_the_deciding_window_runs_out_each_once() {
    let app = spawn_app().await;
    let (id, _) = running_contest(&app).await;
    let start = app.clock.now_ms();
    let events_at_start = status_events(&app, id).await;

    let pass = run_due(app.hub(), vitrine_server::config::DEFAULT_PUBLIC_URL, start + 7 * DAY_MS - 1).await.unwrap();
    assert_eq!((pass.performed, status_of(&app, id).await), (0, 2), "not before the deadline");

    let pass = run_due(app.hub(), vitrine_server::config::DEFAULT_PUBLIC_URL, start + 7 * DAY_MS).await.unwrap();
    assert_eq!((pass.performed, status_of(&app, id).await), (1, 3), "entries close: Deciding");
    let pass = run_due(app.hub(), vitrine_server::config::DEFAULT_PUBLIC_URL, start + 7 * DAY_MS + 5).await.unwrap();
    assert_eq!(pass.performed, 0, "a transition happens once");

    // The mail links to the contest at the deployment's public URL.
    let pass = run_due(app.hub(), "https://vitrine.example", start + 21 * DAY_MS).await.unwrap();
    assert_eq!((pass.performed, status_of(&app, id).await), (1, 4), "no winner in the deciding window");
    assert_eq!(status_events(&app, id).await - events_at_start, 2, "one contest.status event per transition");
    let (subject, body) = app.last_mail_to("timed@example.com").await.expect("the holder is mailed");
    assert!(subject.ends_with("ended without a winner"), "{subject}");
    assert!(body.contains(&format!("https://vitrine.example/contests/{id}/entries")), "{body}");
}

#[tokio::test]
async fn an_extension_moves_the_deadline() {
    let app = spawn_app().await;
    let (id, client) = running_contest(&app).await;
    let start = app.clock.now_ms();
    let _ = client;
    let (_, admin) = app.admin_session("timeextender").await;
    let extended = app.put(&format!("/contests/{id}/extends"), &json!({"days": 2}), &admin).await;
    assert_eq!(extended.status, 200, "{}", extended.body);
    run_due(app.hub(), vitrine_server::config::DEFAULT_PUBLIC_URL, start + 7 * DAY_MS).await.unwrap();
    assert_eq!(status_of(&app, id).await, 2, "the old deadline no longer applies");
    run_due(app.hub(), vitrine_server::config::DEFAULT_PUBLIC_URL, start + 9 * DAY_MS).await.unwrap();
    assert_eq!(status_of(&app, id).await, 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_workers_perform_each_due_transition_exactly_once() {
    // The app's own timer loop stays off: the three workers here are the only ones.
    let app = spawn_app_with(|settings| settings.worker = WorkerMode::Off).await;
    let (owner, _) = app.client_session("manyowner").await;
    let now = app.clock.now_ms();
    // The worker issue's scale on PostgreSQL; SQLite has one writer, so a smaller
    // crowd shows the same property without minutes of serial commits.
    let contests: i64 = match backend() {
        Backend::Postgres => 10_000,
        Backend::Sqlite => 1_000,
    };
    sqlx::query(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $1) \
         INSERT INTO contest (contest_type_id, created_by, title, status_id, submission_ends_at, deciding_ends_at, created_at, updated_at) \
         SELECT 1, $2, 'due', 2, $3 - i, $3 + 14 * 86400000, 0, 0 FROM n",
    )
    .bind(contests)
    .bind(owner)
    .bind(now)
    .execute(&app.db.pool)
    .await
    .unwrap();
    // Real watchers on a spread of the affected contests, through the hub.
    let ids: Vec<i64> = sqlx::query_scalar("SELECT id FROM contest WHERE title = 'due' ORDER BY id")
        .fetch_all(&app.db.pool)
        .await
        .unwrap();
    let mut watchers = Vec::new();
    for id in ids.iter().step_by(ids.len() / 20) {
        let mut watcher = WsClient::anonymous(&app).await;
        watcher.subscribe(&format!("contest:{id}"), 0).await;
        watchers.push((*id, watcher));
    }
    // Each worker publishes what it committed, batch by batch, as the timer loop does.
    let workers = (0..3).map(|_| {
        let realtime = app.hub().clone();
        tokio::spawn(async move { run_due(&realtime, vitrine_server::config::DEFAULT_PUBLIC_URL, now).await.unwrap() })
    });
    let passes = futures::future::join_all(workers).await;
    let performed: u64 = passes.iter().map(|p| p.as_ref().unwrap().performed).sum();
    assert_eq!(performed, contests as u64, "every transition once across workers");
    let moved: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM contest WHERE status_id = 3").fetch_one(&app.db.pool).await.unwrap();
    assert_eq!(moved, contests);
    // Every watcher of an affected contest gets exactly one contest.status event.
    let (channels, min, max): (i64, i64, i64) = sqlx::query_as(
        "SELECT COUNT(*), MIN(n), MAX(n) FROM (SELECT COUNT(*) AS n FROM event WHERE event_type = 'contest.status' GROUP BY channel) per_channel",
    )
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    assert_eq!((channels, min, max), (contests, 1, 1), "one contest.status event per contest");
    for (id, mut watcher) in watchers {
        match watcher.expect().await {
            ServerFrame::Event(event) => {
                assert_eq!(
                    (event.ch.as_str(), event.event_type.as_str()),
                    (format!("contest:{id}").as_str(), "contest.status")
                );
                assert_eq!(event.data["status_id"], 3);
            }
            other => panic!("watcher of contest {id}: expected contest.status, got {other:?}"),
        }
        watcher.ping_pong().await;
    }
}

#[tokio::test]
async fn the_in_process_timer_tells_watchers_when_entries_close() {
    let app = spawn_app().await;
    let (id, _) = running_contest(&app).await;
    let mut watcher = WsClient::anonymous(&app).await;
    // Activation already wrote one contest.status: the head is 1.
    watcher.subscribe(&format!("contest:{id}"), 1).await;

    app.clock.advance_ms(7 * DAY_MS);
    app.realtime.as_ref().expect("in-process app").wake_timers().await;
    match watcher.expect().await {
        ServerFrame::Event(event) => {
            assert_eq!(event.event_type, "contest.status");
            assert_eq!(event.data["status_id"], 3);
            assert_eq!(event.data["status_name"], "Deciding");
        }
        other => panic!("expected contest.status, got {other:?}"),
    }
    watcher.ping_pong().await;
}

#[tokio::test]
async fn an_award_unverified_after_a_day_shows_as_unverified_and_verification_starts_the_delivery_window() {
    let app = spawn_app().await;
    let (_, owner) = app.client_session("awarder").await;
    let (_, admin) = app.admin_session("verifier").await;
    let designer = app.register(&TestApp::designer_payload("winner")).await;
    let id = launch(&app, &owner).await;
    activate(&app, id, &admin).await;
    let entry: i64 = sqlx::query_scalar(
        "INSERT INTO contest_entry (contest_id, created_by, number, status_id, created_at, updated_at) VALUES ($1, $2, 1, 1, 0, 0) RETURNING id",
    )
    .bind(id)
    .bind(designer)
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    let awarded = app
        .send_json(
            reqwest::Method::POST,
            &format!("/contests/{id}/entries/{entry}/award-winners"),
            &json!({}),
            Some(&owner),
        )
        .await;
    assert_eq!(awarded.status, 200, "{}", awarded.body);
    let awarded_at = app.clock.now_ms();
    let contest = app.get(&format!("/contests/{id}"), Some(&owner)).await.body["data"].clone();
    assert_eq!(contest["status_id"], 5);
    assert_eq!(contest["verification_due_at"].as_i64().unwrap() - awarded_at, DAY_MS, "admins have a day");

    run_due(app.hub(), vitrine_server::config::DEFAULT_PUBLIC_URL, awarded_at + DAY_MS - 1).await.unwrap();
    assert_eq!(status_of(&app, id).await, 5);
    run_due(app.hub(), vitrine_server::config::DEFAULT_PUBLIC_URL, awarded_at + DAY_MS).await.unwrap();
    assert_eq!(status_of(&app, id).await, 6, "still unverified after a day");

    let verified = app.put(&format!("/contests/{id}/statuses"), &json!({"status_id": 7}), &admin).await;
    assert_eq!(verified.status, 200, "{}", verified.body);
    let now = app.clock.now_ms();
    assert_eq!(verified.body["data"]["delivery_due_at"].as_i64().unwrap() - now, 2 * DAY_MS, "48 hours to deliver");
    let kinds: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT app_user_id, notification_type_id FROM notification WHERE notification_type_id IN (6, 9) ORDER BY id",
    )
    .fetch_all(&app.db.pool)
    .await
    .unwrap();
    let owner_id: i64 = sqlx::query_scalar("SELECT created_by FROM contest WHERE id = $1")
        .bind(id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(kinds, vec![(designer, 6), (owner_id, 9)], "the winner and the client hear of the verification");
}

/// Mails queued to `address`, oldest first: their subjects.
async fn subjects_to(app: &TestApp, address: &str) -> Vec<String> {
    sqlx::query_scalar("SELECT subject FROM mail_outbox WHERE to_address = $1 ORDER BY id")
        .bind(address)
        .fetch_all(&app.db.pool)
        .await
        .unwrap()
}

/// A contest awarded to `designer` and verified by an admin (status 7); returns
/// (contest id, holder token, admin token, designer's entry id).
async fn verified_contest(app: &TestApp, prefix: &str, designer: i64) -> (i64, String, String, i64) {
    let (_, owner) = app.client_session(&format!("{prefix}holder")).await;
    let (_, admin) = app.admin_session(&format!("{prefix}admin")).await;
    let id = launch(app, &owner).await;
    activate(app, id, &admin).await;
    let entry: i64 = sqlx::query_scalar(
        "INSERT INTO contest_entry (contest_id, created_by, number, status_id, created_at, updated_at) VALUES ($1, $2, 1, 1, 0, 0) RETURNING id",
    )
    .bind(id)
    .bind(designer)
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    let award = format!("/contests/{id}/entries/{entry}/award-winners");
    assert_eq!(app.send_json(reqwest::Method::POST, &award, &json!({}), Some(&owner)).await.status, 200);
    let verified = app.put(&format!("/contests/{id}/statuses"), &json!({"status_id": 7}), &admin).await;
    assert_eq!(verified.status, 200, "{}", verified.body);
    (id, owner, admin, entry)
}

#[tokio::test]
async fn the_winner_is_reminded_before_the_delivery_deadline_and_both_sides_told_when_it_passes_once_each() {
    let app = spawn_app().await;
    let designer = app.register(&TestApp::designer_payload("late")).await;
    let (id, _, _, _) = verified_contest(&app, "dl1", designer).await;
    let due = delivery_due(&app, id).await;
    let remind_at = due - delivery::REMIND_BEFORE_MS;

    assert_eq!(
        delivery::run_due(&app.db, vitrine_server::config::DEFAULT_PUBLIC_URL, remind_at - 1).await.unwrap().performed,
        0,
        "not before its time"
    );
    assert_eq!(delivery::next_alarm(&app.db).await.unwrap(), Some(remind_at));
    assert_eq!(
        delivery::run_due(&app.db, vitrine_server::config::DEFAULT_PUBLIC_URL, remind_at).await.unwrap().performed,
        1
    );
    assert_eq!(
        delivery::run_due(&app.db, vitrine_server::config::DEFAULT_PUBLIC_URL, remind_at + 1000)
            .await
            .unwrap()
            .performed,
        0,
        "a reminder fires once"
    );
    let mails = subjects_to(&app, "late@example.com").await;
    assert_eq!(mails, vec![format!("12 hours left to deliver the final files for {}", title_of(&app, id).await)]);
    let (_, body) = app.last_mail_to("late@example.com").await.unwrap();
    let contest_page = format!("{}/contests/{id}/entries", vitrine_server::config::DEFAULT_PUBLIC_URL);
    assert!(body.contains(&format!("Upload them here: {contest_page}")), "{body}");

    assert_eq!(delivery::next_alarm(&app.db).await.unwrap(), Some(due), "then the deadline itself");
    assert_eq!(delivery::run_due(&app.db, vitrine_server::config::DEFAULT_PUBLIC_URL, due).await.unwrap().performed, 1);
    assert_eq!(
        delivery::run_due(&app.db, vitrine_server::config::DEFAULT_PUBLIC_URL, due + 1).await.unwrap().performed,
        0,
        "the notice fires once"
    );
    assert_eq!(subjects_to(&app, "late@example.com").await.len(), 2);
    let holder = subjects_to(&app, "dl1holder@example.com").await;
    assert!(holder.iter().any(|s| s.ends_with("are overdue")), "{holder:?}");
    assert_eq!(delivery::next_alarm(&app.db).await.unwrap(), None, "no alarm left");
}

async fn delivery_due(app: &TestApp, id: i64) -> i64 {
    sqlx::query_scalar("SELECT delivery_due_at FROM contest WHERE id = $1")
        .bind(id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
}

async fn title_of(app: &TestApp, id: i64) -> String {
    sqlx::query_scalar("SELECT title FROM contest WHERE id = $1").bind(id).fetch_one(&app.db.pool).await.unwrap()
}

#[tokio::test]
async fn a_delivery_window_that_passed_while_no_worker_ran_sends_only_the_overdue_notice() {
    let app = spawn_app().await;
    let designer = app.register(&TestApp::designer_payload("asleep")).await;
    let (id, _, _, _) = verified_contest(&app, "dl2", designer).await;
    let due = delivery_due(&app, id).await;
    assert_eq!(
        delivery::run_due(&app.db, vitrine_server::config::DEFAULT_PUBLIC_URL, due + DAY_MS).await.unwrap().performed,
        1
    );
    let mails = subjects_to(&app, "asleep@example.com").await;
    assert_eq!(mails.len(), 1, "{mails:?}");
    assert!(mails[0].ends_with("are overdue"));
}

#[tokio::test]
async fn delivered_files_stop_the_alarms_and_only_an_admin_credits_the_contest() {
    let app = spawn_app().await;
    let designer_id = app.register(&TestApp::designer_payload("prompt")).await;
    let designer = app.token("prompt").await;
    let (id, owner, admin, entry) = verified_contest(&app, "dl3", designer_id).await;
    let file = crate::entries::upload_png(&app, &designer, 8).await;
    let artworks = format!("/contests/{id}/entries/{entry}/artworks");
    let delivered =
        app.send_json(reqwest::Method::POST, &artworks, &json!({"file_ids": [file]}), Some(&designer)).await;
    assert_eq!(delivered.status, 201, "{}", delivered.body);
    assert_eq!(status_of(&app, id).await, 8, "delivered, pending credit");
    let due = delivery_due(&app, id).await;
    assert_eq!(
        delivery::run_due(&app.db, vitrine_server::config::DEFAULT_PUBLIC_URL, due + 1).await.unwrap().performed,
        0,
        "nothing to remind of"
    );
    assert!(subjects_to(&app, "prompt@example.com").await.is_empty());

    let credit = format!("/contests/{id}/statuses");
    app.put(&credit, &json!({"status_id": 9}), &owner).await.assert_error(403, "auth.forbidden");
    app.put(&credit, &json!({"status_id": 9}), &designer).await.assert_error(403, "auth.forbidden");
    let credited = app.put(&credit, &json!({"status_id": 9}), &admin).await;
    assert_eq!(credited.status, 200, "{}", credited.body);
    assert_eq!(status_of(&app, id).await, 9, "completed, credited");
    let credit_list = app.get("/contests/credit", Some(&admin)).await;
    assert_eq!(credit_list.body["total"], 0, "off the admin's credit list");
}
