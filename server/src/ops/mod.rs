//! Operations: liveness, readiness, Prometheus metrics, and the request metrics middleware.

mod health;
pub mod metrics;

pub use health::router;
