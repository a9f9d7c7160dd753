//! Reading entries: a contest's list (filters, sorts, pages of 48), one entry, the
//! list with files and designers, and the caller's upload statistics.
//!
//! On a blind contest the SQL itself narrows the list to what the viewer may see, so
//! pages and totals never count hidden entries; every row is then checked again
//! with [`may_view_entry`] before it is shown.

use axum::{extract::State, Json};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{
    model::{EntryStatus, EntryView},
    store::{self, Filter, Sort},
    submit::BRONZE_MAX_ENTRIES,
    view_for,
    visibility::may_view_entry,
    visible_entry,
};
use crate::{
    accounts::{domain::CreativeLevel, CurrentUser, MaybeUser},
    api::Data,
    contests,
    error::{codes, ApiPath, ApiQuery, AppError, ErrorEnvelope},
    shared::page::Page,
    state::AppState,
};

pub const PER_PAGE: i64 = 48;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// 1-based page number.
    #[serde(default, deserialize_with = "crate::shared::page::page_number")]
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    /// newest (default), oldest, likes, or rating (the contest holder only: 403 for
    /// anyone else).
    #[param(pattern = r"^(newest|-created_at|oldest|created_at|likes|rating)?$")]
    pub sort: Option<String>,
    /// active or eliminated.
    #[serde(rename = "filter[status]")]
    #[param(rename = "filter[status]", pattern = r"^ *(active|eliminated)? *$")]
    pub status: Option<String>,
    /// A designer's username.
    #[serde(rename = "filter[designer]")]
    #[param(rename = "filter[designer]")]
    pub designer: Option<String>,
    /// `designer`: one card per designer (their newest entry) with their entry count.
    #[param(pattern = r"^ *(designer)? *$")]
    pub group: Option<String>,
    /// Comma-separated: `files` (each entry's current images), `designer` (always there).
    #[param(pattern = r"^ *(files|designer)? *(, *(files|designer)? *)*$")]
    pub include: Option<String>,
}

impl ListQuery {
    fn sort(&self, holder: bool) -> Result<Sort, AppError> {
        match self.sort.as_deref().map(str::trim).unwrap_or("newest") {
            "" | "newest" | "-created_at" => Ok(Sort::Newest),
            "oldest" | "created_at" => Ok(Sort::Oldest),
            "likes" => Ok(Sort::Likes),
            "rating" if holder => Ok(Sort::Rating),
            // Who asks, not what: the sort is the holder's (their private ratings).
            "rating" => Err(AppError::forbidden(codes::ENTRY_SORT_FORBIDDEN)),
            _ => Err(AppError::field("sort", codes::NOT_FOUND_OPTION)),
        }
    }

    /// The link to page `page` of the same list: every filter, sort and group kept.
    fn page_url(&self, path: &str, page: i64) -> String {
        let mut query = form_urlencoded::Serializer::new(String::new());
        let kept = [
            ("sort", &self.sort),
            ("filter[status]", &self.status),
            ("filter[designer]", &self.designer),
            ("group", &self.group),
            ("include", &self.include),
        ];
        for (name, value) in kept {
            if let Some(value) = value.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
                query.append_pair(name, value);
            }
        }
        query.append_pair("page", &page.to_string());
        format!("{path}?{}", query.finish())
    }

    fn grouped(&self) -> Result<bool, AppError> {
        match self.group.as_deref().map(|g| g.trim_matches(' ')).unwrap_or("") {
            "" => Ok(false),
            "designer" => Ok(true),
            _ => Err(AppError::field("group", codes::NOT_FOUND_OPTION)),
        }
    }

    /// Whether `include` asks for files; an unknown include is the caller's mistake.
    fn includes_files(&self) -> Result<bool, AppError> {
        let mut files = false;
        // Spaces only, as the documented pattern allows: `str::trim` would take tabs and
        // line breaks the pattern refuses.
        for part in
            self.include.as_deref().unwrap_or("").split(',').map(|p| p.trim_matches(' ')).filter(|p| !p.is_empty())
        {
            match part {
                "files" => files = true,
                "designer" => {}
                _ => return Err(AppError::field("include", codes::NOT_FOUND_OPTION)),
            }
        }
        Ok(files)
    }

    fn status(&self) -> Result<Option<i64>, AppError> {
        match self.status.as_deref().map(|s| s.trim_matches(' ')).filter(|s| !s.is_empty()) {
            None => Ok(None),
            Some(name) => EntryStatus::parse(name)
                .map(|s| Some(s.id()))
                .ok_or_else(|| AppError::field("filter[status]", codes::ENTRY_STATUS_INVALID)),
        }
    }
}

async fn page_of(
    state: &AppState,
    viewer: Option<&CurrentUser>,
    contest_id: i64,
    query: &ListQuery,
    details: bool,
) -> Result<Page<EntryView>, AppError> {
    let contest = contests::launch::visible(state, viewer, contest_id).await?;
    let user = viewer.map(|v| &v.user);
    let holder = viewer.is_some_and(|v| v.id() == contest.created_by);
    let sort = query.sort(holder)?;
    // Checked on every list: `with-details` has the files anyway, but an `include` that
    // breaks the documented pattern is refused there too, not silently ignored.
    let details = query.includes_files()? || details;
    let grouped = query.grouped()?;
    let blind = contest.is_blind != 0;
    // -1 can be no one's id: a viewer who sees every entry (or none) is told apart below.
    let sees_all = may_view_entry(user, contest.created_by, blind, -1);
    let filter = Filter {
        contest_id,
        status_id: query.status()?,
        designer_username: query.designer.as_deref().map(str::trim).filter(|d| !d.is_empty()).map(str::to_owned),
        only_designer: (!sees_all).then(|| viewer.map_or(0, CurrentUser::id)),
        one_per_designer: grouped,
    };
    let page = query.page.unwrap_or(1).max(1);
    let mut conn = state.db.pool.acquire().await?;
    let (rows, total) = store::page(&mut conn, &filter, sort, page, PER_PAGE).await?;
    let visible: Vec<_> =
        rows.iter().filter(|r| may_view_entry(user, contest.created_by, blind, r.created_by)).collect();
    let mut files = match details {
        true => {
            store::files_of_entries(&mut conn, &visible.iter().map(|r| (r.id, r.version)).collect::<Vec<_>>()).await?
        }
        false => Default::default(),
    };
    let per_designer = match grouped {
        true => store::entries_per_designer(&mut conn, contest_id, filter.status_id).await?,
        false => Default::default(),
    };
    let mut data = Vec::with_capacity(visible.len());
    for row in visible {
        let mut view = view_for(user, &contest, row);
        if details {
            view.files = Some(files.remove(&row.id).unwrap_or_default());
        }
        if grouped {
            view.designer_entries_count = per_designer.get(&row.created_by).copied();
        }
        data.push(view);
    }
    let path = if details { "entries/with-details" } else { "entries" };
    let next_page_url =
        (page * PER_PAGE < total).then(|| query.page_url(&format!("/contests/{contest_id}/{path}"), page + 1));
    Ok(Page { data, current_page: page, per_page: PER_PAGE, next_page_url, total })
}

/// A contest's entries, 48 a page, for whoever may see the contest (on a blind
/// contest: the holder and admins see all, a designer their own).
#[utoipa::path(get, path = "/contests/{id}/entries", tag = "entries", params(("id" = i64, Path), ListQuery),
    responses((status = 200, body = Page<EntryView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    MaybeUser(viewer): MaybeUser,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<Page<EntryView>>, AppError> {
    Ok(Json(page_of(&state, viewer.as_ref(), id, &query, false).await?))
}

/// The same list with each entry's current files and its designer.
#[utoipa::path(get, path = "/contests/{id}/entries/with-details", tag = "entries", params(("id" = i64, Path), ListQuery),
    responses((status = 200, body = Page<EntryView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
pub async fn with_details(
    State(state): State<AppState>,
    MaybeUser(viewer): MaybeUser,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<Page<EntryView>>, AppError> {
    Ok(Json(page_of(&state, viewer.as_ref(), id, &query, true).await?))
}

/// One entry with its files; 404 when hidden from the viewer.
#[utoipa::path(get, path = "/contests/{id}/entries/{entryId}", tag = "entries",
    params(("id" = i64, Path), ("entryId" = i64, Path)),
    responses((status = 200, body = Data<EntryView>), (status = 404, body = ErrorEnvelope)))]
pub async fn show(
    State(state): State<AppState>,
    MaybeUser(viewer): MaybeUser,
    ApiPath((id, entry_id)): ApiPath<(i64, i64)>,
) -> Result<Json<Data<EntryView>>, AppError> {
    let contest = contests::launch::visible(&state, viewer.as_ref(), id).await?;
    let row = visible_entry(&state, viewer.as_ref(), &contest, entry_id).await?;
    let mut view = view_for(viewer.as_ref().map(|v| &v.user), &contest, &row);
    let mut conn = state.db.pool.acquire().await?;
    view.files = Some(store::files_of(&mut conn, row.id, row.version).await?);
    Ok(Json(Data::new(view)))
}

/// What the caller may still submit to a contest.
#[derive(Debug, Serialize, ToSchema)]
pub struct UploadStats {
    /// The caller's entries in this contest (withdrawn ones aside).
    pub entries_submitted: i64,
    /// The most the caller may submit; null when unlimited (silver and above).
    pub max_entries: Option<i64>,
    /// How many more the caller may submit; null when unlimited.
    pub entries_remaining: Option<i64>,
    /// Whether the contest holder blocked the caller.
    pub is_blocked: bool,
    pub total_entries: i64,
    pub total_designers: i64,
}

/// The caller's entry counts on a contest and the contest's totals.
#[utoipa::path(get, path = "/contests/{id}/entries/upload-stats", tag = "entries", params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = Data<UploadStats>), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn upload_stats(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<UploadStats>>, AppError> {
    contests::launch::visible(&state, Some(&caller), id).await?;
    let mut conn = state.db.pool.acquire().await?;
    let submitted = store::count_by_designer(&mut conn, id, caller.id()).await?;
    let (total_entries, total_designers) = store::contest_totals(&mut conn, id).await?;
    let bronze = caller.user.user_type() == crate::accounts::domain::UserType::Designer
        && caller.user.creative_level().is_none_or(|l| l == CreativeLevel::Bronze);
    let max_entries = bronze.then_some(BRONZE_MAX_ENTRIES);
    Ok(Json(Data::new(UploadStats {
        entries_submitted: submitted,
        max_entries,
        entries_remaining: max_entries.map(|max| (max - submitted).max(0)),
        is_blocked: store::is_blocked(&mut conn, id, caller.id()).await?,
        total_entries,
        total_designers,
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_holder_sorts_by_rating() {
        let query = ListQuery { sort: Some("rating".into()), ..ListQuery::default() };
        assert_eq!(query.sort(true).unwrap(), Sort::Rating);
        assert!(query.sort(false).is_err());
        assert_eq!(ListQuery::default().sort(false).unwrap(), Sort::Newest);
    }

    #[test]
    fn the_next_page_keeps_filters_and_encodes_them() {
        let query = ListQuery {
            sort: Some("likes".into()),
            designer: Some("ann & bo".into()),
            group: Some("designer".into()),
            ..ListQuery::default()
        };
        assert_eq!(
            query.page_url("/contests/7/entries", 2),
            "/contests/7/entries?sort=likes&filter%5Bdesigner%5D=ann+%26+bo&group=designer&page=2"
        );
    }

    #[test]
    fn unknown_groups_and_includes_are_refused() {
        let bad_group = ListQuery { group: Some("colour".into()), ..ListQuery::default() };
        assert!(bad_group.grouped().is_err());
        let files = ListQuery { include: Some("designer, files".into()), ..ListQuery::default() };
        assert!(files.includes_files().unwrap());
        let bad_include = ListQuery { include: Some("files,secrets".into()), ..ListQuery::default() };
        assert!(bad_include.includes_files().is_err());
        for outside_the_pattern in ["\tfiles", "files\n", "files,\u{3000}designer"] {
            let query = ListQuery { include: Some(outside_the_pattern.into()), ..ListQuery::default() };
            assert!(query.includes_files().is_err(), "{outside_the_pattern:?}");
        }
    }
}
