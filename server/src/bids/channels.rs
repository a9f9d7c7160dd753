//! The bid area's live channel, for the hub ([`crate::realtime::policy`]):
//! `bid:{id}` is heard by the project's owner, that bidder and admins.

use futures::future::BoxFuture;
use sqlx::Row;
use vitrine_protocol::{Channel, ChannelKind};

use crate::{
    accounts::auth::account_of,
    realtime::policy::{ChannelPolicy, Channels, Principal},
    store::Db,
};

pub fn register(channels: &Channels) {
    channels.register(ChannelKind::Bid, BidChannel);
}

struct BidChannel;

impl ChannelPolicy for BidChannel {
    fn may_subscribe<'a>(
        &'a self,
        db: &'a Db,
        viewer: Option<&'a Principal>,
        channel: &'a Channel,
    ) -> BoxFuture<'a, Result<bool, sqlx::Error>> {
        Box::pin(async move {
            let Channel::Bid(id) = channel else { return Ok(false) };
            let row = sqlx::query(
                "SELECT b.created_by AS bidder, p.created_by AS owner FROM bid b JOIN project p ON p.id = b.project_id WHERE b.id = $1",
            )
            .bind(*id)
            .fetch_optional(&db.pool)
            .await?;
            let Some(row) = row else { return Ok(false) };
            let bidder: i64 = row.try_get("bidder")?;
            let owner: i64 = row.try_get("owner")?;
            let user = account_of(viewer);
            Ok(user.is_some_and(|u| u.is_admin() || u.id == bidder || u.id == owner))
        })
    }
}
