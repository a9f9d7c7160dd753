//! Sub-categories: list, of a category, show (by id or slug), admin CRUD.
use axum::{extract::State, http::StatusCode, Json};
use serde::Deserialize;
use utoipa::ToSchema;

use super::*;
use crate::{
    accounts::CurrentUser,
    api::{loose_id, Data, Message},
    error::{codes, ApiJson, ApiPath, AppError, ErrorEnvelope, FieldErrors},
    state::AppState,
};

/// A create or an edit of a sub-category; on an edit, fields left out keep their value.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct SubCategoryRequest {
    /// Required on create.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub project_category_id: Option<i64>,
    /// Not blank, at most 120 characters; required on create.
    #[schema(pattern = r"\S", max_length = 120)]
    pub title: Option<String>,
    /// Lowercase words joined by dashes; made from the title when left out or blank.
    #[schema(pattern = r"^\s*([a-z0-9]+(-[a-z0-9]+)*)?\s*$", max_length = 120)]
    pub launch_slug: Option<String>,
    pub image_path: Option<String>,
}

/// The body of a create for the document: [`SubCategoryRequest`] with its category and
/// title required.
pub struct NewSubCategory;

impl utoipa::PartialSchema for NewSubCategory {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        let fields = vec![("project_category_id", crate::api::id_schema()), ("title", title_schema())];
        crate::api::requiring("SubCategoryRequest", fields)
    }
}

impl ToSchema for NewSubCategory {}

async fn existing_sub_category(state: &AppState, key: Key<'_>) -> Result<SubCategoryRow, AppError> {
    store::sub_category(&state.db.pool, key)
        .await?
        .ok_or_else(|| AppError::not_found(codes::PROJECT_SUB_CATEGORY_NOT_FOUND))
}

/// Every sub-category.
#[utoipa::path(get, path = "/projects/sub-categories", tag = "project catalogue", responses((status = 200, body = Data<Vec<SubCategoryRow>>)))]
pub async fn list_sub_categories(State(state): State<AppState>) -> Result<Json<Data<Vec<SubCategoryRow>>>, AppError> {
    Ok(Json(Data::new(store::sub_categories(&state.db.pool, None).await?)))
}

/// The sub-categories of category `id` (the launch page's second selector).
#[utoipa::path(get, path = "/projects/sub-categories/{id}", tag = "project catalogue", params(("id" = i64, Path, description = "the category's id")),
    responses((status = 200, body = Data<Vec<SubCategoryRow>>), (status = 404, body = ErrorEnvelope)))]
pub async fn sub_categories_of(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<Vec<SubCategoryRow>>>, AppError> {
    super::category::existing_category(&state, Key::Id(id)).await?;
    Ok(Json(Data::new(store::sub_categories(&state.db.pool, Some(id)).await?)))
}

/// One sub-category.
#[utoipa::path(get, path = "/projects/sub-categories/show/{id}", tag = "project catalogue", params(("id" = i64, Path)),
    responses((status = 200, body = Data<SubCategoryRow>), (status = 404, body = ErrorEnvelope)))]
pub async fn show_sub_category(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<SubCategoryRow>>, AppError> {
    Ok(Json(Data::new(existing_sub_category(&state, Key::Id(id)).await?)))
}

/// One sub-category by its launch slug.
#[utoipa::path(get, path = "/projects/sub-categories/by-slug/{slug}", tag = "project catalogue", params(("slug" = String, Path)),
    responses((status = 200, body = Data<SubCategoryRow>), (status = 404, body = ErrorEnvelope)))]
pub async fn sub_category_by_slug(
    State(state): State<AppState>,
    ApiPath(slug): ApiPath<String>,
) -> Result<Json<Data<SubCategoryRow>>, AppError> {
    Ok(Json(Data::new(existing_sub_category(&state, Key::Slug(&slug)).await?)))
}

async fn checked_sub_category(
    state: &AppState,
    req: SubCategoryRequest,
    current: Option<&SubCategoryRow>,
) -> Result<SubCategoryRow, AppError> {
    let mut errors = FieldErrors::new();
    let category_id = req.project_category_id.or(current.map(|c| c.project_category_id));
    match category_id {
        None => errors.add("project_category_id", codes::REQUIRED),
        Some(id) if store::category(&state.db.pool, Key::Id(id)).await?.is_none() => {
            errors.add("project_category_id", codes::NOT_FOUND_OPTION)
        }
        Some(_) => {}
    }
    let title = req.title.or(current.map(|c| c.title.clone()));
    let slug = req.launch_slug.or(current.map(|c| c.launch_slug.clone()));
    let id = current.map(|c| c.id);
    let (title, launch_slug) =
        title_and_slug(state, "project_sub_category", title.as_deref(), slug.as_deref(), id, &mut errors).await?;
    errors.into_result()?;
    Ok(SubCategoryRow {
        id: id.unwrap_or(0),
        project_category_id: category_id.unwrap_or(0),
        title,
        launch_slug,
        image_path: req.image_path.or(current.and_then(|c| c.image_path.clone())),
    })
}

/// Adds a sub-category to a category (admins).
#[utoipa::path(post, path = "/projects/sub-categories", tag = "project catalogue", request_body = NewSubCategory, security(("bearer" = [])),
    responses((status = 201, body = Data<SubCategoryRow>), (status = 403, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
pub async fn create_sub_category(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiJson(req): ApiJson<SubCategoryRequest>,
) -> Result<(StatusCode, Json<Data<SubCategoryRow>>), AppError> {
    caller.require_admin()?;
    let mut row = checked_sub_category(&state, req, None).await?;
    let mut conn = state.db.pool.acquire().await?;
    row.id = store::insert_sub_category(&mut conn, &row).await?;
    Ok((StatusCode::CREATED, Json(Data::new(row))))
}

/// Edits a sub-category (admins); fields left out keep their value.
#[utoipa::path(put, path = "/projects/sub-categories/{id}", tag = "project catalogue", params(("id" = i64, Path)), request_body = SubCategoryRequest, security(("bearer" = [])),
    responses((status = 200, body = Data<SubCategoryRow>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
pub async fn update_sub_category(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<SubCategoryRequest>,
) -> Result<Json<Data<SubCategoryRow>>, AppError> {
    caller.require_admin()?;
    let current = existing_sub_category(&state, Key::Id(id)).await?;
    let row = checked_sub_category(&state, req, Some(&current)).await?;
    let mut conn = state.db.pool.acquire().await?;
    store::update_sub_category(&mut conn, &row).await?;
    Ok(Json(Data::new(row)))
}

/// Deletes a sub-category no service or project uses (admins).
#[utoipa::path(delete, path = "/projects/sub-categories/{id}", tag = "project catalogue", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn delete_sub_category(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Message>, AppError> {
    caller.require_admin()?;
    existing_sub_category(&state, Key::Id(id)).await?;
    let users = [("project_service", "project_sub_category_id"), ("project", "project_sub_category_id")];
    super::category::delete_unused(&state, "project_sub_category", id, &users).await?;
    Ok(Json(Message::new("Sub-category deleted")))
}
