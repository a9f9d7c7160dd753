//! Deletes credentials that can no longer be used, and uploads nothing uses
//! ([`remove_unattached_files`]). They are kept for a day past
//! expiry or revocation so a support question about a recent sign-in can be answered.
//! Each area deletes its own rows (`accounts::store::sweep`, `realtime::outbox::trim`,
//! `files::store`); this module only decides when and how much.

use tracing::instrument;

use crate::{accounts::store::sweep, store::Db};

/// How long dead rows are kept before deletion.
pub const KEEP_MS: i64 = 24 * 3600 * 1000;

#[derive(Debug, Default, PartialEq, Eq)]
pub struct SweepReport {
    pub access_tokens: u64,
    pub password_resets: u64,
    pub events: u64,
    pub download_tokens: u64,
}

/// How much hub history to keep: per channel, and by age.
#[derive(Debug, Clone, Copy)]
pub struct Retention {
    pub max_events: i64,
    pub max_age_ms: i64,
}

impl Retention {
    pub fn from_settings(settings: &crate::config::Settings) -> Self {
        Self { max_events: settings.history_max_events, max_age_ms: settings.history_max_age_secs * 1000 }
    }
}

impl SweepReport {
    pub fn removed(&self) -> u64 {
        self.access_tokens + self.password_resets + self.events + self.download_tokens
    }
}

/// One pass; idempotent, so concurrent workers only split the work.
#[instrument(skip_all)]
pub async fn sweep(db: &Db, now_ms: i64, retention: Retention) -> Result<SweepReport, sqlx::Error> {
    let cutoff = now_ms - KEEP_MS;
    let access_tokens = sweep::purge_access_tokens(&db.pool, cutoff).await?;
    let password_resets = sweep::purge_password_resets(&db.pool, cutoff).await?;
    let events = crate::realtime::outbox::trim(&db.pool, now_ms, retention.max_age_ms, retention.max_events).await?;
    // Download links live five minutes and are worth nothing after: no day of grace.
    let download_tokens = crate::files::store::delete_expired_download_tokens(&db.pool, now_ms).await?;
    Ok(SweepReport { access_tokens, password_resets, events, download_tokens })
}

/// Files uploaded more than a day ago and attached to nothing: their rows, bytes and
/// thumbnails under `files_dir` (`files::cleanup`); answers how many. Idempotent, so
/// concurrent workers only split the work.
pub async fn remove_unattached_files(
    db: &Db,
    storage: &crate::files::Storage,
    now_ms: i64,
) -> Result<u64, sqlx::Error> {
    crate::files::cleanup::remove_unattached(db, storage, now_ms).await
}
