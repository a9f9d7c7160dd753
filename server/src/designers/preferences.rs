//! A designer's project preferences: the categories, sub-categories and services they
//! want projects of. Only the designer themself and admins see or change them.

use axum::{extract::State, Json};
use serde::Deserialize;
use tracing::instrument;
use utoipa::ToSchema;

use super::{
    access::{designer, require_self},
    model::PreferencesView,
    store::{self, PreferenceKind},
};
use crate::{
    accounts::CurrentUser,
    api::Data,
    error::{catalogue, ApiJson, ApiPath, AppError, ErrorEnvelope, FieldErrors},
    state::AppState,
};

/// At most this many preferences of each kind.
const MAX_EACH: usize = 50;

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct PreferencesRequest {
    /// Replaces the chosen categories (empty: none).
    #[serde(default)]
    pub project_category_ids: Vec<i64>,
    #[serde(default)]
    pub project_sub_category_ids: Vec<i64>,
    #[serde(default)]
    pub project_service_ids: Vec<i64>,
}

async fn read(state: &AppState, user_id: i64) -> Result<PreferencesView, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    Ok(PreferencesView {
        categories: store::preferences(&mut conn, user_id, PreferenceKind::Category).await?,
        sub_categories: store::preferences(&mut conn, user_id, PreferenceKind::SubCategory).await?,
        services: store::preferences(&mut conn, user_id, PreferenceKind::Service).await?,
    })
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
            errors.add(field, catalogue::TOO_LONG);
        } else if !store::unknown(&mut conn, kind, &ids).await?.is_empty() {
            errors.add(field, catalogue::NOT_FOUND_OPTION);
        }
        clean.push((kind, ids));
    }
    drop(conn);
    errors.into_result()?;
    let mut tx = state.db.pool.begin().await?;
    store::replace_preferences(&mut tx, id, &clean).await?;
    tx.commit().await?;
    Ok(Json(Data::new(read(&state, id).await?)))
}
