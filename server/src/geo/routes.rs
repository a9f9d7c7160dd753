//! Read-only geography endpoints, open to everyone (the sign-up form needs them).

use axum::{extract::State, Json};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::store::{self, Country, Region, State as UsState};
use crate::{
    api::Data,
    error::{codes, ApiPath, ApiQuery, AppError, ErrorEnvelope},
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_regions))
        .routes(routes!(list_countries))
        .routes(routes!(show_country))
        .routes(routes!(list_states))
}

/// All regions.
#[utoipa::path(get, path = "/regions", tag = "geography", responses((status = 200, body = Data<Vec<Region>>)))]
async fn list_regions(State(state): State<AppState>) -> Result<Json<Data<Vec<Region>>>, AppError> {
    Ok(Json(Data::new(store::regions(&state.db.pool).await?)))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CountryFilter {
    /// Only the countries of this region.
    #[serde(rename = "filter[region_id]")]
    #[param(rename = "filter[region_id]")]
    pub region_id: Option<i64>,
}

/// Countries, optionally of one region.
#[utoipa::path(get, path = "/countries", tag = "geography", params(CountryFilter),
    responses((status = 200, body = Data<Vec<Country>>), (status = 422, body = ErrorEnvelope)))]
async fn list_countries(
    State(state): State<AppState>,
    ApiQuery(filter): ApiQuery<CountryFilter>,
) -> Result<Json<Data<Vec<Country>>>, AppError> {
    Ok(Json(Data::new(store::countries(&state.db.pool, filter.region_id).await?)))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CountryWithStates {
    #[serde(flatten)]
    pub country: Country,
    pub states: Vec<UsState>,
}

/// One country with its states.
#[utoipa::path(get, path = "/countries/{id}", tag = "geography", params(("id" = i64, Path)),
    responses((status = 200, body = Data<CountryWithStates>), (status = 404, body = ErrorEnvelope)))]
async fn show_country(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<CountryWithStates>>, AppError> {
    let country =
        store::country(&state.db.pool, id).await?.ok_or_else(|| AppError::not_found(codes::COUNTRY_NOT_FOUND))?;
    let states = store::states(&state.db.pool, id).await?;
    Ok(Json(Data::new(CountryWithStates { country, states })))
}

/// The states of a country, with `tax_percentage_off`.
#[utoipa::path(get, path = "/countries/{id}/states", tag = "geography", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Vec<UsState>>), (status = 404, body = ErrorEnvelope)))]
async fn list_states(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<Vec<UsState>>>, AppError> {
    store::country(&state.db.pool, id).await?.ok_or_else(|| AppError::not_found(codes::COUNTRY_NOT_FOUND))?;
    Ok(Json(Data::new(store::states(&state.db.pool, id).await?)))
}
