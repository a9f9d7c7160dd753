//! Two real `vitrine-server` processes on one database and one Redis: node A is
//! killed (SIGKILL, no goodbye), and its client resumes on node B with `since`
//! without losing or repeating an event.

use std::{process::Stdio, time::Duration};

use tokio::process::{Child, Command};
use vitrine_protocol::{ClientFrame, ServerFrame};

use super::{
    client::WsClient,
    fixtures::{insert_contest, publish_ticks, Contest, API_KEY},
    redis::RedisServer,
};
use crate::helpers::{attach, fresh_database_url, TestApp};

/// A server node running as its own process; killed when dropped.
pub(super) struct Node {
    pub(super) child: Child,
    pub(super) app: TestApp,
    _dir: tempfile::TempDir,
}

impl Node {
    /// Starts a node on a free port and waits until it answers `/readyz`.
    ///
    /// A port found free by binding `:0` can be taken again (by any process's outgoing
    /// connection) before the child binds it. A node that exits at start-up is therefore
    /// tried again on another port; only a node that neither answers nor exits fails.
    pub(super) async fn start(database_url: &str, redis_url: &str) -> Self {
        const ATTEMPTS: usize = 5;
        for _ in 0..ATTEMPTS {
            if let Some(node) = Self::try_start(database_url, redis_url).await {
                return node;
            }
        }
        panic!("no node started in {ATTEMPTS} attempts, each on a fresh free port (its errors are above)");
    }

    async fn try_start(database_url: &str, redis_url: &str) -> Option<Self> {
        let dir = tempfile::tempdir().expect("temp dir");
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let mut child = Command::new(env!("CARGO_BIN_EXE_vitrine-server"))
            .arg("serve")
            .env("VITRINE_BIND", format!("127.0.0.1:{port}"))
            .env("DATABASE_URL", database_url)
            .env("REDIS_URL", redis_url)
            .env("VITRINE_API_KEY", API_KEY)
            .env("VITRINE_PAYMENTS_TEST_MODE", "1")
            .env("VITRINE_WORKER", "off")
            .env("VITRINE_DATA_DIR", dir.path())
            .env("VITRINE_WEB_DIR", dir.path().join("web"))
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("vitrine-server starts");
        let app = attach(format!("http://127.0.0.1:{port}"), database_url).await;
        // Wait for the node to answer, as a client would; start-up migrates first.
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        while !app.client.get(app.url("/readyz")).send().await.is_ok_and(|r| r.status().is_success()) {
            if let Some(status) = child.try_wait().expect("the node's status") {
                eprintln!("node on port {port} exited at start-up ({status}); trying another port");
                return None;
            }
            assert!(tokio::time::Instant::now() < deadline, "node on port {port} never became ready");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Some(Self { child, app, _dir: dir })
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Redis: run by make test-redis"]
async fn a_client_of_a_killed_node_resumes_on_another_node_and_loses_nothing() {
    let redis = RedisServer::start().await;
    let scratch = tempfile::tempdir().expect("temp dir");
    let database_url = fresh_database_url(scratch.path()).await;
    // One node migrates before the other starts, as a deployment's migrate step would.
    let mut a = Node::start(&database_url, &redis.url()).await;
    let b = Node::start(&database_url, &redis.url()).await;

    let owner = b.app.register(&TestApp::client_payload("survivor")).await;
    let ch = format!("contest:{}", insert_contest(&b.app, owner, Contest::Public).await);

    let mut client = WsClient::anonymous(&a.app).await;
    client.subscribe(&ch, 0).await;
    publish_ticks(&b.app, &ch, 1..=5, 5).await;
    for seq in 1..=5 {
        match client.expect().await {
            ServerFrame::Event(event) => assert_eq!((event.ch.as_str(), event.seq), (ch.as_str(), seq)),
            other => panic!("expected tick {seq}, got {other:?}"),
        }
    }

    a.child.kill().await.expect("node A is killed");
    assert!(client.next_or_close(Duration::from_secs(10)).await.is_err(), "the connection to node A ends");
    publish_ticks(&b.app, &ch, 6..=40, 10).await;

    let mut resumed = WsClient::anonymous(&b.app).await;
    resumed.send(&ClientFrame::Sub { ch: ch.clone(), since: Some(5), id: Some("resume".into()) }).await;
    let mut replayed = Vec::new();
    loop {
        match resumed.expect().await {
            ServerFrame::Event(event) => replayed.push(event.seq),
            ServerFrame::Subscribed { seq, recovered, .. } => {
                assert!(recovered, "history still reaches back to seq 5");
                assert_eq!(seq, 40);
                break;
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!(replayed, (6..=40).collect::<Vec<_>>(), "every missed event, in order, once");
    publish_ticks(&b.app, &ch, 41..=41, 1).await;
    let ServerFrame::Event(live) = resumed.expect().await else { panic!("expected the live event") };
    assert_eq!(live.seq, 41);
    resumed.ping_pong().await;
}
