//! `spawn_app()`: the real server on 127.0.0.1:0 over a fresh database, and typed
//! helpers to talk to it like a client.
//!
//! The backend is SQLite unless `VITRINE_TEST_BACKEND=postgres`, in which case each
//! test gets its own PostgreSQL database (`vitrine_t_*`) on `VITRINE_TEST_POSTGRES_URL`
//! (default `postgres://root@127.0.0.1:5432/postgres`).

use std::sync::Arc;

use reqwest::{Response, StatusCode};
use serde_json::{json, Value};
use vitrine_server::{
    config::Settings,
    store::{clock::ManualClock, Backend, Db},
    Application,
};

pub const PASSWORD: &str = "correct-horse-1";

pub struct TestApp {
    pub address: String,
    /// `http://127.0.0.1:port` of the private metrics listener, when the test opened one
    /// (`settings.metrics_bind`).
    pub metrics_address: Option<String>,
    pub client: reqwest::Client,
    pub db: Db,
    pub clock: Arc<ManualClock>,
    /// The app's hub, for tests that nudge it (timer wake-ups); None for child processes.
    pub realtime: Option<vitrine_server::realtime::Realtime>,
    /// The test leaves events to the relay on purpose (crash repair, a bus that is down).
    relay_repairs_expected: std::sync::atomic::AtomicBool,
    /// Where the end-of-test check looks for events left unpublished.
    pub database_url: String,
    _data_dir: tempfile::TempDir,
}

pub fn backend() -> Backend {
    match std::env::var("VITRINE_TEST_BACKEND").as_deref() {
        Ok("postgres") => Backend::Postgres,
        _ => Backend::Sqlite,
    }
}

pub async fn fresh_database_url(data_dir: &std::path::Path) -> String {
    match backend() {
        Backend::Sqlite => format!("sqlite://{}/test.db?mode=rwc", data_dir.display()),
        Backend::Postgres => {
            let admin_url = std::env::var("VITRINE_TEST_POSTGRES_URL")
                .unwrap_or_else(|_| "postgres://root@127.0.0.1:5432/postgres".into());
            let (base, _) = admin_url.rsplit_once('/').expect("URL has a database part");
            let template = migrated_template(&admin_url, base).await;
            let name = format!("vitrine_t_{}", vitrine_server::accounts::secrets::new_secret()[..16].to_owned());
            let admin = Db::connect(&admin_url, 1).await.expect("PostgreSQL for tests is reachable");
            sqlx::query(&format!("CREATE DATABASE {name} TEMPLATE {template}"))
                .execute(&admin.pool)
                .await
                .expect("create test database");
            admin.pool.close().await;
            format!("{base}/{name}")
        }
    }
}

/// The name of a database that holds every PostgreSQL migration and nothing else, made by
/// the first test that needs it. Each test's database is a copy of it: copying takes well
/// under a second, while running the migrations took about five per test.
///
/// The name carries a hash of the migrations, so a changed migration gets a new template.
/// It starts with `vitrine_t_`, so `make clean-test-dbs` drops it with the test databases.
/// Test processes run side by side: an advisory lock lets one build it, under a temporary
/// name renamed when complete, so no test ever copies a half-migrated template.
async fn migrated_template(admin_url: &str, base: &str) -> String {
    use std::hash::{Hash, Hasher};

    static MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("../migrations/postgres");
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for migration in MIGRATIONS.iter() {
        (migration.version, &migration.checksum[..]).hash(&mut hasher);
    }
    let template = format!("vitrine_t_template_{:016x}", hasher.finish());

    let admin = Db::connect(admin_url, 1).await.expect("PostgreSQL for tests is reachable");
    let mut session = admin.pool.acquire().await.expect("an admin connection");
    // One fixed key, the same in every test process on this server.
    sqlx::query("SELECT pg_advisory_lock(7665698436108800)").execute(&mut *session).await.expect("lock the template");
    let exists = sqlx::query("SELECT 1 FROM pg_database WHERE datname = $1")
        .bind(&template)
        .fetch_optional(&mut *session)
        .await
        .expect("look for the template")
        .is_some();
    if !exists {
        let building = format!("{template}_building");
        sqlx::query(&format!("DROP DATABASE IF EXISTS {building} WITH (FORCE)"))
            .execute(&mut *session)
            .await
            .expect("drop an unfinished template");
        sqlx::query(&format!("CREATE DATABASE {building}")).execute(&mut *session).await.expect("create the template");
        let db = Db::connect(&format!("{base}/{building}"), 1).await.expect("connect to the template");
        db.migrate().await.expect("migrate the template");
        db.pool.close().await;
        sqlx::query(&format!("ALTER DATABASE {building} RENAME TO {template}"))
            .execute(&mut *session)
            .await
            .expect("name the finished template");
    }
    sqlx::query("SELECT pg_advisory_unlock(7665698436108800)")
        .execute(&mut *session)
        .await
        .expect("unlock the template");
    drop(session);
    admin.pool.close().await;
    template
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// Starts the app after `adjust` has edited its settings.
pub async fn spawn_app_with(adjust: impl FnOnce(&mut Settings)) -> TestApp {
    let data_dir = tempfile::tempdir().expect("temp dir");
    let database_url = fresh_database_url(data_dir.path()).await;
    let (app, application) = build_app(database_url, data_dir, adjust).await;
    tokio::spawn(application.run_until_stopped(std::future::pending()));
    app
}

/// Builds (does not run) an app on `database_url` with test settings, and the
/// `TestApp` that talks to it.
async fn build_app(
    database_url: String,
    data_dir: tempfile::TempDir,
    adjust: impl FnOnce(&mut Settings),
) -> (TestApp, Application) {
    let mut settings = Settings::for_database(database_url);
    settings.bind = "127.0.0.1:0".parse().unwrap();
    settings.data_dir = data_dir.path().to_owned();
    settings.web_dir = data_dir.path().join("web");
    // The suite signs in, sends mail and pays hundreds of times from 127.0.0.1 on a clock
    // that stands still: the abuse limits are off, except in the tests of the limits
    // (tests/api/limits.rs), which turn them on with rates of their own.
    settings.limits.enabled = false;
    // On PostgreSQL or Redis the server is deployed and refuses to serve without a secret
    // publish API key (config::deployment): every test server has a fresh one.
    settings.api_key = Some(vitrine_server::accounts::secrets::new_secret());
    // And without provider keys it refuses to start unless told its payments are fake: the
    // suite pays through the in-process stand-ins on every backend.
    settings.payments_test_mode = true;
    adjust(&mut settings);
    let clock = ManualClock::starting_now();
    let database_url = settings.database_url.clone().expect("test settings name their database");
    let application = Application::build_with_clock(settings, clock.clone()).await.expect("app builds");
    let app = TestApp {
        address: format!("http://127.0.0.1:{}", application.port()),
        metrics_address: application.metrics_port().map(|port| format!("http://127.0.0.1:{port}")),
        client: reqwest::Client::new(),
        db: application.state().db.clone(),
        clock,
        realtime: Some(application.state().realtime.clone()),
        relay_repairs_expected: Default::default(),
        database_url,
        _data_dir: data_dir,
    };
    (app, application)
}

/// A response read whole: status and JSON body (Null when the body is not JSON).
#[derive(Debug)]
pub struct Answer {
    pub status: StatusCode,
    pub body: Value,
}

impl Answer {
    /// Reads the answer and checks it against `/openapi.json` ([`crate::schema_check`]).
    async fn read_checked(response: Response, method: &reqwest::Method, path: &str) -> Self {
        let status = response.status();
        let text = response.text().await.unwrap_or_default();
        let body = serde_json::from_str(&text).unwrap_or(Value::Null);
        crate::schema_check::check(method.as_str(), path, status.as_u16(), &text, &body);
        Self { status, body }
    }

    /// The error code of an envelope answer.
    pub fn code(&self) -> &str {
        self.body["error"]["code"].as_str().unwrap_or("")
    }

    /// The message of the first error recorded for `field`.
    pub fn field_message(&self, field: &str) -> &str {
        self.body["error"]["fields"][field][0]["message"].as_str().unwrap_or("")
    }

    pub fn field_code(&self, field: &str) -> &str {
        self.body["error"]["fields"][field][0]["code"].as_str().unwrap_or("")
    }

    /// Asserts the status and that the body is the error envelope with `code`.
    #[track_caller]
    pub fn assert_error(&self, status: u16, code: &str) {
        assert_eq!(self.status.as_u16(), status, "body: {}", self.body);
        assert_eq!(self.code(), code, "body: {}", self.body);
        assert_eq!(self.body["error"]["status"], status, "envelope status");
        assert!(self.body["error"]["message"].as_str().is_some_and(|m| !m.is_empty()), "envelope message");
    }
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Answer {
        let mut request = self.client.get(self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        Answer::read_checked(request.send().await.expect("request sent"), &reqwest::Method::GET, path).await
    }

    pub async fn send_json(&self, method: reqwest::Method, path: &str, body: &Value, token: Option<&str>) -> Answer {
        let mut request = self.client.request(method.clone(), self.url(path)).json(body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        Answer::read_checked(request.send().await.expect("request sent"), &method, path).await
    }

    pub async fn post(&self, path: &str, body: &Value) -> Answer {
        self.send_json(reqwest::Method::POST, path, body, None).await
    }

    pub async fn put(&self, path: &str, body: &Value, token: &str) -> Answer {
        self.send_json(reqwest::Method::PUT, path, body, Some(token)).await
    }

    /// The client variant of sign-up (launch flow).
    pub fn client_payload(username: &str) -> Value {
        json!({
            "email": format!("{username}@example.com"), "phone": "555-0100", "name": format!("Client {username}"),
            "username": username, "password": PASSWORD, "agree_terms": 1, "user_type_id": 2,
        })
    }

    /// The public sign-up (designer) variant, in California.
    pub fn designer_payload(username: &str) -> Value {
        json!({
            "email": format!("{username}@example.com"), "region_id": 1, "country_id": 1, "state_id": 5,
            "city": "Oakland", "name": format!("Designer {username}"), "username": username, "phone": "555-0101",
            "password": PASSWORD, "confirm_password": PASSWORD, "paypal_email": format!("{username}@pay.example.com"),
            "agree_terms": 1, "agree_age_requirements": 1, "user_type_id": 3,
        })
    }

    /// Registers and returns the new user's id.
    pub async fn register(&self, payload: &Value) -> i64 {
        let answer = self.post("/oauth/register", payload).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.body);
        answer.body["data"]["id"].as_i64().expect("new user id")
    }

    pub async fn login(&self, login: &str, password: &str) -> Answer {
        self.post("/oauth/token", &json!({"grant_type": "password", "username": login, "password": password})).await
    }

    /// Signs in and returns the access token.
    pub async fn token(&self, login: &str) -> String {
        let answer = self.login(login, PASSWORD).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
        answer.body["access_token"].as_str().expect("access token").to_owned()
    }

    /// Registers a client and signs in: (id, token).
    pub async fn client_session(&self, username: &str) -> (i64, String) {
        let id = self.register(&Self::client_payload(username)).await;
        (id, self.token(username).await)
    }

    /// Creates an admin directly (admins cannot sign up) and signs in: (id, token).
    pub async fn admin_session(&self, username: &str) -> (i64, String) {
        let id = self.register(&Self::client_payload(username)).await;
        sqlx::query("UPDATE app_user SET user_type_id = 1 WHERE id = $1")
            .bind(id)
            .execute(&self.db.pool)
            .await
            .unwrap();
        (id, self.token(username).await)
    }

    /// The newest message queued to `address`: (subject, body).
    pub async fn last_mail_to(&self, address: &str) -> Option<(String, String)> {
        sqlx::query_as("SELECT subject, body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1")
            .bind(address)
            .fetch_optional(&self.db.pool)
            .await
            .unwrap()
    }
}

/// Starts `nodes` servers on one fresh database, as a scaled deployment runs them
/// (give them the same `redis_url` in `adjust` so that they share a bus). Each node has
/// its own clock and data folder; the SQLite file lives in the first node's folder.
pub async fn spawn_cluster(nodes: usize, adjust: impl Fn(&mut Settings)) -> Vec<TestApp> {
    let first_dir = tempfile::tempdir().expect("temp dir");
    let database_url = fresh_database_url(first_dir.path()).await;
    let mut apps = Vec::with_capacity(nodes);
    let mut data_dir = Some(first_dir);
    for _ in 0..nodes {
        let data_dir = data_dir.take().unwrap_or_else(|| tempfile::tempdir().expect("temp dir"));
        let (app, application) = build_app(database_url.clone(), data_dir, &adjust).await;
        tokio::spawn(application.run_until_stopped(std::future::pending()));
        apps.push(app);
    }
    apps
}

/// An app whose shutdown the test triggers: (app, trigger, the server task).
pub async fn spawn_stoppable_app(
) -> (TestApp, tokio::sync::oneshot::Sender<()>, tokio::task::JoinHandle<anyhow::Result<()>>) {
    let data_dir = tempfile::tempdir().expect("temp dir");
    let database_url = fresh_database_url(data_dir.path()).await;
    let (app, application) = build_app(database_url, data_dir, |_| {}).await;
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(application.run_until_stopped(async move {
        let _ = stopped.await;
    }));
    (app, stop, server)
}

/// A `TestApp` for a server this test did not build in-process (a child process):
/// HTTP and WebSocket go to `address`, SQL to `database_url`.
pub async fn attach(address: String, database_url: &str) -> TestApp {
    let db = vitrine_server::store::Db::connect(database_url, 2).await.expect("database reachable");
    let data_dir = tempfile::tempdir().expect("temp dir");
    TestApp {
        address,
        metrics_address: None,
        client: reqwest::Client::new(),
        db,
        clock: ManualClock::starting_now(),
        realtime: None,
        relay_repairs_expected: Default::default(),
        database_url: database_url.to_owned(),
        _data_dir: data_dir,
    }
}

impl TestApp {
    /// The in-process app's hub (units of work for library calls, timer passes).
    pub fn hub(&self) -> &vitrine_server::realtime::Realtime {
        self.realtime.as_ref().expect("an in-process app")
    }

    /// This test leaves events for the relay on purpose (it plays a crash between commit and
    /// publish, or a bus that is down): the end-of-test check below does not apply.
    pub fn expect_relay_repairs(&self) {
        self.relay_repairs_expected.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// The relay is crash repair: at the end of a test it has republished nothing, and no
/// committed event is left unpublished, i.e. every event the test's requests committed was
/// published by its unit of work. (The second half is what catches a forgotten publish:
/// the relay judges an event abandoned by the test's clock, which a test may never move.)
/// A background pass may be between its commit and its publish as the test ends; the hub
/// counts those units, and their events are not counted as left.
impl Drop for TestApp {
    fn drop(&mut self) {
        use std::sync::atomic::Ordering;
        let Some(realtime) = &self.realtime else { return };
        if std::thread::panicking() || self.relay_repairs_expected.load(Ordering::Relaxed) {
            return;
        }
        let republished = realtime.relay_republished();
        assert_eq!(republished, 0, "the relay republished {republished} event(s): a handler did not publish on commit");
        let left = unpublished_events(self.database_url.clone());
        assert!(
            left.is_empty() || realtime.publishes_in_flight() > 0,
            "committed and never published (a write outside a unit of work?): {left:?}"
        );
    }
}

/// The events of the database at `url` not marked published. `Drop` cannot await, so
/// this runs on a thread of its own with its own runtime and connection.
fn unpublished_events(url: String) -> Vec<(String, u64, String)> {
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
        runtime.block_on(async {
            // The nodes of `spawn_cluster` share the first node's SQLite file: that node
            // checked it as it dropped, and its folder went with it. A file that is no
            // longer there has nothing left to check (opening it would create it empty).
            if let Some(path) = url.strip_prefix("sqlite://").and_then(|rest| rest.split('?').next()) {
                if !std::path::Path::new(path).exists() {
                    return Vec::new();
                }
            }
            let db = Db::connect(&url, 1).await.expect("the test database is reachable");
            let left = vitrine_server::realtime::outbox::unpublished(&db.pool, i64::MAX, 20)
                .await
                .expect("the event table reads")
                .into_iter()
                .map(|event| (event.ch, event.seq, event.event_type))
                .collect();
            db.pool.close().await;
            left
        })
    })
    .join()
    .expect("the unpublished-events check ran")
}
