//! The fault suite's harness: the native scaled cluster of `scripts/cluster.sh` (two
//! nodes, a worker, nginx in front), started by each test with its own ports, its own
//! database, a private `redis-server` and a TCP gate in front of PostgreSQL, and the
//! clients that watch it from outside.
//!
//! - [`api`]: REST calls as users make them (sign-ups of each role, one call as JSON).
//! - [`cluster`]: starts and stops the cluster, kills and restarts its parts.
//! - [`gate`]: the TCP forwarder between the nodes and PostgreSQL that the test can close.
//! - [`redis`]: the private Redis a test may kill and start again.
//! - [`redis_cluster`]: a private Redis Cluster (sharded pub/sub) whose masters a test may
//!   kill or whose slots it may move; the API suite's helper, shared.
//! - [`subscribers`]: WebSocket clients through the proxy that reconnect and resume with `since`.
//! - [`load`]: a publisher through the proxy that records every answer.
//! - [`probe`]: when the cluster delivers end to end again; settling before the count.
//! - [`report`]: events published, delivered, lost, and the time to recover.
//!
//! The shared PostgreSQL cluster and the shared Redis on 6379 are never stopped: a test
//! only creates (and drops) its own database, and only kills processes it started.

pub mod api;
pub mod cluster;
pub mod gate;
pub mod load;
pub mod probe;
pub mod redis;
#[path = "../../server/tests/api/realtime/redis_cluster.rs"]
pub mod redis_cluster;
pub mod report;
pub mod subscribers;

use std::time::{Duration, Instant};

/// A free TCP port on loopback (bound, then released for the part that will use it).
pub fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port on loopback");
    listener.local_addr().expect("a bound address").port()
}

/// Polls `check` every 100 ms until it holds; an error naming `what` after `bound`.
pub async fn wait_until<F, Fut>(what: &str, bound: Duration, mut check: F) -> anyhow::Result<Duration>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let started = Instant::now();
    loop {
        if check().await {
            return Ok(started.elapsed());
        }
        if started.elapsed() > bound {
            anyhow::bail!("{what}: not within {} s", bound.as_secs());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
