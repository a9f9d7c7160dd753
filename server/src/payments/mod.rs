//! Payments through Stripe (contests doc, sections 3-9; projects doc, project payments).
//!
//! - [`stripe`]: the provider (the `async-stripe` client and the webhook secret), or
//!   the test-mode provider, a local Stripe started inside the server when no keys
//!   are configured. [`customers`]: each user's Stripe customer.
//! - [`cards`]: saved cards (setup intents, store, list, default and backup, delete,
//!   CVC check); SQL in [`card_store`].
//! - [`purpose`]: what a payment pays for and what it costs (server-side prices in
//!   cents, the payer's own contest or project). [`intents`]: create, update and
//!   finalize, shared by every purpose's routes in [`routes`]. [`charges`]: the direct
//!   card charges (`.../payments/stripe`), one call that charges a saved card and settles.
//! - [`webhook`]: `POST /webhooks/stripe`, signature checked, each event once;
//!   [`effects`]: what a paid purpose does, in the webhook's transaction.
//! - [`transactions`]: stored payments and `GET /transactions`. [`events`]: `payment.updated`.
//! - [`invoices`]: one-time links to a contest's invoice, as a PDF ([`pdf`]).
//! - [`prices`]: `GET /payments/prices`, what an extension day or an additional design costs.
//! - [`test_mode`]: which Stripe.js the browser loads (the local Stripe's stand-in under the
//!   test-mode provider), and Stripe.js's two confirmations for clients without a browser.
//! - [`paypal`]: the same purposes paid with PayPal (create, approval, execute), settled
//!   by [`settle`], the path Stripe's webhook takes too.
//!
//! Flow: the client creates an intent (idempotency key required), may update it,
//! finalizes it with a saved card, and confirms it with Stripe.js; Stripe's
//! `payment_intent.succeeded` webhook marks the payment paid and performs its effect,
//! publishing the hub events (`contest.status`, `contest.updated`, `bid.updated`,
//! `project.status`, `payment.updated`, the badge, `subscription.updated`,
//! notifications) after commit.

pub mod card_store;
pub mod cards;
pub mod charges;
pub mod customers;
pub mod effects;
pub mod events;
pub mod intents;
pub mod invoices;
pub mod paypal;
pub mod pdf;
pub mod prices;
pub mod purpose;
pub mod quote_routes;
pub mod routes;
pub mod settle;
pub use crate::shared::stripe;
pub mod test_mode;
pub mod transactions;
pub mod webhook;

pub use purpose::Purpose;
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
        .routes(routes!(routes::create_launch))
        .routes(routes!(routes::update_launch))
        .routes(routes!(routes::finalize_launch))
        .routes(routes!(routes::create_upgrade))
        .routes(routes!(routes::update_upgrade))
        .routes(routes!(routes::finalize_upgrade))
        .routes(routes!(routes::create_extend))
        .routes(routes!(routes::update_extend))
        .routes(routes!(routes::finalize_extend))
        .routes(routes!(routes::create_prize))
        .routes(routes!(routes::update_prize))
        .routes(routes!(routes::finalize_prize))
        .routes(routes!(routes::create_design))
        .routes(routes!(routes::update_design))
        .routes(routes!(routes::finalize_design))
        .routes(routes!(routes::create_bid))
        .routes(routes!(routes::update_bid))
        .routes(routes!(routes::finalize_bid))
        .routes(routes!(routes::create_budget))
        .routes(routes!(routes::update_budget))
        .routes(routes!(routes::finalize_budget))
        .routes(routes!(routes::create_cart))
        .routes(routes!(routes::update_cart))
        .routes(routes!(routes::finalize_cart))
        .routes(routes!(routes::create_subscription))
        .routes(routes!(routes::update_subscription))
        .routes(routes!(routes::finalize_subscription))
        .routes(routes!(routes::create_marketplace))
        .routes(routes!(routes::update_marketplace))
        .routes(routes!(routes::finalize_marketplace))
        .routes(routes!(routes::create_purchase_design))
        .routes(routes!(routes::update_purchase_design))
        .routes(routes!(routes::finalize_purchase_design))
        .routes(routes!(quote_routes::quote_contest))
        .routes(routes!(quote_routes::apply_free_upgrades))
        .routes(routes!(charges::charge_design))
        .routes(routes!(charges::charge_upgrade))
        .routes(routes!(charges::charge_extend))
        .routes(routes!(charges::charge_cart))
        .routes(routes!(webhook::receive))
        .routes(routes!(transactions::list))
        .routes(routes!(invoices::issue_token))
        .routes(routes!(invoices::download))
        .routes(routes!(test_mode::stripe_js))
        .routes(routes!(test_mode::confirm_setup))
        .routes(routes!(test_mode::confirm_payment))
        .routes(routes!(paypal::routes::create_launch))
        .routes(routes!(paypal::routes::execute_launch))
        .routes(routes!(paypal::routes::create_upgrade))
        .routes(routes!(paypal::routes::execute_upgrade))
        .routes(routes!(paypal::routes::create_extend))
        .routes(routes!(paypal::routes::execute_extend))
        .routes(routes!(paypal::routes::create_prize))
        .routes(routes!(paypal::routes::execute_prize))
        .routes(routes!(paypal::routes::create_design))
        .routes(routes!(paypal::routes::execute_design))
        .routes(routes!(paypal::routes::create_bid))
        .routes(routes!(paypal::routes::execute_bid))
        .routes(routes!(paypal::routes::create_budget))
        .routes(routes!(paypal::routes::execute_budget))
        .routes(routes!(paypal::routes::create_cart))
        .routes(routes!(paypal::routes::execute_cart))
        .routes(routes!(paypal::routes::create_subscription))
        .routes(routes!(paypal::routes::execute_subscription))
        .routes(routes!(paypal::routes::create_marketplace))
        .routes(routes!(paypal::routes::execute_marketplace))
        .routes(routes!(prices::list))
}
