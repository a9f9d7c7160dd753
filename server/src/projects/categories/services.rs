//! Services: list with filters, show (by id or slug), admin CRUD with slideshow images.
use axum::{extract::State, http::StatusCode, Json};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use super::*;
use crate::{
    accounts::CurrentUser,
    api::{loose_id, Data, Message},
    error::{codes, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope, FieldErrors},
    state::AppState,
};

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ServiceRequest {
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub project_category_id: Option<i64>,
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub project_sub_category_id: Option<i64>,
    /// Not blank, at most 120 characters; required on create.
    #[schema(pattern = r"\S", max_length = 120)]
    pub title: Option<String>,
    /// Lowercase words joined by dashes; made from the title when left out or blank.
    #[schema(pattern = r"^\s*([a-z0-9]+(-[a-z0-9]+)*)?\s*$", max_length = 120)]
    pub launch_slug: Option<String>,
    pub description: Option<String>,
    /// Whole US dollars, 0 to 1,000,000; required on create.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>, minimum = 0, maximum = 1_000_000)]
    pub minimum_amount: Option<i64>,
    /// Whole US dollars, at least the minimum, at most 1,000,000; required on create.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>, minimum = 0, maximum = 1_000_000)]
    pub maximum_amount: Option<i64>,
    /// Image paths of the slideshow, in order; left out keeps the current ones.
    pub images: Option<Vec<String>>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ServiceQuery {
    #[serde(default, rename = "filter[category_id]", deserialize_with = "loose_id")]
    #[param(rename = "filter[category_id]", value_type = Option<i64>)]
    pub category_id: Option<i64>,
    #[serde(default, rename = "filter[sub_category_id]", deserialize_with = "loose_id")]
    #[param(rename = "filter[sub_category_id]", value_type = Option<i64>)]
    pub sub_category_id: Option<i64>,
}

/// The body of a create for the document: [`ServiceRequest`] with its category,
/// sub-category, title and amount range required.
pub struct NewService;

impl utoipa::PartialSchema for NewService {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        let dollars = || crate::api::id_schema_with(|o| o.minimum(Some(0)).maximum(Some(MAX_DOLLARS)));
        let fields = vec![
            ("project_category_id", crate::api::id_schema()),
            ("project_sub_category_id", crate::api::id_schema()),
            ("title", title_schema()),
            ("minimum_amount", dollars()),
            ("maximum_amount", dollars()),
        ];
        crate::api::requiring("ServiceRequest", fields)
    }
}

impl ToSchema for NewService {}

/// The most a service's range may reach, in whole dollars.
const MAX_DOLLARS: i64 = 1_000_000;

async fn existing_service(state: &AppState, key: Key<'_>) -> Result<ServiceView, AppError> {
    let row = store::service(&state.db.pool, key)
        .await?
        .ok_or_else(|| AppError::not_found(codes::PROJECT_SERVICE_NOT_FOUND))?;
    Ok(service_views(state, vec![row]).await?.remove(0))
}

/// Services, optionally of one category and sub-category.
#[utoipa::path(get, path = "/projects/services", tag = "project catalogue", params(ServiceQuery),
    responses((status = 200, body = Data<Vec<ServiceView>>)))]
pub async fn list_services(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<ServiceQuery>,
) -> Result<Json<Data<Vec<ServiceView>>>, AppError> {
    let rows = store::services(&state.db.pool, query.category_id, query.sub_category_id).await?;
    Ok(Json(Data::new(service_views(&state, rows).await?)))
}

/// One service.
#[utoipa::path(get, path = "/projects/services/{id}", tag = "project catalogue", params(("id" = i64, Path)),
    responses((status = 200, body = Data<ServiceView>), (status = 404, body = ErrorEnvelope)))]
pub async fn show_service(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<ServiceView>>, AppError> {
    Ok(Json(Data::new(existing_service(&state, Key::Id(id)).await?)))
}

/// One service by its launch slug.
#[utoipa::path(get, path = "/projects/services/by-slug/{slug}", tag = "project catalogue", params(("slug" = String, Path)),
    responses((status = 200, body = Data<ServiceView>), (status = 404, body = ErrorEnvelope)))]
pub async fn service_by_slug(
    State(state): State<AppState>,
    ApiPath(slug): ApiPath<String>,
) -> Result<Json<Data<ServiceView>>, AppError> {
    Ok(Json(Data::new(existing_service(&state, Key::Slug(&slug)).await?)))
}

async fn checked_service(
    state: &AppState,
    req: &ServiceRequest,
    current: Option<&ServiceRow>,
) -> Result<ServiceRow, AppError> {
    let mut errors = FieldErrors::new();
    let category = req.project_category_id.or(current.map(|c| c.project_category_id));
    let sub = req.project_sub_category_id.or(current.map(|c| c.project_sub_category_id));
    match (category, sub) {
        (None, _) => errors.add("project_category_id", codes::REQUIRED),
        (_, None) => errors.add("project_sub_category_id", codes::REQUIRED),
        (Some(category), Some(sub)) => match store::sub_category(&state.db.pool, Key::Id(sub)).await? {
            Some(found) if found.project_category_id == category => {}
            _ => errors.add("project_sub_category_id", codes::NOT_FOUND_OPTION),
        },
    }
    let title = req.title.clone().or(current.map(|c| c.title.clone()));
    let slug = req.launch_slug.clone().or(current.map(|c| c.launch_slug.clone()));
    let id = current.map(|c| c.id);
    let (title, launch_slug) =
        title_and_slug(state, "project_service", title.as_deref(), slug.as_deref(), id, &mut errors).await?;
    let minimum = req.minimum_amount.map(|d| d.saturating_mul(100)).or(current.map(|c| c.minimum_amount_cents));
    let maximum = req.maximum_amount.map(|d| d.saturating_mul(100)).or(current.map(|c| c.maximum_amount_cents));
    for (field, value) in [("minimum_amount", minimum), ("maximum_amount", maximum)] {
        match value {
            None => errors.add(field, codes::REQUIRED),
            Some(v) if !(0..=MAX_DOLLARS * 100).contains(&v) => errors.add(field, codes::BID_AMOUNT_RANGE),
            Some(_) => {}
        }
    }
    if let (Some(min), Some(max)) = (minimum, maximum) {
        if max < min {
            errors.add("maximum_amount", codes::AMOUNT_ORDER);
        }
    }
    errors.into_result()?;
    Ok(ServiceRow {
        id: id.unwrap_or(0),
        project_category_id: category.unwrap_or(0),
        project_sub_category_id: sub.unwrap_or(0),
        title,
        launch_slug,
        description: req.description.clone().or(current.map(|c| c.description.clone())).unwrap_or_default(),
        minimum_amount_cents: minimum.unwrap_or(0),
        maximum_amount_cents: maximum.unwrap_or(0),
    })
}

/// Adds a service (admins).
#[utoipa::path(post, path = "/projects/services", tag = "project catalogue", request_body = NewService, security(("bearer" = [])),
    responses((status = 201, body = Data<ServiceView>), (status = 403, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
pub async fn create_service(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiJson(req): ApiJson<ServiceRequest>,
) -> Result<(StatusCode, Json<Data<ServiceView>>), AppError> {
    caller.require_admin()?;
    let row = checked_service(&state, &req, None).await?;
    let mut tx = state.db.pool.begin().await?;
    let id = store::insert_service(&mut tx, &row).await?;
    store::replace_images(&mut tx, id, req.images.as_deref().unwrap_or_default()).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(Data::new(existing_service(&state, Key::Id(id)).await?))))
}

/// Edits a service (admins); fields left out keep their value.
#[utoipa::path(put, path = "/projects/services/{id}", tag = "project catalogue", params(("id" = i64, Path)), request_body = ServiceRequest, security(("bearer" = [])),
    responses((status = 200, body = Data<ServiceView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
pub async fn update_service(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<ServiceRequest>,
) -> Result<Json<Data<ServiceView>>, AppError> {
    caller.require_admin()?;
    let current = store::service(&state.db.pool, Key::Id(id))
        .await?
        .ok_or_else(|| AppError::not_found(codes::PROJECT_SERVICE_NOT_FOUND))?;
    let row = checked_service(&state, &req, Some(&current)).await?;
    let mut tx = state.db.pool.begin().await?;
    store::update_service(&mut tx, &row).await?;
    if let Some(images) = &req.images {
        store::replace_images(&mut tx, id, images).await?;
    }
    tx.commit().await?;
    Ok(Json(Data::new(existing_service(&state, Key::Id(id)).await?)))
}

/// Deletes a service no project uses (admins).
#[utoipa::path(delete, path = "/projects/services/{id}", tag = "project catalogue", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn delete_service(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Message>, AppError> {
    caller.require_admin()?;
    existing_service(&state, Key::Id(id)).await?;
    super::category::delete_unused(&state, "project_service", id, &[("project", "project_service_id")]).await?;
    Ok(Json(Message::new("Service deleted")))
}
