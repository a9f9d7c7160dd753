//! `Broker`: the bus between server nodes. `Memory` serves a single process;
//! `Redis` connects every node of a scaled deployment.

use std::time::Duration;

use anyhow::Context;
use fred::prelude::{Builder, ClientLike, Config, ReconnectPolicy};

#[derive(Clone)]
pub enum Broker {
    /// One process: nothing to cross.
    Memory,
    /// A Redis client shared by the node; reconnects by itself.
    Redis(fred::prelude::Client),
}

impl std::fmt::Debug for Broker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Memory => f.write_str("Broker::Memory"),
            Self::Redis(_) => f.write_str("Broker::Redis"),
        }
    }
}

impl Broker {
    /// The in-process bus, or a connected Redis client for `redis_url`.
    pub async fn connect(redis_url: Option<&str>) -> anyhow::Result<Self> {
        let Some(url) = redis_url else { return Ok(Self::Memory) };
        let config = Config::from_url(url).context("REDIS_URL does not parse")?;
        let client = Builder::from_config(config)
            // Retry forever with backoff capped at 2 s: a node outlives Redis restarts.
            .set_policy(ReconnectPolicy::new_exponential(0, 100, 2_000, 2))
            .with_connection_config(|c| c.connection_timeout = Duration::from_secs(5))
            .build()
            .context("REDIS_URL")?;
        client.init().await.with_context(|| format!("cannot connect to Redis at REDIS_URL={url}"))?;
        Ok(Self::Redis(client))
    }

    /// True when the bus can carry messages (always, for the in-process bus).
    pub async fn ping(&self) -> bool {
        match self {
            Self::Memory => true,
            Self::Redis(client) => {
                tokio::time::timeout(Duration::from_secs(2), client.ping::<String>(None)).await.is_ok_and(|r| r.is_ok())
            }
        }
    }

    pub fn kind(&self) -> &'static str {
        match self {
            Self::Memory => "memory",
            Self::Redis(_) => "redis",
        }
    }

    /// Closes the Redis connection, if any.
    pub async fn shutdown(&self) {
        if let Self::Redis(client) = self {
            let _ = client.quit().await;
        }
    }
}
