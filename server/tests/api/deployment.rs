//! The `vitrine-server` binary started as a deployment would start it: what it refuses at
//! start, what it logs, what each of its listeners answers.

use std::{
    process::Stdio,
    sync::{Arc, Mutex},
    time::Duration,
};

use tokio::{
    io::{AsyncBufReadExt, BufReader},
    process::{Child, Command},
};

/// A publish API key a deployed server accepts.
const API_KEY: &str = "9f1c2e7b5a3d4c8e6f0a1b2c3d4e5f60718293a4b5c6d7e8";

/// A `vitrine-server serve` process, its standard error kept line by line.
pub struct ServerProcess {
    child: Child,
    lines: Arc<Mutex<Vec<String>>>,
    _dir: tempfile::TempDir,
}

impl ServerProcess {
    /// Starts the binary on SQLite in a fresh folder with `env` added (and no provider keys
    /// or database inherited from the caller's environment).
    pub fn start(env: &[(&str, &str)]) -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut command = Command::new(env!("CARGO_BIN_EXE_vitrine-server"));
        command
            .arg("serve")
            .env("VITRINE_DATA_DIR", dir.path())
            .env("VITRINE_WEB_DIR", dir.path().join("web"))
            .env("VITRINE_BIND", "127.0.0.1:0")
            .env("RUST_LOG", "info")
            .env("LOG_FORMAT", "json");
        for key in ["DATABASE_URL", "REDIS_URL", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "PAYPAL_CLIENT_ID"] {
            command.env_remove(key);
        }
        for (key, value) in env {
            command.env(key, value);
        }
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .expect("vitrine-server starts");
        let lines = Arc::new(Mutex::new(Vec::new()));
        for stream in [
            Box::new(child.stderr.take().expect("stderr")) as Box<dyn tokio::io::AsyncRead + Send + Unpin>,
            Box::new(child.stdout.take().expect("stdout")) as Box<dyn tokio::io::AsyncRead + Send + Unpin>,
        ] {
            let lines = Arc::clone(&lines);
            tokio::spawn(async move {
                let mut reader = BufReader::new(stream).lines();
                while let Ok(Some(line)) = reader.next_line().await {
                    lines.lock().unwrap().push(line);
                }
            });
        }
        Self { child, lines, _dir: dir }
    }

    /// The database the process uses (the embedded SQLite file of its folder).
    pub fn database_url(&self) -> String {
        format!("sqlite://{}/vitrine.db", self._dir.path().display())
    }

    /// Waits until it serves, and attaches a `TestApp` to it.
    pub async fn attached(&self) -> crate::helpers::TestApp {
        let line = self.line_with(&["Vitrine is serving on http://"]).await;
        let address = line.rsplit(' ').next().expect("an address").to_owned();
        crate::helpers::attach(address, &self.database_url()).await
    }

    /// Everything it has printed so far.
    pub fn output(&self) -> String {
        self.lines.lock().unwrap().join("\n")
    }

    /// The first line that holds every one of `needles`, waiting up to 30 s for it.
    pub async fn line_with(&self, needles: &[&str]) -> String {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        loop {
            let found =
                self.lines.lock().unwrap().iter().find(|line| needles.iter().all(|n| line.contains(n))).cloned();
            if let Some(line) = found {
                return line;
            }
            assert!(tokio::time::Instant::now() < deadline, "no line with {needles:?} in:\n{}", self.output());
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// The exit code, waiting up to 30 s for the process to end.
    pub async fn exit_code(&mut self) -> i32 {
        let status = tokio::time::timeout(Duration::from_secs(30), self.child.wait())
            .await
            .unwrap_or_else(|_| panic!("still running:\n{}", self.output()))
            .expect("wait");
        status.code().unwrap_or(-1)
    }
}

#[tokio::test]
async fn a_deployed_server_without_payment_keys_refuses_to_start_and_says_which() {
    let mut server = ServerProcess::start(&[("VITRINE_PRODUCTION", "true"), ("VITRINE_API_KEY", API_KEY)]);
    assert_eq!(server.exit_code().await, 2, "{}", server.output());
    let line = server.line_with(&["invalid setting STRIPE_SECRET_KEY"]).await;
    for needle in [
        "takes real payments",
        "STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET",
        "PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET",
        "VITRINE_PAYMENTS_TEST_MODE=1",
    ] {
        assert!(line.contains(needle), "{needle:?} missing from: {line}");
    }
}

#[tokio::test]
async fn an_explicit_test_mode_lets_a_deployed_server_start_and_says_so_at_warn_level() {
    let server = ServerProcess::start(&[
        ("VITRINE_PRODUCTION", "true"),
        ("VITRINE_API_KEY", API_KEY),
        ("VITRINE_PAYMENTS_TEST_MODE", "1"),
    ]);
    let warning = server.line_with(&["VITRINE_PAYMENTS_TEST_MODE", "FAKE payments"]).await;
    assert!(warning.contains(r#""level":"WARN""#), "{warning}");
    server.line_with(&["Vitrine is serving on"]).await;
}

/// The JSON log line holding `needles`, parsed.
async fn log_entry(server: &ServerProcess, needles: &[&str]) -> serde_json::Value {
    let line = server.line_with(needles).await;
    serde_json::from_str(&line).unwrap_or_else(|err| panic!("{err}: {line}"))
}

#[tokio::test]
async fn every_request_logs_one_info_line_with_its_route_status_latency_user_and_request_id() {
    let server = ServerProcess::start(&[]);
    let app = server.attached().await;

    // The id a proxy sent is kept, echoed, and names the request's log line.
    let answer = app.client.get(app.url("/regions")).header("x-request-id", "proxy-req-42").send().await.unwrap();
    assert_eq!(answer.status(), 200);
    assert_eq!(answer.headers()["x-request-id"], "proxy-req-42");
    let entry = log_entry(&server, &[r#""request_id":"proxy-req-42""#]).await;
    assert_eq!(entry["level"], "INFO", "{entry}");
    let fields = &entry["fields"];
    assert_eq!(fields["message"], "request", "{entry}");
    assert_eq!((fields["method"].as_str(), fields["route"].as_str()), (Some("GET"), Some("/regions")), "{entry}");
    assert_eq!(fields["status"], 200, "{entry}");
    assert!(fields["latency_ms"].as_f64().is_some_and(|ms| ms >= 0.0), "{entry}");
    assert!(fields.get("user_id").is_none(), "nobody signed in: {entry}");

    // Without one (or with one that could forge a log line), the server makes one.
    let answer = app.client.get(app.url("/regions")).header("x-request-id", "two words").send().await.unwrap();
    let made = answer.headers()["x-request-id"].to_str().unwrap().to_owned();
    assert_eq!(made.len(), 32, "{made}");
    log_entry(&server, &[&format!(r#""request_id":"{made}""#)]).await;

    // A signed-in caller is named; the route is the template, never the values in the path.
    let (user_id, token) = app.client_session("logline").await;
    let answer = app
        .client
        .get(app.url(&format!("/messages/users/{user_id}")))
        .bearer_auth(&token)
        .header("x-request-id", "signed-in-1")
        .send()
        .await
        .unwrap();
    let entry = log_entry(&server, &[r#""request_id":"signed-in-1""#]).await;
    assert_eq!(entry["fields"]["user_id"], user_id, "{entry}");
    assert_eq!(entry["fields"]["route"], "/messages/users/{id}", "{entry}");
    assert_eq!(entry["fields"]["status"], answer.status().as_u16(), "{entry}");
}

#[tokio::test]
async fn metrics_answer_on_the_private_listener_and_not_on_the_public_one() {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let metrics_bind = format!("127.0.0.1:{port}");
    let server = ServerProcess::start(&[("VITRINE_METRICS_BIND", &metrics_bind)]);
    let app = server.attached().await;
    app.get("/regions", None).await;
    let page = app.client.get(format!("http://{metrics_bind}/metrics")).send().await.unwrap();
    assert_eq!(page.status(), 200);
    assert!(page.text().await.unwrap().contains("vitrine_http_requests_total"));
    let public = app.client.get(app.url("/metrics")).send().await.unwrap();
    assert_eq!(public.status(), 404);
}
