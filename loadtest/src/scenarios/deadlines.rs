//! `deadlines`: how late the marketplace clock acts. Schedules N contest deadlines
//! spread over a window, starts W real `vitrine-worker` processes on the database,
//! waits until every contest has moved (2 -> 3), and reports the lag from each
//! deadline to its transition (p50, p99, max) and whether each happened exactly once.
//!
//! On PostgreSQL the run works in its own database (`vitrine_deadlines_<pid>`),
//! created and dropped here; on SQLite, in a temporary file. Loopback only.

use std::{
    path::{Path, PathBuf},
    process::Stdio,
    time::{Duration, Instant},
};

use anyhow::{bail, Context};
use hdrhistogram::Histogram;
use serde::Serialize;
use tokio::process::{Child, Command};
use vitrine_server::{seed, store::Db};

use crate::{cli::DeadlinesArgs, report::Latency};

#[derive(Debug, Clone, Serialize)]
pub struct DeadlinesReport {
    pub scenario: &'static str,
    pub backend: String,
    pub contests: i64,
    pub workers: usize,
    /// Seconds over which the deadlines fall, evenly spaced.
    pub spread_s: f64,
    pub transitioned: i64,
    /// Contests with other than exactly one `contest.status` event.
    pub not_exactly_once: i64,
    /// Deadline to transition, in milliseconds.
    pub lag_ms: Latency,
    /// Seconds from the first deadline until the last transition.
    pub wall_s: f64,
}

impl DeadlinesReport {
    pub fn table(&self) -> String {
        format!(
            "deadlines on {}: {} contests over {:.0} s, {} workers\n  transitioned {} (not exactly once: {})\n  \
             lag deadline->transition ms: p50 {:.1}  p90 {:.1}  p99 {:.1}  p99.9 {:.1}  max {:.1}\n  wall {:.1} s",
            self.backend,
            self.contests,
            self.spread_s,
            self.workers,
            self.transitioned,
            self.not_exactly_once,
            self.lag_ms.p50,
            self.lag_ms.p90,
            self.lag_ms.p99,
            self.lag_ms.p99_9,
            self.lag_ms.max,
            self.wall_s,
        )
    }
}

/// Where the run's database lives, and how to remove it afterwards.
enum Scratch {
    Postgres { admin_url: String, name: String, url: String },
    Sqlite { _dir: tempfile::TempDir, url: String },
}

impl Scratch {
    async fn create(database: &str) -> anyhow::Result<Self> {
        if database.starts_with("sqlite") {
            let dir = tempfile::tempdir()?;
            let url = format!("sqlite://{}?mode=rwc", dir.path().join("deadlines.db").display());
            return Ok(Self::Sqlite { _dir: dir, url });
        }
        let name = format!("vitrine_deadlines_{}", std::process::id());
        let admin = Db::connect(database, 1).await?;
        sqlx::query(&format!("DROP DATABASE IF EXISTS {name}")).execute(&admin.pool).await?;
        sqlx::query(&format!("CREATE DATABASE {name}")).execute(&admin.pool).await?;
        let (base, _) = database.rsplit_once('/').context("a postgres URL ends in /database")?;
        Ok(Self::Postgres { admin_url: database.to_owned(), url: format!("{base}/{name}"), name })
    }

    fn url(&self) -> &str {
        match self {
            Self::Postgres { url, .. } | Self::Sqlite { url, .. } => url,
        }
    }

    async fn drop_database(&self) {
        if let Self::Postgres { admin_url, name, .. } = self {
            if let Ok(admin) = Db::connect(admin_url, 1).await {
                let sql = format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)");
                let _ = sqlx::query(&sql).execute(&admin.pool).await;
            }
        }
    }
}

pub async fn run(args: &DeadlinesArgs) -> anyhow::Result<DeadlinesReport> {
    let scratch = Scratch::create(&args.database_url).await?;
    let outcome = measure(args, scratch.url()).await;
    scratch.drop_database().await;
    outcome
}

async fn measure(args: &DeadlinesArgs, url: &str) -> anyhow::Result<DeadlinesReport> {
    let db = Db::connect(url, 2).await?;
    db.migrate().await?;
    seed::reference(&db).await?;
    let lead_ms = (args.lead * 1000.0) as i64;
    let spread_ms = (args.spread * 1000.0) as i64;
    let first = wall_ms() + lead_ms;
    schedule(&db, args.contests, first, spread_ms).await?;
    eprintln!("scheduled {} deadlines from now+{:.0}s over {:.0}s", args.contests, args.lead, args.spread);

    let worker_bin = args.worker_bin.clone().unwrap_or_else(sibling_worker);
    let mut workers = Vec::new();
    for n in 0..args.workers {
        workers.push(spawn_worker(&worker_bin, url, n).with_context(|| format!("starting {}", worker_bin.display()))?);
    }
    let deadline = Instant::now() + Duration::from_secs_f64(args.lead + args.spread + args.grace);
    let transitioned = loop {
        let done: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM contest WHERE status_id = 3").fetch_one(&db.pool).await?;
        if done >= args.contests || Instant::now() >= deadline {
            break done;
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    };
    for worker in &mut workers {
        stop(worker).await;
    }
    if transitioned < args.contests {
        bail!(
            "only {transitioned} of {} contests moved within the window and {} s of grace",
            args.contests,
            args.grace
        );
    }
    let lags: Vec<(i64,)> = sqlx::query_as("SELECT updated_at - submission_ends_at FROM contest WHERE status_id = 3")
        .fetch_all(&db.pool)
        .await?;
    let mut histogram = Histogram::<u64>::new_with_bounds(1, 3_600_000_000, 3)?;
    for (lag_ms,) in &lags {
        histogram.record((*lag_ms).max(0) as u64 * 1000 + 1)?;
    }
    let last: i64 =
        sqlx::query_scalar("SELECT MAX(updated_at) FROM contest WHERE status_id = 3").fetch_one(&db.pool).await?;
    let not_exactly_once: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM contest c WHERE c.status_id = 3 AND (SELECT COUNT(*) FROM event e \
         WHERE e.channel = 'contest:' || CAST(c.id AS TEXT) AND e.event_type = 'contest.status') <> 1",
    )
    .fetch_one(&db.pool)
    .await?;
    Ok(DeadlinesReport {
        scenario: "deadlines",
        backend: format!("{:?}", db.backend).to_lowercase(),
        contests: args.contests,
        workers: args.workers,
        spread_s: args.spread,
        transitioned,
        not_exactly_once,
        lag_ms: Latency::from_micros(&histogram),
        wall_s: (last - first) as f64 / 1000.0,
    })
}

/// N running contests whose submission deadlines fall evenly over `spread_ms` from `first`.
async fn schedule(db: &Db, contests: i64, first: i64, spread_ms: i64) -> anyhow::Result<()> {
    let owner: i64 = sqlx::query_scalar(
        "INSERT INTO app_user (username, email, name, password_hash, user_type_id, created_at, updated_at) \
         VALUES ('deadlines', 'deadlines@bench.invalid', 'Deadline bench', '!', 2, 0, 0) RETURNING id",
    )
    .fetch_one(&db.pool)
    .await?;
    // In chunks, so neither engine holds one huge statement.
    const CHUNK: i64 = 10_000;
    let mut from = 0;
    while from < contests {
        let to = (from + CHUNK).min(contests);
        sqlx::query(
            "WITH RECURSIVE n(i) AS (SELECT $1 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < $2) \
             INSERT INTO contest (contest_type_id, created_by, title, status_id, submission_ends_at, deciding_ends_at, \
             created_at, updated_at) \
             SELECT 1, $3, 'deadline bench', 2, $4 + (i * $5) / $6, $4 + $5 + 86400000, 0, 0 FROM n",
        )
        .bind(from)
        .bind(to)
        .bind(owner)
        .bind(first)
        .bind(spread_ms)
        .bind(contests.max(1))
        .execute(&db.pool)
        .await?;
        from = to;
    }
    Ok(())
}

fn spawn_worker(bin: &Path, url: &str, n: usize) -> anyhow::Result<Child> {
    Command::new(bin)
        .env("DATABASE_URL", url)
        .env_remove("REDIS_URL")
        .env("RUST_LOG", "warn")
        .env("LOG_FORMAT", "json")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .kill_on_drop(true)
        .spawn()
        .with_context(|| format!("worker {n}"))
}

/// SIGTERM, then wait (the worker finishes its pass and exits).
async fn stop(child: &mut Child) {
    if let Some(pid) = child.id() {
        let _ = Command::new("kill").arg("-TERM").arg(pid.to_string()).status().await;
    }
    if tokio::time::timeout(Duration::from_secs(10), child.wait()).await.is_err() {
        let _ = child.kill().await;
    }
}

/// `vitrine-worker` beside this binary (both live in the same cargo target folder).
fn sibling_worker() -> PathBuf {
    std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join("vitrine-worker")))
        .unwrap_or_else(|| PathBuf::from("vitrine-worker"))
}

fn wall_ms() -> i64 {
    (crate::now_us() / 1000) as i64
}
