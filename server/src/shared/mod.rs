//! Kinds every area shares, in the layer below the areas: any area may import them,
//! and they import no area (`docs/architecture.md`, "Layers").
//!
//! - [`http`]: reading a request's bearer token. [`page`]: a page of a list.
//! - [`stripe`], [`paypal`]: the payment providers as this server reaches them (paying
//!   with them is the payments area's).
//! - [`throttle`]: the sign-in throttle (the accounts area applies it).

pub mod http;
pub mod page;
pub mod paypal;
pub mod stripe;
pub mod throttle;
