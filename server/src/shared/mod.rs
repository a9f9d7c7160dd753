//! Kinds every area shares, in the layer below the areas: any area may import them,
//! and they import no area (`docs/architecture.md`, "Layers").
//!
//! - [`http`]: reading a request's bearer token. [`page`]: a page of a list.
//! - [`stripe`], [`paypal`]: the payment providers as this server reaches them (paying
//!   with them is the payments area's).
//! - [`throttle`]: the sign-in throttle (the accounts area applies it).
//! - [`linger`]: the listener whose connections close gracefully (a peer still sending
//!   reads what the server wrote last, such as a WebSocket close frame).
//! - [`money`]: dollars read as cents, sales tax, amounts written out (invoices,
//!   notifications): several areas price and word amounts, so they share one definition.
//! - [`names`]: names people read (display, user and file names): NFC, and refused when
//!   they hold control, bidi or zero-width characters.
//! - [`limits`]: the abuse limits per client address and per account, and the client's
//!   address behind trusted proxies (the areas apply them to their limited calls).
//! - [`transitions`]: the shape of every area's table of allowed status moves.

pub mod http;
pub mod limits;
pub mod linger;
pub mod locale;
pub mod money;
pub mod names;
pub mod page;
pub mod paypal;
pub mod stripe;
pub mod throttle;
pub mod transitions;
