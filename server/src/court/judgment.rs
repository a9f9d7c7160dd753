//! The admin's final judgment on a report, and the check the report form makes on the
//! entry it names as copied.

use axum::{extract::State, Json};
use serde::Deserialize;
use serde_json::json;
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};

use super::{
    events,
    model::{ContestRefView, CopyCandidateView, EntryRefView, PersonView, ReportRow, ReportView, Verdict},
    routes::report,
    store,
};
use crate::{
    accounts::CurrentUser,
    api::{flag, loose_id, Data},
    contests::{self, visibility::may_view},
    entries::{self, visibility::may_view_entry},
    error::{codes, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope},
    notifications::{notify, texts, NewNotification, NotificationType, Text},
    realtime::unit::Unit,
    state::AppState,
};

#[derive(Debug, Deserialize, ToSchema)]
pub struct JudgmentRequest {
    /// 1 copied (the entry is eliminated), 2 not copied (the report is closed).
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub judgment: Option<i64>,
    /// The same as a flag, when `judgment` is absent: 1 copied, 0 not copied.
    #[serde(default, deserialize_with = "flag")]
    #[schema(value_type = Option<crate::api::FlagDoc>, inline)]
    pub is_copied: Option<bool>,
}

/// The body of a judgment for the document (the handler reads [`JudgmentRequest`]).
pub struct JudgmentBody;

impl utoipa::PartialSchema for JudgmentBody {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        super::model::verdict_schema("judgment")
    }
}

impl ToSchema for JudgmentBody {}

/// Judges an open report, once (admins). Copied: the entry is eliminated (`entry.updated`
/// to whoever may see it) and its designer, the copied entry's designer and the contest
/// holder are notified. Not copied: the report is closed. Either way the court sees
/// `report.judged`, and later votes are refused.
#[utoipa::path(post, path = "/contest-entry-reports/{id}/actions/make-judgment", tag = "court", params(("id" = i64, Path)),
    request_body = JudgmentBody, security(("bearer" = [])),
    responses((status = 200, body = Data<ReportView>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(report_id = id, user_id = caller.id()))]
pub async fn make_judgment(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<JudgmentRequest>,
) -> Result<Json<Data<ReportView>>, AppError> {
    if !caller.is_admin() {
        return Err(AppError::forbidden(codes::COURT_JUDGMENT_ADMIN));
    }
    let verdict = Verdict::from_request(req.judgment, req.is_copied)
        .ok_or_else(|| AppError::field("judgment", codes::JUDGMENT_IN))?;
    let mut conn = state.db.pool.acquire().await?;
    // A joined report's id stands for its case.
    let id = report(&mut conn, &caller, id).await?.id;
    drop(conn);
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    // The compare-and-set is the transaction's first statement (SQLite's write lock).
    if !store::judge(&mut tx, id, verdict.status().id(), caller.id(), now).await? {
        return Err(AppError::conflict(codes::COURT_JUDGMENT_EXISTS));
    }
    let row = report(&mut tx, &caller, id).await?;
    if verdict == Verdict::Copied {
        eliminate(&mut tx, &row, now).await?;
        for notification in judgment_notices(&row, caller.id()) {
            notify(&mut tx, notification, now).await?;
        }
    }
    let row = report(&mut tx, &caller, id).await?;
    let joined = store::joined(&mut tx, &[row.id]).await?;
    let view = ReportView::from(row).gathering(&joined);
    events::judged(&mut tx, &view, now).await?;
    tx.commit().await?;
    tracing::info!(status = view.status_name, "report judged");
    Ok(Json(Data::new(view)))
}

/// Eliminates the reported entry (unless withdrawn, or eliminated already) and
/// announces it like the contest holder's elimination.
async fn eliminate(unit: &mut Unit, row: &ReportRow, now_ms: i64) -> Result<(), AppError> {
    let Some(entry) = entries::store::find(&mut **unit, row.contest_id, row.contest_entry_id).await? else {
        return Ok(());
    };
    let judged = entries::transitions::EntryAction::Judge;
    if entries::transitions::apply(unit, entry.id, entry.status_id, judged, now_ms).await?.is_none() {
        return Ok(());
    }
    let contest =
        contests::store::find(&mut **unit, row.contest_id).await?.ok_or_else(|| anyhow::anyhow!("contest vanished"))?;
    let entry = entries::store::find(&mut **unit, row.contest_id, row.contest_entry_id)
        .await?
        .ok_or_else(|| anyhow::anyhow!("entry vanished"))?;
    Ok(entries::events::updated(unit, &contest, &entries::model::EntryView::of(&entry), now_ms).await?)
}

/// Who hears of a judgment against an entry: its designer, the designer of the entry
/// it copied, and the contest holder; each once.
fn judgment_notices(row: &ReportRow, judge_id: i64) -> Vec<NewNotification> {
    let values = json!({"number": row.entry_number, "contest": row.contest_title.as_deref().unwrap_or("a contest")});
    let text = |template| Text::new(template, values.clone());
    let data = json!({
        "contest_id": row.contest_id,
        "contest_entry_id": row.contest_entry_id,
        "contest_entry_report_id": row.id,
        "copied_entry_id": row.copied_entry_id,
    });
    let mut recipients = vec![(row.entry_designer_id, text(texts::COURT_ELIMINATED_YOURS))];
    if let Some(copied_designer) = row.copied_designer_id {
        recipients.push((copied_designer, text(texts::COURT_ELIMINATED_COPY)));
    }
    recipients.push((row.contest_owner_id, text(texts::COURT_ELIMINATED_IN_CONTEST)));
    let mut seen = Vec::new();
    recipients
        .into_iter()
        .filter(|(user, _)| {
            let first = !seen.contains(user);
            seen.push(*user);
            first
        })
        .map(|(user_id, text)| NewNotification {
            user_id,
            kind: NotificationType::ReportJudged,
            created_by: Some(judge_id),
            trigger_entity_id: Some(row.id),
            text,
            data: data.clone(),
        })
        .collect()
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct VerifyQuery {
    /// The entry being reported, when known: naming it as its own copy is refused.
    #[serde(default, deserialize_with = "loose_id")]
    #[param(value_type = Option<i64>)]
    pub entry_id: Option<i64>,
}

/// Whether entry `{id}` may be named as the copied entry of a report, and which entry
/// it is (signed-in users, as anyone who may report): it must exist and be visible to
/// the caller (404 otherwise, as for any hidden entry); it may be in any contest; and it
/// may not be the reported entry itself (`?entry_id=`), 'Copy entry is same as report entry'.
#[utoipa::path(get, path = "/contest-entry-reports/verify-copying-entry/{id}", tag = "court",
    params(("id" = i64, Path), VerifyQuery), security(("bearer" = [])),
    responses((status = 200, body = Data<CopyCandidateView>), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(entry_id = id))]
pub async fn verify_copying_entry(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<VerifyQuery>,
) -> Result<Json<Data<CopyCandidateView>>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let candidate = store::candidate(&mut conn, id)
        .await?
        .filter(|c| {
            let viewer = Some(&caller.user);
            may_view(viewer, c.contest_owner_id, c.contest_status_id, c.contest_is_private != 0)
                && may_view_entry(viewer, c.contest_owner_id, c.contest_is_blind != 0, c.designer_id)
        })
        .ok_or_else(|| AppError::not_found(codes::ENTRY_NOT_FOUND))?;
    if query.entry_id == Some(candidate.id) {
        return Err(AppError::field("copied_entry_id", codes::REPORT_SAME_ENTRY));
    }
    Ok(Json(Data::new(CopyCandidateView {
        entry: EntryRefView {
            id: candidate.id,
            contest_id: candidate.contest_id,
            number: candidate.number,
            title: candidate.title,
            designer: PersonView { id: candidate.designer_id, username: candidate.designer_username },
        },
        contest: ContestRefView { id: candidate.contest_id, title: candidate.contest_title },
    })))
}
