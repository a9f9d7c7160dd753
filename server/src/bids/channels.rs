//! The bid area's live channel, for the hub ([`crate::realtime::policy`]):
//! `bid:{id}` is heard by the project's owner, that bidder and admins: the rule of the
//! REST reads ([`super::access::may_see`]).

use futures::future::BoxFuture;
use vitrine_protocol::{Channel, ChannelKind};

use super::{access::may_see, store};
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
            let Some((bidder, owner)) = store::parties(&db.pool, *id).await? else { return Ok(false) };
            Ok(account_of(viewer).is_some_and(|user| may_see(user, bidder, owner)))
        })
    }
}
