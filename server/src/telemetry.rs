//! Logging: `tracing` to stderr, human-readable or JSON (`LOG_FORMAT=json`),
//! filtered by `RUST_LOG` (default `info`); and what a request's log line needs to know that
//! only the handlers learn: [`RequestId`], [`RequestUser`] (`ops::requests` writes the line).

use std::sync::{
    atomic::{AtomicI64, Ordering},
    Arc,
};

use axum::http::Extensions;
use tracing_subscriber::{fmt, prelude::*, EnvFilter};

use crate::config::LogFormat;

/// Installs the global subscriber; a second call (tests) is a no-op.
pub fn init(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,tower_http=info"));
    let registry = tracing_subscriber::registry().with(filter);
    let _ = match format {
        LogFormat::Json => {
            registry.with(fmt::layer().json().with_current_span(false).with_writer(std::io::stderr)).try_init()
        }
        LogFormat::Pretty => registry.with(fmt::layer().with_writer(std::io::stderr)).try_init(),
    };
}

/// The request's id: the `X-Request-Id` a proxy sent (when it looks like one), or one made
/// here; echoed in the answer and written on every log line of the request.
#[derive(Debug, Clone)]
pub struct RequestId(pub String);

/// Who the request turned out to be signed in as: the bearer extractors record the user here
/// (`accounts::auth`), the request's log line reads it once the answer is made. Shared, since
/// the extractors see a copy of the request's extensions.
#[derive(Debug, Clone, Default)]
pub struct RequestUser(Arc<AtomicI64>);

impl RequestUser {
    /// Records `user_id` in the request's slot, if the request has one (tests calling an
    /// extractor directly have none).
    pub fn record(extensions: &Extensions, user_id: i64) {
        if let Some(slot) = extensions.get::<RequestUser>() {
            slot.0.store(user_id, Ordering::Relaxed);
        }
    }

    /// The signed-in user, if an extractor recorded one.
    pub fn get(&self) -> Option<i64> {
        Some(self.0.load(Ordering::Relaxed)).filter(|id| *id != 0)
    }
}
