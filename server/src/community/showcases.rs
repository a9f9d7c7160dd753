//! `/externals/showcases`: designers' showcases, the external portfolio (contests doc,
//! section 7). Every signed-in user browses them; designers add their own; a showcase's
//! designer edits it, and admins edit any and may hide one (`is_hidden`), after which
//! only its designer and admins see it. A new showcase is a community activity.

use axum::{extract::State, http::StatusCode, Json};
use serde::Deserialize;
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};

use super::{
    activity,
    store::showcases::{self as store, ListFilter, ShowcaseFields, ShowcaseRow, ShowcaseView},
};
use crate::{
    accounts::{domain::UserType, CurrentUser},
    api::{loose_id, Data},
    error::{codes, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope, FieldErrors},
    shared::page::Page,
    state::AppState,
};

const PER_PAGE: i64 = 12;
const MAX_TITLE: usize = 200;
const MAX_DESCRIPTION: usize = 5000;
const MAX_URL: usize = 500;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ShowcaseQuery {
    #[serde(default, deserialize_with = "crate::shared::page::page_number")]
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    /// One designer's showcases.
    #[serde(rename = "filter[user_id]", default, deserialize_with = "loose_id")]
    #[param(rename = "filter[user_id]", value_type = Option<i64>)]
    pub user_id: Option<i64>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ShowcaseRequest {
    /// 1 to 200 characters, not blank; required on create.
    #[schema(pattern = r"\S", max_length = 200)]
    pub title: Option<String>,
    /// Up to 5000 characters.
    #[schema(max_length = 5000)]
    pub description: Option<String>,
    /// A link to the work (http:// or https://), up to 500 characters; empty for none.
    #[schema(pattern = r"^\s*(https?://\S*)?\s*$", max_length = 500)]
    pub url: Option<String>,
    /// An image the designer uploaded (`POST /files`); required on create.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub file_id: Option<i64>,
    /// Admins only: 1 hides it from everyone but its designer and admins, 0 shows it.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub is_hidden: Option<i64>,
}

/// The body of a create for the document: [`ShowcaseRequest`] with its title and image
/// required.
pub struct NewShowcase;

impl utoipa::PartialSchema for NewShowcase {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        let title = ObjectBuilder::new().schema_type(Type::String).pattern(Some(r"\S")).max_length(Some(MAX_TITLE));
        crate::api::requiring("ShowcaseRequest", vec![("title", title.build()), ("file_id", crate::api::id_schema())])
    }
}

impl utoipa::ToSchema for NewShowcase {}

/// The request's fields checked against the current ones (`current` on update: what is
/// not sent stays). The file must be an image of the showcase's designer.
async fn fields(
    state: &AppState,
    designer_id: i64,
    req: &ShowcaseRequest,
    current: Option<&ShowcaseRow>,
) -> Result<ShowcaseFields, AppError> {
    let mut errors = FieldErrors::new();
    let title = req.title.as_deref().map(str::trim).map(str::to_owned).or(current.map(|c| c.title.clone()));
    let title = title.unwrap_or_default();
    if title.is_empty() {
        errors.add("title", codes::REQUIRED);
    } else if title.chars().count() > MAX_TITLE {
        errors.add("title", codes::TOO_LONG);
    }
    let description =
        req.description.as_deref().map(str::trim).map(str::to_owned).or(current.map(|c| c.description.clone()));
    let description = description.unwrap_or_default();
    if description.chars().count() > MAX_DESCRIPTION {
        errors.add("description", codes::TOO_LONG);
    }
    let url = match req.url.as_deref().map(str::trim) {
        Some("") => None,
        Some(url) => Some(url.to_owned()),
        None => current.and_then(|c| c.url.clone()),
    };
    if let Some(url) = &url {
        let scheme_ok = url.starts_with("https://") || url.starts_with("http://");
        if !scheme_ok || url.chars().count() > MAX_URL || url.chars().any(char::is_whitespace) {
            errors.add("url", codes::SHOWCASE_URL_INVALID);
        }
    }
    let file_id = req.file_id.or(current.and_then(|c| c.file_id));
    match file_id {
        // A showcase made without a picture (the demo's) may still be edited or hidden.
        None if current.is_some() => {}
        None => errors.add("file_id", codes::REQUIRED),
        Some(id) if current.is_some_and(|c| c.file_id == Some(id)) => {}
        Some(id) => {
            if !crate::files::store::is_own_image(&state.db.pool, id, designer_id).await? {
                errors.add("file_id", codes::NOT_FOUND_OPTION);
            }
        }
    }
    errors.into_result()?;
    Ok(ShowcaseFields { title, description, url, file_id })
}

/// Showcase `id` if `caller` may see it (hidden ones: their designer and admins).
async fn visible(state: &AppState, caller: &CurrentUser, id: i64) -> Result<ShowcaseRow, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    store::find(&mut conn, id)
        .await?
        .filter(|s| s.is_hidden == 0 || caller.is_admin() || s.app_user_id == caller.id())
        .ok_or_else(|| AppError::not_found(codes::SHOWCASE_NOT_FOUND))
}

/// Showcases, newest first, 12 a page, optionally one designer's (signed-in users).
#[utoipa::path(get, path = "/externals/showcases", tag = "community", params(ShowcaseQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<ShowcaseView>), (status = 401, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiQuery(query): ApiQuery<ShowcaseQuery>,
) -> Result<Json<Page<ShowcaseView>>, AppError> {
    let page = query.page.unwrap_or(1).max(1);
    let filter = ListFilter { user_id: query.user_id, viewer_id: caller.id(), all_hidden: caller.is_admin() };
    let mut conn = state.db.pool.acquire().await?;
    let (rows, total) = store::page(&mut conn, filter, page, PER_PAGE).await?;
    let user = query.user_id.map(|u| format!("&filter[user_id]={u}")).unwrap_or_default();
    Ok(Json(Page {
        data: rows.into_iter().map(ShowcaseView::from).collect(),
        current_page: page,
        per_page: PER_PAGE,
        next_page_url: (page * PER_PAGE < total).then(|| format!("/externals/showcases?page={}{user}", page + 1)),
        total,
    }))
}

/// A designer adds a showcase of their own; it appears in the community feed.
#[utoipa::path(post, path = "/externals/showcases", tag = "community", request_body = NewShowcase, security(("bearer" = [])),
    responses((status = 201, body = Data<ShowcaseView>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope),
        (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = caller.id()))]
pub async fn create(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiJson(req): ApiJson<ShowcaseRequest>,
) -> Result<(StatusCode, Json<Data<ShowcaseView>>), AppError> {
    if caller.user.user_type() != UserType::Designer {
        return Err(AppError::forbidden(codes::SHOWCASE_DESIGNERS_ONLY));
    }
    let fields = fields(&state, caller.id(), &req, None).await?;
    let now = state.now_ms();
    let mut tx = state.db.pool.begin().await?;
    let id = store::insert(&mut tx, caller.id(), &fields, now).await?;
    let activity = activity::record_showcase(&mut tx, caller.id(), id, now).await?;
    let row = store::find(&mut tx, id).await?.ok_or_else(|| anyhow::anyhow!("showcase {id} vanished"))?;
    tx.commit().await?;
    activity::announce(&state, &[activity]).await;
    Ok((StatusCode::CREATED, Json(Data::new(row.into()))))
}

/// One showcase (signed-in users; a hidden one only to its designer and admins).
#[utoipa::path(get, path = "/externals/showcases/show/{id}", tag = "community", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<ShowcaseView>), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn show(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<ShowcaseView>>, AppError> {
    Ok(Json(Data::new(visible(&state, &caller, id).await?.into())))
}

/// Edits a showcase: its designer (title, description, link, image) or an admin (the
/// same, and `is_hidden`). Fields not sent stay as they are.
#[utoipa::path(put, path = "/externals/showcases/{id}", tag = "community", params(("id" = i64, Path)), request_body = ShowcaseRequest,
    security(("bearer" = [])),
    responses((status = 200, body = Data<ShowcaseView>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(showcase_id = id))]
pub async fn update(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<ShowcaseRequest>,
) -> Result<Json<Data<ShowcaseView>>, AppError> {
    let current = visible(&state, &caller, id).await?;
    if current.app_user_id != caller.id() && !caller.is_admin() {
        return Err(AppError::forbidden(codes::SHOWCASE_FORBIDDEN));
    }
    let is_hidden = match req.is_hidden {
        None => current.is_hidden,
        Some(_) if !caller.is_admin() => return Err(AppError::forbidden(codes::SHOWCASE_FORBIDDEN)),
        Some(flag @ (0 | 1)) => flag,
        Some(_) => return Err(AppError::field("is_hidden", codes::NOT_FOUND_OPTION)),
    };
    let fields = fields(&state, current.app_user_id, &req, Some(&current)).await?;
    let mut conn = state.db.pool.acquire().await?;
    store::update(&mut conn, id, &fields, is_hidden, state.now_ms()).await?;
    let row = store::find(&mut conn, id).await?.ok_or_else(|| AppError::not_found(codes::SHOWCASE_NOT_FOUND))?;
    Ok(Json(Data::new(row.into())))
}
