//! The marketplace's live channel, for the hub ([`crate::realtime::policy`]):
//! `marketplace` is heard by whoever may browse the marketplace, every signed-in user (as
//! `/marketplace-contests/search`), and tells them what leaves it.

use vitrine_protocol::ChannelKind;

use crate::{accounts::auth::UserRule, realtime::policy::Channels};

pub fn register(channels: &Channels) {
    channels.register(ChannelKind::Marketplace, UserRule(|_| true));
}
