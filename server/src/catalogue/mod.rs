//! The launch catalogue: contest types (with their brief questions) and project
//! categories, sub-categories and services. Reference data every deployment needs,
//! seeded idempotently at migration time; admins may edit it afterwards.

mod contest_types;
mod project_services;
mod seed;

pub use contest_types::{listing_title, FieldType};
pub use seed::seed;
