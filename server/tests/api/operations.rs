//! Health, readiness, metrics, and the demo seed.

use vitrine_server::{
    seed,
    store::clock::{Clock, SystemClock},
};

use crate::helpers::{spawn_app, spawn_app_with};

#[tokio::test]
async fn health_and_readiness_answer() {
    let app = spawn_app().await;
    let health = app.get("/healthz", None).await;
    assert_eq!(health.status, 200);
    assert_eq!(health.body["status"], "ok");
    let ready = app.get("/readyz", None).await;
    assert_eq!(ready.status, 200, "{}", ready.body);
    assert_eq!(ready.body["database_ok"], true);
    assert_eq!(ready.body["bus"], "memory");
}

#[tokio::test]
async fn metrics_count_requests_by_route_on_the_private_listener_only() {
    let app = spawn_app_with(|settings| settings.metrics_bind = Some("127.0.0.1:0".parse().unwrap())).await;
    app.get("/regions", None).await;
    let metrics = app.metrics_address.clone().expect("VITRINE_METRICS_BIND opens a listener");
    let response = app.client.get(format!("{metrics}/metrics")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let text = response.text().await.unwrap();
    assert!(text.contains("vitrine_http_requests_total"), "{text}");
    assert!(text.contains("route=\"/regions\""), "{text}");
    let health = app.client.get(format!("{metrics}/healthz")).send().await.unwrap();
    assert_eq!(health.status(), 200);
    // The public listener has no metrics page, whatever the caller asks for.
    let public = app.get("/metrics", None).await;
    assert_eq!(public.status, 404, "{}", public.body);
    assert_eq!(public.body["error"]["code"], "route.not_found");
    // No other API route answers there either.
    let elsewhere = app.client.get(format!("{metrics}/regions")).send().await.unwrap();
    assert_eq!(elsewhere.status(), 404);
}

#[tokio::test]
async fn demo_seed_creates_the_six_accounts_once() {
    let app = spawn_app().await;
    let created = seed::demo(&app.db, &SystemClock).await.unwrap();
    assert_eq!(created, vec!["demo-admin", "demo-client", "demo-bronze", "demo-silver", "demo-gold", "demo-gold-2"]);
    let again = seed::demo(&app.db, &SystemClock).await.unwrap();
    assert!(again.is_empty(), "seeding twice changes nothing");
    seed::reference(&app.db).await.unwrap();

    let token = app.login("demo-gold", seed::DEMO_PASSWORD).await;
    assert_eq!(token.status, 200);
    let me = app.get("/oauth/users", Some(token.body["access_token"].as_str().unwrap())).await;
    assert_eq!(me.body["data"]["creative_level_id"], 3);
    let admin = app.login("demo-admin", seed::DEMO_PASSWORD).await;
    let me = app.get("/oauth/users", Some(admin.body["access_token"].as_str().unwrap())).await;
    assert_eq!(me.body["data"]["user_type_id"], 1);

    let types: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM contest_type").fetch_one(&app.db.pool).await.unwrap();
    assert_eq!(types, 21);
    let services: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM project_service").fetch_one(&app.db.pool).await.unwrap();
    assert_eq!(services, 15);
    let users: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM app_user").fetch_one(&app.db.pool).await.unwrap();
    assert_eq!(users, 6);
}

#[tokio::test]
async fn housekeeping_removes_only_dead_credentials() {
    use vitrine_server::timers::housekeeping::{sweep, Retention, KEEP_MS};
    let retention = Retention { max_events: 1000, max_age_ms: 7 * 24 * 3600 * 1000 };
    let app = spawn_app().await;
    let (_, live) = app.client_session("keeper").await;
    let (_, gone) = app.client_session("leaver").await;
    app.get("/oauth/logout", Some(&gone)).await;

    let now = app.clock.now_ms();
    let report = sweep(&app.db, now, retention).await.unwrap();
    assert_eq!(report.removed(), 0, "a just-revoked token is kept a day");
    let report = sweep(&app.db, now + KEEP_MS + 1, retention).await.unwrap();
    assert_eq!(report.access_tokens, 1);
    assert_eq!(app.get("/oauth/users", Some(&live)).await.status, 200, "live tokens stay");
}

/// The Redis URL of the Redis suite (`make test-redis` sets it).
fn redis_url() -> String {
    std::env::var("VITRINE_TEST_REDIS_URL").expect("VITRINE_TEST_REDIS_URL is set by `make test-redis`")
}

#[tokio::test]
#[ignore = "needs Redis: run by `make test-redis`"]
async fn readiness_reports_redis_when_configured() {
    let url = redis_url();
    let app = crate::helpers::spawn_app_with(|settings| settings.redis_url = Some(url)).await;
    let ready = app.get("/readyz", None).await;
    assert_eq!(ready.status, 200, "{}", ready.body);
    assert_eq!(ready.body["bus"], "redis");
    assert_eq!(ready.body["bus_ok"], true);
}

#[tokio::test]
#[ignore = "needs Redis: run by `make test-redis`"]
async fn an_unreachable_redis_stops_start_up_naming_the_setting() {
    // Prove the suite's Redis is up, so the failure below is about the bad port only.
    let _ = redis_url();
    let free_port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mut settings = vitrine_server::Settings::for_database("sqlite::memory:");
    settings.bind = "127.0.0.1:0".parse().unwrap();
    settings.redis_url = Some(format!("redis://127.0.0.1:{free_port}"));
    settings.api_key = Some(vitrine_server::accounts::secrets::new_secret());
    settings.payments_test_mode = true;
    let err = match vitrine_server::Application::build(settings).await {
        Ok(_) => panic!("start-up must fail without Redis"),
        Err(err) => format!("{err:#}"),
    };
    assert!(err.contains("REDIS_URL"), "{err}");
}

#[tokio::test]
async fn demo_seed_adds_one_live_project_with_two_bids_and_a_discussion() {
    let app = spawn_app().await;
    seed::demo(&app.db, &SystemClock).await.unwrap();
    seed::demo(&app.db, &SystemClock).await.unwrap();
    let login = app.login("demo-client", seed::DEMO_PASSWORD).await;
    let token = login.body["access_token"].as_str().unwrap().to_owned();
    let projects = app.get("/projects", Some(&token)).await;
    let list = projects.body["data"].as_array().unwrap();
    // The live project, and the active one of the collaborative documents' demo (seed::docs).
    let titled = |title: &str| list.iter().filter(|p| p["title"] == title).cloned().collect::<Vec<_>>();
    let live = titled(seed::projects::DEMO_PROJECT_TITLE);
    assert_eq!(live.len(), 1, "seeding twice adds the project once: {}", projects.body);
    let active = titled(seed::docs::DEMO_ACTIVE_PROJECT_TITLE);
    assert_eq!(active.len(), 1, "and the active project once: {}", projects.body);
    assert_eq!(active[0]["status_id"].as_i64(), Some(2));
    assert_eq!(list.len(), 2);
    let live = &live[0];
    assert_eq!((live["status_id"].as_i64(), live["bids_count"].as_i64()), (Some(1), Some(2)));
    let id = live["id"].as_i64().unwrap();
    let bids = app.get(&format!("/projects/{id}/bids"), Some(&token)).await;
    let gold =
        bids.body["data"].as_array().unwrap().iter().find(|b| b["created_by_user"]["username"] == "demo-gold").cloned();
    let gold = gold.expect("the gold designer's bid");
    let thread = app.get(&format!("/projects/{id}/bids/{}/comments", gold["id"]), Some(&token)).await;
    assert_eq!(thread.body["data"].as_array().map(Vec::len), Some(3), "{}", thread.body);
}

#[tokio::test]
async fn demo_seed_adds_the_social_demo_once() {
    let app = spawn_app().await;
    seed::reference(&app.db).await.unwrap();
    let count = |table: &'static str| {
        let pool = app.db.pool.clone();
        async move { sqlx::query_scalar::<_, i64>(&format!("SELECT COUNT(*) FROM {table}")).fetch_one(&pool).await.unwrap() }
    };
    for _ in 0..2 {
        seed::demo(&app.db, &SystemClock).await.unwrap();
        assert_eq!(count("message").await, 4, "the demo conversations, once");
        assert_eq!(count("contest_entry_report").await, 1, "one court case");
        assert_eq!(count("contest_entry_report_vote").await, 1, "with one juror's vote");
    }
    let gold = app.login("demo-gold-2", seed::DEMO_PASSWORD).await;
    let token = gold.body["access_token"].as_str().unwrap().to_owned();
    let reports = app.get("/contest-entry-reports?filter[status]=open", Some(&token)).await;
    assert_eq!(reports.status, 200);
    assert_eq!(reports.body["data"][0]["tally"]["copied"], 1);
    assert_eq!(reports.body["data"][0]["copied_entry"]["number"], 1);
}
