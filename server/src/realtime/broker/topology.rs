//! `Topology`: plain or sharded pub/sub, chosen from the Redis URL.
//!
//! On one Redis, PUBLISH reaches that server's subscribers and nothing else, so plain
//! SUBSCRIBE/PUBLISH is all a node needs. On a Redis Cluster, PUBLISH is broadcast over
//! the cluster bus to every shard: each shard carries every message, and the cluster
//! moves no more messages than one Redis. SPUBLISH stays inside the shard that owns the
//! channel's hash slot, and a node that SSUBSCRIBEs to the channels its sockets watch
//! hears only their shards: adding shards adds capacity.

use fred::{
    clients::SubscriberClient,
    prelude::{Client, Config, PubsubInterface},
    util::group_by_hash_slot,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Topology {
    /// One Redis (`redis://`): plain pub/sub.
    Single,
    /// A Redis Cluster (`redis-cluster://`): sharded pub/sub (Redis 7+).
    Sharded,
}

impl Topology {
    /// Sharded exactly when the URL names a cluster (fred's `Config::from_url` reads
    /// `redis-cluster://host:port?node=host:port&...` as one).
    pub fn of(config: &Config) -> Self {
        if config.server.is_clustered() {
            Self::Sharded
        } else {
            Self::Single
        }
    }

    /// What `/readyz` calls the bus.
    pub fn kind(self) -> &'static str {
        match self {
            Self::Single => "redis",
            Self::Sharded => "redis-cluster",
        }
    }

    pub async fn subscribe(self, subscriber: &SubscriberClient, topic: &str) -> Result<(), fred::error::Error> {
        match self {
            Self::Single => subscriber.subscribe(topic).await,
            Self::Sharded => subscriber.ssubscribe(topic).await,
        }
    }

    pub async fn unsubscribe(self, subscriber: &SubscriberClient, topic: &str) -> Result<(), fred::error::Error> {
        match self {
            Self::Single => subscriber.unsubscribe(topic).await,
            Self::Sharded => subscriber.sunsubscribe(topic).await,
        }
    }

    pub async fn publish(self, publisher: &Client, topic: String, payload: Vec<u8>) -> Result<(), fred::error::Error> {
        match self {
            Self::Single => publisher.publish::<i64, _, _>(topic, payload).await?,
            Self::Sharded => publisher.spublish::<i64, _, _>(topic, payload).await?,
        };
        Ok(())
    }
}

/// SSUBSCRIBEs again to every shard channel `subscriber` tracks, each at the shard that
/// owns it now (one command per hash slot: SSUBSCRIBE takes channels of one slot only).
///
/// Not fred's `resubscribe_all`: it first sends SUBSCRIBE and PSUBSCRIBE with the plain
/// channels and patterns, which a sharded node has none of; Redis refuses a SUBSCRIBE
/// without channels, and the shard channels are never reached. SSUBSCRIBE to a channel
/// the connection already has is a no-op, so resubscribing everything is safe.
pub async fn resubscribe_shards(subscriber: &SubscriberClient) -> Result<(), fred::error::Error> {
    let channels = subscriber.tracked_shard_channels();
    for (_, group) in group_by_hash_slot(channels.into_iter().map(|c| c.to_string()))? {
        subscriber.ssubscribe(group).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_url_scheme_chooses_the_topology() {
        let of = |url: &str| Topology::of(&Config::from_url(url).unwrap());
        assert_eq!(of("redis://127.0.0.1:6379"), Topology::Single);
        let cluster = "redis-cluster://127.0.0.1:7000?node=127.0.0.1:7001&node=127.0.0.1:7002";
        assert_eq!(of(cluster), Topology::Sharded);
        let hosts = Config::from_url(cluster).unwrap().server.hosts();
        assert_eq!(hosts.len(), 3, "every node= is a seed node: {hosts:?}");
    }
}
