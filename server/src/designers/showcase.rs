//! The catalogue side of preferences: a designer marks categories, sub-categories and
//! services from the catalogue's own pages (`POST /projects/{kind}/preferences/{id}`),
//! sees the categories marked (`GET /projects/categories/creative/preferences`) and
//! their own list (`GET /projects/preferences`); everyone signed in sees a designer's
//! preferred services and the work shown with them (the profile's Services tab).

use axum::{extract::State, http::StatusCode, Json};
use serde::Deserialize;
use tracing::instrument;
use utoipa::ToSchema;

use super::{
    access::designer,
    model::{CategoryChoice, PreferencesView, Preferred, ServiceWork},
    preferences::{add, created_or_ok, read},
    store::preferences::{self as store, PreferenceKind},
};
use crate::{
    accounts::CurrentUser,
    api::{Data, Message},
    error::{codes, ApiJson, ApiPath, AppError, ErrorEnvelope},
    projects::model::Named,
    state::AppState,
};

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct PreferImages {
    /// Images of the caller's (uploads) to show with a service.
    #[serde(default)]
    pub file_ids: Vec<i64>,
}

/// The caller, who must be a designer, adds `target` of `kind` to their preferences.
async fn prefer(
    state: &AppState,
    caller: &CurrentUser,
    kind: PreferenceKind,
    target: i64,
    file_ids: &[i64],
) -> Result<(StatusCode, Json<Data<PreferencesView>>), AppError> {
    designer(state, caller.id()).await?;
    let added = add(state, caller.id(), kind, target, file_ids).await?;
    Ok((created_or_ok(added), Json(Data::new(read(state, caller.id()).await?))))
}

/// The caller (a designer) prefers a category. 201 when new, 200 when it already was.
#[utoipa::path(post, path = "/projects/categories/preferences/{id}", tag = "designers", params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 201, body = Data<PreferencesView>), (status = 200, body = Data<PreferencesView>), (status = 403, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(category_id = id))]
pub async fn prefer_category(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<(StatusCode, Json<Data<PreferencesView>>), AppError> {
    prefer(&state, &caller, PreferenceKind::Category, id, &[]).await
}

/// The caller (a designer) prefers a sub-category.
#[utoipa::path(post, path = "/projects/sub-categories/preferences/{id}", tag = "designers", params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 201, body = Data<PreferencesView>), (status = 200, body = Data<PreferencesView>), (status = 403, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(sub_category_id = id))]
pub async fn prefer_sub_category(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<(StatusCode, Json<Data<PreferencesView>>), AppError> {
    prefer(&state, &caller, PreferenceKind::SubCategory, id, &[]).await
}

/// The caller (a designer) prefers a service, optionally with images of their work.
#[utoipa::path(post, path = "/projects/services/preferences/{id}", tag = "designers", params(("id" = i64, Path)),
    request_body = PreferImages, security(("bearer" = [])),
    responses((status = 201, body = Data<PreferencesView>), (status = 200, body = Data<PreferencesView>), (status = 403, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(service_id = id))]
pub async fn prefer_service(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<PreferImages>,
) -> Result<(StatusCode, Json<Data<PreferencesView>>), AppError> {
    prefer(&state, &caller, PreferenceKind::Service, id, &req.file_ids).await
}

/// The caller takes an image off their preferred service.
#[utoipa::path(delete, path = "/projects/services/{id}/preferences/image/{imageId}", tag = "designers",
    params(("id" = i64, Path), ("imageId" = i64, Path, description = "The image's file id")), security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(service_id = id, file_id = image_id))]
pub async fn remove_service_image(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, image_id)): ApiPath<(i64, i64)>,
) -> Result<Json<Message>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let preference = store::all(&mut conn, caller.id())
        .await?
        .into_iter()
        .find(|p| p.kind == PreferenceKind::Service && p.target == id)
        .ok_or_else(|| AppError::not_found(codes::PREFERENCE_NOT_FOUND))?;
    if !store::remove_image(&mut conn, preference.id, image_id).await? {
        return Err(AppError::not_found(codes::PREFERENCE_NOT_FOUND));
    }
    Ok(Json(Message::new("Image removed")))
}

/// The caller's own preferences (designers).
#[utoipa::path(get, path = "/projects/preferences", tag = "designers", security(("bearer" = [])),
    responses((status = 200, body = Data<PreferencesView>), (status = 403, body = ErrorEnvelope)))]
pub async fn mine(State(state): State<AppState>, caller: CurrentUser) -> Result<Json<Data<PreferencesView>>, AppError> {
    designer(&state, caller.id()).await?;
    Ok(Json(Data::new(read(&state, caller.id()).await?)))
}

/// Every project category, marked whether the caller (a designer) prefers it.
#[utoipa::path(get, path = "/projects/categories/creative/preferences", tag = "designers", security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<CategoryChoice>>), (status = 403, body = ErrorEnvelope)))]
pub async fn categories(
    State(state): State<AppState>,
    caller: CurrentUser,
) -> Result<Json<Data<Vec<CategoryChoice>>>, AppError> {
    designer(&state, caller.id()).await?;
    let mut conn = state.db.pool.acquire().await?;
    let rows = store::categories_marked(&mut conn, caller.id()).await?;
    let data = rows
        .into_iter()
        .map(|(id, title, launch_slug, is_preferred)| CategoryChoice {
            category: Named { id, title, launch_slug },
            is_preferred,
        })
        .collect();
    Ok(Json(Data::new(data)))
}

/// A designer's preferred services with the work shown with each (signed-in users).
#[utoipa::path(get, path = "/users/{id}/project/services", tag = "designers", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<Preferred>>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn services_of(
    State(state): State<AppState>,
    _caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<Vec<Preferred>>>, AppError> {
    designer(&state, id).await?;
    let mut conn = state.db.pool.acquire().await?;
    Ok(Json(Data::new(store::preferred(&mut conn, id, PreferenceKind::Service).await?)))
}

/// Every image a designer shows with their preferred services, service by service
/// (signed-in users).
#[utoipa::path(get, path = "/users/{id}/project-preference/portfolios", tag = "designers", params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<ServiceWork>>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn service_work(
    State(state): State<AppState>,
    _caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<Vec<ServiceWork>>>, AppError> {
    designer(&state, id).await?;
    let mut conn = state.db.pool.acquire().await?;
    let services = store::preferred(&mut conn, id, PreferenceKind::Service).await?;
    let data = services
        .into_iter()
        .flat_map(|s| {
            let service = Named { id: s.id, title: s.title, launch_slug: s.launch_slug };
            s.images.into_iter().map(move |file| ServiceWork {
                preference_id: s.preference_id,
                project_service: service.clone(),
                file,
            })
        })
        .collect();
    Ok(Json(Data::new(data)))
}
