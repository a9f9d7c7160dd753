//! HTTP handlers of the contest catalogue: contest types, their brief questions,
//! packages, upgrades and lengths (open to everyone: the launch page needs them
//! before sign-in), and the admin's edit of a contest type.

use axum::{extract::State, Json};
use serde::Deserialize;
use tracing::instrument;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    edit::ContestTypeUpdate,
    model::{ContestTypeRow, ContestTypeView, LengthView, PricingView, QuestionView, UpgradeView},
    store::{self, TypeFilter},
};
use crate::{
    accounts::CurrentUser,
    api::{flag, Data},
    error::{codes, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope},
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_types))
        .routes(routes!(show_type, update_type))
        .routes(routes!(show_type_by_slug))
        .routes(routes!(list_questions))
        .routes(routes!(list_pricings))
        .routes(routes!(list_upgrades))
        .routes(routes!(list_lengths))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TypeListQuery {
    /// Only types whose title contains this text (any case).
    #[serde(rename = "filter[contest_type]")]
    #[param(rename = "filter[contest_type]")]
    pub contest_type: Option<String>,
    /// 1: only the types the category switcher lists (quick start or tip-only start).
    #[serde(rename = "filter[category_switcher]", default, deserialize_with = "flag")]
    #[param(rename = "filter[category_switcher]", value_type = Option<crate::api::FlagDoc>, inline)]
    pub category_switcher: Option<bool>,
}

/// Contest types in launch-page order.
#[utoipa::path(get, path = "/contests/types", tag = "contests", params(TypeListQuery),
    responses((status = 200, body = Data<Vec<ContestTypeView>>), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all)]
async fn list_types(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<TypeListQuery>,
) -> Result<Json<Data<Vec<ContestTypeView>>>, AppError> {
    let filter = TypeFilter {
        title_contains: query.contest_type.as_deref().map(str::trim).filter(|t| !t.is_empty()),
        category_switcher: query.category_switcher.unwrap_or(false),
    };
    let types = store::contest_types(&state.db.pool, &filter).await?;
    Ok(Json(Data::new(types.into_iter().map(ContestTypeView::from).collect())))
}

/// The type, or the catalogue's 'That is not a valid type of contest.'
async fn existing_type(state: &AppState, id: i64) -> Result<ContestTypeRow, AppError> {
    store::find_type(&state.db.pool, id).await?.ok_or_else(|| AppError::not_found(codes::CONTEST_TYPE_NOT_FOUND))
}

/// One contest type.
#[utoipa::path(get, path = "/contests/types/{id}", tag = "contests", params(("id" = i64, Path)),
    responses((status = 200, body = Data<ContestTypeView>), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_type_id = id))]
async fn show_type(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<ContestTypeView>>, AppError> {
    Ok(Json(Data::new(existing_type(&state, id).await?.into())))
}

/// One contest type by its launch-brief slug (`/contests/{launch_brief_slug}/launch`).
#[utoipa::path(get, path = "/contests/types/by-slug/{slug}", tag = "contests", params(("slug" = String, Path)),
    responses((status = 200, body = Data<ContestTypeView>), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(slug))]
async fn show_type_by_slug(
    State(state): State<AppState>,
    ApiPath(slug): ApiPath<String>,
) -> Result<Json<Data<ContestTypeView>>, AppError> {
    let row = store::find_type_by_slug(&state.db.pool, &slug)
        .await?
        .ok_or_else(|| AppError::not_found(codes::CONTEST_TYPE_NOT_FOUND))?;
    Ok(Json(Data::new(row.into())))
}

/// Edits a contest type (admins). Fields left out keep their value; on any broken
/// rule nothing changes and every field's problem is reported.
#[utoipa::path(put, path = "/contests/types/{id}", tag = "contests", params(("id" = i64, Path)),
    request_body = ContestTypeUpdate, security(("bearer" = [])),
    responses((status = 200, body = Data<ContestTypeView>), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_type_id = id, user_id = caller.id()))]
async fn update_type(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(change): ApiJson<ContestTypeUpdate>,
) -> Result<Json<Data<ContestTypeView>>, AppError> {
    caller.require_admin()?;
    let mut tx = state.db.pool.begin().await?;
    let current =
        store::find_type(&mut *tx, id).await?.ok_or_else(|| AppError::not_found(codes::CONTEST_TYPE_NOT_FOUND))?;
    let next = change.apply(&current).map_err(AppError::Invalid)?;
    store::update_type(&mut *tx, &next).await?;
    tx.commit().await?;
    tracing::info!(contest_type_id = id, "contest type edited");
    Ok(Json(Data::new(next.into())))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct QuestionQuery {
    /// 1: only the questions the quick-start flow asks.
    #[serde(rename = "filter[quick_start_only]", default, deserialize_with = "flag")]
    #[param(rename = "filter[quick_start_only]", value_type = Option<crate::api::FlagDoc>, inline)]
    pub quick_start_only: Option<bool>,
}

/// The brief questions of a type, in order, with their options.
#[utoipa::path(get, path = "/contests/types/{id}/questions", tag = "contests", params(("id" = i64, Path), QuestionQuery),
    responses((status = 200, body = Data<Vec<QuestionView>>), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_type_id = id))]
async fn list_questions(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<QuestionQuery>,
) -> Result<Json<Data<Vec<QuestionView>>>, AppError> {
    existing_type(&state, id).await?;
    let questions = store::questions(&state.db.pool, id, query.quick_start_only.unwrap_or(false)).await?;
    Ok(Json(Data::new(questions)))
}

/// The prize packages of a type (Bronze to Platinum), cheapest first; amounts in USD.
#[utoipa::path(get, path = "/contests/types/{id}/pricings", tag = "contests", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Vec<PricingView>>), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_type_id = id))]
async fn list_pricings(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<Vec<PricingView>>>, AppError> {
    existing_type(&state, id).await?;
    let rows = store::pricings(&state.db.pool, id).await?;
    Ok(Json(Data::new(rows.into_iter().map(PricingView::from).collect())))
}

/// The upgrades a contest of this type can buy; amounts in USD.
#[utoipa::path(get, path = "/contests/types/{id}/upgrades", tag = "contests", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Vec<UpgradeView>>), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_type_id = id))]
async fn list_upgrades(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<Vec<UpgradeView>>>, AppError> {
    existing_type(&state, id).await?;
    let rows = store::upgrades(&state.db.pool, id).await?;
    Ok(Json(Data::new(rows.into_iter().map(UpgradeView::from).collect())))
}

/// How long a contest of this type can run, and what each length costs (USD).
#[utoipa::path(get, path = "/contests/types/{id}/lengths", tag = "contests", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Vec<LengthView>>), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_type_id = id))]
async fn list_lengths(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<Vec<LengthView>>>, AppError> {
    existing_type(&state, id).await?;
    let rows = store::lengths(&state.db.pool).await?;
    Ok(Json(Data::new(rows.into_iter().map(LengthView::from).collect())))
}
