//! Uploads nothing uses: a file sent with `POST /files` and attached to nothing (no
//! entry, bid, brief, project update, profile, portfolio or showcase refers to it) a day
//! later is removed, its row, its bytes and its thumbnails (`timers::housekeeping`).

use tracing::instrument;

use super::{derived, store};
use crate::storage::Storage;
use crate::store::Db;

/// How long an upload may wait to be attached: the form it was uploaded for is long sent.
pub const UNATTACHED_FOR_MS: i64 = 24 * 3600 * 1000;

/// Files removed in one batch; a pass runs batches until none is left.
const BATCH: i64 = 200;

/// Removes every file uploaded before `now_ms - UNATTACHED_FOR_MS` that nothing refers to,
/// with its bytes and its derivatives (from the storage in force); answers how many.
#[instrument(skip_all)]
pub async fn remove_unattached(db: &Db, storage: &Storage, now_ms: i64) -> Result<u64, sqlx::Error> {
    let cutoff = now_ms - UNATTACHED_FOR_MS;
    let mut removed = 0u64;
    loop {
        let batch = store::unattached_before(&db.pool, cutoff, BATCH).await?;
        let mut deleted_in_batch = 0;
        for (id, key) in &batch {
            if !store::delete_if_unattached(&db.pool, *id).await? {
                continue;
            }
            deleted_in_batch += 1;
            remove_bytes(storage, key).await;
        }
        removed += deleted_in_batch;
        // A short batch was the last; a batch of which nothing could be deleted would repeat.
        if (batch.len() as i64) < BATCH || deleted_in_batch == 0 {
            return Ok(removed);
        }
    }
}

/// The original and its derivatives; a part already gone is no error.
async fn remove_bytes(storage: &Storage, key: &str) {
    let mut keys = vec![key.to_owned()];
    keys.extend(derived::Size::ALL.into_iter().map(|size| derived::key_of(key, size)));
    for key in keys {
        if let Err(err) = storage.delete(&key).await {
            tracing::warn!(error = %err, storage_key = key, "could not remove an unattached file's bytes");
        }
    }
}
