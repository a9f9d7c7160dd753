//! One module per scenario of the load-harness issue, and what they share.

pub mod common;
pub mod deadlines;
pub mod docs;
pub mod idle;
pub mod marketplace;
pub mod pubsub;
