//! Bids on projects and their private discussions (projects doc, sections 3-7).
//!
//! - [`routes`]: place, list (sort, filter by username), show, withdraw, my bids, and
//!   the admin's manual approval.
//! - [`discussion`]: the owner and the bidder talk about one bid.
//! - [`access`]: who may see a bid (the rule of the hub's `bid:{id}` channel).
//! - [`payable`]: a bid's approval as the payments area sells it; [`payment_routes`]:
//!   its payment routes (`/projects/{id}/bids/{bidId}/approve/payments/...`).
//! - [`transitions`]: the bid's state machine, one table.
//! - [`store`]: SQL. [`model`]: rows and views. [`events`]: `bid:{id}` events.
//!
//! Live: the bid, its updates and its messages on `bid:{id}`; counts and project
//! statuses on `project:{id}`; notifications 11, 12, 14, 15 and 19 on `user:{id}`.
//! Typing in a discussion is the hub's `typing` frame on `bid:{id}` (docs/protocol.md).

pub mod access;
pub mod channels;
pub mod discussion;
pub mod events;
pub mod model;
pub mod payable;
pub mod payment_routes;
pub mod routes;
pub mod store;
pub mod transitions;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::place, routes::list))
        .routes(routes!(routes::my_bids))
        .routes(routes!(routes::show, routes::delete))
        .routes(routes!(routes::approve))
        .routes(routes!(discussion::list, discussion::create))
        .routes(routes!(payment_routes::create_bid))
        .routes(routes!(payment_routes::update_bid))
        .routes(routes!(payment_routes::finalize_bid))
        .routes(routes!(payment_routes::paypal::create_bid))
        .routes(routes!(payment_routes::paypal::execute_bid))
}
