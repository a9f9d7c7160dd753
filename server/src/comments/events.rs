//! The events this area writes to the outbox, inside the transaction of the change.

use serde::Serialize;
use sqlx::AnyConnection;
use vitrine_protocol::{Channel, EventFrame};

use crate::realtime::outbox;

/// Appends one event of `event_type` to each of `channels`.
pub async fn append_all(
    conn: &mut AnyConnection,
    channels: &[Channel],
    event_type: &str,
    data: &impl Serialize,
    now_ms: i64,
) -> Result<Vec<EventFrame>, sqlx::Error> {
    let data = serde_json::to_value(data).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
    let mut frames = Vec::with_capacity(channels.len());
    for channel in channels {
        frames.push(outbox::append(conn, channel, event_type, data.clone(), now_ms).await?);
    }
    Ok(frames)
}
