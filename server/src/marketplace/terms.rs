//! Marketplace categories and tags: anyone reads the active ones (the public marketplace's
//! filters; admins every one); admins add and change them (contests doc, section 7:
//! "marketplace and tag maintenance" is admin-only).

use axum::{extract::State, http::StatusCode, Json};
use serde::Deserialize;
use tracing::instrument;
use utoipa::ToSchema;

use super::{
    model::TermView,
    store::{self, CATEGORIES, TAGS},
};
use crate::{
    accounts::{CurrentUser, MaybeUser},
    api::{flag, Data},
    error::{codes, ApiJson, ApiPath, AppError, Code, ErrorEnvelope},
    state::AppState,
    store::is_unique_violation,
};

const MAX_TITLE: usize = 100;

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct TermRequest {
    /// 1 to 100 characters, not blank, unique; required on create, kept when absent on update.
    #[schema(value_type = Option<String>, pattern = "\\S", max_length = 100)]
    pub title: Option<String>,
    /// 1 offered (the default), 0 retired: kept on listings, no longer offered.
    #[serde(default, deserialize_with = "flag")]
    #[schema(value_type = Option<crate::api::FlagDoc>, inline)]
    pub is_active: Option<bool>,
}

/// The body of a create for the document: [`TermRequest`] with `title` required.
pub struct NewTerm;

impl utoipa::PartialSchema for NewTerm {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        let title = ObjectBuilder::new().schema_type(Type::String).pattern(Some(r"\S")).max_length(Some(MAX_TITLE));
        crate::api::requiring("TermRequest", vec![("title", title.build())])
    }
}

impl ToSchema for NewTerm {}

/// A unique violation of the title: PostgreSQL names the constraint, SQLite the column.
fn title_taken(e: &sqlx::Error, table: &str) -> bool {
    is_unique_violation(e, &format!("{table}_title_key")) || is_unique_violation(e, &format!("{table}.title"))
}

fn title_of(req: &TermRequest) -> Result<String, AppError> {
    match req.title.as_deref().map(str::trim) {
        None | Some("") => Err(AppError::field("title", codes::REQUIRED)),
        Some(t) if t.chars().count() > MAX_TITLE => Err(AppError::field("title", codes::TOO_LONG)),
        Some(t) => Ok(t.to_owned()),
    }
}

/// The active terms for anyone (the marketplace's filters are public), every one for admins.
async fn list(
    state: &AppState,
    caller: Option<&CurrentUser>,
    table: &str,
) -> Result<Json<Data<Vec<TermView>>>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let admin = caller.is_some_and(CurrentUser::is_admin);
    Ok(Json(Data::new(store::terms(&mut conn, table, !admin).await?)))
}

async fn show(
    state: &AppState,
    caller: &CurrentUser,
    table: &str,
    id: i64,
    missing: Code,
) -> Result<Json<Data<TermView>>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let term = store::term(&mut conn, table, id)
        .await?
        .filter(|t| t.is_active == 1 || caller.is_admin())
        .ok_or_else(|| AppError::not_found(missing))?;
    Ok(Json(Data::new(term)))
}

async fn create(
    state: &AppState,
    caller: &CurrentUser,
    table: &str,
    req: TermRequest,
) -> Result<(StatusCode, Json<Data<TermView>>), AppError> {
    caller.require_admin()?;
    let title = title_of(&req)?;
    let mut conn = state.db.pool.acquire().await?;
    let id = match store::insert_term(&mut conn, table, &title, req.is_active.unwrap_or(true), state.now_ms()).await {
        Ok(id) => id,
        Err(e) if title_taken(&e, table) => return Err(AppError::field("title", codes::MARKETPLACE_TITLE_TAKEN)),
        Err(e) => return Err(e.into()),
    };
    let term = store::term(&mut conn, table, id).await?.ok_or_else(|| anyhow::anyhow!("term vanished"))?;
    Ok((StatusCode::CREATED, Json(Data::new(term))))
}

async fn update(
    state: &AppState,
    caller: &CurrentUser,
    table: &str,
    id: i64,
    missing: Code,
    req: TermRequest,
) -> Result<Json<Data<TermView>>, AppError> {
    caller.require_admin()?;
    let mut conn = state.db.pool.acquire().await?;
    let current = store::term(&mut conn, table, id).await?.ok_or_else(|| AppError::not_found(missing))?;
    let title = match req.title {
        None => current.title,
        Some(_) => title_of(&req)?,
    };
    let active = req.is_active.unwrap_or(current.is_active == 1);
    match store::update_term(&mut conn, table, id, &title, active, state.now_ms()).await {
        Ok(_) => {}
        Err(e) if title_taken(&e, table) => return Err(AppError::field("title", codes::MARKETPLACE_TITLE_TAKEN)),
        Err(e) => return Err(e.into()),
    }
    let term = store::term(&mut conn, table, id).await?.ok_or_else(|| AppError::not_found(missing))?;
    Ok(Json(Data::new(term)))
}

/// Marketplace categories: the active ones (anyone; admins: all).
#[utoipa::path(get, path = "/marketplace-categories", tag = "marketplace",
    responses((status = 200, body = Data<Vec<TermView>>)))]
#[instrument(skip_all)]
pub async fn list_categories(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
) -> Result<Json<Data<Vec<TermView>>>, AppError> {
    list(&state, caller.as_ref(), CATEGORIES).await
}

/// Adds a marketplace category (admins).
#[utoipa::path(post, path = "/marketplace-categories", tag = "marketplace", request_body = NewTerm, security(("bearer" = [])),
    responses((status = 201, body = Data<TermView>), (status = 403, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
pub async fn create_category(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiJson(req): ApiJson<TermRequest>,
) -> Result<(StatusCode, Json<Data<TermView>>), AppError> {
    create(&state, &caller, CATEGORIES, req).await
}

/// One marketplace category.
#[utoipa::path(get, path = "/marketplace-categories/{id}", tag = "marketplace", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<TermView>), (status = 404, body = ErrorEnvelope)))]
pub async fn show_category(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<TermView>>, AppError> {
    show(&state, &caller, CATEGORIES, id, codes::MARKETPLACE_CATEGORY_NOT_FOUND).await
}

/// Renames, retires or restores a marketplace category (admins).
#[utoipa::path(put, path = "/marketplace-categories/{id}", tag = "marketplace", params(("id" = i64, Path)), request_body = TermRequest,
    security(("bearer" = [])),
    responses((status = 200, body = Data<TermView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 422, body = ErrorEnvelope)))]
pub async fn update_category(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<TermRequest>,
) -> Result<Json<Data<TermView>>, AppError> {
    update(&state, &caller, CATEGORIES, id, codes::MARKETPLACE_CATEGORY_NOT_FOUND, req).await
}

/// Marketplace tags: the active ones (anyone; admins: all).
#[utoipa::path(get, path = "/marketplace-tags", tag = "marketplace",
    responses((status = 200, body = Data<Vec<TermView>>)))]
#[instrument(skip_all)]
pub async fn list_tags(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
) -> Result<Json<Data<Vec<TermView>>>, AppError> {
    list(&state, caller.as_ref(), TAGS).await
}

/// Adds a marketplace tag (admins).
#[utoipa::path(post, path = "/marketplace-tags", tag = "marketplace", request_body = NewTerm, security(("bearer" = [])),
    responses((status = 201, body = Data<TermView>), (status = 403, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
pub async fn create_tag(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiJson(req): ApiJson<TermRequest>,
) -> Result<(StatusCode, Json<Data<TermView>>), AppError> {
    create(&state, &caller, TAGS, req).await
}

/// One marketplace tag.
#[utoipa::path(get, path = "/marketplace-tags/{id}", tag = "marketplace", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<TermView>), (status = 404, body = ErrorEnvelope)))]
pub async fn show_tag(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<TermView>>, AppError> {
    show(&state, &caller, TAGS, id, codes::MARKETPLACE_TAG_NOT_FOUND).await
}

/// Renames, retires or restores a marketplace tag (admins).
#[utoipa::path(put, path = "/marketplace-tags/{id}", tag = "marketplace", params(("id" = i64, Path)), request_body = TermRequest,
    security(("bearer" = [])),
    responses((status = 200, body = Data<TermView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 422, body = ErrorEnvelope)))]
pub async fn update_tag(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<TermRequest>,
) -> Result<Json<Data<TermView>>, AppError> {
    update(&state, &caller, TAGS, id, codes::MARKETPLACE_TAG_NOT_FOUND, req).await
}
