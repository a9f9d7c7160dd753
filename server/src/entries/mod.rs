//! Entries: designers' submissions to contests, their versions, ratings, status,
//! awards, final artworks and reports.
//!
//! - [`submit`]: `POST /contests/{id}/entries`, new versions, and withdrawal.
//! - [`read`]: the list, one entry, `with-details`, `upload-stats`.
//! - [`judge`]: the contest holder's ratings, eliminations and blocks, and the award.
//! - [`deliver`]: the winner's final artworks and their acceptance, and reports of entries.
//! - [`additional`]: the holder buying designs besides the winner's.
//! - [`visibility`]: who may see an entry and its rating (REST, hub and files alike).
//! - [`transitions`]: the entry's state machine, one table.
//! - [`store`]: SQL. [`model`]: rows and views. [`events`]: outbox events.

pub mod additional;
pub mod deliver;
pub mod events;
pub mod judge;
pub mod model;
pub mod read;
pub mod store;
pub mod submit;
pub mod transitions;
pub mod visibility;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    accounts::{model::UserRow, CurrentUser},
    contests::{model::ContestRow, visibility::may_view},
    error::{codes, AppError},
    state::AppState,
    store::Db,
};
use model::{EntryRow, EntryView};
use visibility::{may_view_entry, may_view_rating};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(read::list, submit::submit))
        .routes(routes!(read::with_details))
        .routes(routes!(read::upload_stats))
        .routes(routes!(read::show, submit::withdraw))
        .routes(routes!(submit::add_version))
        .routes(routes!(judge::rate))
        .routes(routes!(judge::set_status))
        .routes(routes!(judge::award))
        .routes(routes!(deliver::upload_artworks))
        .routes(routes!(deliver::accept_artworks))
        .routes(routes!(additional::purchase))
        .routes(routes!(additional::list))
        .routes(routes!(additional::set_status))
        .routes(routes!(additional::payment_routes::create_design))
        .routes(routes!(additional::payment_routes::update_design))
        .routes(routes!(additional::payment_routes::finalize_design))
        .routes(routes!(additional::payment_routes::charge_design))
        .routes(routes!(additional::payment_routes::paypal::create_design))
        .routes(routes!(additional::payment_routes::paypal::execute_design))
}

/// The entry as `viewer` may see it: the rating only for the holder and the designer.
pub fn view_for(viewer: Option<&UserRow>, contest: &ContestRow, row: &EntryRow) -> EntryView {
    let rating = may_view_rating(viewer, contest.created_by, row.created_by).then_some(row.rating).flatten();
    EntryView::of(row).with_rating(rating)
}

/// Entry `id` of `contest` if `viewer` may see it; hidden or absent is a 404 alike.
pub async fn visible_entry(
    state: &AppState,
    viewer: Option<&CurrentUser>,
    contest: &ContestRow,
    id: i64,
) -> Result<EntryRow, AppError> {
    let row = store::find(&state.db.pool, contest.id, id)
        .await?
        .ok_or_else(|| AppError::not_found(codes::ENTRY_NOT_FOUND))?;
    if !may_view_entry(viewer.map(|v| &v.user), contest.created_by, contest.is_blind != 0, row.created_by) {
        return Err(AppError::not_found(codes::ENTRY_NOT_FOUND));
    }
    Ok(row)
}

/// Whether `user` may read a file through an entry it is attached to: whoever may
/// see the entry sees its images; final artworks only the holder and the designer.
/// Anonymous readers (`None`) see what anonymous visitors of the contest see.
/// Asked by [`crate::files::may_read`].
pub async fn may_read_file(db: &Db, user: Option<&UserRow>, file_id: i64) -> Result<bool, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    let attachments = store::file_attachments(&mut conn, file_id).await?;
    Ok(attachments.into_iter().any(|(owner, status, private, blind, designer, kind)| {
        if kind == model::file_kind::ARTWORK {
            return user.is_some_and(|u| u.id == owner || u.id == designer);
        }
        may_view(user, owner, status, private != 0) && may_view_entry(user, owner, blind != 0, designer)
    }))
}
