//! The events of a thread, written to the outbox inside the transaction of the change.

use serde::Serialize;
use vitrine_protocol::Channel;

use crate::realtime::unit::Unit;

/// Appends one event of `event_type` with `data` to each of `channels`.
pub async fn append_all(
    unit: &mut Unit,
    channels: &[Channel],
    event_type: &str,
    data: &impl Serialize,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    let data = serde_json::to_value(data).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
    unit.append_each(channels, event_type, data, now_ms).await
}
