//! Designers' public side: the project work they prefer and their portfolio.
//!
//! - [`preferences`]: `GET/PUT /users/{id}/preferences`, the categories,
//!   sub-categories and services a designer wants projects of (projects doc, section 6).
//! - [`portfolio`]: `/users/{id}/portfolios` (list with filters, add, edit, remove), its
//!   categories and its like and rating figures (contests doc, sections 2, 3 and 7).
//! - [`access`]: who may change a designer's side (themself, admins).
//! - [`store`]: SQL. [`model`]: rows and views.
//!
//! Portfolios are public to signed-in users (clients browse creatives); preferences
//! are the designer's and the admins' only.

pub mod access;
pub mod model;
pub mod portfolio;
pub mod preferences;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{accounts::model::UserRow, state::AppState, store::Db};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(preferences::show, preferences::replace))
        .routes(routes!(portfolio::list, portfolio::create))
        .routes(routes!(portfolio::update, portfolio::delete))
        .routes(routes!(portfolio::categories))
        .routes(routes!(portfolio::stats))
}

/// Whether `user` may read file `file_id` as an item of someone's portfolio: every
/// signed-in user may (portfolios are shown to all of them).
pub async fn may_read_file(db: &Db, _user: &UserRow, file_id: i64) -> Result<bool, sqlx::Error> {
    let found: Option<i64> = sqlx::query_scalar("SELECT id FROM portfolio_item WHERE file_id = $1 LIMIT 1")
        .bind(file_id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(found.is_some())
}
