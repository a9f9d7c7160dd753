//! Reports of entries (copying, abuse) filed with the design court:
//! `POST /contests/{id}/entries/{entryId}/reports`, judged later by the court. The route
//! is the court's (it files into the court's cases); it reads the entry it reports
//! through the entries area, which knows nothing of the court.

use axum::{extract::State, http::StatusCode, Json};
use serde::Deserialize;
use tracing::instrument;
use utoipa::ToSchema;

use super::{events, model, store};
use crate::{
    accounts::CurrentUser,
    api::{loose_id, Message},
    entries::{self, visible_entry},
    error::{codes, ApiJson, ApiPath, AppError, ErrorEnvelope, FieldErrors},
    realtime::unit::Unit,
    state::AppState,
};

#[derive(Debug, Deserialize, ToSchema)]
pub struct ReportRequest {
    /// Why the entry is reported: not blank.
    #[schema(required = true, value_type = String, pattern = "\\S")]
    pub reason: Option<String>,
    /// The entry this one copies, when it is a copy.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub copied_entry_id: Option<i64>,
}

/// Reports an entry, once per user (signed-in users other than the contest holder
/// and the entry's designer).
#[utoipa::path(post, path = "/contests/{id}/entries/{entryId}/reports", tag = "entries",
    params(("id" = i64, Path), ("entryId" = i64, Path)), request_body = ReportRequest, security(("bearer" = [])),
    responses((status = 201, body = Message), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = ids.0, entry_id = ids.1))]
pub async fn report(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(ids): ApiPath<(i64, i64)>,
    ApiJson(req): ApiJson<ReportRequest>,
) -> Result<(StatusCode, Json<Message>), AppError> {
    let contest = crate::contests::launch::visible(&state, Some(&caller), ids.0).await?;
    let entry = visible_entry(&state, Some(&caller), &contest, ids.1).await?;
    if caller.id() == contest.created_by || caller.id() == entry.created_by {
        return Err(AppError::forbidden(codes::REPORT_FORBIDDEN));
    }
    let mut conn = state.db.pool.acquire().await?;
    let mut errors = FieldErrors::new();
    let reason = req.reason.as_deref().map(str::trim).unwrap_or_default();
    if reason.is_empty() {
        errors.add("reason", codes::REQUIRED);
    }
    match req.copied_entry_id {
        Some(copied) if copied == entry.id => errors.add("copied_entry_id", codes::REPORT_SAME_ENTRY),
        Some(copied) if !entries::store::entry_exists(&mut conn, copied).await? => {
            errors.add("copied_entry_id", codes::NOT_FOUND_OPTION)
        }
        _ => {}
    }
    errors.into_result()?;
    drop(conn);
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    // The design court sees it arrive (a new case, or the entry's open case gathering it).
    if !file_report(&mut tx, entry.id, caller.id(), req.copied_entry_id, reason, now).await? {
        return Err(AppError::conflict(codes::REPORT_EXISTS));
    }
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(Message::new("Entry reported"))))
}

/// Files a report of an entry for the court, in the caller's transaction (`POST .../reports`, [`report`]): one case per entry, so a report filed while
/// the entry has an open case joins it. Answers the court's event (`report.created` for
/// a new case, `report.joined` with the case for a joined one), or `None` when this
/// user already reported the entry.
pub async fn file_report(
    unit: &mut Unit,
    entry_id: i64,
    reporter_id: i64,
    copied_entry_id: Option<i64>,
    reason: &str,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    let Some(filed) = store::insert_report(unit, entry_id, reporter_id, copied_entry_id, reason, now_ms).await? else {
        return Ok(false);
    };
    let case_id = filed.case_id.unwrap_or(filed.id);
    let row = store::find(unit, 0, case_id).await?.ok_or(sqlx::Error::RowNotFound)?;
    let joined = store::joined(unit, &[case_id]).await?;
    let view = model::ReportView::from(row).gathering(&joined);
    match filed.case_id {
        None => events::created(unit, &view, now_ms).await?,
        Some(_) => events::joined(unit, &view, now_ms).await?,
    }
    Ok(true)
}
