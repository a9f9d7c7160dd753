//! Projects: the project categories (categories, sub-categories, services, brief
//! questions), launch from a brief, the brief itself, lists, and the lifecycle of
//! status ids 1-6 (projects doc, sections 3-7). Bids live in [`crate::bids`].
//! Every change that watchers should see writes its event to the outbox in the same
//! transaction.
//!
//! - [`categories`] (SQL in [`categories::store`]): categories, sub-categories, services, questions.
//! - [`launch`]: create, show, delete; read and update the brief. [`rules`]: timeline and budget.
//! - [`lists`]: `GET /projects` with the admin's filters, active, verify, credit.
//! - [`lifecycle`]: statuses, internal statuses, budget increases, artworks, finalize;
//!   [`delivery`]: the delivered files, as the owner reviews them.
//! - [`invites`]: suggestions of creatives and invitations. [`queue`]: a subscribed
//!   client's subscription projects, one under way at a time.
//! - [`access`]: who may see and change a project (the hub's rule too, through [`channels`]).
//! - [`room`]: the workroom of an assigned project (owner, designer, admins), and
//!   [`updates`]: what happens in it (updates, comments, reactions, image tags).
//! - [`files`]: which project files (bids, artworks, updates, brief) a user may read.
//! - [`status`]: status ids and constants. [`transitions`]: the project's state machine, one table. [`notices`]: notification types 11-22.
//! - [`payable`]: a budget raise as the payments area sells it; [`payment_routes`]: its
//!   payment routes (`/projects/{id}/increase-budget/payments/...`). [`earnings`]: the bid
//!   and raises held in the ledger and credited to the designer on completion.
//! - [`store`]: SQL (invitations in [`store::invites`]). [`model`]: rows and views. [`events`]: outbox events.
//!   [`seed`]: questions.

pub mod access;
pub mod categories;
pub mod channels;
pub mod delivery;
pub mod earnings;
pub mod events;
pub mod files;
pub mod invites;
pub mod launch;
pub mod lifecycle;
pub mod lists;
pub mod model;
pub mod notices;
pub mod payable;
pub mod payment_routes;
pub mod queue;
pub mod room;
pub mod rules;
pub mod seed;
pub mod status;
pub mod store;
pub mod transitions;
pub mod updates;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

pub use seed::seed;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(categories::category::list_categories, categories::category::create_category))
        .routes(routes!(
            categories::category::show_category,
            categories::category::update_category,
            categories::category::delete_category
        ))
        .routes(routes!(categories::category::category_by_slug))
        .routes(routes!(categories::category::questions))
        .routes(routes!(
            categories::sub_categories::list_sub_categories,
            categories::sub_categories::create_sub_category
        ))
        .routes(routes!(
            categories::sub_categories::sub_categories_of,
            categories::sub_categories::update_sub_category,
            categories::sub_categories::delete_sub_category
        ))
        .routes(routes!(categories::sub_categories::show_sub_category))
        .routes(routes!(categories::sub_categories::sub_category_by_slug))
        .routes(routes!(categories::services::list_services, categories::services::create_service))
        .routes(routes!(
            categories::services::show_service,
            categories::services::update_service,
            categories::services::delete_service
        ))
        .routes(routes!(categories::services::service_by_slug))
        .routes(routes!(launch::launch, lists::list))
        .routes(routes!(launch::show, launch::update, launch::delete))
        .routes(routes!(launch::show_brief, launch::update_brief))
        .routes(routes!(lists::active))
        .routes(routes!(lists::verify))
        .routes(routes!(lists::credit))
        .routes(routes!(lifecycle::set_status))
        .routes(routes!(lifecycle::set_internal_status))
        .routes(routes!(lifecycle::increase_budget))
        .routes(routes!(delivery::list_artworks, lifecycle::artworks))
        .routes(routes!(lifecycle::finalize))
        .routes(routes!(invites::suggestions))
        .routes(routes!(invites::invite, invites::list))
        .routes(routes!(payment_routes::create_budget))
        .routes(routes!(payment_routes::update_budget))
        .routes(routes!(payment_routes::finalize_budget))
        .routes(routes!(payment_routes::paypal::create_budget))
        .routes(routes!(payment_routes::paypal::execute_budget))
        .merge(updates::router())
}
