//! The user channel, for the hub ([`crate::realtime::policy`]): `user:{id}` carries that
//! user's notifications, badges and direct messages, so only that user hears it. Typing
//! goes to a correspondent's own user channel: allowed once the two have a conversation (a
//! message either way), and a conversation, once there, stays for the connection.

use futures::future::BoxFuture;
use vitrine_protocol::{Channel, ChannelKind};

use crate::{
    realtime::policy::{ChannelPolicy, Channels, Principal, SignalRight},
    store::Db,
};

pub fn register(channels: &Channels) {
    channels.register(ChannelKind::User, UserChannel);
}

struct UserChannel;

impl ChannelPolicy for UserChannel {
    fn may_subscribe<'a>(
        &'a self,
        _db: &'a Db,
        viewer: Option<&'a Principal>,
        channel: &'a Channel,
    ) -> BoxFuture<'a, Result<bool, sqlx::Error>> {
        let allowed = matches!((viewer, channel), (Some(me), Channel::User(id)) if me.id == *id);
        Box::pin(async move { Ok(allowed) })
    }

    fn may_signal<'a>(
        &'a self,
        db: &'a Db,
        viewer: &'a Principal,
        channel: &'a Channel,
        _subscribed: bool,
    ) -> BoxFuture<'a, SignalRight> {
        Box::pin(async move {
            let Channel::User(peer) = channel else { return SignalRight::Denied };
            if *peer == viewer.id {
                return SignalRight::Denied;
            }
            let found = match db.pool.acquire().await {
                Ok(mut conn) => super::store::have_conversation(&mut conn, viewer.id, *peer).await.unwrap_or(false),
                Err(_) => false,
            };
            if found {
                SignalRight::Lasting
            } else {
                SignalRight::Denied
            }
        })
    }
}
