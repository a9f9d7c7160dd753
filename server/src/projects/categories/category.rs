//! Categories: list, show (by id or slug, with nested levels on request), questions, admin CRUD.
use axum::{extract::State, http::StatusCode, Json};
use serde::Deserialize;
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};

use super::*;
use crate::{
    accounts::{model::FilePath, CurrentUser},
    api::{Data, Message},
    error::{codes, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope, FieldErrors},
    state::AppState,
};

/// A create or an edit of a category; on an edit, fields left out keep their value.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CategoryRequest {
    /// Not blank, at most 120 characters; required on create.
    #[schema(pattern = r"\S", max_length = 120)]
    pub title: Option<String>,
    /// Lowercase words joined by dashes; made from the title when left out or blank.
    #[schema(pattern = r"^\s*([a-z0-9]+(-[a-z0-9]+)*)?\s*$", max_length = 120)]
    pub launch_slug: Option<String>,
    pub image_path: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CategoryQuery {
    /// Comma-separated: `sub_categories`, `services`.
    pub include: Option<String>,
}

/// The body of a create for the document: [`CategoryRequest`] with `title` required.
pub struct NewCategory;

impl utoipa::PartialSchema for NewCategory {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        crate::api::requiring("CategoryRequest", vec![("title", title_schema())])
    }
}

impl ToSchema for NewCategory {}

pub(super) async fn existing_category(state: &AppState, key: Key<'_>) -> Result<CategoryRow, AppError> {
    store::category(&state.db.pool, key).await?.ok_or_else(|| AppError::not_found(codes::PROJECT_CATEGORY_NOT_FOUND))
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
#[utoipa::path(post, path = "/projects/categories", tag = "project catalogue", request_body = NewCategory, security(("bearer" = [])),
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

pub(super) async fn delete_unused(
    state: &AppState,
    table: &str,
    id: i64,
    users: &[(&str, &str)],
) -> Result<(), AppError> {
    let mut conn = state.db.pool.acquire().await?;
    for (user_table, column) in users {
        if store::uses(&mut conn, user_table, column, id).await? > 0 {
            return Err(AppError::conflict(codes::CATALOGUE_IN_USE));
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
