//! Typed settings, read once from flags and environment variables (clap).
//!
//! Nothing else in the server reads the environment. Every setting has a flag and
//! an environment variable; the README documents them in one table. Invalid values
//! fail at start with a message naming the setting (clap does that for parse errors,
//! [`Settings::validate`] for the rules clap cannot express).
//!
//! - [`limits`]: the abuse limits (rates per client address and per account, trusted proxies).
//! - [`deployment`]: the embedded demo versus a deployment, and a deployment's API key rule.

pub mod deployment;
pub mod limits;

use std::{net::SocketAddr, path::PathBuf, time::Duration};

use clap::{builder::BoolishValueParser, Args, ValueEnum};

pub use limits::{LimitSettings, ProxyRange, Rate};

/// Bus messages received and not yet dispatched that a node holds by default before it
/// drops the oldest (`realtime::broker::BUS_BACKLOG`).
pub const DEFAULT_BUS_BACKLOG: usize = 4_096;

/// The base of e-mailed links when `VITRINE_PUBLIC_URL` is unset (the embedded address).
pub const DEFAULT_PUBLIC_URL: &str = "http://127.0.0.1:8080";

/// Where the status timers run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum WorkerMode {
    /// Inside the server process (the embedded default).
    Inproc,
    /// Not in this process: run `vitrine-worker` processes instead.
    Off,
}

/// Log line format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    Pretty,
    Json,
}

/// Settings shared by the server, the worker and the maintenance sub-commands.
#[derive(Debug, Clone, Args)]
pub struct Settings {
    /// Address the HTTP and WebSocket listener binds to.
    #[arg(long, env = "VITRINE_BIND", default_value = "127.0.0.1:8080")]
    pub bind: SocketAddr,

    /// Folder for the embedded SQLite database and other local state.
    #[arg(long, env = "VITRINE_DATA_DIR", default_value = "data")]
    pub data_dir: PathBuf,

    /// Folder of uploaded files; default: `{data_dir}/files`.
    #[arg(long, env = "VITRINE_FILES_DIR")]
    pub files_dir: Option<PathBuf>,

    /// Bucket of an S3-compatible object store (AWS S3, MinIO, ...) that keeps uploaded
    /// files, so that every node serves every file. Unset: files live in the files folder
    /// on this node's disk. Either way, uploads are received in `{files_dir}/.incoming` first.
    #[arg(long, env = "VITRINE_S3_BUCKET")]
    pub s3_bucket: Option<String>,

    /// Endpoint of the S3-compatible store, e.g. `http://minio:9000` (path-style requests);
    /// unset: AWS S3 itself for `VITRINE_S3_REGION`.
    #[arg(long, env = "VITRINE_S3_ENDPOINT")]
    pub s3_endpoint: Option<String>,

    /// Region of the bucket (MinIO and most S3-compatible stores take any).
    #[arg(long, env = "VITRINE_S3_REGION", default_value = "us-east-1")]
    pub s3_region: String,

    /// Access key id of the S3 bucket; unset: the instance's credentials (AWS only).
    #[arg(long, env = "AWS_ACCESS_KEY_ID", hide_env_values = true)]
    pub s3_access_key_id: Option<String>,

    /// Secret access key of the S3 bucket; required with `AWS_ACCESS_KEY_ID`.
    #[arg(long, env = "AWS_SECRET_ACCESS_KEY", hide_env_values = true)]
    pub s3_secret_access_key: Option<String>,

    /// Most bytes of files one upload request may carry (default 25 MiB).
    #[arg(long, env = "VITRINE_MAX_UPLOAD_BYTES", default_value_t = 25 * 1024 * 1024)]
    pub max_upload_bytes: u64,

    /// `sqlite://...` or `postgres://...`; default: `sqlite://{data_dir}/vitrine.db`.
    #[arg(long, env = "DATABASE_URL")]
    pub database_url: Option<String>,

    /// Maximum connections in the database pool.
    #[arg(long, env = "VITRINE_DB_POOL", default_value_t = 16)]
    pub db_pool: u32,

    /// `redis://host:port` (one Redis: plain pub/sub), or a Redis Cluster 7+ as
    /// `redis-cluster://host:port?node=host:port&node=host:port` (sharded pub/sub: each
    /// node hears only the shards of the channels it watches; docs/scaling.md); unset
    /// means the in-process bus (single node).
    #[arg(long, env = "REDIS_URL")]
    pub redis_url: Option<String>,

    /// Bus messages received from Redis that may wait for the hub; past it the node
    /// closes its connections with 4009 (tests make it small to force that).
    #[arg(long, env = "VITRINE_BUS_BACKLOG", default_value_t = DEFAULT_BUS_BACKLOG)]
    pub bus_backlog: usize,

    /// Bearer key for the server-side publish API; unset disables the API. Outside the
    /// embedded demo ([`Settings::is_deployed`]) the server refuses to serve without one of
    /// 32+ characters that is no known placeholder.
    #[arg(long, env = "VITRINE_API_KEY")]
    pub api_key: Option<String>,

    /// Treat this server as a deployment even on SQLite without Redis: the rules of
    /// `config::deployment` apply (they always do with PostgreSQL or Redis).
    #[arg(long, env = "VITRINE_PRODUCTION", default_value = "false",
        value_parser = BoolishValueParser::new(), action = clap::ArgAction::Set)]
    pub production: bool,

    /// Where the status timers run: `inproc` or `off`.
    #[arg(long, env = "VITRINE_WORKER", value_enum, default_value = "inproc")]
    pub worker: WorkerMode,

    /// Where the server serves `/metrics` and `/healthz` for the monitoring: a private address
    /// (loopback, or the deployment's own network), never the public listener, which has no
    /// `/metrics`. Unset: no metrics port. The worker ignores it.
    #[arg(long, env = "VITRINE_METRICS_BIND")]
    pub metrics_bind: Option<SocketAddr>,

    /// Where `vitrine-worker` serves `/metrics` and `/healthz` (`0.0.0.0:9090` in a container);
    /// unset, the worker opens no port. The server ignores it.
    #[arg(long, env = "VITRINE_WORKER_METRICS_BIND")]
    pub worker_metrics_bind: Option<std::net::SocketAddr>,

    /// Folder holding the built web client (served at `/` with an SPA fallback).
    #[arg(long, env = "VITRINE_WEB_DIR", default_value = "web/dist")]
    pub web_dir: PathBuf,

    /// Public base URL of the web client: the base of links sent by e-mail and where
    /// PayPal sends payers back. Required with PayPal keys; unset, e-mail links use
    /// `http://127.0.0.1:8080` and the test-mode PayPal returns payers to the origin
    /// their browser called from (the embedded demo on any host or port).
    #[arg(long, env = "VITRINE_PUBLIC_URL")]
    pub public_url: Option<String>,

    /// Lifetime of an access token, in seconds.
    #[arg(long, env = "VITRINE_TOKEN_TTL_SECS", default_value_t = 30 * 24 * 3600)]
    pub token_ttl_secs: u64,

    /// Lifetime of a password-reset link, in seconds.
    #[arg(long, env = "VITRINE_RESET_TTL_SECS", default_value_t = 3600)]
    pub reset_ttl_secs: u64,

    /// SMTP relay for outgoing mail: `smtp://host:port` (plain, a relay on a private network or
    /// a mail catcher), `smtp://user:pass@host:587?tls=required` (STARTTLS) or
    /// `smtps://user:pass@host:465` (TLS); unset keeps mail in the outbox table.
    #[arg(long, env = "VITRINE_SMTP_URL")]
    pub smtp_url: Option<String>,

    /// Sender address of outgoing mail.
    #[arg(long, env = "VITRINE_MAIL_FROM", default_value = "Vitrine <no-reply@vitrine.local>")]
    pub mail_from: String,

    /// Outbound queue of one WebSocket, in frames; a full queue closes it (4008).
    #[arg(long, env = "VITRINE_WS_QUEUE_FRAMES", default_value_t = 1024)]
    pub ws_queue_frames: usize,

    /// Subscriptions one WebSocket may hold.
    #[arg(long, env = "VITRINE_WS_MAX_SUBSCRIPTIONS", default_value_t = 200)]
    pub ws_max_subscriptions: usize,

    /// Open WebSockets one signed-in user may hold on one node.
    #[arg(long, env = "VITRINE_WS_MAX_CONNECTIONS_PER_USER", default_value_t = 32)]
    pub ws_max_connections_per_user: usize,

    /// Open anonymous WebSockets one client address (IPv6: its /64, as the abuse limits
    /// count it) may hold on one node; behind `VITRINE_TRUSTED_PROXIES` the forwarded
    /// address counts, never a header from anyone else.
    #[arg(long, env = "VITRINE_WS_MAX_ANONYMOUS_PER_ADDRESS", default_value_t = 32)]
    pub ws_max_anonymous_per_address: usize,

    /// Accept the access token in the WebSocket URL (`/ws?access_token=`), the old form
    /// that proxies and access logs record; off, such an upgrade is refused (400).
    #[arg(long, env = "VITRINE_WS_TOKEN_IN_URL", default_value_t = false)]
    pub ws_token_in_url: bool,

    /// Events kept per channel for recovery.
    #[arg(long, env = "VITRINE_HISTORY_MAX_EVENTS", default_value_t = 1000)]
    pub history_max_events: i64,

    /// Age after which events leave the history, in seconds.
    #[arg(long, env = "VITRINE_HISTORY_MAX_AGE_SECS", default_value_t = 7 * 24 * 3600)]
    pub history_max_age_secs: i64,

    /// Log format: `pretty` or `json` (also `LOG_FORMAT`).
    #[arg(long, env = "LOG_FORMAT", value_enum, default_value = "pretty")]
    pub log_format: LogFormat,

    /// Stripe secret key (`sk_...`). Unset: the test-mode provider, a local Stripe
    /// started inside the server (logged loudly at start; answers carry `test_mode`).
    #[arg(long, env = "STRIPE_SECRET_KEY")]
    pub stripe_secret_key: Option<String>,

    /// Signing secret of the Stripe webhook endpoint (`whsec_...`); required with the key.
    #[arg(long, env = "STRIPE_WEBHOOK_SECRET")]
    pub stripe_webhook_secret: Option<String>,

    /// Base URL of Stripe's API; tests point it at a local Stripe.
    #[arg(long, env = "STRIPE_API_BASE", default_value = "https://api.stripe.com/")]
    pub stripe_api_base: String,

    /// With Stripe keys: the Stripe.js the browser loads, when it is not js.stripe.com (a
    /// deployment whose keys reach a shared test-mode Stripe serves its stand-in, e.g.
    /// `http://localhost:8080/sandbox/stripe/v3/`). Unset: js.stripe.com.
    #[arg(long, env = "STRIPE_JS_URL")]
    pub stripe_js_url: Option<String>,

    /// With Stripe keys: the publishable key (`pk_...`) the browser gives Stripe.js. Unset:
    /// the web client's own (`VITE_STRIPE_PUBLISHABLE_KEY`, fixed at build).
    #[arg(long, env = "STRIPE_PUBLISHABLE_KEY")]
    pub stripe_publishable_key: Option<String>,

    /// Age past which a signed webhook is refused, in seconds (Stripe's default 300).
    #[arg(long, env = "STRIPE_WEBHOOK_TOLERANCE_SECS", default_value_t = 300)]
    pub stripe_webhook_tolerance_secs: i64,

    /// Let a deployed server ([`Settings::is_deployed`]) run without real Stripe or PayPal keys,
    /// on the in-process stand-ins (a staging copy, a load test): nobody pays, and the start-up
    /// says so at warn level. Off, such a server refuses to start (`config::deployment`). The
    /// embedded demo needs no such setting.
    #[arg(long, env = "VITRINE_PAYMENTS_TEST_MODE", default_value = "false",
        value_parser = BoolishValueParser::new(), action = clap::ArgAction::Set)]
    pub payments_test_mode: bool,

    /// PayPal REST app client id. Unset: the test-mode PayPal, a local PayPal started
    /// inside the server with an approval page a browser can click through.
    #[arg(long, env = "PAYPAL_CLIENT_ID")]
    pub paypal_client_id: Option<String>,

    /// PayPal REST app secret; required with the client id.
    #[arg(long, env = "PAYPAL_CLIENT_SECRET")]
    pub paypal_client_secret: Option<String>,

    /// Base URL of PayPal's REST API (`https://api-m.sandbox.paypal.com` for the sandbox).
    #[arg(long, env = "PAYPAL_API_BASE", default_value = "https://api-m.paypal.com")]
    pub paypal_api_base: String,

    /// Seconds to wait for open requests and sockets to finish on shutdown.
    #[arg(long, env = "VITRINE_SHUTDOWN_GRACE_SECS", default_value_t = 10)]
    pub shutdown_grace_secs: u64,

    /// The abuse limits and the proxies trusted to name the client.
    #[command(flatten)]
    pub limits: LimitSettings,
}

/// A setting that parsed but makes no sense; the message names it.
#[derive(Debug, thiserror::Error)]
#[error("invalid setting {name}: {reason}")]
pub struct SettingError {
    pub name: &'static str,
    pub reason: String,
}

impl Settings {
    /// Settings for tests and tools: defaults everywhere, a given database.
    pub fn for_database(database_url: impl Into<String>) -> Self {
        use clap::Parser;
        #[derive(Parser)]
        struct Wrapper {
            #[command(flatten)]
            settings: Settings,
        }
        let mut settings = Wrapper::parse_from(["vitrine"]).settings;
        settings.database_url = Some(database_url.into());
        settings
    }

    /// The rules clap cannot check.
    pub fn validate(&self) -> Result<(), SettingError> {
        if let Some(url) = &self.database_url {
            if !(url.starts_with("sqlite:") || url.starts_with("postgres://") || url.starts_with("postgresql://")) {
                return Err(SettingError {
                    name: "DATABASE_URL",
                    reason: format!("expected sqlite:... or postgres://..., got {url:?}"),
                });
            }
        }
        if let Some(url) = &self.redis_url {
            // The schemes fred's `Config::from_url` reads as one server or as a cluster.
            const SCHEMES: [&str; 4] = ["redis://", "rediss://", "redis-cluster://", "rediss-cluster://"];
            if !SCHEMES.iter().any(|scheme| url.starts_with(scheme)) {
                return Err(SettingError {
                    name: "REDIS_URL",
                    reason: format!("expected redis://... or redis-cluster://...?node=..., got {url:?}"),
                });
            }
        }
        if let Some(key) = &self.api_key {
            if key.len() < 16 {
                return Err(SettingError { name: "VITRINE_API_KEY", reason: "must be at least 16 characters".into() });
            }
        }
        if let Some(url) = &self.smtp_url {
            if !(url.starts_with("smtp://") || url.starts_with("smtps://")) {
                return Err(SettingError {
                    name: "VITRINE_SMTP_URL",
                    reason: "expected smtp://host:port or smtps://host:port".into(),
                });
            }
        }
        if self.s3_bucket.as_deref().is_some_and(str::is_empty) {
            return Err(SettingError { name: "VITRINE_S3_BUCKET", reason: "must not be empty when set".into() });
        }
        if let Some(url) = &self.s3_endpoint {
            if !(url.starts_with("https://") || url.starts_with("http://")) {
                return Err(SettingError {
                    name: "VITRINE_S3_ENDPOINT",
                    reason: format!("expected http(s)://..., got {url:?}"),
                });
            }
        }
        if self.s3_access_key_id.is_some() != self.s3_secret_access_key.is_some() {
            return Err(SettingError {
                name: "AWS_SECRET_ACCESS_KEY",
                reason: "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are set together or not at all".into(),
            });
        }
        if self.token_ttl_secs == 0 {
            return Err(SettingError { name: "VITRINE_TOKEN_TTL_SECS", reason: "must be above 0".into() });
        }
        if self.bus_backlog == 0 {
            return Err(SettingError { name: "VITRINE_BUS_BACKLOG", reason: "must be above 0".into() });
        }
        if self.ws_queue_frames == 0 {
            return Err(SettingError { name: "VITRINE_WS_QUEUE_FRAMES", reason: "must be above 0".into() });
        }
        if self.history_max_events < 1 || self.history_max_age_secs < 1 {
            return Err(SettingError {
                name: "VITRINE_HISTORY_MAX_EVENTS",
                reason: "history limits must be above 0".into(),
            });
        }
        if self.max_upload_bytes == 0 {
            return Err(SettingError { name: "VITRINE_MAX_UPLOAD_BYTES", reason: "must be above 0".into() });
        }
        let stripe_set = [&self.stripe_secret_key, &self.stripe_webhook_secret]
            .iter()
            .filter(|v| v.as_deref().is_some_and(|v| !v.is_empty()))
            .count();
        if stripe_set == 1 {
            return Err(SettingError {
                name: "STRIPE_WEBHOOK_SECRET",
                reason: "STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together or not at all".into(),
            });
        }
        if !(self.stripe_api_base.starts_with("https://") || self.stripe_api_base.starts_with("http://")) {
            return Err(SettingError {
                name: "STRIPE_API_BASE",
                reason: format!("expected http(s)://..., got {:?}", self.stripe_api_base),
            });
        }
        if let Some(url) = &self.stripe_js_url {
            if !(url.starts_with("https://") || url.starts_with("http://")) {
                return Err(SettingError {
                    name: "STRIPE_JS_URL",
                    reason: format!("expected http(s)://..., got {url:?}"),
                });
            }
        }
        if self.stripe_publishable_key.as_deref().is_some_and(|key| !key.starts_with("pk_")) {
            return Err(SettingError {
                name: "STRIPE_PUBLISHABLE_KEY",
                reason: "expected a publishable key, pk_...".into(),
            });
        }
        if self.stripe_webhook_tolerance_secs < 1 {
            return Err(SettingError { name: "STRIPE_WEBHOOK_TOLERANCE_SECS", reason: "must be above 0".into() });
        }
        let paypal_set = [&self.paypal_client_id, &self.paypal_client_secret]
            .iter()
            .filter(|v| v.as_deref().is_some_and(|v| !v.is_empty()))
            .count();
        if paypal_set == 1 {
            return Err(SettingError {
                name: "PAYPAL_CLIENT_SECRET",
                reason: "PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are set together or not at all".into(),
            });
        }
        if !(self.paypal_api_base.starts_with("https://") || self.paypal_api_base.starts_with("http://")) {
            return Err(SettingError {
                name: "PAYPAL_API_BASE",
                reason: format!("expected http(s)://..., got {:?}", self.paypal_api_base),
            });
        }
        if self.metrics_bind.is_some_and(|metrics| metrics == self.bind && metrics.port() != 0) {
            return Err(SettingError {
                name: "VITRINE_METRICS_BIND",
                reason: "must differ from VITRINE_BIND: the metrics are not for the public listener".into(),
            });
        }
        if self.db_pool == 0 {
            return Err(SettingError { name: "VITRINE_DB_POOL", reason: "must be above 0".into() });
        }
        match self.public_url.as_deref().filter(|u| !u.is_empty()) {
            Some(url) if !(url.starts_with("https://") || url.starts_with("http://")) => {
                return Err(SettingError {
                    name: "VITRINE_PUBLIC_URL",
                    reason: format!("expected http(s)://..., got {url:?}"),
                });
            }
            // Real PayPal sends payers back to this URL; a guess from request headers
            // is only good enough for the test-mode PayPal of a demo.
            None if self.paypal_keys().is_some() => {
                return Err(SettingError {
                    name: "VITRINE_PUBLIC_URL",
                    reason: "required with PAYPAL_CLIENT_ID: PayPal sends payers back to the web client there".into(),
                });
            }
            _ => {}
        }
        Ok(())
    }

    /// The configured public URL (without a trailing slash), if any.
    pub fn public_url(&self) -> Option<&str> {
        self.public_url.as_deref().map(|u| u.trim_end_matches('/')).filter(|u| !u.is_empty())
    }

    /// The base of links sent by e-mail: the public URL, or the embedded default.
    pub fn link_base(&self) -> &str {
        self.public_url().unwrap_or(DEFAULT_PUBLIC_URL)
    }

    /// The database URL in force: the configured one, or the embedded SQLite file.
    pub fn effective_database_url(&self) -> String {
        match &self.database_url {
            Some(url) => url.clone(),
            None => format!("sqlite://{}/vitrine.db?mode=rwc", self.data_dir.display()),
        }
    }

    /// The folder of uploaded files in force: the configured one, or `{data_dir}/files`.
    pub fn effective_files_dir(&self) -> PathBuf {
        self.files_dir.clone().unwrap_or_else(|| self.data_dir.join("files"))
    }

    /// The Stripe secret key and webhook secret, when both are set (non-empty);
    /// None means the test-mode provider.
    pub fn stripe_keys(&self) -> Option<(&str, &str)> {
        let key = self.stripe_secret_key.as_deref().filter(|k| !k.is_empty())?;
        let secret = self.stripe_webhook_secret.as_deref().filter(|s| !s.is_empty())?;
        Some((key, secret))
    }

    /// The PayPal client id and secret, when both are set (non-empty); None means
    /// the test-mode PayPal.
    pub fn paypal_keys(&self) -> Option<(&str, &str)> {
        let id = self.paypal_client_id.as_deref().filter(|k| !k.is_empty())?;
        let secret = self.paypal_client_secret.as_deref().filter(|s| !s.is_empty())?;
        Some((id, secret))
    }

    pub fn token_ttl(&self) -> Duration {
        Duration::from_secs(self.token_ttl_secs)
    }

    pub fn reset_ttl(&self) -> Duration {
        Duration::from_secs(self.reset_ttl_secs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_embedded_mode() {
        let s = Settings::for_database("sqlite::memory:");
        assert_eq!(s.bind.to_string(), "127.0.0.1:8080");
        assert_eq!(s.worker, WorkerMode::Inproc);
        assert!(s.redis_url.is_none());
        s.validate().unwrap();
    }

    #[test]
    fn a_bad_database_url_names_the_setting() {
        let mut s = Settings::for_database("mysql://x");
        let err = s.validate().unwrap_err();
        assert_eq!(err.name, "DATABASE_URL");
        s.database_url = None;
        assert!(s.effective_database_url().starts_with("sqlite://data/"));
    }

    #[test]
    fn a_stripe_key_needs_its_webhook_secret() {
        let mut s = Settings::for_database("sqlite::memory:");
        s.stripe_secret_key = Some("sk_test_x".into());
        assert_eq!(s.validate().unwrap_err().name, "STRIPE_WEBHOOK_SECRET");
        s.stripe_webhook_secret = Some("whsec_x".into());
        s.validate().unwrap();
        assert!(s.stripe_keys().is_some());
        // Empty values (an unset variable passed through) mean the test-mode provider.
        s.stripe_secret_key = Some(String::new());
        s.stripe_webhook_secret = Some(String::new());
        s.validate().unwrap();
        assert!(s.stripe_keys().is_none());
    }

    #[test]
    fn paypal_keys_need_the_public_url_payers_come_back_to() {
        let mut s = Settings::for_database("sqlite::memory:");
        assert_eq!(s.link_base(), DEFAULT_PUBLIC_URL);
        s.paypal_client_id = Some("client".into());
        s.paypal_client_secret = Some("secret".into());
        assert_eq!(s.validate().unwrap_err().name, "VITRINE_PUBLIC_URL");
        s.public_url = Some("vitrine.example".into());
        assert_eq!(s.validate().unwrap_err().name, "VITRINE_PUBLIC_URL");
        s.public_url = Some("https://vitrine.example/".into());
        s.validate().unwrap();
        assert_eq!((s.public_url(), s.link_base()), (Some("https://vitrine.example"), "https://vitrine.example"));
    }

    #[test]
    fn redis_url_takes_one_redis_or_a_cluster() {
        let mut s = Settings::for_database("sqlite::memory:");
        for url in ["redis://127.0.0.1:6379", "redis-cluster://10.0.0.1:7000?node=10.0.0.2:7000&node=10.0.0.3:7000"] {
            s.redis_url = Some(url.into());
            s.validate().unwrap();
        }
        s.redis_url = Some("memcached://127.0.0.1:11211".into());
        assert_eq!(s.validate().unwrap_err().name, "REDIS_URL");
    }

    #[test]
    fn a_short_api_key_is_refused() {
        let mut s = Settings::for_database("sqlite::memory:");
        s.api_key = Some("short".into());
        assert_eq!(s.validate().unwrap_err().name, "VITRINE_API_KEY");
    }
}
