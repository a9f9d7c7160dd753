//! The events of a thread, written to the outbox inside the transaction of the change.

use serde::Serialize;
use sqlx::AnyConnection;
use vitrine_protocol::{Channel, EventFrame};

use crate::realtime::outbox;

/// Appends one event of `event_type` with `data` to each of `channels`.
pub async fn append_all(
    conn: &mut AnyConnection,
    channels: &[Channel],
    event_type: &str,
    data: &impl Serialize,
    now_ms: i64,
) -> Result<Vec<EventFrame>, sqlx::Error> {
    let data = serde_json::to_value(data).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
    outbox::append_each(conn, channels, event_type, data, now_ms).await
}
