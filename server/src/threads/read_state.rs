//! A thread's read state: how far its reader has read what its writer sent. Marking
//! read takes everything unread up to the newest, keeps the `read_at` of what was read
//! before, and tells the writer with a receipt `{by, up_to}`.

use sqlx::AnyConnection;
use vitrine_protocol::{event_type, Channel, EventFrame, MessageReceipt};

use super::{events::append_all, store};

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

/// What marking read did: how many rows went from unread to read, the newest of them,
/// and the receipt event for the writer (none when nothing was unread).
#[derive(Debug)]
pub struct Marked {
    pub marked: u64,
    pub up_to: Option<i64>,
    pub events: Vec<EventFrame>,
}

/// Marks read what the writer sent the reader, and writes the receipt on `user:{writer}`.
pub async fn mark_read(conn: &mut AnyConnection, reading: &Reading, now_ms: i64) -> Result<Marked, sqlx::Error> {
    let (marked, up_to) = store::mark_read(conn, reading, now_ms).await?;
    let mut events = Vec::new();
    if let Some(up_to) = up_to {
        let (receipt, to) = (MessageReceipt { by: reading.reader, up_to }, [Channel::User(reading.writer)]);
        events = append_all(conn, &to, event_type::MESSAGE_READ, &receipt, now_ms).await?;
    }
    Ok(Marked { marked, up_to, events })
}
