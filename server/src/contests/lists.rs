//! The contest lists of the dashboard and admin menus, 48 a page, newest first,
//! answered as `{data, current_page, per_page, next_page_url, total}`. Browse Contests
//! (`available`) lists featured contests first: that is what the Featured upgrade buys.
//!
//! The designer's lists (participating, participated, won) read the contests the
//! caller has entries in.

use axum::{extract::State, Json};
use serde::Deserialize;
use utoipa::IntoParams;

use super::{model::ContestView, store};
use crate::{
    accounts::{domain::UserType, CurrentUser},
    error::{ApiQuery, AppError, ErrorEnvelope},
    shared::page::Page,
    shared::page::PageQuery,
    state::AppState,
};

pub const PER_PAGE: i64 = 48;

/// `?page=&per_page=` of the client's active contests.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ActiveQuery {
    /// 1-based page number.
    #[serde(default, deserialize_with = "crate::shared::page::page_number")]
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    /// How many a page: 48 when absent, at most 100 (the invitation modal offers all of a
    /// client's active contests in one choice; contests doc, section 9: "active contests shown 100").
    #[serde(default, deserialize_with = "crate::shared::page::per_page_number")]
    #[param(minimum = 1, maximum = 100)]
    pub per_page: Option<i64>,
}

/// Who may read a list, and which contests are on it.
#[derive(Debug, Clone, Copy)]
enum List {
    /// A client's unpaid contests.
    Unstarted,
    /// A client's running and deciding contests.
    Active,
    /// A client's finished contests.
    Ended,
    /// Contests accepting entries, for designers.
    Available,
    /// Awarded contests awaiting verification (admins).
    Verify,
    /// Delivered contests awaiting credit (admins).
    Credit,
    /// Contests whose client has not picked a winner yet (the client's own; admins see all).
    PendingWinner,
    /// Running and deciding contests the designer has entries in.
    Participating,
    /// Ended contests the designer had entries in.
    Participated,
    /// Contests the designer won.
    Won,
}

impl List {
    fn path(self) -> &'static str {
        match self {
            Self::Unstarted => "unstarted",
            Self::Active => "active",
            Self::Ended => "ended",
            Self::Available => "available",
            Self::Verify => "verify",
            Self::Credit => "credit",
            Self::PendingWinner => "pending-winner",
            Self::Participating => "participating",
            Self::Participated => "participated",
            Self::Won => "won",
        }
    }

    /// The ORDER BY: newest first, after the featured contests where designers browse.
    fn order(self) -> &'static str {
        match self {
            Self::Available => "c.is_featured DESC, c.id DESC",
            _ => "c.id DESC",
        }
    }

    /// The WHERE fragment and whether it binds the viewer's id as `$1`.
    fn filter(self, viewer: &CurrentUser) -> Result<(&'static str, bool), AppError> {
        let admin = viewer.is_admin();
        let client = viewer.user.user_type() == UserType::Client;
        let designer = viewer.user.user_type() == UserType::Designer;
        let forbidden = || Err(AppError::forbidden(crate::error::codes::FORBIDDEN));
        Ok(match self {
            Self::Unstarted if client => ("c.created_by = $1 AND c.status_id = 1", true),
            Self::Active if client => ("c.created_by = $1 AND c.status_id IN (2, 3)", true),
            Self::Ended if client => ("c.created_by = $1 AND c.status_id >= 4", true),
            Self::Available if designer || admin => ("c.status_id = 2", false),
            Self::Verify if admin => ("c.status_id IN (5, 6)", false),
            Self::Credit if admin => ("c.status_id = 8", false),
            Self::PendingWinner if admin => ("c.status_id = 3", false),
            Self::PendingWinner if client => ("c.created_by = $1 AND c.status_id = 3", true),
            Self::Participating if designer => (
                "c.status_id IN (2, 3) AND EXISTS (SELECT 1 FROM contest_entry e WHERE e.contest_id = c.id AND e.created_by = $1)",
                true,
            ),
            Self::Participated if designer => (
                "c.status_id >= 4 AND EXISTS (SELECT 1 FROM contest_entry e WHERE e.contest_id = c.id AND e.created_by = $1)",
                true,
            ),
            Self::Won if designer => (
                "EXISTS (SELECT 1 FROM contest_entry e WHERE e.contest_id = c.id AND e.created_by = $1 AND e.is_winner = 1)",
                true,
            ),
            _ => return forbidden(),
        })
    }
}

async fn list(
    state: AppState,
    viewer: CurrentUser,
    kind: List,
    query: PageQuery,
    per_page: i64,
) -> Result<Json<Page<ContestView>>, AppError> {
    let (filter, binds_viewer) = kind.filter(&viewer)?;
    let page = query.page.unwrap_or(1).max(1);
    let mut conn = state.db.pool.acquire().await?;
    let (rows, total) =
        store::page(&mut conn, filter, kind.order(), binds_viewer.then_some(viewer.id()), page, per_page).await?;
    let more = if per_page == PER_PAGE { String::new() } else { format!("&per_page={per_page}") };
    let next_page_url = (page * per_page < total).then(|| format!("/contests/{}?page={}{more}", kind.path(), page + 1));
    Ok(Json(Page {
        data: rows.into_iter().map(ContestView::from).collect(),
        current_page: page,
        per_page,
        next_page_url,
        total,
    }))
}

macro_rules! list_handlers {
    ($($name:ident => $kind:ident, $path:literal, $doc:literal;)*) => {$(
        #[doc = $doc]
        #[utoipa::path(get, path = $path, tag = "contests", params(PageQuery), security(("bearer" = [])),
            responses((status = 200, body = Page<ContestView>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
        pub async fn $name(State(state): State<AppState>, viewer: CurrentUser, ApiQuery(query): ApiQuery<PageQuery>) -> Result<Json<Page<ContestView>>, AppError> {
            list(state, viewer, List::$kind, query, PER_PAGE).await
        }
    )*};
}

list_handlers! {
    unstarted => Unstarted, "/contests/unstarted", "The client's unpaid contests.";
    ended => Ended, "/contests/ended", "The client's finished contests.";
    available => Available, "/contests/available", "Contests accepting entries (designers and admins).";
    verify => Verify, "/contests/verify", "Awarded contests awaiting verification (admins).";
    credit => Credit, "/contests/credit", "Delivered contests awaiting credit (admins).";
    pending_winner => PendingWinner, "/contests/pending-winner", "Contests awaiting the client's choice of winner.";
    participating => Participating, "/contests/participating", "Running and deciding contests the designer has entries in.";
    participated => Participated, "/contests/participated", "Ended contests the designer had entries in.";
    won => Won, "/contests/won", "Contests the designer won.";
}

/// The client's running and deciding contests, 48 a page or up to 100 with `per_page`.
#[utoipa::path(get, path = "/contests/active", tag = "contests", params(ActiveQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<ContestView>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn active(
    State(state): State<AppState>,
    viewer: CurrentUser,
    ApiQuery(query): ApiQuery<ActiveQuery>,
) -> Result<Json<Page<ContestView>>, AppError> {
    let per_page = query.per_page.unwrap_or(PER_PAGE);
    list(state, viewer, List::Active, PageQuery { page: query.page }, per_page).await
}
