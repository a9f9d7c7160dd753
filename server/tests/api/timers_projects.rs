//! Project timelines: an active and assigned project whose timeline runs out becomes
//! unverified (2 -> 3) once, on time, on a controllable clock, across any number of
//! workers.

use reqwest::Method;
use serde_json::json;
use vitrine_protocol::ServerFrame;
use vitrine_server::{config::WorkerMode, store::clock::Clock, timers::projects::run_due};

use crate::{
    helpers::{spawn_app, spawn_app_with, TestApp},
    projects::{assign, designer, launch_payload, send, world},
    realtime::client::WsClient,
};

const DAY_MS: i64 = 86_400_000;

async fn status_of(app: &TestApp, id: i64) -> i64 {
    sqlx::query_scalar("SELECT status_id FROM project WHERE id = $1").bind(id).fetch_one(&app.db.pool).await.unwrap()
}

async fn timeline_ends_at(app: &TestApp, id: i64) -> Option<i64> {
    sqlx::query_scalar("SELECT timeline_ends_at FROM project WHERE id = $1")
        .bind(id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
}

async fn status_events(app: &TestApp, id: i64) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM event WHERE channel = $1 AND event_type = 'project.status'")
        .bind(format!("project:{id}"))
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
}

/// The `project.status` events written after event row `after`, in the order written:
/// (project id, its status in the event).
async fn status_events_after(app: &TestApp, after: i64) -> Vec<(i64, i64)> {
    let rows: Vec<(String,)> =
        sqlx::query_as("SELECT data FROM event WHERE id > $1 AND event_type = 'project.status' ORDER BY id")
            .bind(after)
            .fetch_all(&app.db.pool)
            .await
            .unwrap();
    rows.iter()
        .map(|(data,)| {
            let data: serde_json::Value = serde_json::from_str(data).unwrap();
            (data["id"].as_i64().unwrap(), data["status_id"].as_i64().unwrap())
        })
        .collect()
}

/// The newest event row's id (0 when none).
async fn last_event_id(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) FROM event").fetch_one(&app.db.pool).await.unwrap()
}

/// (user, type, created_by) of the notifications about project `id`, oldest first.
async fn notices_of(app: &TestApp, id: i64) -> Vec<(i64, i64, Option<i64>)> {
    sqlx::query_as(
        "SELECT app_user_id, notification_type_id, created_by FROM notification \
         WHERE trigger_entity_id = $1 AND notification_type_id = 15 ORDER BY id",
    )
    .bind(id)
    .fetch_all(&app.db.pool)
    .await
    .unwrap()
}

/// The next event on `ch`, past presence frames.
async fn next_event(client: &mut WsClient, ch: &str) -> (String, serde_json::Value) {
    loop {
        match client.expect().await {
            ServerFrame::Presence { .. } => continue,
            ServerFrame::Event(e) if e.ch == ch => return (e.event_type, e.data),
            other => panic!("expected an event on {ch}, got {other:?}"),
        }
    }
}

#[tokio::test]
async fn a_timeline_runs_out_once_at_its_deadline_and_both_parties_hear_of_it() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let approved_at = app.clock.now_ms();
    assign(&app, w.project, &w.designer.1, &w.admin.1).await;
    let ends = approved_at + 7 * DAY_MS;
    assert_eq!(timeline_ends_at(&app, w.project).await, Some(ends), "a week from the approval");
    let events_at_start = status_events(&app, w.project).await;

    let pass = run_due(app.hub(), vitrine_server::config::DEFAULT_PUBLIC_URL, ends - 1).await.unwrap();
    assert_eq!((pass.performed, status_of(&app, w.project).await), (0, 2), "not before the deadline");
    let before = last_event_id(&app).await;
    let pass = run_due(app.hub(), vitrine_server::config::DEFAULT_PUBLIC_URL, ends).await.unwrap();
    assert_eq!((pass.performed, status_of(&app, w.project).await), (1, 3), "the timeline ran out: unverified");
    assert_eq!(status_events_after(&app, before).await, [(w.project, 3)]);
    let pass = run_due(app.hub(), vitrine_server::config::DEFAULT_PUBLIC_URL, ends + 5).await.unwrap();
    assert_eq!(pass.performed, 0, "a transition happens once");
    assert_eq!(status_events(&app, w.project).await - events_at_start, 1, "one project.status");

    // The approval told the owner (15, by the admin); the clock tells both, by nobody.
    let told = notices_of(&app, w.project).await;
    assert_eq!(told[1..], [(w.owner.0, 15, None), (w.designer.0, 15, None)]);
}

#[tokio::test]
async fn a_custom_range_runs_out_at_the_end_of_its_last_day() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let mut payload = launch_payload(json!(250), json!(null));
    payload["timeline_range_start"] = json!("2100-01-01");
    payload["timeline_range_end"] = json!("2100-01-05");
    let launched = send(&app, Method::POST, "/projects", payload, Some(&w.owner.1)).await;
    assert_eq!(launched.status, 201, "{}", launched.body);
    let id = launched.body["data"].as_i64().unwrap();
    assign(&app, id, &w.designer.1, &w.admin.1).await;
    // 2100-01-06T00:00:00Z: the moment 2100-01-05 is over, in UTC.
    let ends = 4_102_876_800_000;
    assert_eq!(timeline_ends_at(&app, id).await, Some(ends));

    run_due(app.hub(), vitrine_server::config::DEFAULT_PUBLIC_URL, ends - 1).await.unwrap();
    assert_eq!(status_of(&app, id).await, 2, "the last day is still the designer's");
    let pass = run_due(app.hub(), vitrine_server::config::DEFAULT_PUBLIC_URL, ends).await.unwrap();
    assert_eq!((pass.performed, status_of(&app, id).await), (1, 3));
}

#[tokio::test]
async fn a_subscription_project_without_a_timeline_runs_out_after_a_week() {
    let app = spawn_app().await;
    let w = world(&app).await;
    sqlx::query("UPDATE app_user SET has_subscribed = 1 WHERE id = $1")
        .bind(w.owner.0)
        .execute(&app.db.pool)
        .await
        .unwrap();
    let mut payload = launch_payload(json!(null), json!(null));
    payload["is_subscription"] = json!(1);
    let queued = send(&app, Method::POST, "/projects", payload, Some(&w.owner.1)).await;
    assert_eq!(queued.status, 201, "{}", queued.body);
    let id = queued.body["data"].as_i64().unwrap();
    let approved_at = app.clock.now_ms();
    assign(&app, id, &w.designer.1, &w.admin.1).await;
    // Before, it had no timer and stayed active for ever (issue #40): now it has a week.
    let ends = approved_at + 7 * DAY_MS;
    assert_eq!(timeline_ends_at(&app, id).await, Some(ends));
    let pass = run_due(app.hub(), vitrine_server::config::DEFAULT_PUBLIC_URL, ends - 1).await.unwrap();
    assert_eq!((pass.performed, status_of(&app, id).await), (0, 2), "not before its week is over");
    let pass = run_due(app.hub(), vitrine_server::config::DEFAULT_PUBLIC_URL, ends).await.unwrap();
    assert_eq!((pass.performed, status_of(&app, id).await), (1, 3), "then unverified, as any other");
}

#[tokio::test]
async fn deadlines_that_passed_while_no_worker_ran_are_performed_on_the_first_pass_in_order() {
    // No timer loop: as if every worker had been down.
    let app = spawn_app_with(|settings| settings.worker = WorkerMode::Off).await;
    let (_, owner) = app.client_session("restarter").await;
    let (_, admin) = app.admin_session("restartadmin").await;
    let (_, maker) = designer(&app, "restartmaker", 2).await;
    let launch_with = |days: i64| {
        let (app, owner) = (&app, &owner);
        async move {
            let launched =
                send(app, Method::POST, "/projects", launch_payload(json!(250), json!(days)), Some(owner)).await;
            launched.body["data"].as_i64().expect("project id")
        }
    };
    let month = launch_with(30).await;
    let two_days = launch_with(2).await;
    assign(&app, month, &maker, &admin).await;
    assign(&app, two_days, &maker, &admin).await;

    // A year later, the first pass performs both, the earlier deadline first.
    let before = last_event_id(&app).await;
    let pass = run_due(app.hub(), vitrine_server::config::DEFAULT_PUBLIC_URL, app.clock.now_ms() + 365 * DAY_MS)
        .await
        .unwrap();
    assert_eq!(pass.performed, 2);
    let order: Vec<i64> = status_events_after(&app, before).await.into_iter().map(|(id, _)| id).collect();
    assert_eq!(order, [two_days, month], "in deadline order");
    assert_eq!((status_of(&app, month).await, status_of(&app, two_days).await), (3, 3));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_workers_perform_each_due_timeline_end_exactly_once() {
    // The app's own timer loop stays off: the three workers here are the only ones.
    let app = spawn_app_with(|settings| settings.worker = WorkerMode::Off).await;
    let (owner, _) = app.client_session("manyprojects").await;
    let now = app.clock.now_ms();
    let projects: i64 = 300;
    sqlx::query(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $1) \
         INSERT INTO project (created_by, title, status_id, timeline_ends_at, created_at, updated_at) \
         SELECT $2, 'due', 2, $3 - i, 0, 0 FROM n",
    )
    .bind(projects)
    .bind(owner)
    .bind(now)
    .execute(&app.db.pool)
    .await
    .unwrap();
    let workers = (0..3).map(|_| {
        let realtime = app.hub().clone();
        tokio::spawn(async move { run_due(&realtime, vitrine_server::config::DEFAULT_PUBLIC_URL, now).await.unwrap() })
    });
    let passes = futures::future::join_all(workers).await;
    let performed: u64 = passes.iter().map(|p| p.as_ref().unwrap().performed).sum();
    assert_eq!(performed, projects as u64, "every transition once across workers");
    let moved: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM project WHERE status_id = 3").fetch_one(&app.db.pool).await.unwrap();
    assert_eq!(moved, projects);
    let (channels, min, max): (i64, i64, i64) = sqlx::query_as(
        "SELECT COUNT(*), MIN(n), MAX(n) FROM (SELECT COUNT(*) AS n FROM event WHERE event_type = 'project.status' \
         GROUP BY channel) per_channel",
    )
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    assert_eq!((channels, min, max), (projects, 1, 1), "one project.status per project");
    let told: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM notification WHERE app_user_id = $1")
        .bind(owner)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(told, projects, "the owner hears once per project (no designer was approved here)");
}

#[tokio::test]
async fn the_in_process_timer_tells_watchers_when_a_timeline_runs_out() {
    let app = spawn_app().await;
    let w = world(&app).await;
    assign(&app, w.project, &w.designer.1, &w.admin.1).await;
    let ch = format!("project:{}", w.project);
    let mut watcher = WsClient::signed_in(&app, &w.designer.1).await;
    // bid.created and the approval's project.status are already there.
    watcher.subscribe(&ch, 2).await;

    app.clock.advance_ms(7 * DAY_MS);
    app.realtime.as_ref().expect("in-process app").wake_timers().await;
    let (kind, data) = next_event(&mut watcher, &ch).await;
    assert_eq!((kind.as_str(), data["status_id"].as_i64()), ("project.status", Some(3)));
    assert_eq!(data["status"], "Unverified");
    watcher.ping_pong().await;
}

#[tokio::test]
async fn approving_a_bid_wakes_the_timers_for_a_timeline_already_over() {
    let app = spawn_app().await;
    let w = world(&app).await;
    // A custom range that ended long ago: due the moment the bid is approved.
    let mut payload = launch_payload(json!(250), json!(null));
    payload["timeline_range_start"] = json!("2001-01-01");
    payload["timeline_range_end"] = json!("2001-01-02");
    let launched = send(&app, Method::POST, "/projects", payload, Some(&w.owner.1)).await;
    let id = launched.body["data"].as_i64().unwrap();
    let ch = format!("project:{id}");
    let mut watcher = WsClient::signed_in(&app, &w.designer.1).await;
    watcher.subscribe(&ch, 0).await;

    // No clock advance and no explicit wake: the approval itself wakes the loop,
    // which would otherwise sleep for up to a minute.
    assign(&app, id, &w.designer.1, &w.admin.1).await;
    let mut statuses = Vec::new();
    while statuses.len() < 2 {
        let (kind, data) = next_event(&mut watcher, &ch).await;
        if kind == "project.status" {
            statuses.push(data["status_id"].as_i64().unwrap());
        }
    }
    assert_eq!(statuses, [2, 3], "approved, then at once unverified");
}
