//! Storage: one connection pool over SQLite (embedded) or PostgreSQL (scaled).
//!
//! Queries are written once, in the SQL both engines accept (`$1` placeholders,
//! `RETURNING`, `ON CONFLICT`), and run through sqlx's `Any` driver with runtime
//! `query(..).bind(..)` calls, so there is one code path and no offline query cache.
//! Schemas differ only in DDL, kept under `migrations/sqlite` and `migrations/postgres`
//! with the same numbering.
//!
//! Flags are stored as small integers (0/1) rather than booleans: the `Any` driver
//! decodes integers from either engine but booleans only from PostgreSQL.

use std::{str::FromStr, time::Duration};

use anyhow::Context;
use sqlx::{
    any::{AnyConnectOptions, AnyPoolOptions},
    AnyPool, Executor,
};

pub mod clock;
pub mod one_time_tokens;
pub mod search;

/// Which engine a [`Db`] talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub fn from_url(url: &str) -> anyhow::Result<Self> {
        match url.split(':').next() {
            Some("sqlite") => Ok(Self::Sqlite),
            Some("postgres" | "postgresql") => Ok(Self::Postgres),
            _ => anyhow::bail!("DATABASE_URL must start with sqlite: or postgres://"),
        }
    }
}

/// The pool and the engine behind it. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Db {
    pub pool: AnyPool,
    pub backend: Backend,
}

static SQLITE_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("../migrations/sqlite");
static POSTGRES_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("../migrations/postgres");

impl Db {
    /// Connects; for a SQLite file, creates its folder first.
    pub async fn connect(url: &str, max_connections: u32) -> anyhow::Result<Self> {
        sqlx::any::install_default_drivers();
        let backend = Backend::from_url(url)?;
        let options =
            AnyConnectOptions::from_str(url).with_context(|| format!("DATABASE_URL {url:?} does not parse"))?;
        let pool_options = match backend {
            // SQLite has one writer at a time. A single connection serialises
            // transactions in the process instead of failing them with SQLITE_BUSY
            // when two try to upgrade to a write lock; scaled deployments use PostgreSQL.
            Backend::Sqlite => {
                if let Some(path) = sqlite_file_path(url) {
                    if let Some(parent) = std::path::Path::new(&path).parent() {
                        std::fs::create_dir_all(parent)
                            .with_context(|| format!("cannot create {}", parent.display()))?;
                    }
                }
                AnyPoolOptions::new().max_connections(1).after_connect(|conn, _| {
                    Box::pin(async move {
                        conn.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;")
                            .await?;
                        Ok(())
                    })
                })
            }
            Backend::Postgres => AnyPoolOptions::new().max_connections(max_connections),
        };
        let pool = pool_options
            .acquire_timeout(Duration::from_secs(10))
            .connect_with(options)
            .await
            .with_context(|| format!("cannot connect to the database at {}", redact(url)))?;
        Ok(Self { pool, backend })
    }

    /// Applies every pending migration of this engine.
    pub async fn migrate(&self) -> anyhow::Result<()> {
        let migrator = match self.backend {
            Backend::Sqlite => &SQLITE_MIGRATIONS,
            Backend::Postgres => &POSTGRES_MIGRATIONS,
        };
        migrator.run(&self.pool).await.context("migrations failed")?;
        Ok(())
    }

    /// True when a trivial query answers (readiness).
    pub async fn ping(&self) -> bool {
        sqlx::query("SELECT 1").execute(&self.pool).await.is_ok()
    }
}

/// The constraint (PostgreSQL) or index/column (SQLite) a unique violation names.
///
/// PostgreSQL reports the constraint name; SQLite only puts it in the message
/// (`UNIQUE constraint failed: index 'app_user_username_key'` or `... app_user.email`),
/// so both are searched for `name`.
pub fn is_unique_violation(err: &sqlx::Error, name: &str) -> bool {
    match err {
        sqlx::Error::Database(db) if db.is_unique_violation() => {
            db.constraint() == Some(name) || db.message().contains(name)
        }
        _ => false,
    }
}

fn sqlite_file_path(url: &str) -> Option<String> {
    let rest = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next()?;
    (!path.is_empty() && path != ":memory:").then(|| path.to_owned())
}

/// The URL without its password, for error messages and logs.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let creds = &url[scheme + 3..at];
            match creds.find(':') {
                Some(colon) => format!("{}://{}:***{}", &url[..scheme], &creds[..colon], &url[at..]),
                None => url.to_owned(),
            }
        }
        _ => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backend_is_chosen_by_scheme() {
        assert_eq!(Backend::from_url("sqlite://data/x.db").unwrap(), Backend::Sqlite);
        assert_eq!(Backend::from_url("postgres://u@h/db").unwrap(), Backend::Postgres);
        assert!(Backend::from_url("mysql://h").is_err());
    }

    #[test]
    fn passwords_are_redacted() {
        assert_eq!(redact("postgres://u:secret@h:5432/db"), "postgres://u:***@h:5432/db");
        assert_eq!(redact("postgres://u@h/db"), "postgres://u@h/db");
    }

    #[test]
    fn sqlite_paths_are_found() {
        assert_eq!(sqlite_file_path("sqlite://data/v.db?mode=rwc").as_deref(), Some("data/v.db"));
        assert_eq!(sqlite_file_path("sqlite::memory:"), None);
    }
}
