//! Paying with PayPal (v1 Payments API), beside cards, for every purpose a card pays
//! for: create (priced on the server, exactly as a card payment) -> the payer approves
//! at PayPal's `approval_url` -> PayPal sends the browser back with `paymentId` and
//! `PayerID` -> execute, exactly once, which settles the payment through the same path
//! as Stripe's webhook ([`super::settle`]): the same effect and hub events.
//!
//! - [`client`]: the typed REST client (why v1 and why no crate: see there), with the
//!   provider itself in [`crate::shared::paypal`].
//! - [`flow`]: create and execute, shared by every purpose's routes in [`routes`].
//! - [`store`]: the PayPal columns of `payment_transaction`.
//!
//! Without `PAYPAL_CLIENT_ID` the server runs the **test-mode PayPal**: a local PayPal
//! (`vitrine-paypal-mock`) on a loopback port, with an approval page a browser can
//! click through. That is logged as a warning at start and answers carry `test_mode: true`.

pub mod flow;
pub mod routes;
pub mod store;

pub use crate::shared::paypal::{client, PayPal};
