//! Operations: liveness, readiness, Prometheus metrics (on a private listener of their own),
//! the request metrics and log-line middlewares, and the security headers of every answer.

pub mod headers;
mod health;
pub mod metrics;
pub mod requests;

pub use health::router;
