//! The launch catalogue: contest types (with their brief questions, prize packages,
//! upgrades and lengths) and project categories, sub-categories and services.
//! Reference data every deployment needs, seeded idempotently at start-up; admins
//! may edit contest types afterwards.
//!
//! - [`contest_types`], [`pricing`], [`project_services`]: the seed data, with its rules.
//! - [`store`]: the SQL; [`model`]: rows and the API's views of them.
//! - [`routes`]: `GET /contests/types...` and the admin's `PUT /contests/types/{id}`,
//!   whose rules live in [`edit`].

mod contest_types;
mod edit;
pub mod model;
pub mod pricing;
mod project_services;
mod routes;
mod seed;
pub mod store;

pub use contest_types::{is_naming, listing_title, FieldType};
pub use routes::router;
pub use seed::seed;
