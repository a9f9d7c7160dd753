//! A thread's read state: how far its reader has read what its writer sent. Marking
//! read takes everything unread up to the newest, keeps the `read_at` of what was read
//! before, and tells the writer with a receipt `{by, up_to}`.

use vitrine_protocol::{event_type, Channel, MessageReceipt};

use super::{events::append_all, store};
use crate::realtime::unit::Unit;

/// Where the read state is kept: rows with `id`, `{reader}`, `{writer}` and `read_at`.
#[derive(Debug, Clone, Copy)]
pub struct ReadTable {
    pub table: &'static str,
    pub reader: &'static str,
    pub writer: &'static str,
}

/// One reader's side of a thread: what `reader` has read of what `writer` sent.
#[derive(Debug, Clone, Copy)]
pub struct Reading {
    pub table: ReadTable,
    pub reader: i64,
    pub writer: i64,
}

/// What marking read did: how many rows went from unread to read, and the newest of
/// them (none when nothing was unread: then no receipt was written).
#[derive(Debug)]
pub struct Marked {
    pub marked: u64,
    pub up_to: Option<i64>,
}

/// Marks read what the writer sent the reader, and appends the receipt on `user:{writer}`.
pub async fn mark_read(unit: &mut Unit, reading: &Reading, now_ms: i64) -> Result<Marked, sqlx::Error> {
    let (marked, up_to) = store::mark_read(unit, reading, now_ms).await?;
    if let Some(up_to) = up_to {
        let (receipt, to) = (MessageReceipt { by: reading.reader, up_to }, [Channel::User(reading.writer)]);
        append_all(unit, &to, event_type::MESSAGE_READ, &receipt, now_ms).await?;
    }
    Ok(Marked { marked, up_to })
}
