//! Payments through Stripe (contests doc, sections 3-9; projects doc, project payments).
//!
//! - [`stripe`]: the provider (the `async-stripe` client and the webhook secret), or
//!   the test-mode provider, a local Stripe started inside the server when no keys
//!   are configured. [`customers`]: each user's Stripe customer.
//! - [`cards`]: saved cards (setup intents, store, list, default and backup, delete,
//!   CVC check); SQL in [`store::cards`].
//! - [`payable`]: what a payment pays for, as a trait the selling areas implement
//!   ([`payable::Payable`]) and a registry of kinds filled at start-up
//!   (`startup::register_payables`): the payments area imports no area that sells.
//!   [`quote`]: what a payable thing costs, line by line, as every area answers it.
//! - [`intents`]: create, update and finalize, shared by every payable thing's routes, each
//!   told what it sells by a [`intents::PayRoute`]; [`charges`]: the direct card charges
//!   (`.../payments/stripe`), one call that charges a saved card and settles. [`routes`]:
//!   the macros the selling areas make their payment routes with.
//! - [`webhook`]: `POST /webhooks/stripe`, signature checked, each event once;
//!   the paid thing's effect is its area's ([`payable::Payable::apply`]).
//! - [`ledger`]: every cent in and out as balanced journal entries (payments as their
//!   kind splits them, credits, refunds, payouts); what earnings, payouts and invoices read.
//! - [`refunds`]: part of a settled payment given back (a rejected tip of a paid cart).
//! - [`transactions`]: stored payments and `GET /transactions`. [`events`]: `payment.updated`.
//! - [`store`]: the SQL (cards, payments, prices, Stripe events handled).
//! - [`invoices`]: what every invoice shares: one-time links and the PDF ([`pdf`]); the
//!   routes are the invoiced area's (`contests::invoices`, `admin::project_invoices`).
//! - [`prices`]: `GET /payments/prices`, what an extension day or an additional design costs.
//! - [`test_mode`]: which Stripe.js the browser loads (the local Stripe's stand-in under the
//!   test-mode provider), and Stripe.js's two confirmations for clients without a browser.
//! - [`manual`]: a payment an admin records as received outside Vitrine (reason 12).
//! - [`nothing_due`]: a purchase priced $0 (a launch its coupon covers whole), recorded and
//!   settled at once without a provider.
//! - [`paypal`]: the same purposes paid with PayPal (create, approval, execute), settled
//!   by [`settle`], the path Stripe's webhook takes too.
//!
//! Flow: the client creates an intent (idempotency key required), may update it,
//! finalizes it with a saved card, and confirms it with Stripe.js; Stripe's
//! `payment_intent.succeeded` webhook marks the payment paid and performs its effect,
//! publishing the hub events (`contest.status`, `contest.updated`, `bid.updated`,
//! `project.status`, `payment.updated`, the badge, `subscription.updated`,
//! notifications) after commit.

pub mod cards;
pub mod charges;
pub mod customers;
pub mod events;
pub mod intents;
pub mod invoice_text;
pub mod invoices;
pub mod ledger;
pub mod manual;
pub mod nothing_due;
pub mod payable;
pub mod paypal;
pub mod pdf;
pub mod prices;
pub mod quote;
pub mod refunds;
pub mod routes;
pub mod settle;
pub mod store;
pub use crate::shared::stripe;
pub mod test_mode;
pub mod transactions;
pub mod webhook;

pub use stripe::Stripe;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(cards::setup_intent))
        .routes(routes!(cards::store_payment_method))
        .routes(routes!(cards::store_token))
        .routes(routes!(cards::list))
        .routes(routes!(cards::mark_as_default))
        .routes(routes!(cards::mark_as_backup))
        .routes(routes!(cards::delete))
        .routes(routes!(cards::require_cvc))
        .routes(routes!(webhook::receive))
        .routes(routes!(transactions::list))
        .routes(routes!(test_mode::stripe_js))
        .routes(routes!(test_mode::confirm_setup))
        .routes(routes!(test_mode::confirm_payment))
        .routes(routes!(prices::list))
}
