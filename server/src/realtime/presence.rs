//! Who is watching a `contest:`, `project:` or `bid:` channel, across every node.
//!
//! Without Redis the hub's own watcher list is the answer. With Redis each node
//! keeps its watchers of a channel in a hash of its own (`vitrine:presence:{ch}:{node}`),
//! listed in a set per channel; both expire unless the node refreshes them, so the
//! watchers of a node that died disappear within [`TTL_SECS`], and a Redis that
//! restarted empty is repopulated at the next refresh.

use std::{collections::HashMap, sync::Arc, time::Duration};

use fred::prelude::{Client, HashesInterface, KeysInterface, SetsInterface};
use vitrine_protocol::PresenceUser;

use super::hub::Hub;

pub const TTL_SECS: i64 = 60;
const REFRESH_EVERY: Duration = Duration::from_secs(20);

fn node_key(ch: &str, node: &str) -> String {
    format!("vitrine:presence:{ch}:{node}")
}
fn nodes_key(ch: &str) -> String {
    format!("vitrine:presence-nodes:{ch}")
}

#[derive(Clone)]
pub struct Presence {
    hub: Arc<Hub>,
    redis: Option<(Client, Arc<str>)>,
}

impl std::fmt::Debug for Presence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.redis.is_some() { "Presence::Redis" } else { "Presence::Local" })
    }
}

impl Presence {
    pub fn new(hub: Arc<Hub>, redis: Option<Client>) -> Self {
        // Twelve hex digits name this node's entries (random, as node ids are).
        let node: Arc<str> = format!("{:012x}", rand::random::<u64>() & 0xffff_ffff_ffff).into();
        let presence = Self { hub, redis: redis.map(|client| (client, node)) };
        if presence.redis.is_some() {
            let refresher = presence.clone();
            tokio::spawn(async move {
                loop {
                    tokio::time::sleep(REFRESH_EVERY).await;
                    refresher.refresh().await;
                }
            });
        }
        presence
    }

    /// Records that `user` now watches `ch` from this node (their first local
    /// connection). True when they are new to the channel on every node, so the
    /// arrival should be announced.
    pub async fn joined(&self, ch: &str, user: &PresenceUser) -> bool {
        let Some((client, node)) = &self.redis else { return true };
        let elsewhere = match read_all_except(client, ch, node).await {
            Ok(users) => users.iter().any(|u| u.id == user.id),
            Err(err) => {
                tracing::warn!(channel = %ch, error = %err, "presence read failed");
                false
            }
        };
        if let Err(err) = write_watchers(client, node, ch, std::slice::from_ref(user)).await {
            tracing::warn!(channel = %ch, error = %err, "presence write failed");
        }
        !elsewhere
    }

    /// Records that `user` no longer watches `ch` from this node (their last local
    /// connection left). True when they watch from no node any more, so the
    /// departure should be announced.
    pub async fn left(&self, ch: &str, user: &PresenceUser) -> bool {
        let Some((client, node)) = &self.redis else { return true };
        let key = node_key(ch, node);
        let result: Result<bool, fred::error::Error> = async {
            client.hdel::<(), _, _>(&key, user.id.to_string()).await?;
            if client.hlen::<i64, _>(&key).await? == 0 {
                client.srem::<(), _, _>(nodes_key(ch), node.to_string()).await?;
            }
            Ok(read_all_except(client, ch, node).await?.iter().all(|u| u.id != user.id))
        }
        .await;
        result.unwrap_or_else(|err| {
            tracing::warn!(channel = %ch, error = %err, "presence delete failed");
            true
        })
    }

    /// Everyone watching `ch`, on any node, each once.
    pub async fn list(&self, ch: &str) -> Vec<PresenceUser> {
        let mut users: HashMap<i64, PresenceUser> = self.hub.watchers(ch).into_iter().map(|u| (u.id, u)).collect();
        if let Some((client, _)) = &self.redis {
            match read_all(client, ch).await {
                Ok(remote) => users.extend(remote.into_iter().map(|u| (u.id, u))),
                Err(err) => tracing::warn!(channel = %ch, error = %err, "presence read failed; listing this node only"),
            }
        }
        let mut list: Vec<PresenceUser> = users.into_values().collect();
        list.sort_by_key(|u| u.id);
        list
    }

    /// Re-writes this node's watchers and their expiry.
    async fn refresh(&self) {
        let Some((client, node)) = &self.redis else { return };
        for (ch, watchers) in self.hub.all_watchers() {
            if let Err(err) = write_watchers(client, node, &ch, &watchers).await {
                tracing::warn!(channel = %ch, error = %err, "presence refresh failed");
            }
        }
    }
}

async fn write_watchers(
    client: &Client,
    node: &str,
    ch: &str,
    users: &[PresenceUser],
) -> Result<(), fred::error::Error> {
    if users.is_empty() {
        return Ok(());
    }
    let key = node_key(ch, node);
    let fields: Vec<(String, String)> = users.iter().map(|u| (u.id.to_string(), u.username.clone())).collect();
    client.hset::<(), _, _>(&key, fields).await?;
    client.expire::<(), _>(&key, TTL_SECS, None).await?;
    client.sadd::<(), _, _>(nodes_key(ch), node.to_owned()).await?;
    client.expire::<(), _>(nodes_key(ch), TTL_SECS, None).await?;
    Ok(())
}

async fn read_all(client: &Client, ch: &str) -> Result<Vec<PresenceUser>, fred::error::Error> {
    read_all_except(client, ch, "").await
}

/// The watchers of `ch` on every node but `skip_node`.
async fn read_all_except(client: &Client, ch: &str, skip_node: &str) -> Result<Vec<PresenceUser>, fred::error::Error> {
    let nodes: Vec<String> = client.smembers(nodes_key(ch)).await?;
    let mut users = Vec::new();
    for node in nodes.into_iter().filter(|n| n != skip_node) {
        let watchers: HashMap<String, String> = client.hgetall(node_key(ch, &node)).await?;
        users.extend(
            watchers.into_iter().filter_map(|(id, username)| Some(PresenceUser { id: id.parse().ok()?, username })),
        );
    }
    Ok(users)
}
