//! Accounts: sign-up in both variants, password sign-in with bearer tokens,
//! password reset by e-mailed link, sign-in by an e-mailed one-time guid, profiles, and the `CurrentUser` extractor
//! every other area uses to know who is calling.

pub mod auth;
pub mod domain;
pub mod first_admin;
mod login_guid;
pub mod model;
pub mod operators;
pub mod referral;
mod registration;
mod routes;
pub mod secrets;
pub mod store;

pub use crate::shared::throttle::LoginThrottle;
pub use auth::{CurrentUser, MaybeUser};
pub use routes::router;
