//! A tiny run of every scenario against the real server, started in-process on a free
//! port (SQLite in a temp folder, the in-process bus; Redis for `cluster`): every
//! event delivered once and in order, and every report field present. Nothing about
//! timing is asserted. The peers are not needed (`make bench` measures them).

use std::path::PathBuf;

use serde::Serialize;
use serde_json::Value;
use vitrine_loadtest::capacity;
use vitrine_loadtest::cli::{DeadlinesArgs, FanoutArgs, IdleArgs, MarketplaceArgs, Peer, WireEncoding};
use vitrine_loadtest::report::Report;
use vitrine_loadtest::scenarios::{deadlines, idle, marketplace, pubsub, pubsub::Kind};
use vitrine_server::{config::Settings, store::clock::SystemClock, store::Db, Application};

/// 32+ characters and no placeholder: the Redis run's servers are deployed and refuse less.
const API_KEY: &str = "loadtest-smoke-4f2a9c7e1b6d08e53a7c2f9b1d4e6a80";

/// Each started server's metrics page, by its target.
static METRICS: std::sync::Mutex<std::collections::BTreeMap<String, String>> =
    std::sync::Mutex::new(std::collections::BTreeMap::new());

/// The metrics pages of `targets` started here (none for a peer).
fn metrics_of(targets: &[String]) -> Vec<String> {
    let known = METRICS.lock().unwrap();
    targets.iter().filter_map(|target| known.get(target).cloned()).collect()
}

/// A server on a free port; returns its `ws://` origin. The folder lives as long as the test.
async fn start_server(data_dir: &tempfile::TempDir, database_url: &str, redis_url: Option<String>) -> String {
    let mut settings = Settings::for_database(database_url.to_owned());
    settings.bind = "127.0.0.1:0".parse().unwrap();
    settings.data_dir = data_dir.path().to_owned();
    settings.web_dir = data_dir.path().join("web");
    settings.api_key = Some(API_KEY.into());
    // Deployed (on Redis) without provider keys: the stand-ins, said out loud.
    settings.payments_test_mode = true;
    settings.redis_url = redis_url;
    // The marketplace scenario signs up and signs in everyone from 127.0.0.1 at once.
    settings.limits.enabled = false;
    // Hundreds of anonymous sockets from one address: the harness, not an abuser.
    settings.ws_max_anonymous_per_address = 100_000;
    // The hub's bus lag is read on each node's private metrics listener.
    settings.metrics_bind = Some("127.0.0.1:0".parse().unwrap());
    let app = Application::build(settings).await.expect("app builds");
    let target = format!("ws://127.0.0.1:{}", app.port());
    let metrics = format!("http://127.0.0.1:{}", app.metrics_port().expect("a metrics listener"));
    METRICS.lock().unwrap().insert(target.clone(), metrics);
    tokio::spawn(app.run_until_stopped(std::future::pending()));
    target
}

fn sqlite_url(dir: &tempfile::TempDir) -> String {
    format!("sqlite://{}/t.db?mode=rwc", dir.path().display())
}

/// Fails on any `null` in the report: every figure must have been measured.
#[track_caller]
fn assert_complete(report: &impl Serialize) {
    fn no_nulls(value: &Value, path: &str) {
        match value {
            Value::Null => panic!("report field {path} is missing"),
            Value::Object(fields) => fields.iter().for_each(|(k, v)| no_nulls(v, &format!("{path}.{k}"))),
            Value::Array(items) => items.iter().enumerate().for_each(|(i, v)| no_nulls(v, &format!("{path}[{i}]"))),
            _ => {}
        }
    }
    no_nulls(&serde_json::to_value(report).unwrap(), "report");
}

fn tiny(target: String, connections: usize, channels: usize) -> FanoutArgs {
    let mut args = FanoutArgs::new(target.clone());
    args.conn.metrics = metrics_of(&[target]);
    (args.connections, args.channels, args.rate, args.duration, args.drain) = (connections, channels, 100, 1.0, 10.0);
    args.conn.api_key = Some(API_KEY.into());
    // The harness shares this process with the server: the usage figures cover both.
    args.conn.server_pid = vec![std::process::id()];
    args
}

#[track_caller]
fn assert_lossless(report: &Report, connections: usize, per_subscriber: u64) {
    let table = report.table();
    assert_complete(report);
    assert_eq!(report.connections_established, connections, "{table}");
    assert_eq!(report.events_published, 100, "{table}");
    assert_eq!(report.deliveries_expected, per_subscriber * connections as u64, "{table}");
    assert_eq!((report.delivered, report.lost, report.duplicated), (report.deliveries_expected, 0, 0), "{table}");
    assert_eq!(report.out_of_order, 0, "{table}");
    assert!(!report.timeline.is_empty(), "{table}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fanout_and_broadcast_deliver_every_event_once_in_both_encodings() {
    let dir = tempfile::tempdir().unwrap();
    let target = start_server(&dir, &sqlite_url(&dir), None).await;
    for encoding in [WireEncoding::Json, WireEncoding::Msgpack] {
        let mut args = tiny(target.clone(), 40, 5);
        args.conn.encoding = encoding;
        let report = pubsub::run(&args, Kind::Fanout).await.expect("fanout runs");
        println!("{}", report.table());
        assert_lossless(&report, 40, 100 / 5);
    }
    let report = pubsub::run(&tiny(target, 30, 7), Kind::Broadcast).await.expect("broadcast runs");
    println!("{}", report.table());
    assert_eq!(report.channels, 1, "broadcast is one channel whatever --channels says");
    assert_lossless(&report, 30, 100);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_holds_every_connection_and_measures_the_server() {
    let dir = tempfile::tempdir().unwrap();
    let target = start_server(&dir, &sqlite_url(&dir), None).await;
    let mut args = IdleArgs::new(target);
    (args.connections, args.hold) = (200, 0.5);
    args.conn.server_pid = vec![std::process::id()];
    let report = idle::run(&args).await.expect("idle runs");
    println!("{}", report.table());
    assert_complete(&report);
    assert_eq!((report.connections_established, report.connections_failed, report.connections_dropped), (200, 0, 0));
    assert!(!report.timeline.is_empty());
    // Memory is read with half the connections held too (the second half's growth).
    assert!(report.server_rss_half_mib.is_some() && report.server_kib_per_connection_second_half.is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn marketplace_watchers_get_every_event_of_every_action() {
    let dir = tempfile::tempdir().unwrap();
    let url = sqlite_url(&dir);
    let target = start_server(&dir, &url, None).await;
    let db = Db::connect(&url, 1).await.expect("database");
    vitrine_server::seed::demo(&db, &SystemClock).await.expect("demo accounts");
    let mut args = MarketplaceArgs::new(target);
    (args.contests, args.designers, args.watchers, args.rounds, args.drain) = (2, 2, 3, 2, 10.0);
    // Paced: each contest's people pause 10-30 ms between actions.
    args.think_ms = 20;
    args.conn.server_pid = vec![std::process::id()];
    let report = marketplace::run(&args).await.expect("marketplace runs");
    let table = report.table();
    println!("{table}");
    assert_complete(&report);
    assert_eq!((report.users_signed_up, report.contests, report.watchers_established), (4, 2, 6), "{table}");
    assert!(report.rest.iter().all(|c| c.errors == 0), "{table}");
    let live: Vec<(&str, u64, u64)> =
        report.live.iter().map(|t| (t.event_type.as_str(), t.expected, t.delivered)).collect();
    // Per contest: 2 entries, 2 rounds x 2 designers x 2 comments, 2 reactions; 3 watchers each.
    assert_eq!(live, [("comment.created", 48, 48), ("entry.created", 12, 12), ("entry.reaction", 12, 12)], "{table}");
    assert_eq!((report.lost, report.duplicated, report.out_of_order), (0, 0, 0), "{table}");
    assert!(report.think_ms == 20 && report.writes_per_sec > 0.0, "{table}");
}

/// `timers` (the `deadlines` scenario) drives real `vitrine-worker` processes.
///
/// `make test` builds the worker just before the suite and names it in `VITRINE_WORKER_BIN`:
/// the test then uses it as is, and never takes cargo's build lock while another build (a
/// second clone sharing the target folder) holds it.
fn worker_binary() -> PathBuf {
    if let Some(built) = std::env::var_os("VITRINE_WORKER_BIN") {
        return PathBuf::from(built);
    }
    let exe = std::env::current_exe().unwrap();
    let profile_dir = exe.parent().and_then(|deps| deps.parent()).unwrap().to_owned();
    let worker = profile_dir.join("vitrine-worker");
    // Nextest builds this package's tests, not the worker's binary. Build it every time
    // (a no-op when fresh): a binary that merely exists may be older than these sources
    // when one target folder serves several clones, and would refuse newer migrations.
    let status = std::process::Command::new(env!("CARGO"))
        .args(["build", "-p", "vitrine-worker", "--bin", "vitrine-worker"])
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .status()
        .expect("cargo runs");
    assert!(status.success(), "building vitrine-worker failed");
    worker
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn timers_move_every_contest_once() {
    let worker_bin = worker_binary();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("timers.json");
    let args = DeadlinesArgs {
        database_url: "sqlite".into(),
        contests: 50,
        spread: 1.0,
        lead: 2.0,
        workers: 1,
        worker_bin: Some(worker_bin),
        grace: 30.0,
        out: Some(out),
    };
    let report = deadlines::run(&args).await.expect("timers run");
    println!("{}", report.table());
    assert_complete(&report);
    assert_eq!((report.transitioned, report.not_exactly_once), (50, 0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Redis: run by make test-redis"]
async fn cluster_delivers_across_two_nodes_sharing_redis() {
    let redis = std::env::var("VITRINE_TEST_REDIS_URL").expect("VITRINE_TEST_REDIS_URL is set by `make test-redis`");
    let (first, second) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let url = sqlite_url(&first);
    let a = start_server(&first, &url, Some(redis.clone())).await;
    let b = start_server(&second, &url, Some(redis)).await;
    let mut args = tiny(a.clone(), 40, 4);
    args.conn.nodes = vec![a, b];
    args.conn.metrics = metrics_of(&args.conn.nodes);
    let report = pubsub::run(&args, Kind::Cluster).await.expect("cluster runs");
    println!("{}", report.table());
    assert_eq!(report.nodes.len(), 2);
    assert_lossless(&report, 40, 100 / 4);
}

/// The `limit` peer (issue #27) carries the same run as the hub, and its reports feed the
/// capacity table of `make bench`: a step that held counts, one that lost does not.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_limit_peer_delivers_every_event_and_feeds_the_capacity_table() {
    let port = {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        probe.local_addr().unwrap().port()
    };
    let bind: std::net::SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    std::thread::spawn(move || vitrine_loadtest::limit::serve(bind));
    for _ in 0..100 {
        if std::net::TcpStream::connect(bind).is_ok() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let mut args = tiny(format!("ws://{bind}"), 40, 5);
    args.conn.peer = Some(Peer::Limit);
    args.conn.api_key = None;
    let report = pubsub::run(&args, Kind::Fanout).await.expect("fanout on the limit peer runs");
    println!("{}", report.table());
    assert_lossless(&report, 40, 100 / 5);
    assert!(report.cpu_us_per_delivery.is_some_and(|us| us >= 0.0), "{}", report.table());

    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, report: &Report| {
        std::fs::write(dir.path().join(name), serde_json::to_string(report).unwrap()).unwrap();
    };
    write("limit-fanout-cap1-100.json", &report);
    let mut lossy = report.clone();
    (lossy.rate, lossy.lost) = (200, 7);
    write("limit-fanout-cap1-200.json", &lossy);
    write("limit-fanout-eq1.json", &report);
    assert!(capacity::sustained(&report, 1e9).is_ok());
    assert!(capacity::sustained(&lossy, 1e9).unwrap_err().contains("lost 7"));
    let cap = capacity::Capacity::read(dir.path(), "limit", "fanout").expect("the steps are found");
    assert_eq!(cap.best.iter().flatten().map(|s| s.rate).collect::<Vec<_>>(), [100]);
    assert_eq!(cap.limited_by[0].as_ref().map(|(rate, _)| *rate), Some(200));
    let section = capacity::section(dir.path());
    assert!(section.contains("`fanout` capacity") && section.contains("at equal load"), "{section}");
    assert!(section.contains("200 ev/s: ") && section.contains("lost 7"), "{section}");
}
