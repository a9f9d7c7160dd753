//! The marketplace (contests doc, sections 2, 3 and 7): designers list entries that did
//! not win a finished contest for sale; clients browse them and buy full rights through
//! the payment-intent flow of every purpose; a bought entry leaves the marketplace live.
//!
//! - [`listing`]: `PUT` and `GET /marketplace-contest-entries` (the designer's listings).
//! - [`browse`]: `/marketplace-contests/search`, a contest's entries for sale, a designer's
//!   (`/users/{id}/marketplace-entries`) and their categories.
//! - [`terms`]: categories and tags, kept by admins.
//! - [`purchase`]: the price of full rights and what the paid purchase does;
//!   [`payable`]: the purchase as the payments area sells it; [`payment_routes`]: its
//!   payment routes.
//! - [`events`]: `marketplace.entry.listed` and `marketplace.entry.removed` on the
//!   `marketplace` channel.
//! - [`store`]: SQL. [`model`]: rows and views.
//!
//! Browsing the marketplace is public, as any shop window, and so are a designer's
//! entries for sale on their profile; buying needs a signed-in user
//! (docs/spec-decisions.md, issue #53).

pub mod browse;
pub mod channels;
pub mod events;
pub mod listing;
pub mod model;
pub mod payable;
pub mod payment_routes;
pub mod purchase;
pub mod store;
pub mod terms;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{accounts::model::UserRow, state::AppState, store::Db};

/// Listings a page, as many as a designer's portfolio page shows.
pub const PER_PAGE: i64 = 12;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(listing::put, listing::mine))
        .routes(routes!(browse::search))
        .routes(routes!(browse::contest_entries))
        .routes(routes!(browse::user_entries))
        .routes(routes!(browse::user_categories))
        .routes(routes!(terms::list_categories, terms::create_category))
        .routes(routes!(terms::show_category, terms::update_category))
        .routes(routes!(terms::list_tags, terms::create_tag))
        .routes(routes!(terms::show_tag, terms::update_tag))
        .routes(routes!(payment_routes::create_marketplace))
        .routes(routes!(payment_routes::update_marketplace))
        .routes(routes!(payment_routes::finalize_marketplace))
        .routes(routes!(payment_routes::create_purchase_design))
        .routes(routes!(payment_routes::update_purchase_design))
        .routes(routes!(payment_routes::finalize_purchase_design))
        .routes(routes!(payment_routes::paypal::create_marketplace))
        .routes(routes!(payment_routes::paypal::execute_marketplace))
}

/// Whether `user` (or an anonymous reader) may read file `file_id` because it shows an
/// entry for sale (anyone may: it is on its designer's public profile) or one they bought.
pub async fn may_read_file(db: &Db, user: Option<&UserRow>, file_id: i64) -> Result<bool, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    store::shows_file(&mut conn, file_id, user.map(|u| u.id)).await
}
