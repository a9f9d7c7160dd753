//! One module per scenario of the load-harness issue.

pub mod deadlines;
pub mod fanout;
