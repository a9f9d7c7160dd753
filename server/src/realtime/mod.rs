//! The real-time side: the broker that carries events between nodes.
//!
//! `Broker` is the cross-node bus: in-process when no `REDIS_URL` is set, Redis
//! pub/sub (fred) otherwise.

mod broker;

pub use broker::Broker;
