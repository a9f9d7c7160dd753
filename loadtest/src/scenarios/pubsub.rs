//! `fanout`, `broadcast` and `cluster`: N subscribers spread round-robin over K `bench:`
//! channels (`broadcast`: one) and over the nodes (`cluster`: `--nodes`, sharing Redis);
//! a publisher sends R events/s in total for S seconds to the first node; every
//! subscriber records what it receives.
//!
//! Phases: connect (at most `--connect-concurrency` attempts in flight, each answered by
//! `subscribed`, or for Socket.IO primed by probe events), publish, drain (until every
//! expected delivery arrived or `--drain` seconds passed), stop, merge.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::ensure;
use tokio::sync::{mpsc, watch, Semaphore};
use vitrine_protocol::Encoding;

use super::common::{progress_bar, sample_usage, UsageSampler};
use crate::cli::{Conn, FanoutArgs, Peer};
use crate::publisher::{Publisher, Sink};
use crate::report::{Latency, LoadAverage, Report};
use crate::stats::{ClientStats, Progress, Recorder};
use crate::{hub, limit, now_us, pusher, socketio, Socket};

/// How long one connection attempt (connect and subscribe) may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(15);
/// How long the Socket.IO rooms may take to show every subscriber a probe.
const PRIME_TIMEOUT: Duration = Duration::from_secs(15);

/// Which of the three shapes to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Fanout,
    Broadcast,
    Cluster,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Fanout => "fanout",
            Kind::Broadcast => "broadcast",
            Kind::Cluster => "cluster",
        }
    }
}

/// The channel names of a run: a tag per run keeps two runs on one server apart; Pusher
/// names allow no `:`.
pub fn channel_names(peer: Option<Peer>, count: usize) -> Vec<String> {
    let tag = now_us() % 1_000_000_000;
    let prefix = if peer == Some(Peer::Sockudo) { "bench-" } else { "bench:" };
    (0..count).map(|k| format!("{prefix}lt{tag}-{k}")).collect()
}

/// The publisher for `conn`'s server (the first node).
pub fn publisher_for(conn: &Conn, node: &str) -> anyhow::Result<Publisher> {
    let base = crate::http_base(node);
    Ok(Publisher::new(match conn.peer {
        None => Sink::Hub {
            base,
            api_key: conn.api_key.clone().ok_or_else(|| anyhow::anyhow!("the hub's publish API needs --api-key"))?,
        },
        Some(Peer::Socketio) => Sink::SocketIo { base },
        Some(Peer::Sockudo) => Sink::Pusher { base, app: conn.pusher_app() },
        Some(Peer::Limit) => Sink::Limit { target: crate::ws_base(node) },
    }))
}

/// Connects one subscriber to `channel` on `target`.
pub async fn subscribe(conn: &Conn, target: &str, channel: &str) -> anyhow::Result<Socket> {
    match conn.peer {
        None => hub::connect(target, channel, conn.encoding.into()).await,
        Some(Peer::Socketio) => socketio::connect(target, channel).await,
        Some(Peer::Sockudo) => pusher::connect(target, channel, &conn.pusher_app()).await,
        Some(Peer::Limit) => limit::connect(target, channel).await,
    }
}

pub async fn run(args: &FanoutArgs, kind: Kind) -> anyhow::Result<Report> {
    let channel_count = if kind == Kind::Broadcast { 1 } else { args.channels };
    ensure!(
        args.connections > 0 && channel_count > 0 && args.rate > 0,
        "connections, channels and rate must be positive"
    );
    ensure!(args.duration > 0.0 && args.drain >= 0.0, "duration must be positive and drain not negative");
    let nodes = args.conn.node_targets();
    ensure!(kind != Kind::Cluster || nodes.len() >= 2, "cluster needs at least two --nodes");
    let fd_limit = crate::raise_fd_limit(args.connections as u64 + crate::SPARE_FDS);
    let publisher = publisher_for(&args.conn, &nodes[0])?;
    let channels = channel_names(args.conn.peer, channel_count);
    let progress = Arc::new(Progress::default());
    let recorder = Arc::new(Recorder::new());
    let subscribers: Arc<Vec<AtomicUsize>> = Arc::new((0..channel_count).map(|_| AtomicUsize::new(0)).collect());
    let (stop_tx, stop_rx) = watch::channel(false);
    let bar = progress_bar(kind.name(), args.connections, progress.clone(), stop_rx.clone());

    let (ready_tx, mut ready_rx) = mpsc::unbounded_channel::<()>();
    let permits = Arc::new(Semaphore::new(args.conn.connect_concurrency.max(1)));
    let conn = Arc::new(args.conn.clone());
    let mut clients = Vec::with_capacity(args.connections);
    for i in 0..args.connections {
        let channel = i % channel_count;
        // Node by subscriber, not by channel: every channel has subscribers on every node.
        let (name, target) = (channels[channel].clone(), nodes[(i / channel_count) % nodes.len()].clone());
        let (conn, progress, recorder, subscribers, permits, ready, stop) = (
            conn.clone(),
            progress.clone(),
            recorder.clone(),
            subscribers.clone(),
            permits.clone(),
            ready_tx.clone(),
            stop_rx.clone(),
        );
        clients.push(tokio::spawn(async move {
            let permit = permits.acquire_owned().await;
            let attempt = tokio::time::timeout(CONNECT_TIMEOUT, subscribe(&conn, &target, &name));
            let socket = attempt.await.ok().and_then(Result::ok);
            drop(permit);
            let Some(socket) = socket else {
                progress.failed.fetch_add(1, Ordering::Relaxed);
                let _ = ready.send(());
                return None;
            };
            progress.connected.fetch_add(1, Ordering::Relaxed);
            subscribers[channel].fetch_add(1, Ordering::Relaxed);
            let _ = ready.send(());
            let mut stats = ClientStats::new(i, channel, channel_count);
            let counters = (&*progress, &*recorder);
            match conn.peer {
                None => hub::receive(socket, conn.encoding.into(), &mut stats, counters, stop).await,
                Some(Peer::Socketio) => socketio::receive(socket, &mut stats, counters, stop).await,
                Some(Peer::Sockudo) => pusher::receive(socket, &mut stats, counters, stop).await,
                Some(Peer::Limit) => limit::receive(socket, &mut stats, counters, stop).await,
            }
            Some(stats)
        }));
    }
    drop(ready_tx);
    // Each client reports once, connected or failed, then keeps its sender while it runs.
    for _ in 0..args.connections {
        ready_rx.recv().await;
    }

    if args.conn.peer == Some(Peer::Socketio) {
        prime(&publisher, &channels, &progress).await?;
    }

    let buses = match args.conn.peer {
        None => Some(crate::bus::start(&nodes, &args.conn.metrics).await?),
        Some(_) => None,
    };
    let usage = UsageSampler::start(&args.conn.server_pid);
    let load_start = crate::proc::load_average().unwrap_or_default();
    let publish_start_us = now_us();
    recorder.start(publish_start_us);
    let rss_peak_kib = Arc::new(AtomicU64::new(0));
    tokio::spawn(sample_usage(args.conn.server_pid.clone(), rss_peak_kib.clone(), recorder.clone(), stop_rx.clone()));
    let duration = Duration::from_secs_f64(args.duration);
    let published = publisher.run(&channels, args.rate, duration, (&progress, &recorder)).await;
    let publish_s = (now_us() - publish_start_us) as f64 / 1e6;
    if published.cut_short > 0 {
        eprintln!(
            "warning: the target took events slower than {} a second: {} were never sent",
            args.rate, published.cut_short
        );
    }
    if let Some(error) = &published.last_error {
        eprintln!("warning: {} events were refused; the last: {error}", published.errors);
    }
    let expected: u64 =
        published.per_channel.iter().zip(subscribers.iter()).map(|(n, s)| n * s.load(Ordering::Relaxed) as u64).sum();
    let drain_until = Instant::now() + Duration::from_secs_f64(args.drain);
    while progress.delivered.load(Ordering::Relaxed) < expected && Instant::now() < drain_until {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let server_usage = usage.finish(rss_peak_kib.load(Ordering::Relaxed));
    let _ = stop_tx.send(true);

    let (mut delivered, mut lost, mut duplicated, mut out_of_order, mut dropped, mut last_us) = (0, 0, 0, 0, 0, 0);
    let (mut short, mut silent) = (0, 0);
    for client in clients {
        let Some(stats) = client.await? else { continue };
        delivered += stats.delivered;
        let missed = published.per_channel[stats.channel].saturating_sub(stats.delivered);
        lost += missed;
        short += usize::from(missed > 0);
        silent += usize::from(missed > 0 && stats.delivered == 0);
        duplicated += stats.duplicated;
        out_of_order += stats.out_of_order;
        dropped += usize::from(stats.dropped);
        last_us = last_us.max(stats.last_delivery_us);
    }
    bar.finish_and_clear();
    let buses = match buses {
        Some(started) => crate::bus::finish(started).await?,
        None => Vec::new(),
    };
    let span_s = last_us.saturating_sub(publish_start_us) as f64 / 1e6;
    Ok(Report {
        scenario: kind.name().into(),
        server: args.conn.server_name().into(),
        target: nodes[0].clone(),
        nodes,
        encoding: match (args.conn.peer, Encoding::from(args.conn.encoding)) {
            (Some(Peer::Socketio), _) => "socket.io json".into(),
            (Some(Peer::Sockudo), _) => "pusher json".into(),
            (Some(Peer::Limit), _) => "raw frames".into(),
            (None, encoding) => encoding.subprotocol().into(),
        },
        channels: channel_count,
        rate: args.rate,
        duration_s: args.duration,
        fd_limit,
        connections_requested: args.connections,
        connections_established: progress.connected.load(Ordering::Relaxed),
        connections_failed: progress.failed.load(Ordering::Relaxed),
        connections_dropped: dropped,
        events_published: published.total(),
        publish_s,
        events_not_sent: published.cut_short,
        publish_errors: published.errors,
        deliveries_expected: expected,
        delivered,
        lost,
        subscribers_short: short,
        subscribers_silent: silent,
        duplicated,
        out_of_order,
        order_basis: if args.conn.peer.is_some() { "id" } else { "seq" }.into(),
        latency_ms: Latency::from_micros(&recorder.total()),
        deliveries_per_sec: if span_s > 0.0 { delivered as f64 / span_s } else { 0.0 },
        cpu_us_per_delivery: server_usage.cpu_s.filter(|_| delivered > 0).map(|s| s * 1e6 / delivered as f64),
        load_average: LoadAverage { start: load_start, end: crate::proc::load_average().unwrap_or_default() },
        server_usage,
        buses,
        timeline: recorder.timeline(),
    })
}

/// Socket.IO does not answer a join: probe every room until each subscriber saw a probe.
async fn prime(publisher: &Publisher, channels: &[String], progress: &Progress) -> anyhow::Result<()> {
    let deadline = Instant::now() + PRIME_TIMEOUT;
    let connected = progress.connected.load(Ordering::Relaxed);
    while progress.primed.load(Ordering::Relaxed) < connected {
        if Instant::now() > deadline {
            eprintln!(
                "warning: {} of {connected} subscribers never saw a probe",
                connected - progress.primed.load(Ordering::Relaxed)
            );
            break;
        }
        publisher.probe(channels).await?;
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Ok(())
}
