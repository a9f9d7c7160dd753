//! Contest deadlines: each transition happens once, on time, on a controllable clock.

use serde_json::json;
use vitrine_protocol::ServerFrame;
use vitrine_server::{
    config::WorkerMode,
    store::{clock::Clock, Backend},
    timers::contests::run_due,
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

    let (pass, _) = run_due(&app.db, start + 7 * DAY_MS - 1).await.unwrap();
    assert_eq!((pass.performed, status_of(&app, id).await), (0, 2), "not before the deadline");

    let (pass, _) = run_due(&app.db, start + 7 * DAY_MS).await.unwrap();
    assert_eq!((pass.performed, status_of(&app, id).await), (1, 3), "entries close: Deciding");
    let (pass, _) = run_due(&app.db, start + 7 * DAY_MS + 5).await.unwrap();
    assert_eq!(pass.performed, 0, "a transition happens once");

    let (pass, _) = run_due(&app.db, start + 21 * DAY_MS).await.unwrap();
    assert_eq!((pass.performed, status_of(&app, id).await), (1, 4), "no winner in the deciding window");
    assert_eq!(status_events(&app, id).await - events_at_start, 2, "one contest.status event per transition");
}

#[tokio::test]
async fn an_extension_moves_the_deadline() {
    let app = spawn_app().await;
    let (id, client) = running_contest(&app).await;
    let start = app.clock.now_ms();
    app.put(&format!("/contests/{id}/extends"), &json!({"days": 2}), &client).await;
    run_due(&app.db, start + 7 * DAY_MS).await.unwrap();
    assert_eq!(status_of(&app, id).await, 2, "the old deadline no longer applies");
    run_due(&app.db, start + 9 * DAY_MS).await.unwrap();
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
    let workers = (0..3).map(|_| {
        let db = app.db.clone();
        tokio::spawn(async move { run_due(&db, now).await.unwrap().0 })
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

    run_due(&app.db, awarded_at + DAY_MS - 1).await.unwrap();
    assert_eq!(status_of(&app, id).await, 5);
    run_due(&app.db, awarded_at + DAY_MS).await.unwrap();
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
