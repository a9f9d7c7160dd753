//! Designers' profiles as the profile modal and the `/profile` page read them (contests
//! doc, sections 2, 3 and 7; projects doc, section 7): profile information with the
//! expansions `cover_pic`, `average_rating`, `experience` and `qualifications`, the
//! statistics that choose the modal's tabs, winnings with the rating each client gave
//! the winner (the Reviews tab), and a user's settings.
//!
//! - [`routes`]: the handlers. [`store`]: SQL. [`model`]: rows and views.
//!
//! A winning entry's rating is the contest holder's star rating of it
//! (`PATCH /contests/{id}/entries/{entryId}/ratings`), private while the contest runs
//! and public once the entry won: the average of those is the designer's
//! `average_rating`.

pub mod model;
pub mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{accounts::model::UserRow, state::AppState, store::Db};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::information))
        .routes(routes!(routes::statistics))
        .routes(routes!(routes::winnings))
        .routes(routes!(routes::show_settings, routes::update_settings))
}

/// Whether `user` may read file `file_id` because it is someone's profile picture or
/// cover: anyone may, signed in or not (profiles are public).
pub async fn may_read_file(db: &Db, _user: Option<&UserRow>, file_id: i64) -> Result<bool, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    store::is_profile_image(&mut conn, file_id).await
}
