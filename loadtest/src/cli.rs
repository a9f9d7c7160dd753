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
    /// N subscribers on one channel, publishing R events/s for S seconds.
    Broadcast(FanoutArgs),
    /// `fanout` over the nodes in `--nodes` (sharing Redis), publishing on the first.
    Cluster(FanoutArgs),
    /// Ramp N idle connections: server memory per connection and connect rate.
    Idle(IdleArgs),
    /// Sign-ups, contests, entries, comments and reactions over REST, watched over the hub.
    Marketplace(MarketplaceArgs),
    /// N contest deadlines over a window, W `vitrine-worker` processes: lag to transition.
    #[command(alias = "timers")]
    Deadlines(DeadlinesArgs),
    /// D collaborative documents x E editors x U edits/s: latency, convergence, memory per document.
    Docs(DocsArgs),
    /// Writes the Markdown section of `make bench` from a folder of JSON reports.
    Summarize(SummarizeArgs),
    /// A Markdown table of `docs` reports side by side, with the ratio (for `make bench`).
    DocsTable(DocsTableArgs),
    /// Runs the `limit` peer (one thread, epoll, pre-encoded frames) until stopped.
    LimitServer(LimitServerArgs),
    /// Exits 0 if a `fanout`/`broadcast` report sustained its load (the capacity search).
    Sustained(SustainedArgs),
}

/// `limit-server`: where to listen.
#[derive(Debug, Clone, Args)]
pub struct LimitServerArgs {
    #[arg(long, default_value = "127.0.0.1:17000")]
    pub bind: std::net::SocketAddr,
}

/// `sustained`: the verdict of one step of the capacity search.
#[derive(Debug, Clone, Args)]
pub struct SustainedArgs {
    /// A JSON report of `fanout` or `broadcast`.
    pub report: PathBuf,
    /// The latency bound, ms.
    #[arg(long, default_value_t = 50.0)]
    pub p99_ms: f64,
}

/// `docs`: Yjs documents edited together through the hub (or the Hocuspocus peer).
#[derive(Debug, Clone, Args)]
pub struct DocsArgs {
    /// The hub (`ws://host:port`) or, with `--peer hocuspocus`, the peer's WebSocket origin.
    #[arg(long, default_value = "ws://127.0.0.1:8080")]
    pub target: String,
    #[arg(long, value_enum)]
    pub peer: Option<DocsPeer>,
    /// Documents edited at once.
    #[arg(long, default_value_t = 10)]
    pub documents: usize,
    /// Editors per document (each a Yjs replica in this process).
    #[arg(long, default_value_t = 3)]
    pub editors: usize,
    /// Edits per second per editor (each a few characters typed at a random place).
    #[arg(long, default_value_t = 2.0)]
    pub rate: f64,
    /// Seconds of typing.
    #[arg(long, default_value_t = 10.0)]
    pub duration: f64,
    /// Seconds to wait after the last edit for updates in flight, before comparing replicas.
    #[arg(long, default_value_t = 3.0)]
    pub drain: f64,
    /// An administrator (our hub: the documents are admin notes on fresh users).
    #[arg(long, default_value = "demo-admin")]
    pub admin_login: String,
    #[arg(long, default_value = "vitrine-demo", hide_default_value = true)]
    pub admin_password: String,
    /// The server processes (comma-separated pids), for RSS from /proc.
    #[arg(long, value_delimiter = ',')]
    pub server_pid: Vec<u32>,
    /// Where to write the JSON report.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DocsPeer {
    /// `shared/peers/hocuspocus`: Hocuspocus 4 (Node) with SQLite persistence.
    Hocuspocus,
}

/// `docs-table`: reports of `docs` runs to compare.
#[derive(Debug, Clone, Args)]
pub struct DocsTableArgs {
    /// The JSON reports, ours first.
    #[arg(required = true)]
    pub reports: Vec<PathBuf>,
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

/// How to reach the server under test, shared by the hub scenarios.
#[derive(Debug, Clone, Args)]
pub struct Conn {
    /// The hub (`ws://host:port`; `/ws` is added) or, with `--peer`, the peer's origin.
    #[arg(long, default_value = "ws://127.0.0.1:8080")]
    pub target: String,
    /// `cluster`: every node's origin, comma-separated; subscribers are spread over them
    /// and events are published on the first.
    #[arg(long, value_delimiter = ',')]
    pub nodes: Vec<String>,
    /// The hub nodes' private metrics pages (`VITRINE_METRICS_BIND`: `http://host:port`), one per
    /// node in the order of `--target` / `--nodes`, comma-separated: the runs on the hub read
    /// each node's bus lag there (the public listener has no `/metrics`).
    #[arg(long, value_delimiter = ',')]
    pub metrics: Vec<String>,
    /// Drive a peer server instead of the Vitrine hub.
    #[arg(long, value_enum)]
    pub peer: Option<Peer>,
    /// Wire encoding of the hub's frames (the peers speak JSON).
    #[arg(long, value_enum, default_value_t = WireEncoding::Json)]
    pub encoding: WireEncoding,
    /// The hub's publish API key (`VITRINE_API_KEY`); not needed for the peers.
    #[arg(long, env = "VITRINE_API_KEY", hide_env_values = true)]
    pub api_key: Option<String>,
    /// Sockudo's app id, key and secret (`SOCKUDO_DEFAULT_APP_*`).
    #[arg(long, default_value = "app1")]
    pub app_id: String,
    #[arg(long, default_value = "key1")]
    pub app_key: String,
    #[arg(long, default_value = "secret1", hide_default_value = true)]
    pub app_secret: String,
    /// The server processes (comma-separated pids), to report RSS and CPU from /proc.
    #[arg(long, value_delimiter = ',')]
    pub server_pid: Vec<u32>,
    /// Connection attempts in flight at once.
    #[arg(long, default_value_t = 256)]
    pub connect_concurrency: usize,
    /// Where to write the JSON report; the SVG chart goes beside it (`.svg`).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

impl Conn {
    pub fn new(target: impl Into<String>) -> Self {
        Conn {
            target: target.into(),
            nodes: Vec::new(),
            metrics: Vec::new(),
            peer: None,
            encoding: WireEncoding::Json,
            api_key: None,
            app_id: "app1".into(),
            app_key: "key1".into(),
            app_secret: "secret1".into(),
            server_pid: Vec::new(),
            connect_concurrency: 256,
            out: None,
        }
    }

    /// The server's name in reports: `vitrine` or the peer's.
    pub fn server_name(&self) -> &'static str {
        match self.peer {
            None => "vitrine",
            Some(Peer::Socketio) => "socketio",
            Some(Peer::Sockudo) => "sockudo",
            Some(Peer::Limit) => "limit",
        }
    }

    pub fn pusher_app(&self) -> crate::pusher::App {
        crate::pusher::App { id: self.app_id.clone(), key: self.app_key.clone(), secret: self.app_secret.clone() }
    }

    /// The nodes to spread subscribers over: `--nodes`, or just `--target`.
    pub fn node_targets(&self) -> Vec<String> {
        if self.nodes.is_empty() {
            vec![self.target.clone()]
        } else {
            self.nodes.clone()
        }
    }
}

/// `fanout`, `broadcast` (one channel) and `cluster` (over `--nodes`).
#[derive(Debug, Clone, Args)]
pub struct FanoutArgs {
    #[command(flatten)]
    pub conn: Conn,
    /// Subscribers to open, spread round-robin over the channels (and nodes).
    #[arg(long, default_value_t = 100)]
    pub connections: usize,
    /// `bench:` channels to spread the subscribers and the events over (`broadcast`: 1).
    #[arg(long, default_value_t = 10)]
    pub channels: usize,
    /// Events published per second, over all channels.
    #[arg(long, default_value_t = 100)]
    pub rate: u32,
    /// Seconds of publishing.
    #[arg(long, default_value_t = 10.0)]
    pub duration: f64,
    /// Seconds to wait after the last publication for deliveries still in flight.
    #[arg(long, default_value_t = 5.0)]
    pub drain: f64,
}

impl FanoutArgs {
    /// Defaults for library callers (tests); the fields are public to adjust.
    pub fn new(target: impl Into<String>) -> Self {
        FanoutArgs { conn: Conn::new(target), connections: 100, channels: 10, rate: 100, duration: 10.0, drain: 5.0 }
    }
}

/// `idle`: open connections and hold them.
#[derive(Debug, Clone, Args)]
pub struct IdleArgs {
    #[command(flatten)]
    pub conn: Conn,
    /// Connections to open (each one file descriptor here and one on the server).
    #[arg(long, default_value_t = 1000)]
    pub connections: usize,
    /// Seconds to hold them open once all are up, before measuring.
    #[arg(long, default_value_t = 5.0)]
    pub hold: f64,
}

impl IdleArgs {
    pub fn new(target: impl Into<String>) -> Self {
        IdleArgs { conn: Conn::new(target), connections: 1000, hold: 5.0 }
    }
}

/// `marketplace`: people over REST, watchers over the hub.
#[derive(Debug, Clone, Args)]
pub struct MarketplaceArgs {
    #[command(flatten)]
    pub conn: Conn,
    /// Contests to launch and activate, one client each.
    #[arg(long, default_value_t = 4)]
    pub contests: usize,
    /// Designers, each entering every contest once.
    #[arg(long, default_value_t = 6)]
    pub designers: usize,
    /// Anonymous hub watchers per contest.
    #[arg(long, default_value_t = 25)]
    pub watchers: usize,
    /// Rounds of activity: each designer comments on the board and on an entry, each
    /// contest holder reacts to an entry.
    #[arg(long, default_value_t = 3)]
    pub rounds: usize,
    /// An administrator's login and password (activates the contests); `seed --demo`
    /// creates `demo-admin`.
    #[arg(long, default_value = "demo-admin")]
    pub admin_login: String,
    #[arg(long, default_value = "vitrine-demo", hide_default_value = true)]
    pub admin_password: String,
    /// Seconds to wait after the last action for events still in flight.
    #[arg(long, default_value_t = 5.0)]
    pub drain: f64,
    /// Milliseconds each contest's people pause between two actions (spread 0.5x to 1.5x,
    /// so the contests do not act in step); 0 acts as soon as the previous answer is in,
    /// which measures how much the server carries (every contest always has a call in
    /// flight), not how fast it answers a person.
    #[arg(long, default_value_t = 0)]
    pub think_ms: u64,
}

impl MarketplaceArgs {
    pub fn new(target: impl Into<String>) -> Self {
        MarketplaceArgs {
            conn: Conn::new(target),
            contests: 4,
            designers: 6,
            watchers: 25,
            rounds: 3,
            admin_login: "demo-admin".into(),
            admin_password: "vitrine-demo".into(),
            drain: 5.0,
            think_ms: 0,
        }
    }
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
    /// `shared/peers/sockudo`: Sockudo (Rust), the Pusher protocol 7.
    Sockudo,
    /// `vitrine-loadtest limit-server`: the physical limit (see `limit`).
    Limit,
}

/// `summarize`: the JSON reports of one `make bench` run into a BENCHMARKS.md section.
#[derive(Debug, Clone, Args)]
pub struct SummarizeArgs {
    /// The folder of `<server>-<scenario>.json` reports.
    #[arg(long)]
    pub dir: PathBuf,
    /// The Markdown file to put the new section at the top of (below its title).
    #[arg(long, default_value = "BENCHMARKS.md")]
    pub benchmarks: PathBuf,
    /// The command that produced the reports, quoted in the section.
    #[arg(long, default_value = "make bench")]
    pub command: String,
    /// Notes (Markdown) to add under the tables: what limited each figure.
    #[arg(long)]
    pub notes: Option<PathBuf>,
    /// Where the run's SVG charts were copied (a path relative to the benchmarks file).
    #[arg(long)]
    pub charts: Option<String>,
}
