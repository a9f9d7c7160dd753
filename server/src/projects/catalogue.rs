//! The project catalogue of the launch page (projects doc, section 7): categories,
//! sub-categories and services with launch slugs, images and budget ranges, and the
//! brief questions of each category. Reading is open to everyone (the launch page
//! shows them before sign-in); creating, editing and deleting is for admins.
//!
//! Edits take the fields given and keep the rest. A slug is made from the title when
//! none is given. Deleting something still in use (sub-categories, services or
//! projects point at it) is refused rather than cascading into live projects.

use axum::{extract::State, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};

use super::catalogue_store::{self as store, Key};
use crate::{
    accounts::{model::FilePath, CurrentUser},
    api::{loose_id, Data, Message},
    error::{catalogue, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope, FieldErrors},
    state::AppState,
};

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct CategoryRow {
    pub id: i64,
    pub title: String,
    pub launch_slug: String,
    pub image_path: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct SubCategoryRow {
    pub id: i64,
    pub project_category_id: i64,
    pub title: String,
    pub launch_slug: String,
    pub image_path: Option<String>,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ServiceRow {
    pub id: i64,
    pub project_category_id: i64,
    pub project_sub_category_id: i64,
    pub title: String,
    pub launch_slug: String,
    pub description: String,
    pub minimum_amount_cents: i64,
    pub maximum_amount_cents: i64,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct QuestionRow {
    pub id: i64,
    pub form_field_type_id: i64,
    pub is_required: i64,
    pub is_title: i64,
    pub is_description: i64,
    pub is_subscription_modal: i64,
    pub title: String,
    pub title_bracket: Option<String>,
    pub placeholder: Option<String>,
    pub html_content: Option<String>,
}

/// A slideshow image: `files.full_path` as the launch page reads it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ServiceImage {
    pub id: i64,
    pub files: FilePath,
}

/// A service as the API shows it; amounts in whole US dollars.
#[derive(Debug, Serialize, ToSchema)]
pub struct ServiceView {
    pub id: i64,
    pub project_category_id: i64,
    pub project_sub_category_id: i64,
    pub title: String,
    pub launch_slug: String,
    pub description: String,
    pub minimum_amount: i64,
    pub maximum_amount: i64,
    pub images: Vec<ServiceImage>,
}

/// A category with, on request, its sub-categories and services.
#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryView {
    #[serde(flatten)]
    pub category: CategoryRow,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sub_categories: Option<Vec<SubCategoryRow>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub services: Option<Vec<ServiceView>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct QuestionOption {
    pub id: i64,
    pub title: String,
    pub file_icon: Option<FilePath>,
    pub value: Option<String>,
    pub title_left: Option<String>,
    pub title_right: Option<String>,
}

/// A brief question of section 3.
#[derive(Debug, Serialize, ToSchema)]
pub struct QuestionView {
    pub id: i64,
    pub title: String,
    pub title_bracket: Option<String>,
    pub placeholder: Option<String>,
    pub html_content: Option<String>,
    pub is_required: i64,
    pub is_title: i64,
    pub is_description: i64,
    pub is_subscription_modal: i64,
    pub form_field_type_id: i64,
    pub options: Vec<QuestionOption>,
}

async fn service_views(state: &AppState, rows: Vec<ServiceRow>) -> Result<Vec<ServiceView>, AppError> {
    let images = store::service_images(&state.db.pool).await?;
    Ok(rows
        .into_iter()
        .map(|s| ServiceView {
            images: images
                .iter()
                .filter(|(service, ..)| *service == s.id)
                .map(|(_, id, path)| ServiceImage { id: *id, files: FilePath { full_path: path.clone() } })
                .collect(),
            id: s.id,
            project_category_id: s.project_category_id,
            project_sub_category_id: s.project_sub_category_id,
            title: s.title,
            launch_slug: s.launch_slug,
            description: s.description,
            minimum_amount: s.minimum_amount_cents / 100,
            maximum_amount: s.maximum_amount_cents / 100,
        })
        .collect())
}

/// `logo-brand-identity` from 'Logo & Brand Identity'.
pub fn slugify(title: &str) -> String {
    title
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect::<Vec<_>>()
        .join("-")
}

fn slug_shape_ok(slug: &str) -> bool {
    !slug.is_empty()
        && slug.len() <= 120
        && slug.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !slug.starts_with('-')
        && !slug.ends_with('-')
}

/// The title and slug of a create or edit: trimmed title (required, at most 120
/// characters), slug given or derived, of the right shape and free in `table`.
async fn title_and_slug(
    state: &AppState,
    table: &str,
    title: Option<&str>,
    slug: Option<&str>,
    except: Option<i64>,
    errors: &mut FieldErrors,
) -> Result<(String, String), AppError> {
    let title = title.map(str::trim).unwrap_or_default().to_owned();
    if title.is_empty() {
        errors.add("title", catalogue::REQUIRED);
    } else if title.chars().count() > 120 {
        errors.add("title", catalogue::TOO_LONG);
    }
    let slug = slug.map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned).unwrap_or_else(|| slugify(&title));
    if !title.is_empty() && !slug_shape_ok(&slug) {
        errors.add("launch_slug", catalogue::SLUG_FORMAT);
    } else if !slug.is_empty() {
        let mut conn = state.db.pool.acquire().await?;
        if store::slug_taken(&mut conn, table, &slug, except).await? {
            errors.add("launch_slug", catalogue::SLUG_UNIQUE);
        }
    }
    Ok((title, slug))
}

// ---- Categories ----

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CategoryRequest {
    pub title: Option<String>,
    pub launch_slug: Option<String>,
    pub image_path: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct CategoryQuery {
    /// Comma-separated: `sub_categories`, `services`.
    pub include: Option<String>,
}

async fn existing_category(state: &AppState, key: Key<'_>) -> Result<CategoryRow, AppError> {
    store::category(&state.db.pool, key)
        .await?
        .ok_or_else(|| AppError::not_found(catalogue::PROJECT_CATEGORY_NOT_FOUND))
}

async fn category_view(
    state: &AppState,
    category: CategoryRow,
    include: Option<&str>,
) -> Result<CategoryView, AppError> {
    let wants = |what: &str| include.is_some_and(|i| i.split(',').any(|p| p.trim() == what));
    let sub_categories = match wants("sub_categories") {
        true => Some(store::sub_categories(&state.db.pool, Some(category.id)).await?),
        false => None,
    };
    let services = match wants("services") {
        true => Some(service_views(state, store::services(&state.db.pool, Some(category.id), None).await?).await?),
        false => None,
    };
    Ok(CategoryView { category, sub_categories, services })
}

/// Categories in launch-page order; `include=sub_categories,services` nests them.
#[utoipa::path(get, path = "/projects/categories", tag = "project catalogue", params(CategoryQuery),
    responses((status = 200, body = Data<Vec<CategoryView>>)))]
pub async fn list_categories(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<CategoryQuery>,
) -> Result<Json<Data<Vec<CategoryView>>>, AppError> {
    let mut views = Vec::new();
    for category in store::categories(&state.db.pool).await? {
        views.push(category_view(&state, category, query.include.as_deref()).await?);
    }
    Ok(Json(Data::new(views)))
}

/// One category.
#[utoipa::path(get, path = "/projects/categories/{id}", tag = "project catalogue", params(("id" = i64, Path), CategoryQuery),
    responses((status = 200, body = Data<CategoryView>), (status = 404, body = ErrorEnvelope)))]
pub async fn show_category(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<CategoryQuery>,
) -> Result<Json<Data<CategoryView>>, AppError> {
    let category = existing_category(&state, Key::Id(id)).await?;
    Ok(Json(Data::new(category_view(&state, category, query.include.as_deref()).await?)))
}

/// One category by its launch slug (`/projects/launch/{categoryType}`).
#[utoipa::path(get, path = "/projects/categories/by-slug/{slug}", tag = "project catalogue", params(("slug" = String, Path), CategoryQuery),
    responses((status = 200, body = Data<CategoryView>), (status = 404, body = ErrorEnvelope)))]
pub async fn category_by_slug(
    State(state): State<AppState>,
    ApiPath(slug): ApiPath<String>,
    ApiQuery(query): ApiQuery<CategoryQuery>,
) -> Result<Json<Data<CategoryView>>, AppError> {
    let category = existing_category(&state, Key::Slug(&slug)).await?;
    Ok(Json(Data::new(category_view(&state, category, query.include.as_deref()).await?)))
}

/// Adds a category (admins).
#[utoipa::path(post, path = "/projects/categories", tag = "project catalogue", request_body = CategoryRequest, security(("bearer" = [])),
    responses((status = 201, body = Data<CategoryView>), (status = 403, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = caller.id()))]
pub async fn create_category(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiJson(req): ApiJson<CategoryRequest>,
) -> Result<(StatusCode, Json<Data<CategoryView>>), AppError> {
    caller.require_admin()?;
    let mut errors = FieldErrors::new();
    let (title, slug) =
        title_and_slug(&state, "project_category", req.title.as_deref(), req.launch_slug.as_deref(), None, &mut errors)
            .await?;
    errors.into_result()?;
    let mut conn = state.db.pool.acquire().await?;
    let id = store::insert_category(&mut conn, &title, &slug, req.image_path.as_deref()).await?;
    drop(conn);
    let category = existing_category(&state, Key::Id(id)).await?;
    Ok((StatusCode::CREATED, Json(Data::new(CategoryView { category, sub_categories: None, services: None }))))
}

/// Edits a category (admins); fields left out keep their value.
#[utoipa::path(put, path = "/projects/categories/{id}", tag = "project catalogue", params(("id" = i64, Path)), request_body = CategoryRequest, security(("bearer" = [])),
    responses((status = 200, body = Data<CategoryView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(category_id = id))]
pub async fn update_category(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<CategoryRequest>,
) -> Result<Json<Data<CategoryView>>, AppError> {
    caller.require_admin()?;
    let current = existing_category(&state, Key::Id(id)).await?;
    let mut errors = FieldErrors::new();
    let title = req.title.as_deref().unwrap_or(&current.title);
    let slug = req.launch_slug.as_deref().unwrap_or(&current.launch_slug);
    let (title, launch_slug) =
        title_and_slug(&state, "project_category", Some(title), Some(slug), Some(id), &mut errors).await?;
    errors.into_result()?;
    let next = CategoryRow { id, title, launch_slug, image_path: req.image_path.or(current.image_path) };
    let mut conn = state.db.pool.acquire().await?;
    store::update_category(&mut conn, &next).await?;
    Ok(Json(Data::new(CategoryView { category: next, sub_categories: None, services: None })))
}

/// Deletes a category no sub-category, service or project uses (admins).
#[utoipa::path(delete, path = "/projects/categories/{id}", tag = "project catalogue", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(category_id = id))]
pub async fn delete_category(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Message>, AppError> {
    caller.require_admin()?;
    existing_category(&state, Key::Id(id)).await?;
    delete_unused(
        &state,
        "project_category",
        id,
        &[("project_sub_category", "project_category_id"), ("project", "project_category_id")],
    )
    .await?;
    Ok(Json(Message::new("Category deleted")))
}

async fn delete_unused(state: &AppState, table: &str, id: i64, users: &[(&str, &str)]) -> Result<(), AppError> {
    let mut conn = state.db.pool.acquire().await?;
    for (user_table, column) in users {
        if store::uses(&mut conn, user_table, column, id).await? > 0 {
            return Err(AppError::conflict(catalogue::CATALOGUE_IN_USE));
        }
    }
    store::delete_row(&mut conn, table, id).await?;
    Ok(())
}

/// The brief questions of a category, in order, with their options.
#[utoipa::path(get, path = "/projects/categories/{id}/questions", tag = "project catalogue", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Vec<QuestionView>>), (status = 404, body = ErrorEnvelope)))]
pub async fn questions(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<Vec<QuestionView>>>, AppError> {
    existing_category(&state, Key::Id(id)).await?;
    let rows = store::questions(&state.db.pool, id).await?;
    let options = store::question_options(&state.db.pool, id).await?;
    let views = rows
        .into_iter()
        .map(|q| QuestionView {
            options: options
                .iter()
                .filter(|o| o.0 == q.id)
                .map(|o| QuestionOption {
                    id: o.1,
                    title: o.2.clone(),
                    file_icon: o.3.clone().map(|full_path| FilePath { full_path }),
                    title_left: o.4.clone(),
                    title_right: o.5.clone(),
                    value: o.6.clone(),
                })
                .collect(),
            id: q.id,
            title: q.title,
            title_bracket: q.title_bracket,
            placeholder: q.placeholder,
            html_content: q.html_content,
            is_required: q.is_required,
            is_title: q.is_title,
            is_description: q.is_description,
            is_subscription_modal: q.is_subscription_modal,
            form_field_type_id: q.form_field_type_id,
        })
        .collect();
    Ok(Json(Data::new(views)))
}

// ---- Sub-categories ----

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct SubCategoryRequest {
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub project_category_id: Option<i64>,
    pub title: Option<String>,
    pub launch_slug: Option<String>,
    pub image_path: Option<String>,
}

async fn existing_sub_category(state: &AppState, key: Key<'_>) -> Result<SubCategoryRow, AppError> {
    store::sub_category(&state.db.pool, key)
        .await?
        .ok_or_else(|| AppError::not_found(catalogue::PROJECT_SUB_CATEGORY_NOT_FOUND))
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
    existing_category(&state, Key::Id(id)).await?;
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
        None => errors.add("project_category_id", catalogue::REQUIRED),
        Some(id) if store::category(&state.db.pool, Key::Id(id)).await?.is_none() => {
            errors.add("project_category_id", catalogue::NOT_FOUND_OPTION)
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
#[utoipa::path(post, path = "/projects/sub-categories", tag = "project catalogue", request_body = SubCategoryRequest, security(("bearer" = [])),
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
    delete_unused(&state, "project_sub_category", id, &users).await?;
    Ok(Json(Message::new("Sub-category deleted")))
}

// ---- Services ----

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ServiceRequest {
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub project_category_id: Option<i64>,
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub project_sub_category_id: Option<i64>,
    pub title: Option<String>,
    pub launch_slug: Option<String>,
    pub description: Option<String>,
    /// Whole US dollars.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub minimum_amount: Option<i64>,
    /// Whole US dollars, at least the minimum.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub maximum_amount: Option<i64>,
    /// Image paths of the slideshow, in order; left out keeps the current ones.
    pub images: Option<Vec<String>>,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct ServiceQuery {
    #[serde(default, rename = "filter[category_id]", deserialize_with = "loose_id")]
    #[param(rename = "filter[category_id]", value_type = Option<i64>)]
    pub category_id: Option<i64>,
    #[serde(default, rename = "filter[sub_category_id]", deserialize_with = "loose_id")]
    #[param(rename = "filter[sub_category_id]", value_type = Option<i64>)]
    pub sub_category_id: Option<i64>,
}

async fn existing_service(state: &AppState, key: Key<'_>) -> Result<ServiceView, AppError> {
    let row = store::service(&state.db.pool, key)
        .await?
        .ok_or_else(|| AppError::not_found(catalogue::PROJECT_SERVICE_NOT_FOUND))?;
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
        (None, _) => errors.add("project_category_id", catalogue::REQUIRED),
        (_, None) => errors.add("project_sub_category_id", catalogue::REQUIRED),
        (Some(category), Some(sub)) => match store::sub_category(&state.db.pool, Key::Id(sub)).await? {
            Some(found) if found.project_category_id == category => {}
            _ => errors.add("project_sub_category_id", catalogue::NOT_FOUND_OPTION),
        },
    }
    let title = req.title.clone().or(current.map(|c| c.title.clone()));
    let slug = req.launch_slug.clone().or(current.map(|c| c.launch_slug.clone()));
    let id = current.map(|c| c.id);
    let (title, launch_slug) =
        title_and_slug(state, "project_service", title.as_deref(), slug.as_deref(), id, &mut errors).await?;
    let minimum = req.minimum_amount.map(|d| d * 100).or(current.map(|c| c.minimum_amount_cents));
    let maximum = req.maximum_amount.map(|d| d * 100).or(current.map(|c| c.maximum_amount_cents));
    for (field, value) in [("minimum_amount", minimum), ("maximum_amount", maximum)] {
        match value {
            None => errors.add(field, catalogue::REQUIRED),
            Some(v) if !(0..=100_000_000).contains(&v) => errors.add(field, catalogue::BID_AMOUNT_RANGE),
            Some(_) => {}
        }
    }
    if let (Some(min), Some(max)) = (minimum, maximum) {
        if max < min {
            errors.add("maximum_amount", catalogue::AMOUNT_ORDER);
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
#[utoipa::path(post, path = "/projects/services", tag = "project catalogue", request_body = ServiceRequest, security(("bearer" = [])),
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
        .ok_or_else(|| AppError::not_found(catalogue::PROJECT_SERVICE_NOT_FOUND))?;
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
    delete_unused(&state, "project_service", id, &[("project", "project_service_id")]).await?;
    Ok(Json(Message::new("Service deleted")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_made_from_titles_and_checked_for_shape() {
        assert_eq!(slugify("Logo & Brand Identity"), "logo-brand-identity");
        assert!(slug_shape_ok("web-app-2"));
        for bad in ["", "Web", "-web", "web_app", "web app"] {
            assert!(!slug_shape_ok(bad), "{bad}");
        }
    }
}
