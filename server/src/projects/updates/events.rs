//! Events of the workroom, written in the transaction of the change on
//! `workroom:{id}`, which only the owner, the assigned designer and admins may watch.

use serde::Serialize;

use crate::{projects::room::Room, realtime::unit::Unit};

/// Appends `event_type` with `data` on the room's channel.
pub async fn in_room(
    unit: &mut Unit,
    room: &Room,
    event_type: &str,
    data: &impl Serialize,
    now: i64,
) -> Result<(), sqlx::Error> {
    let data = serde_json::to_value(data).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
    unit.append(&room.channel(), event_type, data, now).await?;
    Ok(())
}
