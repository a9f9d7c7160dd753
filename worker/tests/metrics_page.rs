//! The worker's `/metrics` and `/healthz` (`VITRINE_WORKER_METRICS_BIND`): the real binary on
//! a fresh SQLite database, read over HTTP like Prometheus would, then stopped with SIGTERM.

use std::{
    process::Stdio,
    time::{Duration, Instant},
};

use tokio::process::Command;

#[tokio::test]
async fn the_worker_serves_its_timer_metrics_and_stops_on_sigterm() {
    let dir = tempfile::tempdir().expect("temp dir");
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mut worker = Command::new(env!("CARGO_BIN_EXE_vitrine-worker"))
        .env("DATABASE_URL", format!("sqlite://{}/worker.db?mode=rwc", dir.path().display()))
        .env("VITRINE_DATA_DIR", dir.path())
        .env("VITRINE_WORKER_METRICS_BIND", format!("127.0.0.1:{port}"))
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("vitrine-worker starts");
    let client = reqwest::Client::new();
    let url = |path: &str| format!("http://127.0.0.1:{port}{path}");

    // The first timer pass sets the queue depth; until then the page may be empty.
    let deadline = Instant::now() + Duration::from_secs(30);
    let page = loop {
        if let Ok(answer) = client.get(url("/metrics")).send().await {
            assert_eq!(answer.headers()["content-type"], "text/plain; version=0.0.4");
            let text = answer.text().await.unwrap();
            if text.contains("vitrine_timer_queue_depth") {
                break text;
            }
        }
        assert!(Instant::now() < deadline, "the worker's /metrics never showed its timers");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(page.contains("# TYPE vitrine_timer_queue_depth gauge"), "{page}");
    let health = client.get(url("/healthz")).send().await.expect("healthz answers");
    assert_eq!((health.status().as_u16(), health.text().await.unwrap().as_str()), (200, "ok"));

    let pid = worker.id().expect("running").to_string();
    assert!(std::process::Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    let status = tokio::time::timeout(Duration::from_secs(20), worker.wait()).await.expect("stops on SIGTERM").unwrap();
    assert!(status.success(), "a clean stop: {status:?}");
    assert!(client.get(url("/healthz")).send().await.is_err(), "the page closes with the worker");
}
