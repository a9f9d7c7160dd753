//! `GET /activities/community`: the community feed, for designers and clients.

use axum::{extract::State, Json};
use serde::Deserialize;
use utoipa::IntoParams;

use super::{
    may_follow,
    store::feed::{self as feed_store, ActivityView},
};
use crate::{
    accounts::CurrentUser,
    api::loose_id,
    error::{codes, ApiQuery, AppError, ErrorEnvelope},
    shared::page::Page,
    state::AppState,
};

/// Activities per page.
pub const PER_PAGE: i64 = 20;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FeedQuery {
    /// 1-based page number.
    #[serde(default, deserialize_with = "crate::shared::page::page_number")]
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    /// Only activities older than this id: pages stay put while new ones arrive live.
    #[serde(default, deserialize_with = "loose_id")]
    #[param(value_type = Option<i64>)]
    pub before: Option<i64>,
}

/// The community feed, newest first, 20 a page (designers and clients only). New
/// activities arrive live on the `community` channel as `community.activity`.
#[utoipa::path(get, path = "/activities/community", tag = "community", params(FeedQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<ActivityView>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope),
        (status = 422, body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiQuery(query): ApiQuery<FeedQuery>,
) -> Result<Json<Page<ActivityView>>, AppError> {
    if !may_follow(&caller.user) {
        return Err(AppError::forbidden(codes::COMMUNITY_FORBIDDEN));
    }
    let page = query.page.unwrap_or(1).max(1);
    let mut conn = state.db.pool.acquire().await?;
    let (data, total) = feed_store::page(&mut conn, query.before, page, PER_PAGE).await?;
    // The next page keeps the first page's cursor, so new activities do not shift it.
    let before = query.before.or_else(|| data.first().map(|a| a.id + 1));
    let next_page_url = (page * PER_PAGE < total).then(|| {
        let cursor = before.map(|b| format!("&before={b}")).unwrap_or_default();
        format!("/activities/community?page={}{cursor}", page + 1)
    });
    Ok(Json(Page { data, current_page: page, per_page: PER_PAGE, next_page_url, total }))
}
