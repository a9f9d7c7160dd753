//! `RedisCluster`: a private Redis Cluster (Redis 7+) on loopback for the tests of sharded
//! pub/sub: `masters` masters with `replicas` replicas each, every one a `redis-server
//! --cluster-enabled yes` child on free ports, joined by `redis-cli --cluster create`.
//! Only the processes it started are ever killed (on drop, or by [`RedisCluster::kill`]);
//! the shared Redis on 6379 is never touched.
//!
//! One file for two suites: the API suite's Redis tests and the fault suite (which
//! includes it with `#[path]`), so it needs only tokio, anyhow and tempfile.
#![allow(dead_code)] // each suite uses part of it

use std::{process::Stdio, time::Duration};

use anyhow::{bail, Context};
use tokio::process::{Child, Command};

/// How long a master may be unreachable before its replica takes over: low, so that a
/// failover test waits seconds, not the default 15.
const NODE_TIMEOUT_MS: &str = "1000";
/// The longest the cluster may take to form or to settle after a change.
const SETTLE: Duration = Duration::from_secs(30);

pub struct RedisCluster {
    nodes: Vec<Node>,
    /// Each node's `nodes-{port}.conf`; removed with the cluster.
    dir: tempfile::TempDir,
}

struct Node {
    port: u16,
    child: Option<Child>,
}

/// One line of `CLUSTER NODES`.
#[derive(Debug, Clone)]
pub struct ClusterNode {
    pub id: String,
    pub port: u16,
    pub master: bool,
    pub failed: bool,
    /// The id of the master a replica follows.
    pub master_id: Option<String>,
    /// Owned slot ranges, inclusive.
    pub slots: Vec<(u16, u16)>,
}

impl ClusterNode {
    pub fn owns(&self, slot: u16) -> bool {
        self.slots.iter().any(|(start, end)| (*start..=*end).contains(&slot))
    }
}

fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port on loopback");
    listener.local_addr().expect("a bound address").port()
}

impl RedisCluster {
    /// Starts the servers, creates the cluster and waits until every node reports
    /// `cluster_state:ok` and every replica is in sync with its master.
    pub async fn start(masters: usize, replicas: usize) -> anyhow::Result<Self> {
        let mut cluster = Self { nodes: Vec::new(), dir: tempfile::tempdir()? };
        for _ in 0..masters * (1 + replicas) {
            let node = cluster.start_node().await?;
            cluster.nodes.push(node);
        }
        let mut create = Command::new("redis-cli");
        create.arg("--cluster").arg("create");
        for node in &cluster.nodes {
            create.arg(format!("127.0.0.1:{}", node.port));
        }
        create.args(["--cluster-replicas", &replicas.to_string(), "--cluster-yes"]);
        let output = create.stdin(Stdio::null()).output().await.context("redis-cli --cluster create")?;
        if !output.status.success() {
            bail!("redis-cli --cluster create failed: {}", String::from_utf8_lossy(&output.stdout));
        }
        cluster.wait_settled(masters).await?;
        Ok(cluster)
    }

    /// Starts one node on a free port and waits until it answers PING.
    ///
    /// A port found free by binding `:0` can be taken again before redis-server binds it;
    /// a node that exits at start-up is tried again on another port.
    async fn start_node(&self) -> anyhow::Result<Node> {
        const ATTEMPTS: usize = 5;
        for _ in 0..ATTEMPTS {
            let port = free_port();
            let mut child = self.spawn(port)?;
            let started = std::time::Instant::now();
            loop {
                if cli(port, &["PING"]).await.is_ok_and(|answer| answer.trim() == "PONG") {
                    return Ok(Node { port, child: Some(child) });
                }
                if let Some(status) = child.try_wait()? {
                    eprintln!("redis-server on port {port} exited at start-up ({status}); trying another port");
                    break;
                }
                if started.elapsed() > SETTLE {
                    bail!("redis-server {port} answers PING: not within {} s", SETTLE.as_secs());
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
        bail!("no cluster node came up in {ATTEMPTS} attempts, each on a fresh free port")
    }

    fn spawn(&self, port: u16) -> anyhow::Result<Child> {
        // The cluster bus port defaults to port + 10000, which a free port may not have.
        let bus_port = free_port();
        Command::new("redis-server")
            .args(["--bind", "127.0.0.1", "--port", &port.to_string(), "--save", "", "--appendonly", "no"])
            .args(["--cluster-enabled", "yes", "--cluster-port", &bus_port.to_string()])
            .args(["--cluster-config-file", &format!("nodes-{port}.conf")])
            .args(["--cluster-node-timeout", NODE_TIMEOUT_MS])
            // A replica may take over however long ago it last heard its master.
            .args(["--cluster-replica-validity-factor", "0"])
            // The other shards keep serving while one fails over, as a deployment's should.
            .args(["--cluster-require-full-coverage", "no"])
            .arg("--dir")
            .arg(self.dir.path())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .context("starting redis-server (apt-get install -y redis-server; Redis 7+ for sharded pub/sub)")
    }

    /// `redis-cluster://127.0.0.1:{first}?node=127.0.0.1:{other}&...`, every node of the
    /// cluster as a seed (REDIS_URL's cluster form).
    pub fn url(&self) -> String {
        let mut ports = self.nodes.iter().map(|n| n.port);
        let first = ports.next().expect("a cluster has nodes");
        let others: Vec<String> = ports.map(|p| format!("node=127.0.0.1:{p}")).collect();
        format!("redis-cluster://127.0.0.1:{first}?{}", others.join("&"))
    }

    /// Ports of the nodes still running.
    pub fn live_ports(&self) -> Vec<u16> {
        self.nodes.iter().filter(|n| n.child.is_some()).map(|n| n.port).collect()
    }

    /// `CLUSTER NODES`, as one live node sees it.
    pub async fn topology(&self) -> anyhow::Result<Vec<ClusterNode>> {
        let port = *self.live_ports().first().context("no node runs")?;
        let text = cli(port, &["CLUSTER", "NODES"]).await?;
        text.lines().filter(|l| !l.trim().is_empty()).map(parse_node).collect()
    }

    /// The live masters, by port.
    pub async fn masters(&self) -> anyhow::Result<Vec<ClusterNode>> {
        Ok(self.topology().await?.into_iter().filter(|n| n.master && !n.failed && !n.slots.is_empty()).collect())
    }

    /// The hash slot of `key` (a key or a shard channel's name).
    pub async fn slot_of(&self, key: &str) -> anyhow::Result<u16> {
        let port = *self.live_ports().first().context("no node runs")?;
        Ok(cli(port, &["CLUSTER", "KEYSLOT", key]).await?.trim().parse()?)
    }

    /// The live master that owns `slot`.
    pub async fn owner_of(&self, slot: u16) -> anyhow::Result<ClusterNode> {
        self.masters().await?.into_iter().find(|n| n.owns(slot)).with_context(|| format!("no master owns slot {slot}"))
    }

    /// The shard channels that have subscribers on the master at `port`.
    pub async fn shard_channels(&self, port: u16) -> anyhow::Result<Vec<String>> {
        let text = cli(port, &["PUBSUB", "SHARDCHANNELS"]).await?;
        Ok(text.lines().map(str::trim).filter(|l| !l.is_empty()).map(str::to_owned).collect())
    }

    /// How many connections subscribe to the shard channel `channel` (asked of its owner).
    pub async fn shard_subscribers(&self, channel: &str) -> anyhow::Result<u64> {
        let owner = self.owner_of(self.slot_of(channel).await?).await?;
        let text = cli(owner.port, &["PUBSUB", "SHARDNUMSUB", channel]).await?;
        let count = text.lines().nth(1).context("PUBSUB SHARDNUMSUB answers channel and count")?;
        Ok(count.trim().parse()?)
    }

    /// Kills the node on `port` (SIGKILL: a crash) and waits for it to exit.
    pub async fn kill(&mut self, port: u16) -> anyhow::Result<()> {
        let node = self.nodes.iter_mut().find(|n| n.port == port).context("not a node of this cluster")?;
        if let Some(mut child) = node.child.take() {
            child.kill().await.context("killing redis-server")?;
        }
        Ok(())
    }

    /// Kills the master owning `slot`, then waits until its replica has taken the slot
    /// over and the survivors agree the cluster is whole. Returns the new owner.
    pub async fn fail_over(&mut self, slot: u16) -> anyhow::Result<ClusterNode> {
        let old = self.owner_of(slot).await?;
        self.kill(old.port).await?;
        let this = &*self;
        wait(&format!("a replica takes slot {slot} over"), || async move {
            this.owner_of(slot).await.is_ok_and(|n| n.port != old.port)
        })
        .await?;
        let masters = self.masters().await?.len();
        self.wait_settled(masters).await?;
        self.owner_of(slot).await
    }

    /// Moves `slot` (and its keys) from its master to the master on `to`, as resharding
    /// does: IMPORTING/MIGRATING, MIGRATE of each key, then SETSLOT NODE on both.
    pub async fn move_slot(&self, slot: u16, to: u16) -> anyhow::Result<()> {
        let source = self.owner_of(slot).await?;
        let target = self.masters().await?.into_iter().find(|n| n.port == to).context("the target is no master")?;
        let (slot_arg, to_arg) = (slot.to_string(), to.to_string());
        cli_ok(target.port, &["CLUSTER", "SETSLOT", &slot_arg, "IMPORTING", &source.id]).await?;
        cli_ok(source.port, &["CLUSTER", "SETSLOT", &slot_arg, "MIGRATING", &target.id]).await?;
        loop {
            let keys = cli(source.port, &["CLUSTER", "GETKEYSINSLOT", &slot_arg, "100"]).await?;
            let keys: Vec<&str> = keys.lines().map(str::trim).filter(|k| !k.is_empty()).collect();
            if keys.is_empty() {
                break;
            }
            let mut args = vec!["MIGRATE", "127.0.0.1", &to_arg, "", "0", "5000", "KEYS"];
            args.extend(keys);
            cli_ok(source.port, &args).await?;
        }
        cli_ok(target.port, &["CLUSTER", "SETSLOT", &slot_arg, "NODE", &target.id]).await?;
        cli_ok(source.port, &["CLUSTER", "SETSLOT", &slot_arg, "NODE", &target.id]).await?;
        let this = self;
        wait(&format!("every node sees slot {slot} on {to}"), || async move {
            let mut agreed = true;
            for port in this.live_ports() {
                let text = cli(port, &["CLUSTER", "NODES"]).await.unwrap_or_default();
                let nodes: Vec<ClusterNode> = text.lines().filter_map(|l| parse_node(l).ok()).collect();
                agreed &= nodes.iter().any(|n| n.port == to && n.owns(slot));
            }
            agreed
        })
        .await?;
        Ok(())
    }

    /// Every live node reports `cluster_state:ok` and sees `masters` masters with slots,
    /// and every live replica's link to its master is up.
    async fn wait_settled(&self, masters: usize) -> anyhow::Result<()> {
        let this = self;
        wait("the redis cluster settles", || async move {
            for port in this.live_ports() {
                let info = cli(port, &["CLUSTER", "INFO"]).await.unwrap_or_default();
                if !info.contains("cluster_state:ok") {
                    return false;
                }
                let nodes = cli(port, &["CLUSTER", "NODES"]).await.unwrap_or_default();
                let nodes: Vec<ClusterNode> = nodes.lines().filter_map(|l| parse_node(l).ok()).collect();
                if nodes.iter().filter(|n| n.master && !n.failed && !n.slots.is_empty()).count() != masters {
                    return false;
                }
                let replication = cli(port, &["INFO", "replication"]).await.unwrap_or_default();
                if replication.contains("role:slave") && !replication.contains("master_link_status:up") {
                    return false;
                }
            }
            true
        })
        .await
    }
}

/// Parses `<id> <ip:port@bus> <flags> <master> <ping> <pong> <epoch> <link> <slots...>`.
fn parse_node(line: &str) -> anyhow::Result<ClusterNode> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    if fields.len() < 8 {
        bail!("not a CLUSTER NODES line: {line:?}");
    }
    let address = fields[1].split('@').next().unwrap_or_default();
    let port = address.rsplit(':').next().unwrap_or_default().parse().with_context(|| line.to_owned())?;
    let flags: Vec<&str> = fields[2].split(',').collect();
    let slots = fields[8..]
        .iter()
        .filter(|s| !s.starts_with('[')) // a slot being imported or migrated
        .filter_map(|s| match s.split_once('-') {
            Some((a, b)) => Some((a.parse().ok()?, b.parse().ok()?)),
            None => s.parse().ok().map(|n| (n, n)),
        })
        .collect();
    Ok(ClusterNode {
        id: fields[0].to_owned(),
        port,
        master: flags.contains(&"master"),
        failed: flags.iter().any(|f| *f == "fail" || *f == "fail?"),
        master_id: (fields[3] != "-").then(|| fields[3].to_owned()),
        slots,
    })
}

/// `redis-cli -p {port} {args}`: its output, or an error with what it printed.
pub async fn cli(port: u16, args: &[&str]) -> anyhow::Result<String> {
    let output = Command::new("redis-cli")
        .args(["-h", "127.0.0.1", "-p", &port.to_string()])
        .args(args)
        .stdin(Stdio::null())
        .output()
        .await
        .context("running redis-cli")?;
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    if !output.status.success() || text.starts_with("ERR") || text.starts_with("Could not connect") {
        bail!("redis-cli -p {port} {}: {text}{}", args.join(" "), String::from_utf8_lossy(&output.stderr));
    }
    Ok(text)
}

/// [`cli`] for a command that answers OK (or NOKEY, for a MIGRATE with nothing left).
async fn cli_ok(port: u16, args: &[&str]) -> anyhow::Result<()> {
    let answer = cli(port, args).await?;
    if !matches!(answer.trim(), "OK" | "NOKEY") {
        bail!("redis-cli -p {port} {}: {answer}", args.join(" "));
    }
    Ok(())
}

/// Polls `check` every 100 ms until it holds, at most [`SETTLE`].
async fn wait<F, Fut>(what: &str, mut check: F) -> anyhow::Result<()>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let started = std::time::Instant::now();
    while !check().await {
        if started.elapsed() > SETTLE {
            bail!("{what}: not within {} s", SETTLE.as_secs());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Ok(())
}
