//! A client that stops reading is cut off (4008) once 1024 frames wait for it, and
//! nobody else notices.

use std::time::Duration;

use serde_json::json;
use tokio::{sync::watch, task::JoinHandle};
use vitrine_protocol::{close_code, ServerFrame};
use vitrine_server::store::clock::Clock as _;

use super::{
    client::{Connect, WsClient, WAIT},
    fixtures::{insert_contest, publish, publish_ticks, spawn_hub, tick, user, Contest},
};
use crate::helpers::{spawn_app_with, TestApp};

const TICKS: u64 = 3000;

/// How long the server may take to let go of a peer that reads nothing: it tries the
/// close handshake first, and that write can only time out.
const CUT_OFF_WITHIN: Duration = Duration::from_secs(30);

/// A connection with a small receive buffer (so that the kernel holds little for it),
/// subscribed to `bench:heavy` and `bench:all`.
async fn sloth(app: &TestApp, token: Option<&str>) -> WsClient {
    let mut slow = WsClient::open(app, Connect { token, recv_buffer: Some(4096), ..Connect::default() }).await;
    slow.subscribe("bench:heavy", 0).await;
    slow.subscribe("bench:all", 0).await;
    slow
}

/// A reader's task and the last tick it has received.
struct Reader {
    task: JoinHandle<()>,
    progress: watch::Receiver<u64>,
}

/// `count` anonymous readers of `bench:all`, each checking it gets ticks 1..=TICKS in order.
async fn readers(app: &TestApp, count: usize) -> Vec<Reader> {
    let ts = app.clock.now_ms();
    let mut readers = Vec::with_capacity(count);
    for _ in 0..count {
        let mut reader = WsClient::anonymous(app).await;
        reader.subscribe("bench:all", 0).await;
        let (seen, progress) = watch::channel(0);
        let task = tokio::spawn(async move {
            for n in 1..=TICKS {
                reader.expect_frame(&tick("bench:all", n, ts, n)).await;
                seen.send_replace(n);
            }
            reader.ping_pong().await;
        });
        readers.push(Reader { task, progress });
    }
    readers
}

/// Fills the socket buffers between the server and the sloth with large events only it
/// receives, then publishes the small ones everybody receives: far more than 1024.
///
/// Each batch waits until every healthy reader has it, so a reader whose test task
/// runs late on a loaded machine never falls 1024 behind; the sloth's queue fills
/// all the same, since it reads nothing.
async fn flood(app: &TestApp, readers: &mut [Reader]) {
    let blob = "x".repeat(32 * 1024);
    for _ in 0..5 {
        publish(app, (0..40).map(|_| ("bench:heavy".to_owned(), "blob", json!(blob))).collect()).await;
    }
    let ticks: Vec<u64> = (1..=TICKS).collect();
    for batch in ticks.chunks(250) {
        let (first, last) = (batch[0], batch[batch.len() - 1]);
        publish_ticks(app, "bench:all", first..=last, batch.len()).await;
        for reader in readers.iter_mut() {
            tokio::time::timeout(WAIT, reader.progress.wait_for(|seen| *seen >= last))
                .await
                .expect("a healthy reader keeps up")
                .expect("the reader is still running");
        }
    }
}

/// Reads what reached the sloth: `bench:all` ticks in order (heavy events and presence
/// aside), until the connection ends. Returns (ticks, close code).
async fn drain(slow: &mut WsClient) -> (u64, Option<u16>) {
    let mut ticks = 0;
    loop {
        match slow.next_or_close(WAIT).await {
            Ok(ServerFrame::Event(event)) if event.ch == "bench:heavy" => {}
            Ok(ServerFrame::Event(event)) if event.ch == "bench:all" => {
                ticks += 1;
                assert_eq!(event.seq, ticks, "the sloth's events stay in order");
            }
            Ok(ServerFrame::Presence { .. }) => {}
            Ok(other) => panic!("unexpected {other:?}"),
            Err(code) => return (ticks, code),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_never_reads_is_cut_off_while_100_others_receive_every_event() {
    // The 100 readers are anonymous sockets from one address, past its usual 32.
    let app = spawn_app_with(|settings| {
        settings.api_key = Some(super::fixtures::API_KEY.into());
        settings.ws_max_anonymous_per_address = 200;
    })
    .await;
    let (watcher_id, watcher_token) = app.client_session("watcher").await;
    let (sloth_id, sloth_token) = app.client_session("sloth").await;
    let sloth_user = user(sloth_id, "sloth");
    // The sloth's presence on this contest shows, without its help, when the server lets it go.
    let lobby = format!("contest:{}", insert_contest(&app, watcher_id, Contest::Public).await);
    let mut watcher = WsClient::signed_in(&app, &watcher_token).await;
    watcher.subscribe(&lobby, 0).await;
    let mut slow = sloth(&app, Some(&sloth_token)).await;
    slow.subscribe(&lobby, 0).await;
    let arrived = ServerFrame::Presence { ch: lobby.clone(), joined: vec![sloth_user.clone()], left: vec![] };
    loop {
        match watcher.expect().await {
            frame if frame == arrived => break,
            ServerFrame::Presence { .. } => continue, // the watcher's own arrival, if echoed
            other => panic!("expected the sloth to arrive, got {other:?}"),
        }
    }
    // From here on the sloth reads nothing.
    let mut readers = readers(&app, 100).await;
    flood(&app, &mut readers).await;

    let departed = ServerFrame::Presence { ch: lobby.clone(), joined: vec![], left: vec![sloth_user] };
    watcher.expect_frame_within(&departed, CUT_OFF_WITHIN).await;
    for reader in readers {
        reader.task.await.expect("every reader got every event in order");
    }
    // What reached the sloth's socket before the cut is a prefix, in order; the close frame
    // itself cannot reach a peer that does not read.
    let (ticks, code) = drain(&mut slow).await;
    assert!(ticks < TICKS, "the sloth was cut off before the end ({ticks} of {TICKS})");
    assert!(matches!(code, None | Some(close_code::SLOW_CONSUMER)), "closed with {code:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_falls_1024_frames_behind_is_closed_with_4008() {
    let app = spawn_hub().await;
    let mut slow = sloth(&app, None).await;
    let mut readers = readers(&app, 1).await;
    flood(&app, &mut readers).await;

    // Reading again at once: a prefix of the events, then the close frame.
    let (ticks, code) = drain(&mut slow).await;
    assert_eq!(code, Some(close_code::SLOW_CONSUMER));
    assert!(ticks < TICKS, "the sloth was cut off before the end ({ticks} of {TICKS})");
    for reader in readers {
        reader.task.await.expect("the reader got every event in order");
    }
}
