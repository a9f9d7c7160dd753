//! SQL of the community area: the feed ([`feed`]), showcases ([`showcases`]).

pub mod feed;
pub mod showcases;
