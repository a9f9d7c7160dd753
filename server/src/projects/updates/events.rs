//! Events of the workroom, written in the transaction of the change on
//! `workroom:{id}`, which only the owner, the assigned designer and admins may watch.

use serde::Serialize;
use sqlx::AnyConnection;
use vitrine_protocol::EventFrame;

use crate::{projects::room::Room, realtime::outbox};

/// Appends `event_type` with `data` on the room's channel.
pub async fn in_room(
    conn: &mut AnyConnection,
    room: &Room,
    event_type: &str,
    data: &impl Serialize,
    now: i64,
) -> Result<EventFrame, sqlx::Error> {
    let data = serde_json::to_value(data).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
    outbox::append(conn, &room.channel(), event_type, data, now).await
}
