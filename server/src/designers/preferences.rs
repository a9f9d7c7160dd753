//! A designer's project preferences: the categories, sub-categories and services they
//! want projects of, and the images they show with a preferred service. Only the
//! designer themself and admins see the whole list or change it (the services and
//! their images are also shown on the profile, see [`super::showcase`]).

use axum::{extract::State, http::StatusCode, Json};
use serde::Deserialize;
use tracing::instrument;
use utoipa::ToSchema;

use super::{
    access::{designer, require_self},
    model::PreferencesView,
    store::preferences::{self as store, PreferenceKind},
};
use crate::{
    accounts::CurrentUser,
    api::{loose_id, Data, Message},
    error::{codes, ApiJson, ApiPath, AppError, ErrorEnvelope, FieldErrors},
    state::AppState,
};

/// At most this many preferences of each kind, and images per service.
const MAX_EACH: usize = 50;
const MAX_IMAGES: usize = 20;

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct PreferencesRequest {
    /// Replaces the chosen categories (empty: none). Kept ones keep their images.
    #[serde(default)]
    pub project_category_ids: Vec<i64>,
    #[serde(default)]
    pub project_sub_category_ids: Vec<i64>,
    #[serde(default)]
    pub project_service_ids: Vec<i64>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct PreferenceRequest {
    /// Exactly one of the three.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub project_category_id: Option<i64>,
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub project_sub_category_id: Option<i64>,
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub project_service_id: Option<i64>,
    /// Images of the designer's (uploads) to show with a service.
    #[serde(default)]
    pub file_ids: Vec<i64>,
}

/// The user's preferences as the API shows them.
pub async fn read(state: &AppState, user_id: i64) -> Result<PreferencesView, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    Ok(PreferencesView {
        categories: store::preferred(&mut conn, user_id, PreferenceKind::Category).await?,
        sub_categories: store::preferred(&mut conn, user_id, PreferenceKind::SubCategory).await?,
        services: store::preferred(&mut conn, user_id, PreferenceKind::Service).await?,
    })
}

/// Adds `target` of `kind` to designer `user_id`'s preferences with `file_ids` as its
/// images (services only, the designer's own uploads); answers whether it is new.
pub async fn add(
    state: &AppState,
    user_id: i64,
    kind: PreferenceKind,
    target: i64,
    file_ids: &[i64],
) -> Result<bool, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    if !store::unknown(&mut conn, kind, &[target]).await?.is_empty() {
        return Err(AppError::field(kind.column(), codes::NOT_FOUND_OPTION));
    }
    if !file_ids.is_empty() && kind != PreferenceKind::Service {
        return Err(AppError::field("file_ids", codes::PREFERENCE_IMAGES_SERVICE));
    }
    if file_ids.len() > MAX_IMAGES {
        return Err(AppError::field("file_ids", codes::TOO_LONG));
    }
    if !crate::files::store::foreign_files(&mut conn, user_id, file_ids).await?.is_empty() {
        return Err(AppError::field("file_ids", codes::NOT_FOUND_OPTION));
    }
    drop(conn);
    let mut tx = state.db.pool.begin().await?;
    let (preference, added) = store::add(&mut tx, user_id, kind, target).await?;
    store::add_images(&mut tx, preference.id, file_ids).await?;
    tx.commit().await?;
    Ok(added)
}

/// 201 when something was added, 200 when it was there already.
pub fn created_or_ok(added: bool) -> StatusCode {
    if added {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    }
}

/// The designer's preferences (themself, admins).
#[utoipa::path(get, path = "/users/{id}/preferences", tag = "designers", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<PreferencesView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn show(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<PreferencesView>>, AppError> {
    require_self(&caller, id)?;
    designer(&state, id).await?;
    Ok(Json(Data::new(read(&state, id).await?)))
}

/// Replaces the designer's preferences (themself, admins); every id must exist.
#[utoipa::path(put, path = "/users/{id}/preferences", tag = "designers", params(("id" = i64, Path)),
    request_body = PreferencesRequest, security(("bearer" = [])),
    responses((status = 200, body = Data<PreferencesView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = id))]
pub async fn replace(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<PreferencesRequest>,
) -> Result<Json<Data<PreferencesView>>, AppError> {
    require_self(&caller, id)?;
    designer(&state, id).await?;
    let chosen = [
        (PreferenceKind::Category, "project_category_ids", req.project_category_ids),
        (PreferenceKind::SubCategory, "project_sub_category_ids", req.project_sub_category_ids),
        (PreferenceKind::Service, "project_service_ids", req.project_service_ids),
    ];
    let mut errors = FieldErrors::new();
    let mut clean = Vec::with_capacity(chosen.len());
    let mut conn = state.db.pool.acquire().await?;
    for (kind, field, mut ids) in chosen {
        let mut seen = std::collections::HashSet::new();
        ids.retain(|id| seen.insert(*id));
        if ids.len() > MAX_EACH {
            errors.add(field, codes::TOO_LONG);
        } else if !store::unknown(&mut conn, kind, &ids).await?.is_empty() {
            errors.add(field, codes::NOT_FOUND_OPTION);
        }
        clean.push((kind, ids));
    }
    drop(conn);
    errors.into_result()?;
    let mut tx = state.db.pool.begin().await?;
    store::replace(&mut tx, id, &clean).await?;
    tx.commit().await?;
    Ok(Json(Data::new(read(&state, id).await?)))
}

/// Adds one preference, with images for a service (themself, admins). 201 when new,
/// 200 when it was there (the images are added to it).
#[utoipa::path(post, path = "/users/{id}/preferences", tag = "designers", params(("id" = i64, Path)),
    request_body = PreferenceRequest, security(("bearer" = [])),
    responses((status = 201, body = Data<PreferencesView>), (status = 200, body = Data<PreferencesView>), (status = 403, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = id))]
pub async fn create(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<PreferenceRequest>,
) -> Result<(StatusCode, Json<Data<PreferencesView>>), AppError> {
    require_self(&caller, id)?;
    designer(&state, id).await?;
    let given: Vec<(PreferenceKind, i64)> = [
        (PreferenceKind::Category, req.project_category_id),
        (PreferenceKind::SubCategory, req.project_sub_category_id),
        (PreferenceKind::Service, req.project_service_id),
    ]
    .into_iter()
    .filter_map(|(kind, target)| Some((kind, target?)))
    .collect();
    let [(kind, target)] = given[..] else {
        return Err(AppError::rule(StatusCode::UNPROCESSABLE_ENTITY, codes::PREFERENCE_ONE));
    };
    let added = add(&state, id, kind, target, &req.file_ids).await?;
    Ok((created_or_ok(added), Json(Data::new(read(&state, id).await?))))
}

/// Removes one preference and its images (themself, admins).
#[utoipa::path(delete, path = "/users/{id}/preferences/{prefId}", tag = "designers", params(("id" = i64, Path), ("prefId" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = id, preference_id))]
pub async fn delete(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, preference_id)): ApiPath<(i64, i64)>,
) -> Result<Json<Message>, AppError> {
    require_self(&caller, id)?;
    let mut conn = state.db.pool.acquire().await?;
    let found = store::find(&mut conn, id, preference_id).await?;
    if found.is_none() || !store::remove(&mut conn, preference_id).await? {
        return Err(AppError::not_found(codes::PREFERENCE_NOT_FOUND));
    }
    Ok(Json(Message::new("Preference deleted")))
}
