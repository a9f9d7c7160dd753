//! The court's list of reports, and the jurors' votes.

use axum::{extract::State, http::StatusCode, Json};
use serde::Deserialize;
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};

use super::{
    events, is_juror, may_sit,
    model::{ReportRow, ReportStatus, ReportView, Verdict, VoteView, VotesView},
    store,
};
use crate::{
    accounts::CurrentUser,
    api::{flag, loose_id, Data},
    error::{codes, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope},
    shared::page::Page,
    state::AppState,
};

/// Items per page (contests doc, section 9).
pub const PER_PAGE: i64 = 48;

/// 403 unless `caller` sits on the court.
pub(super) fn court_member(caller: &CurrentUser) -> Result<(), AppError> {
    if may_sit(&caller.user) {
        Ok(())
    } else {
        Err(AppError::forbidden(codes::COURT_FORBIDDEN))
    }
}

/// The case of report `id` as `caller` sees it (a report that joined a case stands for
/// its case: votes and judgments are the case's), or 404.
pub(super) async fn report(
    conn: &mut sqlx::AnyConnection,
    caller: &CurrentUser,
    id: i64,
) -> Result<ReportRow, AppError> {
    let row = store::find(conn, caller.id(), id).await?;
    let row = match row.as_ref().and_then(|r| r.case_report_id) {
        Some(case_id) => store::find(conn, caller.id(), case_id).await?,
        None => row,
    };
    row.ok_or_else(|| AppError::not_found(codes::REPORT_NOT_FOUND))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// 1-based page number.
    #[serde(default, deserialize_with = "crate::shared::page::page_number")]
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    /// 1 or `open`, 2 or `copied`, 3 or `not_copied`; absent: all.
    #[serde(rename = "filter[status]")]
    #[param(rename = "filter[status]")]
    pub status: Option<String>,
}

/// Court cases, 48 a page, newest first: one per reported entry while it is open, each
/// with the entry, its contest, the reporter, the entry said to be copied, the reports
/// that joined it, the running tally and the caller's own vote (the court: gold
/// designers and admins).
#[utoipa::path(get, path = "/contest-entry-reports", tag = "court", params(ListQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<ReportView>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope),
        (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = caller.id()))]
pub async fn list(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<Page<ReportView>>, AppError> {
    court_member(&caller)?;
    let status = match query.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => None,
        Some(value) => {
            Some(ReportStatus::parse(value).ok_or_else(|| AppError::field("filter[status]", codes::REPORT_STATUS_IN))?)
        }
    };
    let page = query.page.unwrap_or(1).max(1);
    let mut conn = state.db.pool.acquire().await?;
    let (rows, total) = store::page(&mut conn, caller.id(), status.map(ReportStatus::id), page, PER_PAGE).await?;
    let joined = store::joined(&mut conn, &rows.iter().map(|r| r.id).collect::<Vec<_>>()).await?;
    let filter = status.map(|s| format!("filter[status]={}&", s.id())).unwrap_or_default();
    let next_page_url = (page * PER_PAGE < total).then(|| format!("/contest-entry-reports?{filter}page={}", page + 1));
    Ok(Json(Page {
        data: rows.into_iter().map(|row| ReportView::from(row).gathering(&joined)).collect(),
        current_page: page,
        per_page: PER_PAGE,
        next_page_url,
        total,
    }))
}

async fn votes_view(conn: &mut sqlx::AnyConnection, row: &ReportRow) -> Result<VotesView, sqlx::Error> {
    let votes = store::votes(conn, row.id).await?;
    Ok(VotesView {
        contest_entry_report_id: row.id,
        status_id: row.status_id,
        tally: row.tally(),
        my_vote: row.my_vote,
        votes: votes.into_iter().map(VoteView::from).collect(),
    })
}

/// A report's votes: the tally, the caller's vote and each juror's (the court).
#[utoipa::path(get, path = "/contest-entry-reports/{id}/actions/votes", tag = "court", params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = Data<VotesView>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(report_id = id))]
pub async fn votes(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<VotesView>>, AppError> {
    court_member(&caller)?;
    let mut conn = state.db.pool.acquire().await?;
    let row = report(&mut conn, &caller, id).await?;
    Ok(Json(Data::new(votes_view(&mut conn, &row).await?)))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct VoteRequest {
    /// 1 copied, 2 not copied.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub vote: Option<i64>,
    /// The same as a flag, when `vote` is absent: 1 copied, 0 not copied.
    #[serde(default, deserialize_with = "flag")]
    #[schema(value_type = Option<crate::api::FlagDoc>, inline)]
    pub is_copied: Option<bool>,
}

/// The body of a vote for the document (the handler reads [`VoteRequest`]).
pub struct VoteBody;

impl utoipa::PartialSchema for VoteBody {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        super::model::verdict_schema("vote")
    }
}

impl ToSchema for VoteBody {}

/// Votes on an open report, once (gold designers who are not a party to it). The
/// court sees `report.vote` with the new tally.
#[utoipa::path(post, path = "/contest-entry-reports/{id}/actions/votes", tag = "court", params(("id" = i64, Path)),
    request_body = VoteBody, security(("bearer" = [])),
    responses((status = 201, body = Data<VotesView>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(report_id = id, user_id = caller.id()))]
pub async fn vote(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<VoteRequest>,
) -> Result<(StatusCode, Json<Data<VotesView>>), AppError> {
    court_member(&caller)?;
    if !is_juror(&caller.user) {
        return Err(AppError::forbidden(codes::COURT_VOTE_ADMIN));
    }
    let verdict =
        Verdict::from_request(req.vote, req.is_copied).ok_or_else(|| AppError::field("vote", codes::VOTE_IN))?;
    let mut conn = state.db.pool.acquire().await?;
    let row = report(&mut conn, &caller, id).await?;
    if row.is_party(caller.id()) || store::is_reporter(&mut conn, row.id, caller.id()).await? {
        return Err(AppError::forbidden(codes::COURT_VOTE_PARTY));
    }
    drop(conn);
    // A joined report's id stands for its case.
    let id = row.id;
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    let status = store::lock(&mut tx, id).await?;
    if status != Some(ReportStatus::Open.id()) {
        return Err(AppError::conflict(codes::COURT_ALREADY_JUDGED));
    }
    if store::insert_vote(&mut tx, id, caller.id(), verdict.id(), now).await?.is_none() {
        return Err(AppError::conflict(codes::COURT_VOTE_EXISTS));
    }
    let tally = store::tally(&mut tx, id).await?;
    events::voted(&mut tx, id, caller.id(), verdict.id(), tally, now).await?;
    let row = report(&mut tx, &caller, id).await?;
    let view = votes_view(&mut tx, &row).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(Data::new(view))))
}
