//! Image tags: a point on an entry's image with a note, feedback between the
//! contest's owner and the entry's designer, kept by the thread model
//! ([`crate::threads::image_tags`]).
//!
//! Only those two write and complete tags; they and admins read them. As nobody else
//! may read a tag, its events go to `user:{owner}` and `user:{designer}` on every
//! contest, not only on blind ones: the contest channel would show them to everyone.

use axum::{extract::State, http::StatusCode, Json};
use serde::Deserialize;
use tracing::instrument;
use utoipa::ToSchema;

use super::{access, model::ImageTagView};
use crate::{
    accounts::CurrentUser,
    api::{Data, Message},
    error::{ApiJson, ApiPath, AppError, ErrorEnvelope, FieldErrors},
    state::AppState,
    threads::{image_tags, rules::checked_point},
};

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ImageTagRequest {
    /// Fraction of the image's width, 0 to 1.
    pub x: Option<f64>,
    /// Fraction of the image's height, 0 to 1.
    pub y: Option<f64>,
    /// 1 to 1000 characters, trimmed.
    pub note: Option<String>,
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
    target.require_party(&caller)?;
    let mut errors = FieldErrors::new();
    let point = checked_point(req.x, req.y, req.note.as_deref(), &mut errors);
    errors.into_result()?;
    let tag = image_tags::create(&state, &caller, &target.tagged(), &point, None).await?;
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
        target.require_party(&caller)?;
    }
    Ok(Json(Data::new(image_tags::list(&state, &target.tagged()).await?)))
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
    target.require_party(&caller)?;
    Ok(Json(Data::new(image_tags::complete(&state, &target.tagged(), tag_id).await?)))
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
        target.require_party(&caller)?;
    }
    image_tags::delete::<ImageTagView>(&state, &caller, &target.tagged(), tag_id).await?;
    Ok(Json(Message::new("Image tag deleted")))
}
