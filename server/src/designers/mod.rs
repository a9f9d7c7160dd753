//! Designers' public side: the project work they prefer and their portfolio.
//!
//! - [`preferences`]: `/users/{id}/preferences` (read, replace, add one, remove one), the
//!   categories, sub-categories and services a designer wants projects of, with images
//!   of their work for a service (projects doc, sections 6 and 7).
//! - [`showcase`]: the same from the catalogue's pages (`/projects/.../preferences`),
//!   and a designer's services and their work as the profile shows them.
//! - [`portfolio`]: `/users/{id}/portfolios` (list with filters, add, edit, remove), its
//!   categories and its like and rating figures (contests doc, sections 2, 3 and 7).
//! - [`access`]: who may change a designer's side (themself, admins).
//! - [`store`] (preferences in [`store::preferences`]): SQL. [`model`]: rows and views.
//!
//! Portfolios are public to signed-in users (clients browse creatives); preferences
//! are the designer's and the admins' only.

pub mod access;
pub mod model;
pub mod portfolio;
pub mod preferences;
pub mod showcase;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{accounts::model::UserRow, state::AppState, store::Db};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(preferences::show, preferences::replace, preferences::create))
        .routes(routes!(preferences::delete))
        .routes(routes!(showcase::prefer_category))
        .routes(routes!(showcase::prefer_sub_category))
        .routes(routes!(showcase::prefer_service))
        .routes(routes!(showcase::remove_service_image))
        .routes(routes!(showcase::mine))
        .routes(routes!(showcase::categories))
        .routes(routes!(showcase::services_of))
        .routes(routes!(showcase::service_work))
        .routes(routes!(portfolio::list, portfolio::create))
        .routes(routes!(portfolio::update, portfolio::delete))
        .routes(routes!(portfolio::categories))
        .routes(routes!(portfolio::stats))
}

/// Whether `user` may read file `file_id` as shown on someone's profile (a portfolio
/// item, or work shown with a preferred service): anyone may, signed in or not.
pub async fn may_read_file(db: &Db, _user: Option<&UserRow>, file_id: i64) -> Result<bool, sqlx::Error> {
    store::is_profile_file(&db.pool, file_id).await
}
