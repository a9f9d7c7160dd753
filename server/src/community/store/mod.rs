//! SQL of the community area: the activities recorded ([`activity`]), the feed
//! ([`feed`]), showcases ([`showcases`]).

pub mod activity;
pub mod feed;
pub mod showcases;
