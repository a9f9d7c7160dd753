//! `AppState`: what every handler can reach, cloned cheaply per request.

use std::sync::Arc;

use crate::{
    config::Settings,
    realtime::Realtime,
    shared::{limits::Limits, paypal::PayPal, stripe::Stripe, throttle::LoginThrottle},
    store::{clock::SharedClock, Db},
};

#[derive(Clone)]
pub struct AppState {
    /// The database pool (SQLite or PostgreSQL).
    pub db: Db,
    /// Settings in force, read once at start.
    pub settings: Arc<Settings>,
    /// Source of "now" for every rule that involves time.
    pub clock: SharedClock,
    /// This node's hub and the bus between nodes (in-process or Redis).
    pub realtime: Realtime,
    /// Failed sign-in attempts per login name, to answer 429 to guessing.
    pub login_throttle: Arc<LoginThrottle>,
    /// The abuse limits per client address and per account (`VITRINE_RATE_*`).
    pub limits: Arc<Limits>,
    /// Stripe, or the test-mode provider standing in for it.
    pub stripe: Arc<Stripe>,
    /// PayPal, or the test-mode PayPal standing in for it.
    pub paypal: Arc<PayPal>,
    /// Where uploaded files live: this node's disk or an S3-compatible bucket.
    pub storage: crate::storage::Storage,
}

impl AppState {
    pub fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }
}

/// The hub's routes take the hub alone from the state ([`crate::realtime::router`]).
impl axum::extract::FromRef<AppState> for Realtime {
    fn from_ref(state: &AppState) -> Self {
        state.realtime.clone()
    }
}

/// The client's address ([`crate::shared::limits::ClientIp`]) needs the trusted proxies.
impl axum::extract::FromRef<AppState> for Arc<Limits> {
    fn from_ref(state: &AppState) -> Self {
        Arc::clone(&state.limits)
    }
}
