//! Logging: `tracing` to stderr, human-readable or JSON (`LOG_FORMAT=json`),
//! filtered by `RUST_LOG` (default `info`).

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
