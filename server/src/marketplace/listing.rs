//! A designer's listings: `PUT /marketplace-contest-entries` lists a non-winning entry of
//! a finished contest for sale (or changes, hides or withdraws its unsold listing), and
//! `GET /marketplace-contest-entries` lists the caller's own listings (every listing for
//! admins), sold ones included, or with `filter[bought]=1` the designs the caller bought.

use axum::{extract::State, Json};
use serde::Deserialize;
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};

use super::{
    events,
    model::ListingView,
    store::{self, Listing, ListingFilter, CATEGORIES, TAGS},
    PER_PAGE,
};
use crate::{
    accounts::CurrentUser,
    api::{flag, loose_id, Data},
    contests::status::ContestStatus,
    entries::model::EntryStatus,
    error::{codes, ApiJson, ApiQuery, AppError, ErrorEnvelope, FieldErrors},
    shared::page::Page,
    state::AppState,
};

/// Sale prices, whole dollars.
pub const MIN_PRICE: i64 = 5;
pub const MAX_PRICE: i64 = 10_000;
const MAX_TITLE: usize = 200;
const MAX_DESCRIPTION: usize = 2000;

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ListingRequest {
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(required = true, value_type = i64)]
    pub contest_entry_id: Option<i64>,
    /// 1 to 200 characters; the entry's title (or its contest's) when absent.
    pub title: Option<String>,
    /// Up to 2000 characters.
    pub description: Option<String>,
    /// Whole US dollars, 5 to 10000.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(required = true, value_type = i64, minimum = 5, maximum = 10000)]
    pub sale_price: Option<i64>,
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub marketplace_category_id: Option<i64>,
    #[serde(default)]
    pub marketplace_tag_ids: Vec<i64>,
    /// 1: out of the marketplace without being sold (withdrawn); 0: for sale.
    #[serde(default, deserialize_with = "flag")]
    #[schema(value_type = Option<crate::api::FlagDoc>, inline)]
    pub is_hidden: Option<bool>,
}

/// Lists an entry for sale, or changes its unsold listing (its designer or an admin).
/// Only entries that did not win a finished contest (status 4 and later) may be listed.
#[utoipa::path(put, path = "/marketplace-contest-entries", tag = "marketplace", request_body = ListingRequest,
    security(("bearer" = [])),
    responses((status = 200, body = Data<ListingView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = caller.id()))]
pub async fn put(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiJson(req): ApiJson<ListingRequest>,
) -> Result<Json<Data<ListingView>>, AppError> {
    let entry_id = req.contest_entry_id.ok_or_else(|| AppError::field("contest_entry_id", codes::REQUIRED))?;
    let mut conn = state.db.pool.acquire().await?;
    let (designer, contest_id, contest_status, is_winner, entry_status, default_title) =
        store::entry_facts(&mut conn, entry_id).await?.ok_or_else(|| AppError::not_found(codes::ENTRY_NOT_FOUND))?;
    if designer != caller.id() && !caller.is_admin() {
        return Err(AppError::forbidden(codes::MARKETPLACE_LIST_FORBIDDEN));
    }
    if contest_status < ContestStatus::NoWinner.id() || is_winner != 0 || entry_status == EntryStatus::Withdrawn.id() {
        return Err(AppError::conflict(codes::MARKETPLACE_NOT_LISTABLE));
    }
    let before = store::find(&mut conn, entry_id).await?;
    if before.as_ref().is_some_and(|l| l.sold_at.is_some()) {
        return Err(AppError::conflict(codes::MARKETPLACE_SOLD));
    }

    let mut errors = FieldErrors::new();
    let title = req.title.as_deref().map(str::trim).filter(|t| !t.is_empty()).unwrap_or(&default_title).to_owned();
    if title.chars().count() > MAX_TITLE {
        errors.add("title", codes::TOO_LONG);
    }
    let description = req.description.as_deref().map(str::trim).unwrap_or_default().to_owned();
    if description.chars().count() > MAX_DESCRIPTION {
        errors.add("description", codes::TOO_LONG);
    }
    match req.sale_price {
        None => errors.add("sale_price", codes::REQUIRED),
        Some(p) if !(MIN_PRICE..=MAX_PRICE).contains(&p) => errors.add("sale_price", codes::MARKETPLACE_PRICE),
        Some(_) => {}
    }
    if let Some(category) = req.marketplace_category_id {
        if store::active_terms(&mut conn, CATEGORIES, &[category]).await? != 1 {
            errors.add("marketplace_category_id", codes::NOT_FOUND_OPTION);
        }
    }
    let mut tags = req.marketplace_tag_ids.clone();
    tags.sort_unstable();
    tags.dedup();
    if store::active_terms(&mut conn, TAGS, &tags).await? != tags.len() {
        errors.add("marketplace_tag_ids", codes::NOT_FOUND_OPTION);
    }
    errors.into_result()?;
    drop(conn);

    let hidden = req.is_hidden.unwrap_or(false);
    let listing = Listing {
        entry_id,
        contest_id,
        user_id: designer,
        category_id: req.marketplace_category_id,
        title: &title,
        description: &description,
        sale_price_cents: req.sale_price.unwrap_or(MIN_PRICE).saturating_mul(100),
        is_hidden: hidden,
    };
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    store::upsert(&mut tx, &listing, now).await?;
    store::replace_tags(&mut tx, entry_id, &tags).await?;
    let row = store::find(&mut tx, entry_id).await?.ok_or_else(|| anyhow::anyhow!("listing vanished"))?;
    if row.sold_at.is_some() {
        // Bought between the check and the write: the purchase stands.
        return Err(AppError::conflict(codes::MARKETPLACE_SOLD));
    }
    // Pages showing it drop a listing that was for sale and is not any more.
    if before.is_some_and(|b| b.is_available()) && hidden {
        events::removed(&mut tx, &row, events::Reason::Hidden, now).await?;
    }
    // Pages showing the marketplace fetch a listing that is for sale now (new, back on sale
    // or changed).
    if row.is_available() {
        events::listed(&mut tx, &row, now).await?;
    }
    tx.commit().await?;
    let mut view = ListingView::of(row);
    view.marketplace_tag_ids = tags;
    Ok(Json(Data::new(view)))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MineQuery {
    #[serde(default, deserialize_with = "crate::shared::page::page_number")]
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    /// `-created_at` (default), `created_at`, `-price`, `price`.
    #[param(pattern = r"^(-created_at|created_at|-price|price)?$")]
    pub sort: Option<String>,
    /// 1: the designs the caller bought (full rights), newest listing first; 0 or absent:
    /// the caller's own listings.
    #[serde(rename = "filter[bought]")]
    #[param(rename = "filter[bought]", minimum = 0, maximum = 1)]
    pub bought: Option<i64>,
}

/// The caller's own listings, sold and hidden ones too (admins: everyone's); with
/// `filter[bought]=1`, the designs the caller bought instead (theirs only, admins too).
#[utoipa::path(get, path = "/marketplace-contest-entries", tag = "marketplace", params(MineQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<ListingView>), (status = 422, body = ErrorEnvelope)))]
pub async fn mine(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiQuery(query): ApiQuery<MineQuery>,
) -> Result<Json<Page<ListingView>>, AppError> {
    let order =
        store::order_by(query.sort.as_deref()).ok_or_else(|| AppError::field("sort", codes::NOT_FOUND_OPTION))?;
    let bought = match query.bought {
        None | Some(0) => false,
        Some(1) => true,
        Some(_) => return Err(AppError::field("filter[bought]", codes::NOT_FOUND_OPTION)),
    };
    let filter = match bought {
        true => ListingFilter { sold_to: Some(caller.id()), ..ListingFilter::default() },
        false => ListingFilter { user_id: (!caller.is_admin()).then_some(caller.id()), ..ListingFilter::default() },
    };
    let page = query.page.unwrap_or(1).max(1);
    let mut conn = state.db.pool.acquire().await?;
    let (rows, total) = store::page(&mut conn, &filter, order, page, PER_PAGE).await?;
    let tags = store::tags_of(&mut conn, &rows.iter().map(|r| r.contest_entry_id).collect::<Vec<_>>()).await?;
    let next_page_url = (page * PER_PAGE < total).then(|| {
        let bought = if bought { "&filter[bought]=1" } else { "" };
        let sort = query.sort.as_deref().map(|s| format!("&sort={s}")).unwrap_or_default();
        format!("/marketplace-contest-entries?page={}{bought}{sort}", page + 1)
    });
    Ok(Json(Page {
        data: ListingView::with_tags(rows, &tags),
        current_page: page,
        per_page: PER_PAGE,
        next_page_url,
        total,
    }))
}
