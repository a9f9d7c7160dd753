//! `vitrine-worker`: the marketplace clock as its own process, for scaled
//! deployments (`VITRINE_WORKER=off` on the server nodes). Any number may run
//! against one database; every task is safe to run concurrently.
//!
//! With `VITRINE_WORKER_METRICS_BIND` it serves `/metrics` (the timers' queue depth, lag and
//! transitions, in the server's Prometheus format) and `/healthz` on that address.

use std::{net::SocketAddr, sync::Arc};

use anyhow::Context;
use clap::Parser;
use tokio::sync::watch;
use vitrine_server::{
    config::Settings,
    ops::metrics,
    realtime::Realtime,
    store::{clock::SystemClock, Db},
    telemetry, timers,
};

#[derive(Parser)]
#[command(name = "vitrine-worker", version, about = "Vitrine status timers and housekeeping")]
struct Cli {
    #[command(flatten)]
    settings: Settings,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let Cli { settings } = Cli::parse();
    telemetry::init(settings.log_format);
    if let Err(err) = settings.validate() {
        eprintln!("vitrine-worker: {err}");
        std::process::exit(2);
    }
    // Before the timers run, so their first pass is counted.
    metrics::install();
    let db = Db::connect(&settings.effective_database_url(), 4).await?;
    db.migrate().await?;
    // A hub without sockets: it publishes the events timers write and hears the
    // bus's wake-ups when a sooner deadline is scheduled.
    let realtime = Realtime::start(db.clone(), Arc::new(settings.clone()), Arc::new(SystemClock)).await?;
    let (stop_tx, stop_rx) = watch::channel(false);
    let retention = timers::housekeeping::Retention::from_settings(&settings);
    let metrics_page = match settings.worker_metrics_bind {
        Some(addr) => Some(tokio::spawn(serve_metrics(addr, stop_rx.clone()).await?)),
        None => None,
    };
    // Unattached uploads are removed from where the server stores them (disk or bucket).
    let storage = vitrine_server::files::Storage::from_settings(&settings)?;
    storage.check().await?;
    let clock = Arc::new(SystemClock);
    // Mails the timers send link to the client at the public URL.
    let link_base = settings.link_base().to_owned();
    let worker = tokio::spawn(timers::run_until_stopped(db, realtime, clock, retention, storage, link_base, stop_rx));
    shutdown_signal().await;
    let _ = stop_tx.send(true);
    worker.await?;
    if let Some(page) = metrics_page {
        page.await??;
    }
    Ok(())
}

/// Binds `addr` (a taken port fails start-up, not later) and returns the server of
/// `/metrics` and `/healthz`, which stops with the worker.
async fn serve_metrics(
    addr: SocketAddr,
    stop: watch::Receiver<bool>,
) -> anyhow::Result<impl std::future::Future<Output = anyhow::Result<()>>> {
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("VITRINE_WORKER_METRICS_BIND {addr}: cannot listen"))?;
    Ok(metrics::serve_page(listener, stop))
}

async fn shutdown_signal() {
    let mut terminate = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).ok();
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = async { match terminate.as_mut() { Some(s) => { s.recv().await; } None => std::future::pending().await } } => {}
    }
}
