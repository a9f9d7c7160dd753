//! The command line: one subcommand per scenario.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

#[derive(Debug, Parser)]
#[command(name = "vitrine-loadtest", version, about = "Load harness for the Vitrine hub (loopback targets)")]
pub struct Cli {
    #[command(subcommand)]
    pub scenario: Scenario,
}

#[derive(Debug, Subcommand)]
pub enum Scenario {
    /// N subscribers over K `bench:` channels, publishing R events/s in total for S seconds.
    Fanout(FanoutArgs),
    /// N contest deadlines over a window, W `vitrine-worker` processes: lag to transition.
    Deadlines(DeadlinesArgs),
}

#[derive(Debug, Clone, Args)]
pub struct DeadlinesArgs {
    /// A PostgreSQL URL with rights to create databases (the run makes and drops its
    /// own), or `sqlite` for a temporary SQLite file.
    #[arg(long, default_value = "postgres://root@127.0.0.1:5432/postgres")]
    pub database_url: String,
    /// Contests whose submission deadlines are scheduled.
    #[arg(long, default_value_t = 100_000)]
    pub contests: i64,
    /// Seconds over which the deadlines fall, evenly spaced.
    #[arg(long, default_value_t = 180.0)]
    pub spread: f64,
    /// Seconds from scheduling to the first deadline (time for the workers to start).
    #[arg(long, default_value_t = 10.0)]
    pub lead: f64,
    /// `vitrine-worker` processes to run.
    #[arg(long, default_value_t = 3)]
    pub workers: usize,
    /// The worker binary; default: `vitrine-worker` beside this one.
    #[arg(long)]
    pub worker_bin: Option<PathBuf>,
    /// Seconds after the last deadline before the run gives up.
    #[arg(long, default_value_t = 120.0)]
    pub grace: f64,
    /// Where to write the JSON report.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

#[derive(Debug, Clone, Args)]
pub struct FanoutArgs {
    /// The hub (`ws://host:port`; `/ws` is added) or, with `--peer`, the peer's origin.
    #[arg(long, default_value = "ws://127.0.0.1:8080")]
    pub target: String,
    /// Subscribers to open, spread round-robin over the channels.
    #[arg(long, default_value_t = 100)]
    pub connections: usize,
    /// `bench:` channels to spread the subscribers and the events over.
    #[arg(long, default_value_t = 10)]
    pub channels: usize,
    /// Events published per second, over all channels.
    #[arg(long, default_value_t = 100)]
    pub rate: u32,
    /// Seconds of publishing.
    #[arg(long, default_value_t = 10.0)]
    pub duration: f64,
    /// Wire encoding of the hub's frames (ignored by the peer, which speaks JSON).
    #[arg(long, value_enum, default_value_t = WireEncoding::Json)]
    pub encoding: WireEncoding,
    /// The hub's publish API key (`VITRINE_API_KEY`); not needed for the peer.
    #[arg(long, env = "VITRINE_API_KEY", hide_env_values = true)]
    pub api_key: Option<String>,
    /// Where to write the JSON report.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Drive a peer server instead of the Vitrine hub.
    #[arg(long, value_enum)]
    pub peer: Option<Peer>,
    /// The server's process id, to report its RSS and CPU from /proc.
    #[arg(long)]
    pub server_pid: Option<u32>,
    /// Seconds to wait after the last publication for deliveries still in flight.
    #[arg(long, default_value_t = 5.0)]
    pub drain: f64,
    /// Connection attempts in flight at once.
    #[arg(long, default_value_t = 256)]
    pub connect_concurrency: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum WireEncoding {
    Json,
    Msgpack,
}

impl From<WireEncoding> for vitrine_protocol::Encoding {
    fn from(value: WireEncoding) -> Self {
        match value {
            WireEncoding::Json => vitrine_protocol::Encoding::Json,
            WireEncoding::Msgpack => vitrine_protocol::Encoding::Msgpack,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Peer {
    /// `shared/peers/socketio`: Socket.IO 4 over raw Engine.IO v4 WebSocket frames.
    Socketio,
}

impl FanoutArgs {
    /// Defaults for library callers (tests); the fields are public to adjust.
    pub fn new(target: impl Into<String>) -> Self {
        FanoutArgs {
            target: target.into(),
            connections: 100,
            channels: 10,
            rate: 100,
            duration: 10.0,
            encoding: WireEncoding::Json,
            api_key: None,
            out: None,
            peer: None,
            server_pid: None,
            drain: 5.0,
            connect_concurrency: 256,
        }
    }
}
