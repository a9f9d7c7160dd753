//! `vitrine-worker`: the marketplace clock as its own process, for scaled
//! deployments (`VITRINE_WORKER=off` on the server nodes). Any number may run
//! against one database; every task is safe to run concurrently.

use std::sync::Arc;

use clap::Parser;
use tokio::sync::watch;
use vitrine_server::{
    config::Settings,
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
    let db = Db::connect(&settings.effective_database_url(), 4).await?;
    db.migrate().await?;
    // A hub without sockets: it publishes the events timers write and hears the
    // bus's wake-ups when a sooner deadline is scheduled.
    let realtime = Realtime::start(db.clone(), Arc::new(settings.clone()), Arc::new(SystemClock)).await?;
    let (stop_tx, stop_rx) = watch::channel(false);
    let retention = timers::housekeeping::Retention::from_settings(&settings);
    let worker = tokio::spawn(timers::run_until_stopped(db, realtime, Arc::new(SystemClock), retention, stop_rx));
    shutdown_signal().await;
    let _ = stop_tx.send(true);
    worker.await?;
    Ok(())
}

async fn shutdown_signal() {
    let mut terminate = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).ok();
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = async { match terminate.as_mut() { Some(s) => { s.recv().await; } None => std::future::pending().await } } => {}
    }
}
