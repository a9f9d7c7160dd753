//! The community's live channel, for the hub ([`crate::realtime::policy`]): `community`
//! is heard by designers and clients ([`super::may_follow`]), as `GET /activities/community`.

use vitrine_protocol::ChannelKind;

use crate::{accounts::auth::UserRule, realtime::policy::Channels};

pub fn register(channels: &Channels) {
    channels.register(ChannelKind::Community, UserRule(super::may_follow));
}
