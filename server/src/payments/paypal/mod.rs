//! Paying with PayPal (the Orders v2 API), beside cards, for every purpose a card pays
//! for: create (an order priced on the server, exactly as a card payment) -> the payer
//! approves at the order's `payer-action` link (answered as `approval_url`) -> PayPal
//! sends the browser back with `token` (the order id) and `PayerID` -> execute, which
//! captures the order exactly once (capture on return) and settles the payment through
//! the same path as Stripe's webhook ([`super::settle`]): the same effect and hub events.
//!
//! - [`client`]: the typed REST client (why no crate: see there), with the provider
//!   itself in [`crate::shared::paypal`].
//! - [`flow`]: create and capture, shared by every purpose's routes (made in the
//!   selling areas with `payments::routes::paypal_routes!`).
//! - [`store`]: the PayPal columns of `payment_transaction`.
//!
//! Without `PAYPAL_CLIENT_ID` the server runs the **test-mode PayPal**: a local PayPal
//! (`vitrine-paypal-mock`) on a loopback port, with an approval page a browser can
//! click through. That is logged as a warning at start and answers carry `test_mode: true`.

pub mod flow;
pub mod store;

pub use crate::shared::paypal::{client, PayPal};
