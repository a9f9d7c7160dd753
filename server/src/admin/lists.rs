//! Admin lists the other areas do not give: every contest with filters (status,
//! internal status, quick-start, tip-only, a title or username search), every user with
//! filters, and one search box across users, contests, projects and entries.
//!
//! Filters are bound parameters; only constant SQL fragments are put together here.

use axum::{extract::State, Json};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{
    accounts::CurrentUser,
    api::{flag, loose_id, Data},
    error::{catalogue, ApiQuery, AppError, ErrorEnvelope},
    shared::money::as_dollars,
    shared::page::Page,
    state::AppState,
    store::{
        search::{contains, contains_pattern},
        Backend,
    },
};

pub const PER_PAGE: i64 = 48;

/// The aggregate joining tag names with ", " in each dialect.
fn names_joined(backend: Backend) -> &'static str {
    match backend {
        Backend::Sqlite => "GROUP_CONCAT(t.name, ', ')",
        Backend::Postgres => "STRING_AGG(t.name, ', ')",
    }
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
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
    pub extends_disabled: i64,
    pub entries_count: i64,
    pub created_at: i64,
    pub submission_ends_at: Option<i64>,
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
        return Err(AppError::field("filter[status_id]", catalogue::NOT_FOUND_OPTION));
    }
    if query.approval_status_id.is_some_and(|s| !(1..=3).contains(&s)) {
        return Err(AppError::field("filter[approval_status_id]", catalogue::NOT_FOUND_OPTION));
    }
    let page = query.page.unwrap_or(1).max(1);
    let q = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty()).map(contains_pattern);
    let filter = format!(
        "($1 IS NULL OR c.status_id = $1) AND ($2 IS NULL OR c.internal_status_id = $2) \
        AND ($3 = 0 OR c.is_quick_start = 1) AND ($4 = 0 OR c.is_tip = 1) \
        AND ($5 IS NULL OR {} OR {}) AND ($6 IS NULL OR c.approval_status_id = $6)",
        contains("c.title", "$5"),
        contains("u.username", "$5")
    );
    let from = "FROM contest c JOIN contest_type t ON t.id = c.contest_type_id JOIN app_user u ON u.id = c.created_by";
    let mut conn = state.db.pool.acquire().await?;
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) {from} WHERE {filter}"))
        .bind(query.status_id)
        .bind(query.internal_status_id)
        .bind(i64::from(query.quick_start.unwrap_or(false)))
        .bind(i64::from(query.tip.unwrap_or(false)))
        .bind(q.clone())
        .bind(query.approval_status_id)
        .fetch_one(&mut *conn)
        .await?;
    let rows: Vec<AdminContest> = sqlx::query_as(&format!(
        "SELECT c.id, c.title, c.contest_type_id, t.title AS contest_type_title, c.status_id, c.internal_status_id, \
         c.created_by, u.username AS client_username, c.winning_entry_amount_cents, c.is_quick_start, c.is_tip, \
         c.is_highlighted, c.is_featured, c.is_private, c.is_blind, c.extends_disabled, \
         (SELECT COUNT(*) FROM contest_entry e WHERE e.contest_id = c.id) AS entries_count, c.created_at, c.submission_ends_at \
         {from} WHERE {filter} ORDER BY c.id DESC LIMIT $7 OFFSET $8"
    ))
    .bind(query.status_id)
    .bind(query.internal_status_id)
    .bind(i64::from(query.quick_start.unwrap_or(false)))
    .bind(i64::from(query.tip.unwrap_or(false)))
    .bind(q)
    .bind(query.approval_status_id)
    .bind(PER_PAGE)
    .bind((page - 1) * PER_PAGE)
    .fetch_all(&mut *conn)
    .await?;
    Ok(Json(Page {
        data: rows
            .into_iter()
            .map(|contest| AdminContestView {
                winning_entry_amount: as_dollars(contest.winning_entry_amount_cents),
                contest,
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
        return Err(AppError::field("filter[user_type_id]", catalogue::NOT_FOUND_OPTION));
    }
    let page = query.page.unwrap_or(1).max(1);
    let q = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty()).map(contains_pattern);
    let filter = format!(
        "($1 IS NULL OR u.user_type_id = $1) AND ($2 IS NULL OR {} OR {} OR {})",
        contains("u.username", "$2"),
        contains("u.name", "$2"),
        contains("u.email", "$2")
    );
    let mut conn = state.db.pool.acquire().await?;
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM app_user u WHERE {filter}"))
        .bind(query.user_type_id)
        .bind(q.clone())
        .fetch_one(&mut *conn)
        .await?;
    let rows = sqlx::query_as(&format!(
        "SELECT u.id, u.username, u.name, u.email, u.user_type_id, u.creative_level_id, u.is_active, u.has_subscribed, \
         CASE WHEN EXISTS (SELECT 1 FROM client_flag f WHERE f.app_user_id = u.id) THEN 1 ELSE 0 END AS is_flagged, \
         (SELECT {agg} FROM user_tag ut JOIN tag t ON t.id = ut.tag_id WHERE ut.app_user_id = u.id) AS tags, u.created_at \
         FROM app_user u WHERE {filter} ORDER BY u.id DESC LIMIT $3 OFFSET $4",
        agg = names_joined(state.db.backend)
    ))
    .bind(query.user_type_id)
    .bind(q)
    .bind(PER_PAGE)
    .bind((page - 1) * PER_PAGE)
    .fetch_all(&mut *conn)
    .await?;
    Ok(Json(Page {
        data: rows,
        current_page: page,
        per_page: PER_PAGE,
        next_page_url: (page * PER_PAGE < total).then(|| format!("/admin/users?page={}", page + 1)),
        total,
    }))
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct SearchHit {
    /// user, contest, project or entry.
    #[sqlx(rename = "kind")]
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
        return Err(AppError::field("q", catalogue::SEARCH_TOO_SHORT));
    }
    let like = contains_pattern(text);
    let id: i64 = text.trim_start_matches('#').parse().unwrap_or(0);
    let has = |column: &str| contains(column, "$1");
    let sql = match query.kind.as_deref().unwrap_or("users") {
        "users" => format!(
            "SELECT 'user' AS kind, u.id, u.username AS title, u.name || ' · ' || u.email AS subtitle, \
            CAST(NULL AS BIGINT) AS contest_id, u.user_type_id AS status_id FROM app_user u \
            WHERE u.id = $2 OR {} OR {} OR {} ORDER BY u.id DESC LIMIT 48",
            has("u.username"),
            has("u.name"),
            has("u.email")
        ),
        "contests" => format!(
            "SELECT 'contest' AS kind, c.id, c.title, u.username AS subtitle, c.id AS contest_id, c.status_id \
            FROM contest c JOIN app_user u ON u.id = c.created_by \
            WHERE c.id = $2 OR {} ORDER BY c.id DESC LIMIT 48",
            has("c.title")
        ),
        "projects" => format!(
            "SELECT 'project' AS kind, p.id, p.title, u.username AS subtitle, CAST(NULL AS BIGINT) AS contest_id, \
            p.status_id FROM project p JOIN app_user u ON u.id = p.created_by \
            WHERE p.id = $2 OR {} ORDER BY p.id DESC LIMIT 48",
            has("p.title")
        ),
        "entries" => format!(
            "SELECT 'entry' AS kind, e.id, c.title || ' · #' || e.number AS title, u.username AS subtitle, \
            e.contest_id, e.status_id FROM contest_entry e JOIN contest c ON c.id = e.contest_id \
            JOIN app_user u ON u.id = e.created_by \
            WHERE e.id = $2 OR {} OR {} ORDER BY e.id DESC LIMIT 48",
            has("COALESCE(e.title, '')"),
            has("u.username")
        ),
        _ => return Err(AppError::field("type", catalogue::SEARCH_TYPE_IN)),
    };
    let hits = sqlx::query_as(&sql).bind(like).bind(id).fetch_all(&state.db.pool).await?;
    Ok(Json(Data::new(hits)))
}
