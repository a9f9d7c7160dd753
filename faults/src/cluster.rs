//! `Cluster`: `scripts/cluster.sh` (what `make cluster` runs) started by a test with its
//! own run folder, ports, database and private Redis, the nodes' database connections
//! going through a [`Gate`].
//!
//! Parts are killed by the pid the script recorded, never by name; dropping the cluster
//! stops it, kills the private Redis and drops the run's database.

use std::{
    net::SocketAddr,
    path::{Path, PathBuf},
    time::Duration,
};

use anyhow::{bail, Context};
use vitrine_server::store::Db;

use crate::{gate::Gate, redis::PrivateRedis, redis_cluster::RedisCluster};

/// The publish API key the test's nodes accept: random per run, as a deployed node (on
/// PostgreSQL and Redis) refuses a guessable one.
pub fn api_key() -> &'static str {
    static KEY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    KEY.get_or_init(vitrine_server::accounts::secrets::new_secret)
}

/// A part of the cluster with a pid file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    NodeA,
    NodeB,
    Worker,
}

impl Part {
    fn name(self) -> &'static str {
        match self {
            Part::NodeA => "node-a",
            Part::NodeB => "node-b",
            Part::Worker => "worker",
        }
    }
}

pub struct Cluster {
    pub proxy_port: u16,
    /// nginx over TLS, with the certificate the script makes in the run folder.
    pub tls_port: u16,
    pub node_ports: [u16; 2],
    /// Each node's private metrics listener (`VITRINE_METRICS_BIND`; not through nginx).
    pub node_metrics_ports: [u16; 2],
    /// The local Stripe every node of this cluster shares.
    pub stripe_port: u16,
    /// The local PayPal every node of this cluster shares.
    pub paypal_port: u16,
    /// The local S3 server (moto's) holding this cluster's uploaded files.
    pub s3_port: u16,
    /// The nodes' bus, unless [`Options::sharded`] put them on [`Cluster::shards`].
    pub redis: PrivateRedis,
    /// The Redis Cluster the nodes' bus runs on with [`Options::sharded`].
    pub shards: Option<RedisCluster>,
    pub gate: Gate,
    /// The run's database, reached directly (not through the gate), for inspection.
    pub db: Db,
    dir: tempfile::TempDir,
    admin_url: String,
    database: String,
    node_database_url: String,
    options: Options,
}

/// What a test changes in the deployment it starts.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The node the shared local Stripe sends its events to (default: the proxy, so either
    /// node): a test that pays through one node points them at the other.
    pub stripe_events_to: Option<Part>,
    /// The SMTP relay of the nodes and the worker (`VITRINE_SMTP_URL`); default: none.
    pub smtp_url: Option<String>,
    /// Run the bus on a private Redis Cluster of three masters with a replica each
    /// (sharded pub/sub) instead of one private Redis.
    pub sharded: bool,
}

/// The admin URL of the shared PostgreSQL (the one the API suite uses).
fn admin_url() -> String {
    std::env::var("VITRINE_TEST_POSTGRES_URL")
        .or_else(|_| std::env::var("POSTGRES_ADMIN_URL"))
        .unwrap_or_else(|_| "postgres://root@127.0.0.1:5432/postgres".to_owned())
}

/// `vitrine-server` or `vitrine-worker`: `VITRINE_*_BIN`, else beside this test binary's
/// folder (cargo puts tests in `target/debug/deps`, binaries in `target/debug`).
fn binary(name: &str, env: &str) -> anyhow::Result<PathBuf> {
    if let Ok(path) = std::env::var(env) {
        return Ok(PathBuf::from(path));
    }
    let exe = std::env::current_exe()?;
    let debug = exe.parent().and_then(Path::parent).context("the test binary has no target folder")?;
    let path = debug.join(name);
    if !path.exists() {
        bail!("{} is missing: run `cargo build --bin vitrine-server --bin vitrine-worker` first", path.display());
    }
    Ok(path)
}

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/cluster.sh")
}

impl Cluster {
    /// Creates the database `vitrine_faults_{label}_{pid}`, starts the private Redis and
    /// the gate, then the cluster; returns once both nodes are ready and nginx listens.
    pub async fn start(label: &str) -> anyhow::Result<Self> {
        Self::start_with(label, Options::default()).await
    }

    /// [`Cluster::start`] with `options`.
    pub async fn start_with(label: &str, options: Options) -> anyhow::Result<Self> {
        binary("vitrine-server", "VITRINE_SERVER_BIN")?;
        binary("vitrine-worker", "VITRINE_WORKER_BIN")?;
        binary("vitrine-stripe-mock", "VITRINE_STRIPE_BIN")?;
        binary("vitrine-paypal-mock", "VITRINE_PAYPAL_BIN")?;
        let admin_url = admin_url();
        let database = format!("vitrine_faults_{label}_{}", std::process::id());
        let admin = Db::connect(&admin_url, 1).await.context("the shared PostgreSQL")?;
        sqlx::query(&format!("DROP DATABASE IF EXISTS {database} WITH (FORCE)")).execute(&admin.pool).await?;
        sqlx::query(&format!("CREATE DATABASE {database}")).execute(&admin.pool).await?;
        admin.pool.close().await;

        let (scheme_user, host_port) = split_url(&admin_url)?;
        let upstream: SocketAddr = tokio::net::lookup_host(host_port.as_str())
            .await?
            .find(|a| a.is_ipv4())
            .context("the PostgreSQL address does not resolve")?;
        let gate = Gate::start(upstream).await?;
        let redis = PrivateRedis::start().await?;
        let shards = if options.sharded { Some(RedisCluster::start(3, 1).await?) } else { None };
        let node_database_url = format!("{scheme_user}127.0.0.1:{}/{database}", gate.port);
        let db = Db::connect(&format!("{scheme_user}{host_port}/{database}"), 4).await?;
        let cluster = Self {
            proxy_port: crate::free_port(),
            tls_port: crate::free_port(),
            node_ports: [crate::free_port(), crate::free_port()],
            node_metrics_ports: [crate::free_port(), crate::free_port()],
            stripe_port: crate::free_port(),
            paypal_port: crate::free_port(),
            s3_port: crate::free_port(),
            redis,
            shards,
            gate,
            db,
            dir: tempfile::tempdir()?,
            admin_url,
            database,
            node_database_url,
            options,
        };
        let started = std::time::Instant::now();
        cluster.script("start").await?;
        println!("cluster {label}: started in {:.1} s", started.elapsed().as_secs_f64());
        Ok(cluster)
    }

    /// `http://127.0.0.1:{proxy}`: everything a client does goes through nginx.
    pub fn base_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.proxy_port)
    }

    /// `https://localhost:{tls}`: the proxy over TLS (trust [`Cluster::tls_ca`]).
    pub fn tls_url(&self) -> String {
        format!("https://localhost:{}", self.tls_port)
    }

    /// The local certificate authority that signed the proxy's certificate (PEM).
    pub fn tls_ca(&self) -> anyhow::Result<Vec<u8>> {
        Ok(std::fs::read(self.dir.path().join("tls/ca.pem"))?)
    }

    pub fn ws_url(&self) -> String {
        format!("ws://127.0.0.1:{}/ws", self.proxy_port)
    }

    /// One node's own address, bypassing the proxy (to read its `/readyz`).
    pub fn node_url(&self, node: usize) -> String {
        format!("http://127.0.0.1:{}", self.node_ports[node])
    }

    /// One node's private `/metrics` page.
    pub fn metrics_url(&self, node: usize) -> String {
        format!("http://127.0.0.1:{}/metrics", self.node_metrics_ports[node])
    }

    /// The nodes' REDIS_URL: the Redis Cluster's with [`Options::sharded`], else the private Redis's.
    pub fn bus_url(&self) -> String {
        self.shards.as_ref().map_or_else(|| self.redis.url(), RedisCluster::url)
    }

    /// Runs `scripts/cluster.sh {command}` with this cluster's settings.
    pub async fn script(&self, command: &str) -> anyhow::Result<()> {
        let output = self.script_command(command).output().await?;
        if !output.status.success() {
            bail!(
                "cluster.sh {command} failed:\n{}{}\n{}",
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr),
                self.logs()
            );
        }
        print!("{}", String::from_utf8_lossy(&output.stdout));
        Ok(())
    }

    fn script_command(&self, command: &str) -> tokio::process::Command {
        let mut cmd = tokio::process::Command::new("bash");
        cmd.arg(script())
            .arg(command)
            .env("CLUSTER_DIR", self.dir.path())
            .env("CLUSTER_PROXY_PORT", self.proxy_port.to_string())
            .env("CLUSTER_TLS_PORT", self.tls_port.to_string())
            .env("CLUSTER_NODE_A_PORT", self.node_ports[0].to_string())
            .env("CLUSTER_NODE_B_PORT", self.node_ports[1].to_string())
            .env("CLUSTER_NODE_A_METRICS_PORT", self.node_metrics_ports[0].to_string())
            .env("CLUSTER_NODE_B_METRICS_PORT", self.node_metrics_ports[1].to_string())
            .env("CLUSTER_DATABASE_URL", &self.node_database_url)
            .env("CLUSTER_REDIS_URL", self.bus_url())
            .env("CLUSTER_DEMO", "0")
            .env("VITRINE_API_KEY", api_key())
            .env("RUST_LOG", "warn,vitrine_server=info")
            .env("SERVER_BIN", binary("vitrine-server", "VITRINE_SERVER_BIN").unwrap_or_default())
            .env("WORKER_BIN", binary("vitrine-worker", "VITRINE_WORKER_BIN").unwrap_or_default())
            .env("STRIPE_BIN", binary("vitrine-stripe-mock", "VITRINE_STRIPE_BIN").unwrap_or_default())
            .env("PAYPAL_BIN", binary("vitrine-paypal-mock", "VITRINE_PAYPAL_BIN").unwrap_or_default())
            .env("CLUSTER_STRIPE_PORT", self.stripe_port.to_string())
            .env("CLUSTER_PAYPAL_PORT", self.paypal_port.to_string())
            .env("CLUSTER_S3_PORT", self.s3_port.to_string());
        if let Some(part) = self.options.stripe_events_to {
            let port = match part {
                Part::NodeA => self.node_ports[0],
                Part::NodeB => self.node_ports[1],
                Part::Worker => panic!("the worker has no webhook endpoint"),
            };
            cmd.env("CLUSTER_STRIPE_WEBHOOK_URL", format!("http://127.0.0.1:{port}/webhooks/stripe"));
        }
        if let Some(url) = &self.options.smtp_url {
            cmd.env("VITRINE_SMTP_URL", url);
        }
        cmd
    }

    /// Starts whatever part is not running (the script is idempotent): a killed node or
    /// worker comes back, as a restart policy would bring it.
    pub async fn start_missing(&self) -> anyhow::Result<()> {
        self.script("start").await
    }

    /// The files folder of `part` (on the S3 backend, each part's own: only uploads being
    /// received pass through it).
    pub fn files_dir(&self, part: Part) -> PathBuf {
        self.dir.path().join(format!("files-{}", part.name()))
    }

    /// The pid the script recorded for `part`.
    pub fn pid(&self, part: Part) -> anyhow::Result<u32> {
        let path = self.dir.path().join(format!("{}.pid", part.name()));
        Ok(std::fs::read_to_string(&path).with_context(|| path.display().to_string())?.trim().parse()?)
    }

    /// SIGKILL to `part` (a crash: no graceful close), then waits until it is gone.
    pub async fn kill(&self, part: Part) -> anyhow::Result<()> {
        self.signal(part, "KILL").await
    }

    /// SIGTERM to `part` (a graceful stop), then waits until it is gone.
    pub async fn stop(&self, part: Part) -> anyhow::Result<()> {
        self.signal(part, "TERM").await
    }

    async fn signal(&self, part: Part, signal: &str) -> anyhow::Result<()> {
        let pid = self.pid(part)?;
        let status =
            tokio::process::Command::new("kill").arg(format!("-{signal}")).arg(pid.to_string()).status().await?;
        if !status.success() {
            bail!("kill -{signal} {pid} ({}) failed", part.name());
        }
        let proc_dir = format!("/proc/{pid}");
        crate::wait_until(&format!("{} exits", part.name()), Duration::from_secs(15), || {
            let gone = !Path::new(&proc_dir).exists();
            async move { gone }
        })
        .await?;
        Ok(())
    }

    /// The HTTP status of a node's own `/readyz` (0 when it does not answer).
    pub async fn readiness(&self, node: usize) -> u16 {
        let client = reqwest::Client::builder().timeout(Duration::from_secs(5)).build().expect("an HTTP client");
        match client.get(format!("{}/readyz", self.node_url(node))).send().await {
            Ok(response) => response.status().as_u16(),
            Err(_) => 0,
        }
    }

    /// The tail of every part's log, for a failure message.
    pub fn logs(&self) -> String {
        let mut out = String::new();
        for name in ["node-a", "node-b", "worker", "stripe", "paypal", "migrate", "nginx/logs/error"] {
            let path = self.dir.path().join(format!("{name}.log"));
            if let Ok(text) = std::fs::read_to_string(&path) {
                let lines: Vec<&str> = text.lines().collect();
                out.push_str(&format!("--- {name}.log (last 15 lines)\n"));
                for line in &lines[lines.len().saturating_sub(15)..] {
                    out.push_str(line);
                    out.push('\n');
                }
            }
        }
        out
    }

    /// `n` public, running contests (status 2) with deadlines `due_in_ms` from now, owned by
    /// one user (call once per cluster); returns their channels (`contest:{id}`), which anyone may subscribe to.
    pub async fn running_contests(&self, n: i64, due_in_ms: i64) -> anyhow::Result<Vec<String>> {
        let owner: i64 = sqlx::query_scalar(
            "INSERT INTO app_user (username, email, name, password_hash, user_type_id, created_at, updated_at) \
             VALUES ('faults', 'faults@faults.invalid', 'Fault suite', '!', 2, 0, 0) RETURNING id",
        )
        .fetch_one(&self.db.pool)
        .await?;
        let due = crate::report::wall_ms() + due_in_ms;
        let mut channels = Vec::new();
        for _ in 0..n {
            let id: i64 = sqlx::query_scalar(
                "INSERT INTO contest (contest_type_id, created_by, title, status_id, submission_ends_at, \
                 deciding_ends_at, created_at, updated_at) VALUES (1, $1, 'fault suite', 2, $2, $3, 0, 0) RETURNING id",
            )
            .bind(owner)
            .bind(due)
            .bind(due + 86_400_000)
            .fetch_one(&self.db.pool)
            .await?;
            channels.push(format!("contest:{id}"));
        }
        Ok(channels)
    }

    /// The head seq of each channel, read from the database: every event committed.
    pub async fn heads(&self, channels: &[String]) -> anyhow::Result<Vec<u64>> {
        let mut heads = Vec::with_capacity(channels.len());
        for ch in channels {
            let head: Option<i64> = sqlx::query_scalar("SELECT seq FROM channel_head WHERE channel = $1")
                .bind(ch)
                .fetch_optional(&self.db.pool)
                .await?;
            heads.push(u64::try_from(head.unwrap_or(0)).unwrap_or(0));
        }
        Ok(heads)
    }

    /// Channels whose kept events are not exactly seqs 1..=head (a committed event lost).
    pub async fn holes(&self, channels: &[String]) -> anyhow::Result<Vec<String>> {
        let mut holes = Vec::new();
        for ch in channels {
            let (count, max): (i64, Option<i64>) =
                sqlx::query_as("SELECT COUNT(*), MAX(seq) FROM event WHERE channel = $1")
                    .bind(ch)
                    .fetch_one(&self.db.pool)
                    .await?;
            let head = self.heads(std::slice::from_ref(ch)).await?[0] as i64;
            if count != head || max.unwrap_or(0) != head {
                holes.push(format!("{ch}: head {head}, {count} events kept"));
            }
        }
        Ok(holes)
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        // Blocking on purpose: the runtime may be shutting down, and nothing must outlive the test.
        let mut stop = self.script_command("stop").into_std();
        let _ = stop.stdout(std::process::Stdio::null()).status();
        // Not waited for: dropping a database waits for a checkpoint, which on a busy disk
        // can take minutes. `make clean-test-dbs` drops whatever a killed run left.
        let sql = format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.database);
        let _ = std::process::Command::new("psql")
            .arg(&self.admin_url)
            .arg("-qc")
            .arg(sql)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn();
    }
}

/// `postgres://user@host:port/db` -> (`postgres://user@`, `host:port`).
fn split_url(url: &str) -> anyhow::Result<(String, String)> {
    let (scheme, rest) = url.split_once("://").context("a postgres URL")?;
    let (auth, rest) = match rest.rsplit_once('@') {
        Some((auth, rest)) => (format!("{auth}@"), rest),
        None => (String::new(), rest),
    };
    let host_port = rest.split('/').next().unwrap_or(rest);
    let host_port = if host_port.contains(':') { host_port.to_owned() } else { format!("{host_port}:5432") };
    Ok((format!("{scheme}://{auth}"), host_port))
}
