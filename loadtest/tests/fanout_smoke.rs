//! A short `fanout` against the real server started in-process (and, when node and npm are
//! there, against the Socket.IO peer): zero loss, zero duplicates, every report field
//! present. Nothing about timing is asserted.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;
use vitrine_loadtest::{cli::FanoutArgs, cli::Peer, report::Report, scenarios::fanout};
use vitrine_server::{config::Settings, Application};

const API_KEY: &str = "loadtest-smoke-key-0123456789";

fn smoke_args(target: String) -> FanoutArgs {
    let mut args = FanoutArgs::new(target);
    (args.connections, args.channels, args.rate, args.duration, args.drain) = (50, 5, 200, 2.0, 10.0);
    // The harness shares this process with the server: the usage figures cover both.
    args.server_pid = Some(std::process::id());
    args
}

#[track_caller]
fn assert_complete_and_lossless(report: &Report) {
    let json = serde_json::to_value(report).unwrap();
    fn no_nulls(value: &Value, path: &str) {
        match value {
            Value::Null => panic!("report field {path} is missing"),
            Value::Object(fields) => fields.iter().for_each(|(k, v)| no_nulls(v, &format!("{path}.{k}"))),
            _ => {}
        }
    }
    no_nulls(&json, "report");
    assert_eq!(report.connections_established, 50, "{}", report.table());
    assert_eq!(report.events_published, 400, "{}", report.table());
    assert_eq!(report.deliveries_expected, 400 * 10, "{}", report.table());
    assert_eq!((report.delivered, report.lost, report.duplicated), (4000, 0, 0), "{}", report.table());
    assert_eq!(report.out_of_order, 0, "{}", report.table());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fanout_against_the_hub_delivers_every_event_once() {
    let data_dir = tempfile::tempdir().unwrap();
    let mut settings = Settings::for_database(format!("sqlite://{}/t.db?mode=rwc", data_dir.path().display()));
    settings.bind = "127.0.0.1:0".parse().unwrap();
    settings.data_dir = data_dir.path().to_owned();
    settings.web_dir = data_dir.path().join("web");
    settings.api_key = Some(API_KEY.into());
    let app = Application::build(settings).await.expect("app builds");
    let target = format!("ws://127.0.0.1:{}", app.port());
    tokio::spawn(app.run_until_stopped(std::future::pending()));

    for encoding in [vitrine_loadtest::cli::WireEncoding::Json, vitrine_loadtest::cli::WireEncoding::Msgpack] {
        let mut args = smoke_args(target.clone());
        args.api_key = Some(API_KEY.into());
        args.encoding = encoding;
        let report = fanout::run(&args).await.expect("fanout runs");
        println!("{}", report.table());
        assert_complete_and_lossless(&report);
    }
}

/// The peer, started with node from a temp copy of `shared/peers/socketio` (its
/// node_modules installed there by `npm ci`); killed when dropped.
struct PeerProcess {
    child: Child,
    port: u16,
    _dir: tempfile::TempDir,
}

impl Drop for PeerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn peer_source() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/peers/socketio")
}

fn have(tool: &str) -> bool {
    Command::new(tool).arg("--version").stdout(Stdio::null()).stderr(Stdio::null()).status().is_ok_and(|s| s.success())
}

fn start_peer() -> Result<PeerProcess, String> {
    let source = peer_source();
    if !source.join("server.js").exists() {
        return Err(format!("no peer at {}", source.display()));
    }
    if !have("node") || !have("npm") {
        return Err("node or npm is not installed".into());
    }
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    for file in ["server.js", "package.json", "package-lock.json"] {
        std::fs::copy(source.join(file), dir.path().join(file)).map_err(|e| format!("copying {file}: {e}"))?;
    }
    let npm = Command::new("npm").args(["ci", "--no-audit", "--no-fund"]).current_dir(dir.path()).output();
    match npm {
        Ok(out) if out.status.success() => {}
        Ok(out) => return Err(format!("npm ci failed: {}", String::from_utf8_lossy(&out.stderr))),
        Err(e) => return Err(format!("npm ci: {e}")),
    }
    let port =
        std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map_err(|e| e.to_string())?.port();
    let child = Command::new("node")
        .arg("server.js")
        .env("PORT", port.to_string())
        .env_remove("REDIS_URL")
        .current_dir(dir.path())
        .stdout(Stdio::null())
        .spawn()
        .map_err(|e| format!("node: {e}"))?;
    let peer = PeerProcess { child, port, _dir: dir };
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        if Instant::now() > deadline {
            return Err("the peer did not listen within 20 s".into());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Ok(peer)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fanout_against_the_socketio_peer_delivers_every_event_once() {
    let peer = match tokio::task::spawn_blocking(start_peer).await.unwrap() {
        Ok(peer) => peer,
        Err(reason) if std::env::var("CI").as_deref() == Ok("true") => {
            panic!("the Socket.IO peer is needed under CI: {reason}")
        }
        Err(reason) => {
            println!("SKIPPED fanout_against_the_socketio_peer_delivers_every_event_once: {reason}");
            return;
        }
    };
    let mut args = smoke_args(format!("ws://127.0.0.1:{}", peer.port));
    args.peer = Some(Peer::Socketio);
    let report = fanout::run(&args).await.expect("fanout runs");
    println!("{}", report.table());
    assert_complete_and_lossless(&report);
    drop(peer);
}
