//! The court's live channel, for the hub ([`crate::realtime::policy`]): `court` is heard
//! by whoever may sit in the court ([`super::may_sit`]: gold designers and admins).

use vitrine_protocol::ChannelKind;

use crate::{accounts::auth::UserRule, realtime::policy::Channels};

pub fn register(channels: &Channels) {
    channels.register(ChannelKind::Court, UserRule(super::may_sit));
}
