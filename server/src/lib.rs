//! Vitrine server: the REST API, the real-time hub, and storage of a crowdsourced
//! design marketplace.
//!
//! # Layout
//! - [`startup`]: `Application::build` -> `port()` -> `run_until_stopped()`; every
//!   area's channel policies and payable kinds registered.
//! - [`config`]: typed settings from flags and environment; nothing else reads env.
//! - [`http`]: every area's routes merged, the OpenAPI document, the web client.
//! - [`error`]: `AppError`, the error envelope, and the stable codes ([`error::codes`], the
//!   specification's error catalogue).
//! - [`api`]: the `{"data": ...}` answers and the request types every area parses.
//! - [`store`]: the pool (SQLite or PostgreSQL), migrations, the clock.
//! - [`shared`]: kinds every area shares (pages, providers), importing no area.
//! - [`realtime`]: the hub, a library: channels, events on commit, the broker between
//!   nodes; it knows no area (each area registers its channels' rules at start-up).
//! - [`state`]: `AppState`, what every handler is given: the pool, settings, the clock,
//!   the hub, the providers.
//! - Areas, each with its routes, rules and SQL: [`accounts`], [`geo`], [`catalogue`], [`contests`],
//!   [`entries`], [`comments`] (with reactions and image tags), [`notifications`].
//! - [`projects`]: the project categories, launch, brief, lists, lifecycle, invites, the
//!   workroom of an assigned project (updates, comments); [`bids`]: bids on projects and
//!   their private discussions; [`designers`]: designers' project preferences and portfolios.
//! - [`messages`]: direct messages, their conversations, read receipts.
//! - [`threads`]: the one thread model behind contest boards and entries, the workroom,
//!   bid discussions and messages: comments, reactions, image tags, read state; each
//!   area supplies its permissions and its events.
//! - [`court`]: the design court: reports filed and listed, gold jurors' votes, admins'
//!   judgments.
//! - [`commerce`]: coupons, referrals, subscriptions, the tipping cart and tips.
//! - [`marketplace`]: entries for sale after their contest, browsed and bought (full rights).
//! - [`community`]: designers' showcases and the community feed (live on `community`).
//! - [`profiles`]: designers' profiles as the profile modal and page read them; settings.
//! - [`admin`]: the admin console's server side (dashboard, lists, payouts, sales, notes,
//!   banners, the project's invoice) and the calls that belong to no other area.
//! - [`payments`]: Stripe and PayPal: cards, payment intents, direct charges, the webhook,
//!   settling, refunds, transactions, what invoices share. It imports no area that sells:
//!   each implements `payments::payable::Payable` for what it sells (price and effect,
//!   in its own `payable.rs`, routes in its `payment_routes.rs`), registered at start-up
//!   by `startup::register_payables` (`docs/architecture.md`, "Adding a payable thing").
//! - [`files`]: uploads typed by content, stored on disk, one-time download links.
//! - [`mail`]: the outbox table and its SMTP sender. [`seed`]: reference and demo data.
//! - [`timers`]: work due because time passed; in-process or in `vitrine-worker`.
//! - [`ops`]: health, readiness, metrics. [`telemetry`]: logging.
//! - `generated_file` (tests): the files the server writes for others (OpenAPI, error
//!   codes, notification texts) are committed; their tests check them fresh.
//!
//! Handlers are thin: they parse input into domain types, call the area's store
//! functions, and answer `{"data": ...}` or an `AppError`. An area's SQL lives in its
//! `store.rs` (or a `store/` folder once it outgrows one file), and nowhere else.

pub mod accounts;
pub mod admin;
pub mod api;
pub mod bids;
pub mod catalogue;
pub mod comments;
pub mod commerce;
pub mod community;
pub mod config;
pub mod contests;
pub mod court;
pub mod designers;
pub mod entries;
pub mod error;
pub mod files;
#[cfg(test)]
mod generated_file;
pub mod geo;
pub mod http;
pub mod mail;
pub mod marketplace;
pub mod messages;
pub mod notifications;
pub mod openapi_answers;
pub mod openapi_file;
pub mod ops;
pub mod payments;
pub mod profiles;
pub mod projects;
pub mod realtime;
pub mod seed;
pub mod shared;
pub mod startup;
pub mod state;
pub mod storage;
pub mod store;
pub mod telemetry;
pub mod threads;
pub mod timers;

pub use config::Settings;
pub use startup::Application;
