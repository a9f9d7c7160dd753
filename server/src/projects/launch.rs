//! Launching a project from its brief (projects doc, sections 3 and 5), reading and
//! updating the brief, showing and deleting one project.
//!
//! The brief's questions are checked as a contest brief's (`contests::brief`), keyed
//! `project_questions.{id}`. Title, description and budget come from the questions
//! flagged for them when answered, else from the payload's own fields. Subscription
//! projects need no budget or timeline.

use axum::{extract::State, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};

use super::{
    access::{owned, visible},
    events,
    model::ProjectView,
    rules::{check_budget, check_timeline, parse_budget},
    status::{ProjectStatus, BUDGET_QUESTION},
    store::{self, BriefFields, ProjectQuestion, SavedAnswer, ServiceRange},
};
use crate::{
    accounts::{domain::UserType, CurrentUser},
    api::{flag, loose_id, Data, Message},
    catalogue::FieldType,
    contests::brief::{check_keyed, AnswerInput, CleanAnswer},
    error::{codes, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope, FieldErrors},
    state::AppState,
};

const MAX_TITLE: usize = 120;
const QUESTIONS_KEY: &str = "project_questions";

/// The brief save payload (section 3); also the brief part of the launch payload.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = ProjectBriefRequest)]
pub struct BriefRequest {
    /// 2, 7, 14 or 30; null with a custom range.
    #[serde(default, deserialize_with = "loose_id")]
    pub timeline: Option<i64>,
    /// YYYY-MM-DD.
    pub timeline_range_start: Option<String>,
    /// YYYY-MM-DD, at least a day after the start.
    pub timeline_range_end: Option<String>,
    /// Used when no brief question gives the title.
    pub title: Option<String>,
    pub description: Option<String>,
    /// Whole US dollars (a number or numeric text); else the answer to "What's your budget?".
    #[schema(value_type = Option<f64>)]
    pub budget: Option<Value>,
    #[serde(default)]
    pub project_questions: Vec<AnswerInput>,
}

/// The launch payload (section 3).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct LaunchRequest {
    /// The category, its sub-category and one of its services (they must exist and belong
    /// together).
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(required = true, value_type = i64)]
    pub project_category_id: Option<i64>,
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(required = true, value_type = i64)]
    pub project_sub_category_id: Option<i64>,
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(required = true, value_type = i64)]
    pub project_service_id: Option<i64>,
    /// 1: add to the subscription queue (subscribed clients only); 0: pay to start.
    #[serde(default, deserialize_with = "flag")]
    #[schema(value_type = Option<crate::api::FlagDoc>, inline)]
    pub is_subscription: Option<bool>,
    pub referral_source: Option<String>,
    #[serde(flatten)]
    pub brief: BriefRequest,
}

fn budget_value(raw: &Value) -> Option<f64> {
    match raw {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => parse_budget(s),
        _ => None,
    }
}

/// Checks a brief against the category's questions and the service's budget range.
async fn check_brief(
    state: &AppState,
    caller: &CurrentUser,
    category_id: i64,
    service: &ServiceRange,
    req: &BriefRequest,
    subscription: bool,
    errors: &mut FieldErrors,
) -> Result<(BriefFields, Vec<CleanAnswer>), AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let mut questions = store::question_rules(&mut conn, category_id).await?;
    // The budget question is answered by the slider and sent as `budget` (section 5):
    // the budget rule below checks it (and skips it for subscribed clients), not the
    // question's own required flag.
    for q in questions.iter_mut().filter(|q| q.title == BUDGET_QUESTION) {
        q.rule.required = false;
    }
    let rules: Vec<_> = questions.iter().map(|q| q.rule.clone()).collect();
    let answers = check_keyed(QUESTIONS_KEY, &rules, &req.project_questions, errors);
    let file_ids: Vec<i64> = answers.iter().flat_map(|a| a.files.iter().copied()).collect();
    if !file_ids.is_empty() {
        let foreign = crate::files::store::foreign_files(&mut conn, caller.id(), &file_ids).await?;
        for answer in answers.iter().filter(|a| a.files.iter().any(|f| foreign.contains(f))) {
            errors.add(&format!("{QUESTIONS_KEY}.{}", answer.question_id), codes::NOT_FOUND_OPTION);
        }
    }
    drop(conn);

    let answer_of = |pick: &dyn Fn(&ProjectQuestion) -> bool| -> Option<String> {
        let q = questions.iter().find(|q| pick(q))?;
        answers.iter().find(|a| a.question_id == q.rule.id)?.answer.clone()
    };
    let title = answer_of(&|q| q.rule.is_title)
        .or_else(|| answer_of(&|q| q.rule.field_type == FieldType::Text as i64 && q.title != BUDGET_QUESTION))
        .or_else(|| req.title.clone())
        .map(|t| t.trim().to_owned())
        .unwrap_or_default();
    if title.is_empty() {
        let title_failed =
            questions.iter().any(|q| q.rule.is_title && errors.has(&format!("{QUESTIONS_KEY}.{}", q.rule.id)));
        if !title_failed {
            errors.add("title", codes::REQUIRED);
        }
    } else if title.chars().count() > MAX_TITLE {
        errors.add("title", codes::TOO_LONG);
    }
    let description = answer_of(&|q| q.rule.is_description).or_else(|| req.description.clone()).unwrap_or_default();

    let budget = req
        .budget
        .as_ref()
        .and_then(budget_value)
        .or_else(|| answer_of(&|q| q.title == BUDGET_QUESTION).as_deref().and_then(parse_budget));
    let budget_cents =
        check_budget(budget, service.minimum_amount_cents, service.maximum_amount_cents, !subscription, errors);
    let timeline = check_timeline(
        req.timeline,
        req.timeline_range_start.as_deref(),
        req.timeline_range_end.as_deref(),
        !subscription,
        errors,
    );
    let fields = BriefFields {
        title,
        description: description.trim().to_owned(),
        budget_cents,
        timeline: timeline.days,
        range_start: timeline.range_start,
        range_end: timeline.range_end,
    };
    Ok((fields, answers))
}

/// Checks the category, sub-category and service chosen at launch belong together.
async fn check_choice(
    state: &AppState,
    req: &LaunchRequest,
    errors: &mut FieldErrors,
) -> Result<Option<(i64, i64, i64, ServiceRange)>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let ids = [
        ("project_category_id", req.project_category_id),
        ("project_sub_category_id", req.project_sub_category_id),
        ("project_service_id", req.project_service_id),
    ];
    for (field, id) in ids {
        if id.is_none() {
            errors.add(field, codes::REQUIRED);
        }
    }
    let (Some(category), Some(sub), Some(service)) =
        (req.project_category_id, req.project_sub_category_id, req.project_service_id)
    else {
        return Ok(None);
    };
    if !store::category_exists(&mut conn, category).await? {
        errors.add("project_category_id", codes::NOT_FOUND_OPTION);
        return Ok(None);
    }
    if store::sub_category_parent(&mut conn, sub).await? != Some(category) {
        errors.add("project_sub_category_id", codes::NOT_FOUND_OPTION);
        return Ok(None);
    }
    match store::service_range(&mut conn, service).await? {
        Some(range) if range.project_sub_category_id == sub && range.project_category_id == category => {
            Ok(Some((category, sub, service, range)))
        }
        _ => {
            errors.add("project_service_id", codes::NOT_FOUND_OPTION);
            Ok(None)
        }
    }
}

/// Launches a project from its brief (clients only). Subscribed clients may queue it
/// (`is_subscription` 1) without budget or timeline; others pay to start. The answer
/// is the new project's id; it is live at once.
#[utoipa::path(post, path = "/projects", tag = "projects", request_body = LaunchRequest, security(("bearer" = [])),
    responses((status = 201, body = Data<i64>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = caller.id()))]
pub async fn launch(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiJson(req): ApiJson<LaunchRequest>,
) -> Result<(StatusCode, Json<Data<i64>>), AppError> {
    if caller.user.user_type() != UserType::Client {
        return Err(AppError::forbidden(codes::PROJECT_LAUNCH_FORBIDDEN));
    }
    let mut errors = FieldErrors::new();
    let subscription = req.is_subscription.unwrap_or(false);
    if subscription && caller.user.has_subscribed == 0 {
        errors.add("is_subscription", codes::SUBSCRIPTION_REQUIRED);
    }
    let Some((category, sub, service, range)) = check_choice(&state, &req, &mut errors).await? else {
        return Err(AppError::Invalid(errors));
    };
    let (brief, answers) =
        check_brief(&state, &caller, category, &range, &req.brief, subscription, &mut errors).await?;
    errors.into_result()?;
    let now = state.now_ms();
    let mut tx = state.db.pool.begin().await?;
    let id = store::insert(
        &mut tx,
        &store::NewProject {
            created_by: caller.id(),
            category_id: category,
            sub_category_id: sub,
            service_id: service,
            brief: &brief,
            is_subscription: subscription,
            referral_source: req.referral_source.as_deref().map(str::trim).filter(|r| !r.is_empty()),
            country_id: caller.user.country_id,
            state_id: caller.user.state_id,
            now_ms: now,
        },
    )
    .await?;
    store::replace_answers(&mut tx, id, &answers).await?;
    tx.commit().await?;
    tracing::info!(project_id = id, "project launched");
    Ok((StatusCode::CREATED, Json(Data::new(id))))
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ProjectBriefView)]
pub struct BriefView {
    pub project_id: i64,
    pub project_category_id: Option<i64>,
    pub title: String,
    pub description: String,
    pub budget: Option<i64>,
    pub timeline: Option<i64>,
    pub timeline_range_start: Option<String>,
    pub timeline_range_end: Option<String>,
    pub project_questions: Vec<SavedAnswer>,
}

/// The saved brief of a project (its owner and admins).
#[utoipa::path(get, path = "/projects/{id}/briefs", tag = "projects", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<BriefView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id))]
pub async fn show_brief(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<BriefView>>, AppError> {
    let project = owned(&state, &caller, id, true).await?;
    let answers = store::answers(&state.db.pool, id).await?;
    Ok(Json(Data::new(BriefView {
        project_id: project.id,
        project_category_id: project.project_category_id,
        title: project.title,
        description: project.description,
        budget: project.budget_cents.map(|c| c / 100),
        timeline: project.timeline,
        timeline_range_start: project.timeline_range_start,
        timeline_range_end: project.timeline_range_end,
        project_questions: answers,
    })))
}

/// Replaces the brief (its owner, while the project is live): the brief save payload.
/// `PUT /projects/{id}` does the same (the specification does not say which one the
/// edit form calls).
#[utoipa::path(put, path = "/projects/{id}/briefs", tag = "projects", params(("id" = i64, Path)), request_body = BriefRequest, security(("bearer" = [])),
    responses((status = 200, body = Data<ProjectView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id))]
pub async fn update_brief(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<BriefRequest>,
) -> Result<Json<Data<ProjectView>>, AppError> {
    save_brief(state, caller, id, req).await
}

/// Replaces the brief; the same as `PUT /projects/{id}/briefs`.
#[utoipa::path(put, path = "/projects/{id}", tag = "projects", params(("id" = i64, Path)), request_body = BriefRequest, security(("bearer" = [])),
    responses((status = 200, body = Data<ProjectView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
pub async fn update(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<BriefRequest>,
) -> Result<Json<Data<ProjectView>>, AppError> {
    save_brief(state, caller, id, req).await
}

async fn save_brief(
    state: AppState,
    caller: CurrentUser,
    id: i64,
    req: BriefRequest,
) -> Result<Json<Data<ProjectView>>, AppError> {
    let project = owned(&state, &caller, id, false).await?;
    if project.status() != ProjectStatus::Live {
        return Err(AppError::conflict(codes::PROJECT_STARTED));
    }
    let (Some(category), Some(service)) = (project.project_category_id, project.project_service_id) else {
        return Err(AppError::conflict(codes::PROJECT_STARTED));
    };
    let mut conn = state.db.pool.acquire().await?;
    let range = store::service_range(&mut conn, service)
        .await?
        .ok_or_else(|| AppError::not_found(codes::PROJECT_SERVICE_NOT_FOUND))?;
    drop(conn);
    let mut errors = FieldErrors::new();
    let subscription = project.is_subscription != 0;
    let (brief, answers) = check_brief(&state, &caller, category, &range, &req, subscription, &mut errors).await?;
    errors.into_result()?;
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    store::update_brief(&mut tx, id, &brief, now).await?;
    store::replace_answers(&mut tx, id, &answers).await?;
    let updated = store::find(&mut *tx, id).await?.ok_or_else(|| AppError::not_found(codes::PROJECT_NOT_FOUND))?;
    events::updated(&mut tx, &updated, now).await?;
    tx.commit().await?;
    Ok(Json(Data::new(ProjectView::of(updated, caller.is_admin()))))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ShowQuery {
    /// Comma-separated: `brief` adds the saved answers (owner and admins only).
    pub include: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectWithBrief {
    #[serde(flatten)]
    pub project: ProjectView,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub project_questions: Option<Vec<SavedAnswer>>,
}

/// One project, for its owner, admins and designers (anyone else: 404).
#[utoipa::path(get, path = "/projects/{id}", tag = "projects", params(("id" = i64, Path), ShowQuery), security(("bearer" = [])),
    responses((status = 200, body = Data<ProjectWithBrief>), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id))]
pub async fn show(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<ShowQuery>,
) -> Result<Json<Data<ProjectWithBrief>>, AppError> {
    let project = visible(&state, &caller, id).await?;
    let wants_brief = query.include.as_deref().is_some_and(|i| i.split(',').any(|part| part.trim() == "brief"));
    let may_read_brief = caller.is_admin() || caller.id() == project.created_by;
    let project_questions = match wants_brief && may_read_brief {
        true => Some(store::answers(&state.db.pool, id).await?),
        false => None,
    };
    Ok(Json(Data::new(ProjectWithBrief { project: ProjectView::of(project, caller.is_admin()), project_questions })))
}

/// Deletes a project: its owner while it is live and no bid was approved; admins always.
#[utoipa::path(delete, path = "/projects/{id}", tag = "projects", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id))]
pub async fn delete(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Message>, AppError> {
    let project = owned(&state, &caller, id, true).await?;
    if !caller.is_admin() && (project.status() != ProjectStatus::Live || project.approved_bid_id.is_some()) {
        return Err(AppError::conflict(codes::PROJECT_STARTED));
    }
    if !store::delete(&state.db.pool, id).await? {
        return Err(AppError::not_found(codes::PROJECT_NOT_FOUND));
    }
    tracing::info!(project_id = id, "project deleted");
    Ok(Json(Message::new("Project deleted")))
}
