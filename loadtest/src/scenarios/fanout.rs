//! `fanout`: N subscribers spread round-robin over K `bench:` channels; a publisher sends R
//! events/s in total for S seconds; every subscriber records what it receives.
//!
//! Phases: connect (at most `--connect-concurrency` attempts in flight, each answered by
//! `subscribed`, or for the peer primed by probe events), publish, drain (until every
//! expected delivery arrived or `--drain` seconds passed), stop, merge.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::ensure;
use hdrhistogram::Histogram;
use indicatif::{ProgressBar, ProgressStyle};
use tokio::sync::{mpsc, watch, Semaphore};
use vitrine_protocol::Encoding;

use crate::cli::{FanoutArgs, Peer};
use crate::proc::{rss_kib, CpuMark};
use crate::publisher::{Publisher, Sink};
use crate::report::{Latency, Report, ServerUsage};
use crate::stats::{ClientStats, Progress};
use crate::{hub, now_us, socketio};

/// How long one connection attempt (connect and subscribe) may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(15);
/// How long the peer's rooms may take to show every subscriber a probe.
const PRIME_TIMEOUT: Duration = Duration::from_secs(15);
/// File descriptors the harness needs beyond one per connection.
const SPARE_FDS: u64 = 128;

pub async fn run(args: &FanoutArgs) -> anyhow::Result<Report> {
    ensure!(
        args.connections > 0 && args.channels > 0 && args.rate > 0,
        "connections, channels and rate must be positive"
    );
    ensure!(args.duration > 0.0 && args.drain >= 0.0, "duration must be positive and drain not negative");
    raise_fd_limit(args.connections as u64 + SPARE_FDS);
    let sink = match args.peer {
        None => Sink::Hub {
            base: crate::http_base(&args.target),
            api_key: args.api_key.clone().ok_or_else(|| anyhow::anyhow!("the hub's publish API needs --api-key"))?,
        },
        Some(Peer::Socketio) => Sink::Peer { base: crate::http_base(&args.target) },
    };
    let publisher = Publisher::new(sink);
    // A tag per run keeps the channels of two runs on one server apart.
    let tag = now_us() % 1_000_000_000;
    let channels: Vec<String> = (0..args.channels).map(|k| format!("bench:lt{tag}-{k}")).collect();
    let progress = Arc::new(Progress::default());
    let subscribers: Arc<Vec<AtomicUsize>> = Arc::new((0..args.channels).map(|_| AtomicUsize::new(0)).collect());
    let (stop_tx, stop_rx) = watch::channel(false);
    let bar = progress_bar(args.connections, progress.clone(), stop_rx.clone());

    let (ready_tx, mut ready_rx) = mpsc::unbounded_channel::<()>();
    let permits = Arc::new(Semaphore::new(args.connect_concurrency.max(1)));
    let mut clients = Vec::with_capacity(args.connections);
    for i in 0..args.connections {
        let channel = i % args.channels;
        let (name, target, peer, encoding) =
            (channels[channel].clone(), args.target.clone(), args.peer, args.encoding.into());
        let (progress, subscribers, permits, ready, stop) =
            (progress.clone(), subscribers.clone(), permits.clone(), ready_tx.clone(), stop_rx.clone());
        clients.push(tokio::spawn(async move {
            let permit = permits.acquire_owned().await;
            let attempt = tokio::time::timeout(CONNECT_TIMEOUT, async {
                match peer {
                    None => hub::connect(&target, &name, encoding).await,
                    Some(Peer::Socketio) => socketio::connect(&target, &name).await,
                }
            });
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
            let mut stats = ClientStats::new(channel);
            match peer {
                None => hub::receive(socket, encoding, &mut stats, &progress, stop).await,
                Some(Peer::Socketio) => socketio::receive(socket, &mut stats, &progress, stop).await,
            }
            Some(stats)
        }));
    }
    drop(ready_tx);
    // Each client reports once, connected or failed, then keeps its sender while it runs.
    for _ in 0..args.connections {
        ready_rx.recv().await;
    }

    if args.peer.is_some() {
        prime(&publisher, &channels, &progress).await?;
    }

    let usage_mark = args.server_pid.and_then(CpuMark::take);
    let rss_peak_kib = Arc::new(AtomicU64::new(0));
    if let Some(pid) = args.server_pid {
        tokio::spawn(sample_rss(pid, rss_peak_kib.clone(), stop_rx.clone()));
    }
    let publish_start_us = now_us();
    let duration = Duration::from_secs_f64(args.duration);
    let published = publisher.run(&channels, args.rate, duration, &progress).await;
    let expected: u64 =
        published.per_channel.iter().zip(subscribers.iter()).map(|(n, s)| n * s.load(Ordering::Relaxed) as u64).sum();
    let drain_until = Instant::now() + Duration::from_secs_f64(args.drain);
    while progress.delivered.load(Ordering::Relaxed) < expected && Instant::now() < drain_until {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let server_usage = args.server_pid.map_or_else(ServerUsage::default, |pid| ServerUsage {
        pid: Some(pid),
        rss_mib: rss_kib(pid).map(|kib| kib as f64 / 1024.0),
        rss_peak_mib: Some(rss_peak_kib.load(Ordering::Relaxed).max(rss_kib(pid).unwrap_or(0)) as f64 / 1024.0),
        cpu_percent: usage_mark.and_then(|mark| mark.percent_since(pid)),
    });
    let _ = stop_tx.send(true);

    let mut latency = Histogram::<u64>::new_with_bounds(1, 60_000_000, 3)?;
    let (mut delivered, mut lost, mut duplicated, mut out_of_order, mut dropped, mut last_us) = (0, 0, 0, 0, 0, 0);
    for client in clients {
        let Some(stats) = client.await? else { continue };
        latency.add(&stats.latency_us)?;
        delivered += stats.delivered;
        lost += published.per_channel[stats.channel].saturating_sub(stats.delivered);
        duplicated += stats.duplicated;
        out_of_order += stats.out_of_order;
        dropped += usize::from(stats.dropped);
        last_us = last_us.max(stats.last_delivery_us);
    }
    bar.finish_and_clear();
    let span_s = last_us.saturating_sub(publish_start_us) as f64 / 1e6;
    Ok(Report {
        scenario: "fanout".into(),
        server: match args.peer {
            None => "vitrine".into(),
            Some(Peer::Socketio) => "socketio".into(),
        },
        target: args.target.clone(),
        encoding: match (args.peer, Encoding::from(args.encoding)) {
            (Some(_), _) => "socket.io json".into(),
            (None, encoding) => encoding.subprotocol().into(),
        },
        channels: args.channels,
        rate: args.rate,
        duration_s: args.duration,
        connections_requested: args.connections,
        connections_established: progress.connected.load(Ordering::Relaxed),
        connections_failed: progress.failed.load(Ordering::Relaxed),
        connections_dropped: dropped,
        events_published: published.total(),
        publish_errors: published.errors,
        deliveries_expected: expected,
        delivered,
        lost,
        duplicated,
        out_of_order,
        order_basis: if args.peer.is_some() { "id" } else { "seq" }.into(),
        latency_ms: Latency::from_micros(&latency),
        deliveries_per_sec: if span_s > 0.0 { delivered as f64 / span_s } else { 0.0 },
        server_usage,
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

async fn sample_rss(pid: u32, peak_kib: Arc<AtomicU64>, mut stop: watch::Receiver<bool>) {
    while !*stop.borrow() {
        if let Some(kib) = rss_kib(pid) {
            peak_kib.fetch_max(kib, Ordering::Relaxed);
        }
        let _ = tokio::time::timeout(Duration::from_millis(250), stop.changed()).await;
    }
}

/// Raises the soft fd limit to the hard one and says so when even that is too low.
fn raise_fd_limit(needed: u64) {
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(limit) if limit < needed => {
            eprintln!("warning: the fd limit is {limit}, {needed} are needed: raise it (ulimit -n) or fewer connections will open")
        }
        Ok(_) => {}
        Err(e) => eprintln!("warning: could not raise the fd limit ({e}); check ulimit -n"),
    }
}

/// A live status line on stderr (hidden when stderr is not a terminal).
fn progress_bar(total: usize, progress: Arc<Progress>, mut stop: watch::Receiver<bool>) -> ProgressBar {
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {elapsed} {msg}").unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    let shown = bar.clone();
    tokio::spawn(async move {
        while !*stop.borrow() {
            shown.set_message(format!(
                "connected {}/{total} (failed {})  published {}  delivered {}",
                progress.connected.load(Ordering::Relaxed),
                progress.failed.load(Ordering::Relaxed),
                progress.published.load(Ordering::Relaxed),
                progress.delivered.load(Ordering::Relaxed),
            ));
            let _ = tokio::time::timeout(Duration::from_millis(200), stop.changed()).await;
        }
    });
    bar
}
