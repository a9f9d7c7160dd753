//! A designer's portfolio: additional items (an upload of theirs with a title and a
//! category) and contest entries of theirs from public contests. Anyone sees it, signed
//! in or not (anonymous visitors may view profiles); the designer themself and admins
//! change it.

use axum::{extract::State, http::StatusCode, Json};
use serde::Deserialize;
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};

use super::{
    access::{designer, readable_designer, require_self},
    model::{CategoryCount, LikeRatingStats, PortfolioRow, PortfolioView, ADDITIONAL, CONTEST_ENTRY},
    store::{self, NewItem, PortfolioFilter},
};
use crate::{
    accounts::{CurrentUser, MaybeUser},
    api::{loose_id, Data, Message},
    error::{codes, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope, FieldErrors},
    shared::page::Page,
    state::AppState,
    store::is_unique_violation,
};

const PER_PAGE: i64 = 12;
const MAX_TITLE: usize = 200;
const MAX_DESCRIPTION: usize = 5000;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PortfolioQuery {
    #[serde(default, deserialize_with = "crate::shared::page::page_number")]
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    /// `-created_at` (newest, the default), `created_at`, `-rating`, `rating`, `-likes`, `likes`.
    #[param(pattern = r"^(-created_at|created_at|-rating|rating|-likes|likes)?$")]
    pub sort: Option<String>,
    /// 1 additional items, 2 contest entries.
    #[serde(rename = "filter[type]")]
    #[param(rename = "filter[type]", minimum = 1, maximum = 2)]
    pub portfolio_type: Option<i64>,
    /// A category (contest type) id.
    #[serde(rename = "filter[category]")]
    #[param(rename = "filter[category]")]
    pub category: Option<i64>,
    /// Words the title contains (any case).
    #[serde(rename = "filter[q]")]
    #[param(rename = "filter[q]")]
    pub q: Option<String>,
    /// At least this rating (1-5).
    #[serde(rename = "filter[rating]")]
    #[param(rename = "filter[rating]")]
    pub rating: Option<i64>,
    /// At least this many likes.
    #[serde(rename = "filter[likes]")]
    #[param(rename = "filter[likes]")]
    pub likes: Option<i64>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct PortfolioRequest {
    /// An entry of the designer's in a public contest (its title and category follow the
    /// contest unless given); without it, an additional item from `file_id`.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub contest_entry_id: Option<i64>,
    /// An upload of the designer's (additional items).
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub file_id: Option<i64>,
    /// 1 to 200 characters; required for additional items.
    pub title: Option<String>,
    /// Up to 5000 characters.
    pub description: Option<String>,
    /// A contest type id; required for additional items.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub category_id: Option<i64>,
}

/// The text fields, trimmed and checked; `title` falls back to `default_title`.
fn texts(req: &PortfolioRequest, default_title: Option<&str>, errors: &mut FieldErrors) -> (String, String) {
    let title = req.title.as_deref().map(str::trim).filter(|t| !t.is_empty()).or(default_title).unwrap_or_default();
    if title.is_empty() {
        errors.add("title", codes::REQUIRED);
    } else if title.chars().count() > MAX_TITLE {
        errors.add("title", codes::TOO_LONG);
    }
    let description = req.description.as_deref().map(str::trim).unwrap_or_default();
    if description.chars().count() > MAX_DESCRIPTION {
        errors.add("description", codes::TOO_LONG);
    }
    (title.to_owned(), description.to_owned())
}

/// An item with the reactions `viewer` gave it (none for an anonymous reader).
async fn view(state: &AppState, row: PortfolioRow, viewer: Option<&CurrentUser>) -> Result<PortfolioView, AppError> {
    let mine = match (row.contest_entry_id, viewer) {
        (Some(entry), Some(viewer)) => {
            let mut conn = state.db.pool.acquire().await?;
            store::own_reactions(&mut conn, entry, viewer.id()).await?
        }
        _ => Vec::new(),
    };
    Ok(PortfolioView::of(row, mine))
}

async fn find(state: &AppState, user_id: i64, item_id: i64) -> Result<PortfolioRow, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    store::find(&mut conn, user_id, item_id).await?.ok_or_else(|| AppError::not_found(codes::PORTFOLIO_NOT_FOUND))
}

/// A designer's portfolio, 12 a page, filtered and sorted (public).
#[utoipa::path(get, path = "/users/{id}/portfolios", tag = "designers", params(("id" = i64, Path), PortfolioQuery),
    responses((status = 200, body = Page<PortfolioView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<PortfolioQuery>,
) -> Result<Json<Page<PortfolioView>>, AppError> {
    readable_designer(&state, id, caller.as_ref()).await?;
    let order =
        store::order_by(query.sort.as_deref()).ok_or_else(|| AppError::field("sort", codes::NOT_FOUND_OPTION))?;
    if query.portfolio_type.is_some_and(|t| t != ADDITIONAL && t != CONTEST_ENTRY) {
        return Err(AppError::field("filter[type]", codes::NOT_FOUND_OPTION));
    }
    let filter = PortfolioFilter {
        portfolio_type_id: query.portfolio_type,
        category_id: query.category,
        q: query.q.as_deref().map(str::trim).filter(|q| !q.is_empty()).map(str::to_lowercase),
        min_rating: query.rating,
        min_likes: query.likes,
    };
    let page = query.page.unwrap_or(1).max(1);
    let mut conn = state.db.pool.acquire().await?;
    let (rows, total) = store::page(&mut conn, id, &filter, order, page, PER_PAGE).await?;
    drop(conn);
    let mut data = Vec::with_capacity(rows.len());
    for row in rows {
        data.push(view(&state, row, caller.as_ref()).await?);
    }
    let next_page_url = (page * PER_PAGE < total).then(|| format!("/users/{id}/portfolios?page={}", page + 1));
    Ok(Json(Page { data, current_page: page, per_page: PER_PAGE, next_page_url, total }))
}

/// Adds an item to the designer's portfolio (themself, admins).
#[utoipa::path(post, path = "/users/{id}/portfolios", tag = "designers", params(("id" = i64, Path)),
    request_body = PortfolioRequest, security(("bearer" = [])),
    responses((status = 201, body = Data<PortfolioView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = id))]
pub async fn create(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<PortfolioRequest>,
) -> Result<(StatusCode, Json<Data<PortfolioView>>), AppError> {
    require_self(&caller, id)?;
    designer(&state, id).await?;
    let mut errors = FieldErrors::new();
    let mut conn = state.db.pool.acquire().await?;
    let (kind, entry_category) = match req.contest_entry_id {
        Some(entry) => match store::publishable_entry(&mut conn, id, entry).await? {
            Some(contest) => (CONTEST_ENTRY, Some(contest)),
            None => return Err(AppError::field("contest_entry_id", codes::PORTFOLIO_ENTRY_INVALID)),
        },
        None => (ADDITIONAL, None),
    };
    let (title, description) = texts(&req, entry_category.as_ref().map(|(title, _)| title.as_str()), &mut errors);
    let category = req.category_id.or(entry_category.as_ref().map(|(_, c)| *c));
    match category {
        None => errors.add("category_id", codes::REQUIRED),
        Some(c) if !store::category_exists(&mut conn, c).await? => errors.add("category_id", codes::NOT_FOUND_OPTION),
        Some(_) => {}
    }
    let file_id = match kind {
        ADDITIONAL => match req.file_id {
            None => {
                errors.add("file_id", codes::REQUIRED);
                None
            }
            Some(f) if !crate::files::store::foreign_files(&mut conn, id, &[f]).await?.is_empty() => {
                errors.add("file_id", codes::NOT_FOUND_OPTION);
                None
            }
            Some(f) => Some(f),
        },
        _ => None,
    };
    drop(conn);
    errors.into_result()?;
    let item = NewItem {
        user_id: id,
        portfolio_type_id: kind,
        title: &title,
        description: &description,
        category_id: category.unwrap_or_default(),
        file_id,
        contest_entry_id: req.contest_entry_id,
    };
    let mut tx = state.db.pool.begin().await?;
    // The unique (designer, entry) index decides between two racing adds of one entry.
    let item_id = match store::insert(&mut tx, &item, state.now_ms()).await {
        Ok(item_id) => item_id,
        // PostgreSQL names the index; SQLite names the columns of a unique index.
        Err(e)
            if is_unique_violation(&e, "portfolio_item_entry_key")
                || is_unique_violation(&e, "portfolio_item.contest_entry_id") =>
        {
            return Err(AppError::field("contest_entry_id", codes::PORTFOLIO_ENTRY_EXISTS))
        }
        Err(e) => return Err(e.into()),
    };
    tx.commit().await?;
    let row = find(&state, id, item_id).await?;
    Ok((StatusCode::CREATED, Json(Data::new(view(&state, row, Some(&caller)).await?))))
}

/// Edits an item's title, description and category (themself, admins); an entry's
/// category stays its contest's.
#[utoipa::path(put, path = "/users/{id}/portfolios/{portfolioId}", tag = "designers",
    params(("id" = i64, Path), ("portfolioId" = i64, Path)), request_body = PortfolioRequest, security(("bearer" = [])),
    responses((status = 200, body = Data<PortfolioView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = id, portfolio_id))]
pub async fn update(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, portfolio_id)): ApiPath<(i64, i64)>,
    ApiJson(req): ApiJson<PortfolioRequest>,
) -> Result<Json<Data<PortfolioView>>, AppError> {
    require_self(&caller, id)?;
    designer(&state, id).await?;
    let item = find(&state, id, portfolio_id).await?;
    let mut errors = FieldErrors::new();
    let (title, description) = texts(&req, Some(&item.title), &mut errors);
    let category = match (item.portfolio_type_id, req.category_id) {
        (ADDITIONAL, Some(c)) => c,
        _ => item.contest_type_id,
    };
    let mut conn = state.db.pool.acquire().await?;
    if !store::category_exists(&mut conn, category).await? {
        errors.add("category_id", codes::NOT_FOUND_OPTION);
    }
    errors.into_result()?;
    store::update(&mut conn, portfolio_id, &title, &description, category, state.now_ms()).await?;
    drop(conn);
    let row = find(&state, id, portfolio_id).await?;
    Ok(Json(Data::new(view(&state, row, Some(&caller)).await?)))
}

/// Removes an item (themself, admins).
#[utoipa::path(delete, path = "/users/{id}/portfolios/{portfolioId}", tag = "designers",
    params(("id" = i64, Path), ("portfolioId" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = id, portfolio_id))]
pub async fn delete(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, portfolio_id)): ApiPath<(i64, i64)>,
) -> Result<Json<Message>, AppError> {
    require_self(&caller, id)?;
    find(&state, id, portfolio_id).await?;
    let mut conn = state.db.pool.acquire().await?;
    if !store::delete(&mut conn, portfolio_id).await? {
        return Err(AppError::not_found(codes::PORTFOLIO_NOT_FOUND));
    }
    Ok(Json(Message::new("Portfolio item deleted")))
}

/// The categories of a designer's portfolio, with counts (for the category filter; public).
#[utoipa::path(get, path = "/users/{id}/portfolios/categories", tag = "designers", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Vec<CategoryCount>>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn categories(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<Vec<CategoryCount>>>, AppError> {
    readable_designer(&state, id, caller.as_ref()).await?;
    let mut conn = state.db.pool.acquire().await?;
    Ok(Json(Data::new(store::categories(&mut conn, id).await?)))
}

/// Likes and public ratings of a designer's portfolio (for the filters' ranges; public).
#[utoipa::path(get, path = "/users/{id}/portfolios/like-rating-stats", tag = "designers", params(("id" = i64, Path)),
    responses((status = 200, body = Data<LikeRatingStats>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn stats(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<LikeRatingStats>>, AppError> {
    readable_designer(&state, id, caller.as_ref()).await?;
    let mut conn = state.db.pool.acquire().await?;
    Ok(Json(Data::new(store::stats(&mut conn, id).await?)))
}
