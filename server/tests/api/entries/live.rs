//! A client watching a contest over the hub while designers submit.

use std::collections::HashSet;

use vitrine_protocol::ServerFrame;

use super::{designer, running_contest, submit};
use crate::{helpers::spawn_app, realtime::client::WsClient};

#[tokio::test]
async fn a_watcher_receives_each_entry_created_once_in_order_while_two_designers_submit() {
    let app = spawn_app().await;
    let contest = running_contest(&app, "l1").await;
    let (_, alice) = designer(&app, "l1alice", 2).await;
    let (_, bob) = designer(&app, "l1bob", 2).await;
    let ch = format!("contest:{}", contest.id);
    let (_, watcher) = app.client_session("l1watcher").await;
    let mut ws = WsClient::signed_in(&app, &watcher).await;
    let head = match ws.sub(&ch, None, None).await {
        ServerFrame::Subscribed { seq, .. } => seq,
        other => panic!("expected subscribed, got {other:?}"),
    };

    // Both designers submit at once, three entries each.
    let (a, b) = tokio::join!(
        async {
            let mut ids = Vec::new();
            for _ in 0..3 {
                ids.push(submit(&app, &alice, contest.id).await.body["data"]["id"].as_i64().unwrap());
            }
            ids
        },
        async {
            let mut ids = Vec::new();
            for _ in 0..3 {
                ids.push(submit(&app, &bob, contest.id).await.body["data"]["id"].as_i64().unwrap());
            }
            ids
        },
    );
    let submitted: HashSet<i64> = a.iter().chain(&b).copied().collect();

    let mut seen = Vec::new();
    let mut last_seq = head;
    let mut last_number = 0;
    while seen.len() < 6 {
        match ws.expect().await {
            ServerFrame::Event(event) => {
                assert_eq!(event.ch, ch);
                assert_eq!(event.seq, last_seq + 1, "consecutive seqs");
                last_seq = event.seq;
                assert_eq!(event.event_type, "entry.created");
                let number = event.data["number"].as_i64().unwrap();
                assert!(number > last_number, "entries arrive in the order they were numbered");
                last_number = number;
                seen.push(event.data["id"].as_i64().unwrap());
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!(seen.iter().copied().collect::<HashSet<_>>(), submitted, "each entry once");
    assert_eq!(seen.len(), 6);
    // Nothing more is queued: the next frame answers our ping.
    ws.ping_pong().await;
}
