//! Launching a contest from its brief, reading and editing the brief, showing,
//! deleting and counting views of one contest.

use axum::{extract::State, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};

use super::{
    brief::{self, AnswerInput},
    brief_files, events,
    model::{ContestRow, ContestView},
    store::{self, SavedAnswer},
    visibility::{may_read_brief, may_view},
};
use crate::{
    accounts::{domain::UserType, CurrentUser, MaybeUser},
    api::{flag, Data, Message},
    commerce::coupons,
    error::{codes, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope, FieldErrors},
    shared::limits::ClientIp,
    state::AppState,
};

/// The body of a launch for the document: [`BriefRequest`] with `contest_type_id` required.
pub struct NewContest;

impl utoipa::PartialSchema for NewContest {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        crate::api::requiring("BriefRequest", vec![("contest_type_id", crate::api::id_schema())])
    }
}

impl ToSchema for NewContest {}

/// The launch payload (contests doc, section 3).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct BriefRequest {
    /// A contest type (it must exist): required on launch ([`NewContest`]), ignored on
    /// a brief's edit.
    pub contest_type_id: Option<i64>,
    /// Used when no brief question is flagged as the title.
    pub title: Option<String>,
    pub description: Option<String>,
    #[serde(default)]
    pub contest_type_questions: Vec<AnswerInput>,
    #[serde(default, deserialize_with = "flag")]
    #[schema(value_type = Option<crate::api::FlagDoc>, inline)]
    pub is_quick_start: Option<bool>,
    #[serde(default, deserialize_with = "flag")]
    #[schema(value_type = Option<crate::api::FlagDoc>, inline)]
    pub is_tip: Option<bool>,
    /// Adds the contest to the unlimited queue: only for clients with the unlimited contests
    /// subscription ("Subscribed clients see queue options"); anyone else is refused
    /// (`is_added_queue.subscribed`). Read on launch only.
    #[serde(default, deserialize_with = "flag")]
    #[schema(value_type = Option<crate::api::FlagDoc>, inline)]
    pub is_added_queue: Option<bool>,
    /// The client accepts the contest type's terms (`participate_terms`): required on launch
    /// when the type `has_terms` (`agree_terms.accepted`), recorded as `terms_accepted_at`.
    #[serde(default, deserialize_with = "flag")]
    #[schema(value_type = Option<crate::api::FlagDoc>, inline)]
    pub agree_terms: Option<bool>,
    pub coupon_code: Option<String>,
    pub referral_source: Option<String>,
    pub rewardful_referral: Option<String>,
}

const MAX_TITLE: usize = 120;

/// A brief that passed every rule: (title, description, answers).
type CheckedBrief = (String, String, Vec<brief::CleanAnswer>);

/// Checks the brief's answers and title; `terms_missing` adds 'Please accept terms' to the
/// same answer (a launch of a type with terms the client did not accept).
async fn check_brief(
    state: &AppState,
    caller: &CurrentUser,
    contest_type_id: i64,
    req: &BriefRequest,
    terms_missing: bool,
) -> Result<CheckedBrief, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let rules = store::question_rules(&mut conn, contest_type_id).await?;
    let mut errors = FieldErrors::new();
    if terms_missing {
        errors.add("agree_terms", codes::TERMS_REQUIRED);
    }
    let answers = brief::check(&rules, &req.contest_type_questions, &mut errors);
    let file_ids: Vec<i64> = answers.iter().flat_map(|a| a.files.iter().copied()).collect();
    if !file_ids.is_empty() {
        let foreign = crate::files::store::foreign_files(&mut conn, caller.id(), &file_ids).await?;
        for answer in answers.iter().filter(|a| a.files.iter().any(|f| foreign.contains(f))) {
            errors.add(&format!("contest_type_questions.{}", answer.question_id), codes::NOT_FOUND_OPTION);
        }
    }
    let title = brief::title_from(&rules, &answers)
        .or_else(|| req.title.clone())
        .map(|t| t.trim().to_owned())
        .unwrap_or_default();
    let title_question_failed =
        rules.iter().any(|q| q.is_title && errors.has(&format!("contest_type_questions.{}", q.id)));
    if title.is_empty() {
        if !title_question_failed {
            errors.add("title", codes::REQUIRED);
        }
    } else if title.chars().count() > MAX_TITLE {
        errors.add("title", codes::TOO_LONG);
    }
    errors.into_result()?;
    let description = brief::description_from(&rules, &answers).or_else(|| req.description.clone()).unwrap_or_default();
    Ok((title, description, answers))
}

/// Creates a contest from its brief (status 1, unpaid). Clients only.
#[utoipa::path(post, path = "/contests", tag = "contests", request_body = NewContest, security(("bearer" = [])),
    responses((status = 201, body = Data<ContestView>), (status = 403, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = caller.id()))]
pub async fn launch(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiJson(req): ApiJson<BriefRequest>,
) -> Result<(StatusCode, Json<Data<ContestView>>), AppError> {
    if caller.user.user_type() != UserType::Client {
        return Err(AppError::forbidden(codes::CONTEST_LAUNCH_FORBIDDEN));
    }
    let contest_type_id = req.contest_type_id.ok_or_else(|| AppError::field("contest_type_id", codes::REQUIRED))?;
    let Some(has_terms) = store::contest_type_has_terms(&state.db.pool, contest_type_id).await? else {
        return Err(AppError::field("contest_type_id", codes::NOT_FOUND_OPTION));
    };
    let terms_accepted = has_terms && req.agree_terms.unwrap_or(false);
    let is_added_queue = req.is_added_queue.unwrap_or(false);
    if is_added_queue && caller.user.has_subscribed == 0 {
        return Err(AppError::field("is_added_queue", codes::QUEUE_SUBSCRIBERS_ONLY));
    }
    let (title, description, answers) =
        check_brief(&state, &caller, contest_type_id, &req, has_terms && !terms_accepted).await?;
    let now = state.now_ms();
    let coupon_code = req.coupon_code.as_deref().map(str::trim).filter(|c| !c.is_empty());
    if let Some(code) = coupon_code {
        // A code the client cannot use is refused here, not stored and dropped at payment.
        let mut conn = state.db.pool.acquire().await?;
        coupons::validate_and_record(&mut conn, &caller.user, contest_type_id, coupons::Package::Unknown, code, now)
            .await
            .map_err(|err| match err {
                AppError::Rule { code, .. } => AppError::field("coupon_code", code),
                other => other,
            })?;
    }
    let mut tx = state.db.pool.begin().await?;
    let id = store::insert(
        &mut tx,
        &store::NewContest {
            contest_type_id,
            created_by: caller.id(),
            title: &title,
            description: &description,
            is_quick_start: req.is_quick_start.unwrap_or(false),
            is_tip: req.is_tip.unwrap_or(false),
            is_added_queue,
            terms_accepted,
            coupon_code,
            referral_source: req
                .referral_source
                .as_deref()
                .or(req.rewardful_referral.as_deref())
                .filter(|r| !r.trim().is_empty()),
            now_ms: now,
        },
    )
    .await?;
    store::replace_answers(&mut tx, id, &answers).await?;
    tx.commit().await?;
    let contest = store::find(&state.db.pool, id).await?.ok_or_else(|| anyhow::anyhow!("contest {id} vanished"))?;
    tracing::info!(contest_id = id, "contest brief created");
    Ok((StatusCode::CREATED, Json(Data::new(contest.into()))))
}

/// The contest if it exists and `caller` created it (404 / 403 otherwise).
pub async fn owned(state: &AppState, caller: &CurrentUser, id: i64) -> Result<ContestRow, AppError> {
    let contest =
        store::find(&state.db.pool, id).await?.ok_or_else(|| AppError::not_found(codes::CONTEST_NOT_FOUND))?;
    if contest.created_by != caller.id() {
        return Err(AppError::forbidden(codes::CONTEST_NOT_OWNER));
    }
    Ok(contest)
}

/// The contest if `viewer` may see it; a hidden contest is a 404, as if absent.
pub async fn visible(state: &AppState, viewer: Option<&CurrentUser>, id: i64) -> Result<ContestRow, AppError> {
    let contest =
        store::find(&state.db.pool, id).await?.ok_or_else(|| AppError::not_found(codes::CONTEST_NOT_FOUND))?;
    if !may_view(viewer.map(|v| &v.user), contest.created_by, contest.status_id, contest.is_private != 0) {
        return Err(AppError::not_found(codes::CONTEST_NOT_FOUND));
    }
    Ok(contest)
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BriefView {
    pub contest_id: i64,
    pub contest_type_id: i64,
    pub title: String,
    pub description: String,
    pub answers: Vec<SavedAnswer>,
}

/// The saved brief of a contest, attached files included: its creator, admins, and
/// the designers who may see the contest (they work from it). Anyone else gets a 403.
#[utoipa::path(get, path = "/contests/{id}/briefs", tag = "contests", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<BriefView>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id, user_id = caller.id()))]
pub async fn show_brief(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<BriefView>>, AppError> {
    let contest =
        store::find(&state.db.pool, id).await?.ok_or_else(|| AppError::not_found(codes::CONTEST_NOT_FOUND))?;
    if !may_read_brief(Some(&caller.user), contest.created_by, contest.status_id, contest.is_private != 0) {
        return Err(AppError::forbidden(codes::CONTEST_NOT_OWNER));
    }
    let answers = brief_answers(&state, id).await?;
    Ok(Json(Data::new(BriefView {
        contest_id: contest.id,
        contest_type_id: contest.contest_type_id,
        title: contest.title,
        description: contest.description,
        answers,
    })))
}

/// The saved answers of contest `id` with their files.
async fn brief_answers(state: &AppState, id: i64) -> Result<Vec<SavedAnswer>, AppError> {
    let mut answers = store::answers(&state.db.pool, id).await?;
    brief_files::attach(&state.db, &mut answers).await?;
    Ok(answers)
}

/// Replaces the brief (its creator, while the contest is unstarted or running).
#[utoipa::path(put, path = "/contests/{id}/briefs", tag = "contests", params(("id" = i64, Path)), request_body = BriefRequest, security(("bearer" = [])),
    responses((status = 200, body = Data<ContestView>), (status = 403, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id))]
pub async fn update_brief(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<BriefRequest>,
) -> Result<Json<Data<ContestView>>, AppError> {
    let contest = owned(&state, &caller, id).await?;
    if contest.status_id > super::status::ContestStatus::Active.id() {
        return Err(AppError::conflict(codes::CONTEST_STARTED));
    }
    let (title, description, answers) = check_brief(&state, &caller, contest.contest_type_id, &req, false).await?;
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    store::update_brief_fields(&mut tx, id, &title, &description, now).await?;
    store::replace_answers(&mut tx, id, &answers).await?;
    let updated = store::find(&mut *tx, id).await?.ok_or_else(|| AppError::not_found(codes::CONTEST_NOT_FOUND))?;
    events::updated(&mut tx, &updated, now).await?;
    tx.commit().await?;
    // The live description (doc:contest-brief) takes the new text, so the two agree.
    state.realtime.replace_document_text(vitrine_protocol::DocName::ContestBrief(id), &description, now).await;
    Ok(Json(Data::new(updated.into())))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ShowQuery {
    /// `brief` adds the saved answers (for those who may read the brief: its creator,
    /// admins, designers).
    pub include: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContestWithBrief {
    #[serde(flatten)]
    pub contest: ContestView,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub brief: Option<Vec<SavedAnswer>>,
}

/// One contest, for whoever may see it (unpaid: creator and admins; private: signed-in users).
#[utoipa::path(get, path = "/contests/{id}", tag = "contests", params(("id" = i64, Path), ShowQuery),
    responses((status = 200, body = Data<ContestWithBrief>), (status = 404, body = ErrorEnvelope)))]
pub async fn show(
    State(state): State<AppState>,
    MaybeUser(viewer): MaybeUser,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<ShowQuery>,
) -> Result<Json<Data<ContestWithBrief>>, AppError> {
    let contest = visible(&state, viewer.as_ref(), id).await?;
    let wants_brief = query.include.as_deref().is_some_and(|i| i.split(',').any(|part| part.trim() == "brief"));
    let reader = may_read_brief(
        viewer.as_ref().map(|v| &v.user),
        contest.created_by,
        contest.status_id,
        contest.is_private != 0,
    );
    let brief = match wants_brief && reader {
        true => Some(brief_answers(&state, id).await?),
        false => None,
    };
    Ok(Json(Data::new(ContestWithBrief { contest: contest.into(), brief })))
}

/// Deletes an unstarted contest (its creator or an admin).
#[utoipa::path(delete, path = "/contests/{id}", tag = "contests", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 403, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id))]
pub async fn delete(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Message>, AppError> {
    if !caller.is_admin() {
        owned(&state, &caller, id).await?;
    }
    let mut conn = state.db.pool.acquire().await?;
    if !store::delete_unstarted(&mut conn, id).await? {
        return match store::find(&mut *conn, id).await? {
            None => Err(AppError::not_found(codes::CONTEST_NOT_FOUND)),
            Some(_) => Err(AppError::conflict(codes::CONTEST_STARTED)),
        };
    }
    Ok(Json(Message::new("Contest deleted")))
}

/// View source ids (contests doc, section 9).
pub const VIEW_SOURCE_INTERNAL: i64 = 1;
pub const VIEW_SOURCE_EXTERNAL: i64 = 2;

/// `?source_id=`: where the view came from, 1 internal (a page of Vitrine, the default) or
/// 2 external (a shared link, a search engine).
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ViewQuery {
    #[serde(default, deserialize_with = "crate::api::loose_id")]
    #[param(value_type = Option<i64>, minimum = 1, maximum = 2)]
    pub source_id: Option<i64>,
}

/// Counts a view of a contest page, with its source: one per visitor (the signed-in user,
/// else the client's address) an hour (`VITRINE_RATE_VIEWS_PER_VISITOR`); a view that does
/// not count is answered the same.
#[utoipa::path(post, path = "/contests/{id}/views", tag = "contests", params(("id" = i64, Path), ViewQuery),
    responses((status = 200, body = Message), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
pub async fn count_view(
    State(state): State<AppState>,
    MaybeUser(viewer): MaybeUser,
    client: ClientIp,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<ViewQuery>,
) -> Result<Json<Message>, AppError> {
    let source = query.source_id.unwrap_or(VIEW_SOURCE_INTERNAL);
    if ![VIEW_SOURCE_INTERNAL, VIEW_SOURCE_EXTERNAL].contains(&source) {
        return Err(AppError::field("source_id", codes::NOT_FOUND_OPTION));
    }
    visible(&state, viewer.as_ref(), id).await?;
    record_view(&state, viewer.as_ref(), &client, id, source == VIEW_SOURCE_EXTERNAL).await?;
    Ok(Json(Message::new("View counted")))
}

/// Counts a view of contest `id` (which the caller checked `viewer` may see), `external` or
/// internal, unless this visitor's view was counted within the hour.
pub async fn record_view(
    state: &AppState,
    viewer: Option<&CurrentUser>,
    client: &ClientIp,
    id: i64,
    external: bool,
) -> Result<(), AppError> {
    if state.limits.view_counts(&format!("contest:{id}"), client, viewer.map(CurrentUser::id)).await {
        store::count_view(&state.db.pool, id, external).await?;
    }
    Ok(())
}
