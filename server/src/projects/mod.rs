//! Projects: the launch catalogue (categories, sub-categories, services, brief
//! questions), launch from a brief, the brief itself, lists, and the lifecycle of
//! status ids 1-6 (projects doc, sections 3-7). Bids live in [`crate::bids`].
//! Every change that watchers should see writes its event to the outbox in the same
//! transaction.
//!
//! - [`catalogue`] (SQL in [`catalogue_store`]): categories, sub-categories, services, questions.
//! - [`launch`]: create, show, delete; read and update the brief. [`rules`]: timeline and budget.
//! - [`lists`]: `GET /projects` with the admin's filters, active, verify, credit.
//! - [`lifecycle`]: statuses, internal statuses, budget increases, artworks, finalize.
//! - [`invites`]: suggestions of creatives and invitations.
//! - [`access`]: who may see and change a project (the hub's rule, `realtime::access`).
//! - [`status`]: status ids and constants. [`notices`]: notification types 11-22.
//! - [`store`]: SQL. [`model`]: rows and views. [`events`]: outbox events. [`seed`]: questions.

pub mod access;
pub mod catalogue;
pub mod catalogue_store;
pub mod events;
pub mod invites;
pub mod launch;
pub mod lifecycle;
pub mod lists;
pub mod model;
pub mod notices;
pub mod rules;
pub mod seed;
pub mod status;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

pub use seed::seed;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(catalogue::list_categories, catalogue::create_category))
        .routes(routes!(catalogue::show_category, catalogue::update_category, catalogue::delete_category))
        .routes(routes!(catalogue::category_by_slug))
        .routes(routes!(catalogue::questions))
        .routes(routes!(catalogue::list_sub_categories, catalogue::create_sub_category))
        .routes(routes!(catalogue::sub_categories_of, catalogue::update_sub_category, catalogue::delete_sub_category))
        .routes(routes!(catalogue::show_sub_category))
        .routes(routes!(catalogue::sub_category_by_slug))
        .routes(routes!(catalogue::list_services, catalogue::create_service))
        .routes(routes!(catalogue::show_service, catalogue::update_service, catalogue::delete_service))
        .routes(routes!(catalogue::service_by_slug))
        .routes(routes!(launch::launch, lists::list))
        .routes(routes!(launch::show, launch::update, launch::delete))
        .routes(routes!(launch::show_brief, launch::update_brief))
        .routes(routes!(lists::active))
        .routes(routes!(lists::verify))
        .routes(routes!(lists::credit))
        .routes(routes!(lifecycle::set_status))
        .routes(routes!(lifecycle::set_internal_status))
        .routes(routes!(lifecycle::increase_budget))
        .routes(routes!(lifecycle::artworks))
        .routes(routes!(lifecycle::finalize))
        .routes(routes!(invites::suggestions))
        .routes(routes!(invites::invite, invites::list))
}
