//! Collaborative documents across nodes sharing one database and one Redis: editors on
//! different nodes see each other's edits and cursors, and an editor whose node is
//! killed (SIGKILL) carries on from another node without losing an acknowledged edit.

use std::time::Duration;

use yrs::{sync::Awareness, updates::encoder::Encode, Doc};

use super::{cluster::two_nodes, doc_client::DocEditor, docs::workroom, process_failover::Node, redis::RedisServer};
use crate::helpers::fresh_database_url;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Redis: run by make test-redis"]
async fn an_editor_on_each_node_sees_the_others_edits_and_cursor() {
    let redis = RedisServer::start().await;
    let nodes = two_nodes(&redis).await;
    let (a, b) = (&nodes[0], &nodes[1]);
    let (project, owner, designer) = workroom(a, "nodes").await;
    let ch = format!("doc:workroom-brief:{project}");

    let mut on_a = DocEditor::open(a, Some(&owner), &ch).await;
    let mut on_b = DocEditor::open(b, Some(&designer), &ch).await;
    on_a.type_text(0, "From A.").await;
    on_b.expect_text("From A.").await;
    on_b.type_text(7, " From B.").await;
    on_a.expect_text("From A. From B.").await;

    // Typing at once on both nodes converges too.
    let (x, y) = (on_a.insert(0, "[a]"), on_b.insert(0, "[b]"));
    let (x, y) = (on_a.send_update(x).await, on_b.send_update(y).await);
    on_a.expect_ack(&x).await;
    on_b.expect_ack(&y).await;
    let full = "[a][b]From A. From B.".len();
    on_a.until(|e| e.text().len() == full).await;
    on_b.until(|e| e.text().len() == full).await;
    assert_eq!(on_a.text(), on_b.text());

    // A cursor (awareness state) set on node B reaches the editor on node A.
    let mut awareness = Awareness::new(Doc::new());
    awareness.set_local_state_raw(r#"{"user":{"name":"nodes-designer"},"cursor":null}"#);
    let message = yrs::sync::Message::Awareness(awareness.update().unwrap()).encode_v1();
    on_b.send_msg(message, None).await;
    on_a.until(|e| e.awareness.iter().any(|u| u.clients.values().any(|s| s.json.contains("nodes-designer")))).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Redis: run by make test-redis"]
async fn an_editor_whose_node_is_killed_reconnects_to_another_and_loses_no_acknowledged_edit() {
    let redis = RedisServer::start().await;
    let scratch = tempfile::tempdir().expect("temp dir");
    let database_url = fresh_database_url(scratch.path()).await;
    let mut a = Node::start(&database_url, &redis.url()).await;
    let b = Node::start(&database_url, &redis.url()).await;
    let (project, owner, designer) = workroom(&b.app, "killed").await;
    let ch = format!("doc:workroom-brief:{project}");

    let mut mover = DocEditor::open(&a.app, Some(&owner), &ch).await;
    let mut stayer = DocEditor::open(&b.app, Some(&designer), &ch).await;
    for word in ["one ", "two ", "three "] {
        let at = mover.text().len() as u32;
        mover.type_text(at, word).await;
    }
    stayer.expect_text("one two three ").await;

    a.child.kill().await.expect("node A is killed");
    assert!(mover.ws.next_or_close(Duration::from_secs(10)).await.is_err(), "the connection to node A ends");
    stayer.type_text(0, "B: ").await;

    // The editor reconnects to node B with its replica: it gets what it missed and the
    // server already holds every edit it had acknowledged.
    let DocEditor { doc, .. } = mover;
    let mut resumed = DocEditor::open_with(&b.app, Some(&owner), &ch, doc).await;
    resumed.settle().await;
    assert_eq!(resumed.text(), "B: one two three ");
    let fresh = DocEditor::open(&b.app, Some(&designer), &ch).await;
    assert_eq!(fresh.text(), "B: one two three ", "what node A acknowledged is stored");
    resumed.type_text(0, ">").await;
    stayer.expect_text(">B: one two three ").await;
}
