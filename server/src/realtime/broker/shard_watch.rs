//! Sharded pub/sub only: notices a hash slot moving to another shard.
//!
//! When a slot moves (resharding, `CLUSTER SETSLOT ... NODE`), its old owner drops the
//! subscribers of the slot's shard channels with a SUNSUBSCRIBE push, which fred swallows.
//! No connection breaks, so no reconnect event tells the node, and it would hear nothing
//! more on those channels. So every [`WATCH_EVERY`] the watch reloads the cluster's slot
//! map into the subscriber client (which routes SSUBSCRIBE by it), and when any slot has
//! another owner it calls `moved`: the broker then resubscribes every channel at its owner
//! and reads back from history what the move hid.
//!
//! A master that dies breaks its connection instead: fred reconnects to the promoted
//! replica and the broker's reconnect path does the same work.

use std::{
    sync::{
        atomic::{AtomicBool, Ordering},
        Arc,
    },
    time::Duration,
};

use fred::{clients::SubscriberClient, prelude::ClusterInterface};

/// How often the slot map is read: one `CLUSTER SLOTS` per node and period, and the
/// longest a moved channel stays silent before it is resubscribed and caught up.
pub const WATCH_EVERY: Duration = Duration::from_secs(1);

/// Runs until `stopped` is set (the broker shut down).
pub async fn watch(subscriber: SubscriberClient, stopped: Arc<AtomicBool>, moved: impl Fn()) {
    let mut known = owners(&subscriber);
    while !stopped.load(Ordering::SeqCst) {
        tokio::time::sleep(WATCH_EVERY).await;
        if let Err(err) = subscriber.sync_cluster().await {
            // An outage: the reconnect path reports it and recovers from it.
            tracing::debug!(error = %err, "cluster slot map unavailable");
            continue;
        }
        let now = owners(&subscriber);
        if now != known {
            tracing::info!("redis cluster slots moved; resubscribing and catching up");
            known = now;
            moved();
        }
    }
}

/// Each slot range of the subscriber's routing table and the master that owns it.
fn owners(subscriber: &SubscriberClient) -> Vec<(u16, u16, String)> {
    subscriber
        .cached_cluster_state()
        .map(|state| state.slots().iter().map(|r| (r.start, r.end, r.primary.to_string())).collect())
        .unwrap_or_default()
}
