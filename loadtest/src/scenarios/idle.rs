//! `idle`: ramp N connections that do nothing but answer the server's keepalive, hold
//! them, and report what they cost the server (RSS growth per connection, from /proc)
//! and how fast they were accepted.
//!
//! Hub connections open `/ws` without subscribing; Socket.IO ones open the default
//! namespace; Sockudo ones wait for `connection_established`.

use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::ensure;
use hdrhistogram::Histogram;
use tokio::sync::{watch, Semaphore};

use super::common::{progress_bar, rss_sum_kib, UsageSampler};
use crate::cli::{IdleArgs, Peer};
use crate::report::{IdlePoint, IdleReport, Latency};
use crate::stats::Progress;
use crate::{hub, limit, pusher, socketio};

/// How long one connection attempt may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(20);
/// How long to let the server settle before reading its memory (allocator, buffers).
const SETTLE: Duration = Duration::from_millis(500);

pub async fn run(args: &IdleArgs) -> anyhow::Result<IdleReport> {
    ensure!(args.connections > 0, "connections must be positive");
    let fd_limit = crate::raise_fd_limit(args.connections as u64 + crate::SPARE_FDS);
    let pids = args.conn.server_pid.clone();
    let progress = Arc::new(Progress::default());
    let (stop_tx, stop_rx) = watch::channel(false);
    let bar = progress_bar("idle", args.connections, progress.clone(), stop_rx.clone());
    let rss_before = rss_sum_kib(&pids);
    let usage = UsageSampler::start(&pids);
    let timeline = Arc::new(Mutex::new(Vec::<IdlePoint>::new()));
    let start = Instant::now();
    tokio::spawn(sample_timeline(pids.clone(), progress.clone(), timeline.clone(), start, stop_rx.clone()));

    let permits = Arc::new(Semaphore::new(args.conn.connect_concurrency.max(1)));
    let connect_us = Arc::new(Mutex::new(Histogram::<u64>::new_with_bounds(1, 60_000_000, 3)?));
    let (up_tx, mut up_rx) = tokio::sync::mpsc::unbounded_channel::<()>();
    let conn = Arc::new(args.conn.clone());
    let mut holders = Vec::with_capacity(args.connections);
    // Two halves with a pause between them: the memory the second half adds is what a
    // connection costs, whatever start-up and the first connections left behind
    // (allocator arenas, tokio's slabs, the demo data's pages): see `per_connection`.
    let first_half = args.connections.div_ceil(2);
    let mut ramping = Duration::ZERO;
    let mut rss_half = None;
    let mut established_half = 0;
    for (half, count) in [(0, first_half), (1, args.connections - first_half)] {
        let began_half = Instant::now();
        for _ in 0..count {
            let (conn, progress, permits, connect_us, up, stop) =
                (conn.clone(), progress.clone(), permits.clone(), connect_us.clone(), up_tx.clone(), stop_rx.clone());
            holders.push(tokio::spawn(async move {
                let permit = permits.acquire_owned().await;
                let began = Instant::now();
                let attempt = async {
                    match conn.peer {
                        None => hub::open(&conn.target, conn.encoding.into()).await,
                        Some(Peer::Socketio) => socketio::open(&conn.target).await,
                        Some(Peer::Sockudo) => pusher::open(&conn.target, &conn.pusher_app()).await,
                        Some(Peer::Limit) => limit::connect(&conn.target, "idle").await,
                    }
                };
                let socket = tokio::time::timeout(CONNECT_TIMEOUT, attempt).await.ok().and_then(Result::ok);
                drop(permit);
                let Some(socket) = socket else {
                    progress.failed.fetch_add(1, Ordering::Relaxed);
                    let _ = up.send(());
                    return None;
                };
                let took = began.elapsed().as_micros() as u64;
                connect_us.lock().unwrap_or_else(|e| e.into_inner()).saturating_record(took.max(1));
                progress.connected.fetch_add(1, Ordering::Relaxed);
                let _ = up.send(());
                Some(match conn.peer {
                    None => hub::hold(socket, stop).await,
                    Some(Peer::Socketio) => socketio::hold(socket, stop).await,
                    Some(Peer::Sockudo) => pusher::hold(socket, stop).await,
                    Some(Peer::Limit) => limit::hold(socket, stop).await,
                })
            }));
        }
        for _ in 0..count {
            up_rx.recv().await;
        }
        ramping += began_half.elapsed();
        if half == 0 {
            tokio::time::sleep(SETTLE).await;
            rss_half = rss_sum_kib(&pids);
            established_half = progress.connected.load(Ordering::Relaxed);
        }
    }
    drop(up_tx);
    let ramp_s = ramping.as_secs_f64();
    let ramp_usage = usage.finish(0);
    tokio::time::sleep(Duration::from_secs_f64(args.hold).max(SETTLE)).await;
    let rss_after = rss_sum_kib(&pids);
    let _ = stop_tx.send(true);

    let mut dropped = 0;
    for holder in holders {
        if holder.await? == Some(false) {
            dropped += 1;
        }
    }
    bar.finish_and_clear();
    let established = progress.connected.load(Ordering::Relaxed);
    let per_connection = match (rss_before, rss_after) {
        (Some(before), Some(after)) if established > 0 => {
            Some(after.saturating_sub(before) as f64 / established as f64)
        }
        _ => None,
    };
    let second_half = established.saturating_sub(established_half);
    let per_connection_second_half = match (rss_half, rss_after) {
        (Some(half), Some(after)) if second_half > 0 => Some(after.saturating_sub(half) as f64 / second_half as f64),
        _ => None,
    };
    let connect_latency = Latency::from_micros(&connect_us.lock().unwrap_or_else(|e| e.into_inner()));
    let timeline = timeline.lock().unwrap_or_else(|e| e.into_inner()).clone();
    Ok(IdleReport {
        scenario: "idle".into(),
        server: args.conn.server_name().into(),
        target: args.conn.target.clone(),
        encoding: match args.conn.peer {
            Some(Peer::Socketio) => "socket.io json".into(),
            Some(Peer::Sockudo) => "pusher json".into(),
            Some(Peer::Limit) => "raw frames".into(),
            None => vitrine_protocol::Encoding::from(args.conn.encoding).subprotocol().into(),
        },
        fd_limit,
        connections_requested: args.connections,
        connections_established: established,
        connections_failed: progress.failed.load(Ordering::Relaxed),
        connections_dropped: dropped,
        ramp_s,
        connects_per_sec: if ramp_s > 0.0 { established as f64 / ramp_s } else { 0.0 },
        connect_latency_ms: connect_latency,
        server_rss_before_mib: rss_before.map(|k| k as f64 / 1024.0),
        server_rss_after_mib: rss_after.map(|k| k as f64 / 1024.0),
        server_rss_half_mib: rss_half.map(|k| k as f64 / 1024.0),
        server_kib_per_connection: per_connection,
        server_kib_per_connection_second_half: per_connection_second_half,
        server_cpu_percent: ramp_usage.cpu_percent,
        timeline,
    })
}

/// One point a second: connections open and the servers' RSS.
async fn sample_timeline(
    pids: Vec<u32>,
    progress: Arc<Progress>,
    timeline: Arc<Mutex<Vec<IdlePoint>>>,
    start: Instant,
    mut stop: watch::Receiver<bool>,
) {
    let mut second = 0u32;
    while !*stop.borrow() {
        let point = IdlePoint {
            t_s: second,
            connected: progress.connected.load(Ordering::Relaxed),
            server_rss_mib: rss_sum_kib(&pids).map(|k| k as f64 / 1024.0),
        };
        timeline.lock().unwrap_or_else(|e| e.into_inner()).push(point);
        second += 1;
        let next = start + Duration::from_secs(u64::from(second));
        let _ = tokio::time::timeout(next.saturating_duration_since(Instant::now()), stop.changed()).await;
    }
}
