//! Contests: launch from a brief, the brief itself, lists, and the lifecycle of
//! status ids 1-9 (contests doc, section 4). Every change that watchers should see
//! writes its event to the outbox in the same transaction.
//!
//! - [`launch`]: create, read and edit the brief; show, delete, count views.
//! - [`lifecycle`]: start requests and approvals, admin statuses, extensions.
//! - [`options`]: package, upgrades and length; where a launch flow stands.
//! - [`payable`]: what a contest sells through the payments area (launch, upgrades,
//!   extension, prize raise), priced and applied; [`payment_routes`]: the routes that sell
//!   them (payment intents, direct charges, PayPal); [`quote_routes`]: the quote endpoint
//!   and free upgrades; [`invoices`]: the contest's invoice. [`earnings`]: the prize held
//!   in the ledger and credited to the winners.
//! - [`lists`]: the dashboard and admin lists (featured contests first where designers browse).
//! - [`email_blast`]: the Email Blast upgrade's launch-day mail.
//! - [`stats`]: entry counts per filter.
//! - [`quick_chat`]: quick-start chats by tracker id, linked to the account and contest they lead to.
//! - [`brief`]: the brief's validation rules (projects' briefs use them too), and
//!   [`store::brief`]: question rules and stored answers of contest and project briefs.
//! - [`status`]: status ids and constants. [`transitions`]: the contest's state machine, one table.
//! - [`brief_files`]: files attached to a brief, shown and readable with it.
//! - [`visibility`]: who may see a contest (REST and hub alike) and read its brief.
//! - [`store`]: SQL. [`model`]: rows and views. [`events`]: outbox events.

pub mod brief;
pub mod brief_files;
pub mod channels;
pub mod earnings;
pub mod email_blast;
pub mod events;
pub mod invoices;
pub mod launch;
pub mod lifecycle;
pub mod lists;
pub mod model;
pub mod options;
pub mod payable;
pub mod payment_routes;
pub mod pricing;
pub mod quick_chat;
pub mod quote_routes;
pub mod stats;
pub mod status;
pub mod store;
pub mod transitions;
pub mod visibility;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

/// A contest's page in the client, absolute on `link_base` (the public URL): where mails
/// about the contest send their reader.
pub fn page_link(link_base: &str, contest_id: i64) -> String {
    format!("{link_base}/contests/{contest_id}/entries")
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(launch::launch))
        .routes(routes!(launch::show, launch::delete))
        .routes(routes!(launch::show_brief, launch::update_brief))
        .routes(routes!(launch::count_view))
        .routes(routes!(stats::filter_stats))
        .routes(routes!(options::set_options))
        .routes(routes!(options::step))
        .routes(routes!(lifecycle::request_start))
        .routes(routes!(lifecycle::decide_request))
        .routes(routes!(lifecycle::set_status))
        .routes(routes!(lifecycle::set_internal_status))
        .routes(routes!(lifecycle::extend))
        .routes(routes!(lists::unstarted))
        .routes(routes!(lists::active))
        .routes(routes!(lists::ended))
        .routes(routes!(lists::available))
        .routes(routes!(lists::verify))
        .routes(routes!(lists::credit))
        .routes(routes!(lists::pending_winner))
        .routes(routes!(lists::participating))
        .routes(routes!(lists::participated))
        .routes(routes!(lists::won))
        .routes(routes!(quick_chat::create))
        .routes(routes!(quick_chat::show, quick_chat::link))
        .routes(routes!(payment_routes::create_launch))
        .routes(routes!(payment_routes::update_launch))
        .routes(routes!(payment_routes::finalize_launch))
        .routes(routes!(payment_routes::create_upgrade))
        .routes(routes!(payment_routes::update_upgrade))
        .routes(routes!(payment_routes::finalize_upgrade))
        .routes(routes!(payment_routes::create_extend))
        .routes(routes!(payment_routes::update_extend))
        .routes(routes!(payment_routes::finalize_extend))
        .routes(routes!(payment_routes::create_prize))
        .routes(routes!(payment_routes::update_prize))
        .routes(routes!(payment_routes::finalize_prize))
        .routes(routes!(payment_routes::charge_upgrade))
        .routes(routes!(payment_routes::charge_extend))
        .routes(routes!(payment_routes::paypal::create_launch))
        .routes(routes!(payment_routes::paypal::execute_launch))
        .routes(routes!(payment_routes::paypal::create_upgrade))
        .routes(routes!(payment_routes::paypal::execute_upgrade))
        .routes(routes!(payment_routes::paypal::create_extend))
        .routes(routes!(payment_routes::paypal::execute_extend))
        .routes(routes!(payment_routes::paypal::create_prize))
        .routes(routes!(payment_routes::paypal::execute_prize))
        .routes(routes!(quote_routes::quote_contest))
        .routes(routes!(quote_routes::apply_free_upgrades))
        .routes(routes!(quote_routes::launch_free))
        .routes(routes!(invoices::issue_token))
        .routes(routes!(invoices::download))
}
