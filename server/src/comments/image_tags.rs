//! Image tags: a point on an entry's image with a note, feedback between the
//! contest's owner and the entry's designer.
//!
//! Only those two write and complete tags; they and admins read them. As nobody else
//! may read a tag, its events go to `user:{owner}` and `user:{designer}` on every
//! contest, not only on blind ones: the contest channel would show them to everyone.

use axum::{extract::State, http::StatusCode, Json};
use serde::Deserialize;
use tracing::instrument;
use utoipa::ToSchema;
use vitrine_protocol::event_type;

use super::{
    access::{self, Target},
    events::append_all,
    model::ImageTagView,
    store::{self, NewTag},
};
use crate::{
    accounts::CurrentUser,
    api::{Data, Message},
    error::{catalogue, ApiJson, ApiPath, AppError, ErrorEnvelope, FieldErrors},
    state::AppState,
};

const MAX_NOTE: usize = 1000;

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ImageTagRequest {
    /// Fraction of the image's width, 0 to 1.
    pub x: Option<f64>,
    /// Fraction of the image's height, 0 to 1.
    pub y: Option<f64>,
    /// 1 to 1000 characters, trimmed.
    pub note: Option<String>,
}

/// (x, y, note) when every field keeps its rule.
fn checked(req: &ImageTagRequest) -> Result<(f64, f64, String), AppError> {
    let mut errors = FieldErrors::new();
    for (field, value) in [("x", req.x), ("y", req.y)] {
        match value {
            None => errors.add(field, catalogue::REQUIRED),
            Some(v) if !(0.0..=1.0).contains(&v) => errors.add(field, catalogue::POSITION_RANGE),
            Some(_) => {}
        }
    }
    let note = req.note.as_deref().map(str::trim).unwrap_or_default();
    if note.is_empty() {
        errors.add("note", catalogue::REQUIRED);
    } else if note.chars().count() > MAX_NOTE {
        errors.add("note", catalogue::TOO_LONG);
    }
    errors.into_result()?;
    Ok((req.x.unwrap_or_default(), req.y.unwrap_or_default(), note.to_owned()))
}

/// 403 unless the caller is the contest's owner or the entry's designer.
fn require_party(target: &Target, caller: &CurrentUser) -> Result<(), AppError> {
    match target.is_party(caller.id()) {
        true => Ok(()),
        false => Err(AppError::forbidden(catalogue::IMAGE_TAG_FORBIDDEN)),
    }
}

async fn find(state: &AppState, target: &Target, tag_id: i64) -> Result<ImageTagView, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    store::find_tag(&mut conn, target.entry_id().unwrap_or_default(), tag_id)
        .await?
        .ok_or_else(|| AppError::not_found(catalogue::IMAGE_TAG_NOT_FOUND))
}

/// Tags a point of the entry's image (the contest's owner or the entry's designer).
#[utoipa::path(post, path = "/contests/{id}/entries/{entryId}/image-tags", tag = "image tags",
    params(("id" = i64, Path), ("entryId" = i64, Path)), request_body = ImageTagRequest, security(("bearer" = [])),
    responses((status = 201, body = Data<ImageTagView>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id, entry_id, user_id = caller.id()))]
pub async fn create(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, entry_id)): ApiPath<(i64, i64)>,
    ApiJson(req): ApiJson<ImageTagRequest>,
) -> Result<(StatusCode, Json<Data<ImageTagView>>), AppError> {
    let target = access::entry(&state, Some(&caller), id, entry_id).await?;
    require_party(&target, &caller)?;
    let (x, y, note) = checked(&req)?;
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    let tag = store::insert_tag(&mut tx, &NewTag { entry_id, user_id: caller.id(), x, y, note: &note }, now).await?;
    let events = append_all(&mut tx, &target.private_channels(), event_type::IMAGE_TAG_CREATED, &tag, now).await?;
    tx.publish(events);
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(Data::new(tag))))
}

/// The entry's tags, oldest first (the contest's owner, the entry's designer, admins).
#[utoipa::path(get, path = "/contests/{id}/entries/{entryId}/image-tags", tag = "image tags",
    params(("id" = i64, Path), ("entryId" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<ImageTagView>>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, entry_id)): ApiPath<(i64, i64)>,
) -> Result<Json<Data<Vec<ImageTagView>>>, AppError> {
    let target = access::entry(&state, Some(&caller), id, entry_id).await?;
    if !caller.is_admin() {
        require_party(&target, &caller)?;
    }
    let mut conn = state.db.pool.acquire().await?;
    Ok(Json(Data::new(store::tags(&mut conn, entry_id).await?)))
}

/// Marks a tag done (the entry's designer or the contest's owner); 409 when it already is.
#[utoipa::path(patch, path = "/contests/{id}/entries/{entryId}/image-tags/{tagId}/actions/complete", tag = "image tags",
    params(("id" = i64, Path), ("entryId" = i64, Path), ("tagId" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<ImageTagView>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id, entry_id, tag_id))]
pub async fn complete(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, entry_id, tag_id)): ApiPath<(i64, i64, i64)>,
) -> Result<Json<Data<ImageTagView>>, AppError> {
    let target = access::entry(&state, Some(&caller), id, entry_id).await?;
    require_party(&target, &caller)?;
    find(&state, &target, tag_id).await?;
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    if !store::complete_tag(&mut tx, tag_id, now).await? {
        return Err(AppError::conflict(catalogue::IMAGE_TAG_COMPLETED));
    }
    let tag = store::find_tag(&mut tx, entry_id, tag_id).await?.ok_or(sqlx::Error::RowNotFound)?;
    let events = append_all(&mut tx, &target.private_channels(), event_type::IMAGE_TAG_COMPLETED, &tag, now).await?;
    tx.publish(events);
    tx.commit().await?;
    Ok(Json(Data::new(tag)))
}

/// Deletes a tag (its author or an admin).
#[utoipa::path(delete, path = "/contests/{id}/entries/{entryId}/image-tags/{tagId}", tag = "image tags",
    params(("id" = i64, Path), ("entryId" = i64, Path), ("tagId" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id, entry_id, tag_id))]
pub async fn delete(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, entry_id, tag_id)): ApiPath<(i64, i64, i64)>,
) -> Result<Json<Message>, AppError> {
    let target = access::entry(&state, Some(&caller), id, entry_id).await?;
    if !caller.is_admin() {
        require_party(&target, &caller)?;
    }
    let tag = find(&state, &target, tag_id).await?;
    if !caller.is_admin() && tag.created_by_user.id != caller.id() {
        return Err(AppError::forbidden(catalogue::IMAGE_TAG_DELETE_FORBIDDEN));
    }
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    if !store::delete_tag(&mut tx, tag_id).await? {
        return Err(AppError::not_found(catalogue::IMAGE_TAG_NOT_FOUND));
    }
    let events = append_all(&mut tx, &target.private_channels(), event_type::IMAGE_TAG_DELETED, &tag, now).await?;
    tx.publish(events);
    tx.commit().await?;
    Ok(Json(Message::new("Image tag deleted")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_fractions_and_notes_are_bounded() {
        let req = |x, y, note: &str| ImageTagRequest { x: Some(x), y: Some(y), note: Some(note.into()) };
        assert!(checked(&req(0.0, 1.0, " ok ")).is_ok_and(|(_, _, n)| n == "ok"));
        assert!(checked(&req(1.01, 0.5, "ok")).is_err());
        assert!(checked(&req(0.5, -0.1, "ok")).is_err());
        assert!(checked(&req(0.5, 0.5, " ")).is_err());
        assert!(checked(&req(0.5, 0.5, &"n".repeat(1001))).is_err());
        assert!(checked(&ImageTagRequest::default()).is_err());
    }
}
