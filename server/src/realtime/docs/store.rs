//! A document's durable form: the log of accepted updates (`doc_update`) and the
//! snapshot compaction leaves (`doc_snapshot`). The document is the snapshot plus every
//! update after it.
//!
//! Seqs come from the channel's row in `channel_head` (the table event channels use; a
//! `doc:` channel has no events), incremented in the transaction that stores the update:
//! writers to one document take turns on that row, so seqs are consecutive and commit
//! in the order they were given, on one node or many.

use sqlx::{AnyConnection, Row};
use yrs::{updates::decoder::Decode, ReadTxn, StateVector, Transact, Update};

use crate::store::Db;

/// What [`load`] read.
#[derive(Debug, Default)]
pub struct Stored {
    /// The snapshot first, then the updates after it, in seq order.
    pub updates: Vec<Vec<u8>>,
    /// The highest seq the snapshot and updates cover (0: nothing stored).
    pub head: u64,
    /// Updates stored after the snapshot.
    pub log_len: usize,
    /// Bytes stored (snapshot and updates): the size the document limit applies to.
    pub bytes: usize,
}

/// Takes the document's next seq and stores `update` under it. Call inside the
/// transaction that commits it.
pub async fn append(conn: &mut AnyConnection, doc: &str, update: &[u8], now_ms: i64) -> Result<u64, sqlx::Error> {
    let seq: i64 = sqlx::query_scalar(
        "INSERT INTO channel_head (channel, seq) VALUES ($1, 1) \
         ON CONFLICT (channel) DO UPDATE SET seq = channel_head.seq + 1 RETURNING seq",
    )
    .bind(doc)
    .fetch_one(&mut *conn)
    .await?;
    sqlx::query("INSERT INTO doc_update (doc, seq, payload, created_at) VALUES ($1, $2, $3, $4)")
        .bind(doc)
        .bind(seq)
        .bind(update.to_vec())
        .bind(now_ms)
        .execute(&mut *conn)
        .await?;
    Ok(u64::try_from(seq).unwrap_or(0))
}

/// Takes back an update that was stored but could not be applied (see `Docs::accept`).
pub async fn remove(db: &Db, doc: &str, seq: u64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM doc_update WHERE doc = $1 AND seq = $2")
        .bind(doc)
        .bind(seq as i64)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Reads the document: its snapshot, then the updates after it.
pub async fn load(db: &Db, doc: &str) -> Result<Stored, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    let mut stored = Stored::default();
    let snapshot = sqlx::query("SELECT state, upto_seq FROM doc_snapshot WHERE doc = $1")
        .bind(doc)
        .fetch_optional(&mut *conn)
        .await?;
    if let Some(row) = snapshot {
        let state: Vec<u8> = row.try_get("state")?;
        let upto: i64 = row.try_get("upto_seq")?;
        stored.head = u64::try_from(upto).unwrap_or(0);
        stored.bytes += state.len();
        stored.updates.push(state);
    }
    let rows = sqlx::query("SELECT seq, payload FROM doc_update WHERE doc = $1 AND seq > $2 ORDER BY seq")
        .bind(doc)
        .bind(stored.head as i64)
        .fetch_all(&mut *conn)
        .await?;
    for row in rows {
        let seq: i64 = row.try_get("seq")?;
        let payload: Vec<u8> = row.try_get("payload")?;
        stored.head = stored.head.max(u64::try_from(seq).unwrap_or(0));
        stored.bytes += payload.len();
        stored.log_len += 1;
        stored.updates.push(payload);
    }
    Ok(stored)
}

/// Stores `seed` as the document's first update, unless something is stored already
/// (another node seeded it first). True when this call wrote it.
pub async fn seed(db: &Db, doc: &str, seed: &[u8], now_ms: i64) -> Result<bool, sqlx::Error> {
    let mut tx = db.pool.begin().await?;
    let taken: Option<i64> = sqlx::query_scalar("SELECT seq FROM channel_head WHERE channel = $1")
        .bind(doc)
        .fetch_optional(&mut *tx)
        .await?;
    if taken.is_some_and(|seq| seq > 0) {
        return Ok(false);
    }
    // Two seeders race on the head row: the loser's insert conflicts and it reloads.
    let inserted =
        sqlx::query("INSERT INTO channel_head (channel, seq) VALUES ($1, 1) ON CONFLICT (channel) DO NOTHING")
            .bind(doc)
            .execute(&mut *tx)
            .await?
            .rows_affected();
    if inserted == 0 {
        return Ok(false);
    }
    sqlx::query("INSERT INTO doc_update (doc, seq, payload, created_at) VALUES ($1, 1, $2, $3)")
        .bind(doc)
        .bind(seed.to_vec())
        .bind(now_ms)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(true)
}

/// Folds the snapshot and every update into one encoded state, stored as the new
/// snapshot; the updates it covers are deleted. One transaction, so a reader sees the
/// log before or after, never half of it. Returns the seq the snapshot covers.
pub async fn compact(db: &Db, doc: &str, now_ms: i64) -> anyhow::Result<u64> {
    let stored = load(db, doc).await?;
    if stored.log_len == 0 {
        return Ok(stored.head);
    }
    let state = merge(&stored.updates)?;
    let mut tx = db.pool.begin().await?;
    // A concurrent compaction (another node) may have gone further: never step back.
    sqlx::query(
        "INSERT INTO doc_snapshot (doc, state, upto_seq, updated_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (doc) DO UPDATE SET state = excluded.state, upto_seq = excluded.upto_seq, \
         updated_at = excluded.updated_at WHERE doc_snapshot.upto_seq < excluded.upto_seq",
    )
    .bind(doc)
    .bind(state)
    .bind(stored.head as i64)
    .bind(now_ms)
    .execute(&mut *tx)
    .await?;
    sqlx::query("DELETE FROM doc_update WHERE doc = $1 AND seq <= $2")
        .bind(doc)
        .bind(stored.head as i64)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(stored.head)
}

/// The state of a document made of `updates`, encoded as one update.
pub fn merge(updates: &[Vec<u8>]) -> anyhow::Result<Vec<u8>> {
    let doc = crate::realtime::docs::new_doc();
    {
        let mut txn = doc.transact_mut();
        for update in updates {
            txn.apply_update(Update::decode_v1(update)?)?;
        }
    }
    let txn = doc.transact();
    Ok(txn.encode_state_as_update_v1(&StateVector::default()))
}
