//! The real-time hub over real WebSockets: encodings, errors, authorization, recovery,
//! presence, the outbox relay, slow consumers, and (with Redis) several nodes.

pub(crate) mod client;
mod fixtures;
mod redis;
mod redis_cluster;

mod authorization;
mod bus_lag;
mod close_codes;
mod cluster;
mod cluster_presence;
mod connection_limits;
pub(crate) mod doc_client;
pub(crate) mod docs;
mod docs_cluster;
mod encodings;
mod errors;
mod presence;
mod process_failover;
mod publish_api;
mod recovery;
mod relay;
mod sharded;
mod shutdown;
mod slow_consumer;
mod unit;
