//! Image tags: a point on an image with a note, written, completed and deleted by
//! the parties of what is tagged. Every change is one event (`image_tag.created`,
//! `.completed`, `.deleted`) with the tag, on the target's channels.
//!
//! Who may tag and read is the area's rule ([`TagTarget`]), checked before these
//! functions; deleting is the tag's author's or an admin's everywhere. The area says what
//! is tagged with a [`Tagged`], and reads its own view of a tag (see
//! [`crate::image_tag_view!`]).

use serde::Serialize;
use vitrine_protocol::{event_type, Channel};

use super::{
    events::append_all,
    model::{Row, Written},
    rules::{checked_point, Point},
    store::{self, NewTag, TagTable},
};
use crate::{
    accounts::CurrentUser,
    error::{codes, AppError, FieldErrors},
    state::AppState,
};

/// What is tagged, as its area keeps and announces it.
#[derive(Debug, Clone)]
pub struct Tagged {
    pub table: TagTable,
    /// The target's id in the table.
    pub target: i64,
    /// Where events about its tags go.
    pub channels: Vec<Channel>,
}

/// What an area's image tags are on, with the area's rules (the handlers are
/// [`super::routes`]'s).
pub trait TagTarget {
    /// A tag as the area shows it.
    type Tag: Row + Serialize + Written;
    /// The area's request for a new tag.
    type Request;
    /// Where its tags are kept and announced.
    fn tagged(&self) -> Tagged;
    /// Whether `caller` may tag and complete tags.
    fn may_tag(&self, caller: &CurrentUser) -> Result<(), AppError>;
    /// Whether `caller` may read the tags, and so try to delete one (which its author or
    /// an admin then may).
    fn may_read_tags(&self, caller: &CurrentUser) -> Result<(), AppError>;
    /// The request's point and note, and the image it is on where an area tags one of
    /// several; a 422 naming each wrong field.
    fn checked_tag(&self, req: &Self::Request) -> Result<(Point, Option<i64>), AppError>;
}

/// A tag's point and note, checked, with what `also` finds wrong with the rest of the
/// request.
pub fn checked_tag(
    x: Option<f64>,
    y: Option<f64>,
    note: Option<&str>,
    also: impl FnOnce(&mut FieldErrors),
) -> Result<Point, AppError> {
    let mut errors = FieldErrors::new();
    let point = checked_point(x, y, note, &mut errors);
    also(&mut errors);
    errors.into_result()?;
    Ok(point)
}

/// The target's tags, oldest first.
pub async fn list<T: Row>(state: &AppState, on: &Tagged) -> Result<Vec<T>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    Ok(store::tags(&mut conn, &on.table, on.target).await?)
}

/// Tag `tag_id` of the target, or 404.
pub async fn find<T: Row>(state: &AppState, on: &Tagged, tag_id: i64) -> Result<T, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    store::find_tag(&mut conn, &on.table, on.target, tag_id)
        .await?
        .ok_or_else(|| AppError::not_found(codes::IMAGE_TAG_NOT_FOUND))
}

/// Writes the caller's tag at `point` (on image `file_id`, where tags are per file).
pub async fn create<T: Row + Serialize>(
    state: &AppState,
    caller: &CurrentUser,
    on: &Tagged,
    point: &Point,
    file_id: Option<i64>,
) -> Result<T, AppError> {
    let new = NewTag { target: on.target, file_id, user_id: caller.id(), point };
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    let tag: T = store::insert_tag(&mut tx, &on.table, &new, now).await?;
    append_all(&mut tx, &on.channels, event_type::IMAGE_TAG_CREATED, &tag, now).await?;
    tx.commit().await?;
    Ok(tag)
}

/// Marks tag `tag_id` done; 404 when it is not the target's, 409 when it already is.
pub async fn complete<T: Row + Serialize>(state: &AppState, on: &Tagged, tag_id: i64) -> Result<T, AppError> {
    find::<T>(state, on, tag_id).await?;
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    if !store::complete_tag(&mut tx, &on.table, tag_id, now).await? {
        return Err(AppError::conflict(codes::IMAGE_TAG_COMPLETED));
    }
    let tag: T = store::find_tag(&mut tx, &on.table, on.target, tag_id).await?.ok_or(sqlx::Error::RowNotFound)?;
    append_all(&mut tx, &on.channels, event_type::IMAGE_TAG_COMPLETED, &tag, now).await?;
    tx.commit().await?;
    Ok(tag)
}

/// Deletes tag `tag_id` (its author or an admin); 404 when it is not the target's.
pub async fn delete<T: Row + Serialize + Written>(
    state: &AppState,
    caller: &CurrentUser,
    on: &Tagged,
    tag_id: i64,
) -> Result<(), AppError> {
    let tag: T = find(state, on, tag_id).await?;
    if !caller.is_admin() && tag.author().id != caller.id() {
        return Err(AppError::forbidden(codes::IMAGE_TAG_DELETE_FORBIDDEN));
    }
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    if !store::delete_tag(&mut tx, &on.table, tag_id).await? {
        return Err(AppError::not_found(codes::IMAGE_TAG_NOT_FOUND));
    }
    append_all(&mut tx, &on.channels, event_type::IMAGE_TAG_DELETED, &tag, now).await?;
    tx.commit().await?;
    Ok(())
}
