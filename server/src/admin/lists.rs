//! Admin lists the other areas do not give: every contest with filters (status,
//! internal status, quick-start, tip-only, a title or username search), every user with
//! filters, and one search box across users, contests, projects and entries.
//!
//! Filters are bound parameters; only constant SQL fragments are put together, in the
//! stores: the contests' (`contests::store::all`), admin's for users (who carry admin's
//! flags and tags), and each area's `search` for the search box.

use axum::{extract::State, Json};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::store::lists as store;
use crate::{
    accounts::CurrentUser,
    api::{flag, loose_id, Data},
    contests::store::all as contests,
    error::{codes, ApiQuery, AppError, ErrorEnvelope},
    shared::money::as_dollars,
    shared::page::Page,
    state::AppState,
    store::search::{contains_pattern, SearchHitRow},
};

pub const PER_PAGE: i64 = 48;

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminContest {
    pub id: i64,
    pub title: String,
    pub contest_type_id: i64,
    pub contest_type_title: String,
    pub status_id: i64,
    pub internal_status_id: Option<i64>,
    pub created_by: i64,
    pub client_username: String,
    #[serde(skip)]
    pub winning_entry_amount_cents: i64,
    pub is_quick_start: i64,
    pub is_tip: i64,
    pub is_highlighted: i64,
    pub is_featured: i64,
    pub is_private: i64,
    pub is_blind: i64,
    /// 1 when the contest bought the Featured Blog Post upgrade: the blog owes it a post.
    pub is_featured_blog_post: i64,
    pub extends_disabled: i64,
    pub entries_count: i64,
    pub created_at: i64,
    pub submission_ends_at: Option<i64>,
}

impl From<contests::ListedContest> for AdminContest {
    fn from(c: contests::ListedContest) -> Self {
        Self {
            id: c.id,
            title: c.title,
            contest_type_id: c.contest_type_id,
            contest_type_title: c.contest_type_title,
            status_id: c.status_id,
            internal_status_id: c.internal_status_id,
            created_by: c.created_by,
            client_username: c.client_username,
            winning_entry_amount_cents: c.winning_entry_amount_cents,
            is_quick_start: c.is_quick_start,
            is_tip: c.is_tip,
            is_highlighted: c.is_highlighted,
            is_featured: c.is_featured,
            is_private: c.is_private,
            is_blind: c.is_blind,
            is_featured_blog_post: c.is_featured_blog_post,
            extends_disabled: c.extends_disabled,
            entries_count: c.entries_count,
            created_at: c.created_at,
            submission_ends_at: c.submission_ends_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminContestView {
    #[serde(flatten)]
    pub contest: AdminContest,
    /// The prize of each winning entry, US dollars.
    pub winning_entry_amount: f64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ContestQuery {
    #[serde(default, deserialize_with = "crate::shared::page::page_number")]
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    /// 1 to 9 (contest status ids).
    #[serde(rename = "filter[status_id]", default, deserialize_with = "loose_id")]
    #[param(rename = "filter[status_id]", value_type = Option<i64>, minimum = 1, maximum = 9)]
    pub status_id: Option<i64>,
    #[serde(rename = "filter[internal_status_id]", default, deserialize_with = "loose_id")]
    #[param(rename = "filter[internal_status_id]", value_type = Option<i64>)]
    pub internal_status_id: Option<i64>,
    /// Start requests: 1 pending, 2 approved, 3 rejected.
    #[serde(rename = "filter[approval_status_id]", default, deserialize_with = "loose_id")]
    #[param(rename = "filter[approval_status_id]", value_type = Option<i64>, minimum = 1, maximum = 3)]
    pub approval_status_id: Option<i64>,
    /// 1: quick-start contests only.
    #[serde(rename = "filter[is_quick_start]", default, deserialize_with = "flag")]
    #[param(rename = "filter[is_quick_start]", value_type = Option<crate::api::FlagDoc>, inline)]
    pub quick_start: Option<bool>,
    /// 1: tip-only contests only.
    #[serde(rename = "filter[is_tip]", default, deserialize_with = "flag")]
    #[param(rename = "filter[is_tip]", value_type = Option<crate::api::FlagDoc>, inline)]
    pub tip: Option<bool>,
    /// 1: contests that bought the Featured Blog Post upgrade only (the posts to write).
    #[serde(rename = "filter[is_featured_blog_post]", default, deserialize_with = "flag")]
    #[param(rename = "filter[is_featured_blog_post]", value_type = Option<crate::api::FlagDoc>, inline)]
    pub blog_post: Option<bool>,
    /// Part of the title or of the client's username.
    #[serde(rename = "filter[q]")]
    #[param(rename = "filter[q]")]
    pub q: Option<String>,
}

/// Every contest, newest first, 48 a page, with the admin's filters (admins). Serves the
/// All Contests, No Winner, Quick Start and Tip Only pages.
#[utoipa::path(get, path = "/admin/contests", tag = "admin", params(ContestQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<AdminContestView>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
pub async fn contests(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiQuery(query): ApiQuery<ContestQuery>,
) -> Result<Json<Page<AdminContestView>>, AppError> {
    caller.require_admin()?;
    if query.status_id.is_some_and(|s| !(1..=9).contains(&s)) {
        return Err(AppError::field("filter[status_id]", codes::NOT_FOUND_OPTION));
    }
    if query.approval_status_id.is_some_and(|s| !(1..=3).contains(&s)) {
        return Err(AppError::field("filter[approval_status_id]", codes::NOT_FOUND_OPTION));
    }
    let page = query.page.unwrap_or(1).max(1);
    let q = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty()).map(contains_pattern);
    let filter = contests::Filter {
        status_id: query.status_id,
        internal_status_id: query.internal_status_id,
        quick_start: query.quick_start.unwrap_or(false),
        tip: query.tip.unwrap_or(false),
        blog_post: query.blog_post.unwrap_or(false),
        q,
        approval_status_id: query.approval_status_id,
    };
    let mut conn = state.db.pool.acquire().await?;
    let (total, rows) = contests::page(&mut conn, &filter, PER_PAGE, (page - 1) * PER_PAGE).await?;
    Ok(Json(Page {
        data: rows
            .into_iter()
            .map(|contest| AdminContestView {
                winning_entry_amount: as_dollars(contest.winning_entry_amount_cents),
                contest: contest.into(),
            })
            .collect(),
        current_page: page,
        per_page: PER_PAGE,
        next_page_url: (page * PER_PAGE < total).then(|| format!("/admin/contests?page={}", page + 1)),
        total,
    }))
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct AdminUser {
    pub id: i64,
    pub username: String,
    pub name: String,
    pub email: String,
    pub user_type_id: i64,
    pub creative_level_id: Option<i64>,
    pub is_active: i64,
    pub has_subscribed: i64,
    /// 1 when an admin flagged the client.
    pub is_flagged: i64,
    /// Designer tags, comma-separated names.
    pub tags: Option<String>,
    pub created_at: i64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UserQuery {
    #[serde(default, deserialize_with = "crate::shared::page::page_number")]
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    /// 1 admin, 2 client, 3 designer.
    #[serde(rename = "filter[user_type_id]", default, deserialize_with = "loose_id")]
    #[param(rename = "filter[user_type_id]", value_type = Option<i64>, minimum = 1, maximum = 3)]
    pub user_type_id: Option<i64>,
    /// Part of the username, name or e-mail.
    #[serde(rename = "filter[q]")]
    #[param(rename = "filter[q]")]
    pub q: Option<String>,
}

/// Every user, newest first, 48 a page (admins): the Users page, where an admin changes
/// statuses (`PUT /users/{id}/statuses`), subscriptions and designer tags.
#[utoipa::path(get, path = "/admin/users", tag = "admin", params(UserQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<AdminUser>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
pub async fn users(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiQuery(query): ApiQuery<UserQuery>,
) -> Result<Json<Page<AdminUser>>, AppError> {
    caller.require_admin()?;
    if query.user_type_id.is_some_and(|t| !(1..=3).contains(&t)) {
        return Err(AppError::field("filter[user_type_id]", codes::NOT_FOUND_OPTION));
    }
    let page = query.page.unwrap_or(1).max(1);
    let q = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty()).map(contains_pattern);
    let mut conn = state.db.pool.acquire().await?;
    let (total, rows) =
        store::users(&mut conn, state.db.backend, query.user_type_id, q, PER_PAGE, (page - 1) * PER_PAGE).await?;
    Ok(Json(Page {
        data: rows,
        current_page: page,
        per_page: PER_PAGE,
        next_page_url: (page * PER_PAGE < total).then(|| format!("/admin/users?page={}", page + 1)),
        total,
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SearchHit {
    /// user, contest, project or entry.
    #[serde(rename = "type")]
    pub kind: String,
    pub id: i64,
    /// The username, the contest's or project's title, the entry's contest title.
    pub title: String,
    /// The user's name or e-mail; the owner's username; the entry's designer.
    pub subtitle: String,
    /// The contest of an entry (its page is the contest's).
    pub contest_id: Option<i64>,
    pub status_id: Option<i64>,
}

impl From<SearchHitRow> for SearchHit {
    fn from(r: SearchHitRow) -> Self {
        Self {
            kind: r.kind,
            id: r.id,
            title: r.title,
            subtitle: r.subtitle,
            contest_id: r.contest_id,
            status_id: r.status_id,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// At least 2 characters besides surrounding spaces; a number also matches ids.
    #[param(required = true, pattern = r"\S[\s\S]*\S")]
    pub q: Option<String>,
    /// users (the default), contests, projects or entries.
    #[serde(rename = "type")]
    #[param(rename = "type", pattern = "^(users|contests|projects|entries)$")]
    pub kind: Option<String>,
}

/// Searches users (username, name, e-mail), contests and projects (title, id) or entries
/// (id, title, designer) for the Search page; at most 48 hits, newest first (admins).
#[utoipa::path(get, path = "/admin/search", tag = "admin", params(SearchQuery), security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<SearchHit>>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
pub async fn search(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiQuery(query): ApiQuery<SearchQuery>,
) -> Result<Json<Data<Vec<SearchHit>>>, AppError> {
    caller.require_admin()?;
    let text = query.q.as_deref().map(str::trim).unwrap_or_default();
    if text.chars().count() < 2 {
        return Err(AppError::field("q", codes::SEARCH_TOO_SHORT));
    }
    let like = contains_pattern(text);
    let id: i64 = text.trim_start_matches('#').parse().unwrap_or(0);
    // Each kind is searched by the store of the area that owns it.
    let db = &state.db.pool;
    let rows = match query.kind.as_deref().unwrap_or("users") {
        "users" => crate::accounts::store::search(db, &like, id).await?,
        "contests" => contests::search(db, &like, id).await?,
        "projects" => crate::projects::store::search(db, &like, id).await?,
        "entries" => crate::entries::store::search(db, &like, id).await?,
        _ => return Err(AppError::field("type", codes::SEARCH_TYPE_IN)),
    };
    let hits: Vec<SearchHit> = rows.into_iter().map(SearchHit::from).collect();
    Ok(Json(Data::new(hits)))
}
