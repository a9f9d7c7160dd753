//! Browsing the marketplace, public as any shop window (issue #53; docs/spec-decisions.md):
//! contests with entries for sale (`/marketplace-contests/search`), a contest's entries for
//! sale, and a designer's (`/users/{id}/marketplace-entries`, the profile's For Sale tab, with
//! its categories, as the rest of a designer's profile). Only what is on sale shows (not
//! sold, not hidden, its designer active); hidden listings are for admins; buying needs a
//! session.

use axum::{extract::State, Json};
use serde::Deserialize;
use tracing::instrument;
use utoipa::IntoParams;

use super::{
    model::{ListingFile, ListingView, MarketplaceContest, UserCategory},
    store::{self, ContestSearch, ListingFilter},
    PER_PAGE,
};
use crate::{
    accounts::{CurrentUser, MaybeUser},
    api::Data,
    designers::access::readable_designer,
    error::{codes, ApiPath, ApiQuery, AppError, ErrorEnvelope},
    shared::page::{Page, MAX_PAGE},
    state::AppState,
};

/// The query of `/marketplace-contests/search` (documentation; read as pairs so that
/// `filter[contest_type_ids][]` may repeat).
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct SearchQuery {
    #[serde(default, deserialize_with = "crate::shared::page::page_number")]
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    /// `-created_at` (newest listing first, the default) or `created_at`.
    #[param(pattern = r"^(-created_at|created_at)?$")]
    pub sort: Option<String>,
    /// Contest types, repeated: `filter[contest_type_ids][]=1&filter[contest_type_ids][]=3`.
    #[serde(rename = "filter[contest_type_ids][]")]
    #[param(rename = "filter[contest_type_ids][]")]
    pub contest_type_ids: Option<Vec<i64>>,
    /// Words of the contest's or a listing's title.
    #[serde(rename = "filter[q]")]
    #[param(rename = "filter[q]")]
    pub q: Option<String>,
    /// 1: also listings hidden from the marketplace (admins only).
    #[serde(rename = "filter[has_marketplace_hidden]")]
    #[param(rename = "filter[has_marketplace_hidden]")]
    pub has_marketplace_hidden: Option<i64>,
}

fn int(field: &str, value: &str) -> Result<i64, AppError> {
    value.trim().parse().map_err(|_| AppError::field(field, codes::NOT_FOUND_OPTION))
}

/// Contests with entries for sale, 12 a page, newest listing first (anyone; hidden
/// listings, `filter[has_marketplace_hidden]=1`, admins only).
#[utoipa::path(get, path = "/marketplace-contests/search", tag = "marketplace", params(SearchQuery),
    responses((status = 200, body = Page<MarketplaceContest>), (status = 403, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all)]
pub async fn search(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    ApiQuery(pairs): ApiQuery<Vec<(String, String)>>,
) -> Result<Json<Page<MarketplaceContest>>, AppError> {
    let mut search = ContestSearch::default();
    let mut page = 1;
    let mut newest_first = true;
    for (key, value) in &pairs {
        match key.as_str() {
            "page" => {
                page = match int("page", value)? {
                    page @ 1..=MAX_PAGE => page,
                    _ => return Err(AppError::unprocessable(codes::QUERY_INVALID)),
                }
            }
            "sort" => {
                newest_first = match value.trim() {
                    "" | "-created_at" => true,
                    "created_at" => false,
                    _ => return Err(AppError::field("sort", codes::NOT_FOUND_OPTION)),
                }
            }
            "filter[contest_type_ids][]" | "filter[contest_type_ids]" => {
                search.contest_type_ids.push(int("filter[contest_type_ids]", value)?)
            }
            "filter[q]" => {
                search.q = Some(value.trim().to_lowercase()).filter(|q| !q.is_empty());
            }
            "filter[has_marketplace_hidden]" => {
                search.include_hidden = int("filter[has_marketplace_hidden]", value)? == 1;
            }
            _ => {}
        }
    }
    if search.include_hidden && !caller.as_ref().is_some_and(CurrentUser::is_admin) {
        return Err(AppError::forbidden(codes::MARKETPLACE_HIDDEN_ADMINS));
    }
    let mut conn = state.db.pool.acquire().await?;
    let (mut rows, total) = store::search_contests(&mut conn, &search, newest_first, page, PER_PAGE).await?;
    for row in &mut rows {
        row.cover = row.cover_file_id.map(|id| ListingFile {
            id,
            full_path: format!("/files/{id}/content"),
            hash: format!("contest-{}-file-{id}", row.id),
        });
    }
    let next_page_url = (page * PER_PAGE < total).then(|| format!("/marketplace-contests/search?page={}", page + 1));
    Ok(Json(Page { data: rows, current_page: page, per_page: PER_PAGE, next_page_url, total }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListingQuery {
    #[serde(default, deserialize_with = "crate::shared::page::page_number")]
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    /// `-created_at` (Newest First, the default), `created_at` (Oldest First), `-price`, `price`.
    #[param(pattern = r"^(-created_at|created_at|-price|price)?$")]
    pub sort: Option<String>,
    /// A marketplace category id (the For Sale tab's dropdown).
    pub category: Option<i64>,
}

async fn listings(
    state: &AppState,
    mut filter: ListingFilter,
    query: &ListingQuery,
    base: String,
) -> Result<Page<ListingView>, AppError> {
    let order =
        store::order_by(query.sort.as_deref()).ok_or_else(|| AppError::field("sort", codes::NOT_FOUND_OPTION))?;
    filter.category_id = query.category;
    filter.available_only = true;
    let page = query.page.unwrap_or(1).max(1);
    let mut conn = state.db.pool.acquire().await?;
    let (rows, total) = store::page(&mut conn, &filter, order, page, PER_PAGE).await?;
    let tags = store::tags_of(&mut conn, &rows.iter().map(|r| r.contest_entry_id).collect::<Vec<_>>()).await?;
    let mut next_page_url = None;
    if page * PER_PAGE < total {
        let mut url = format!("{base}?page={}", page + 1);
        if let Some(sort) = query.sort.as_deref() {
            url.push_str(&format!("&sort={sort}"));
        }
        if let Some(category) = query.category {
            url.push_str(&format!("&category={category}"));
        }
        next_page_url = Some(url);
    }
    Ok(Page { data: ListingView::with_tags(rows, &tags), current_page: page, per_page: PER_PAGE, next_page_url, total })
}

/// A contest's entries for sale (anyone).
#[utoipa::path(get, path = "/marketplace-contests/{id}/entries", tag = "marketplace", params(("id" = i64, Path), ListingQuery),
    responses((status = 200, body = Page<ListingView>), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id))]
pub async fn contest_entries(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<ListingQuery>,
) -> Result<Json<Page<ListingView>>, AppError> {
    let filter = ListingFilter { contest_id: Some(id), ..ListingFilter::default() };
    Ok(Json(listings(&state, filter, &query, format!("/marketplace-contests/{id}/entries")).await?))
}

/// A designer's entries for sale (the profile's For Sale tab; public).
#[utoipa::path(get, path = "/users/{id}/marketplace-entries", tag = "marketplace", params(("id" = i64, Path), ListingQuery),
    responses((status = 200, body = Page<ListingView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 422, body = ErrorEnvelope)))]
pub async fn user_entries(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<ListingQuery>,
) -> Result<Json<Page<ListingView>>, AppError> {
    readable_designer(&state, id, caller.as_ref()).await?;
    let filter = ListingFilter { user_id: Some(id), ..ListingFilter::default() };
    Ok(Json(listings(&state, filter, &query, format!("/users/{id}/marketplace-entries")).await?))
}

/// The categories of a designer's entries for sale, with counts (the For Sale dropdown;
/// public).
#[utoipa::path(get, path = "/users/{id}/marketplace-categories", tag = "marketplace", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Vec<UserCategory>>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn user_categories(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<Vec<UserCategory>>>, AppError> {
    readable_designer(&state, id, caller.as_ref()).await?;
    let mut conn = state.db.pool.acquire().await?;
    Ok(Json(Data::new(store::user_categories(&mut conn, id).await?)))
}
