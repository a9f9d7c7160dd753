//! Client feedback: after a contest ends (status 4 and on) or a project is completed (6),
//! its client answers a few questions (`GET /contests/feedback/questions`); admins read
//! the answers on the Clients Feedback and Clients Project Feedback pages. The spec
//! names only the questions call; the questions, the answer calls and the admin list
//! are our design.

use axum::{extract::State, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};

use super::store::feedback as store;
use crate::{
    accounts::CurrentUser,
    api::Data,
    contests::store as contest_store,
    error::{codes, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope, FieldErrors},
    projects::store as project_store,
    shared::page::Page,
    state::AppState,
};

pub const PER_PAGE: i64 = 48;

/// The answers of one contest or project, by question.
pub type Answered = Vec<FeedbackRow>;
pub const ANSWER_MAX: usize = 2000;

#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct Question {
    pub id: i64,
    pub title: &'static str,
    /// rating (1 to 5) or text.
    pub kind: &'static str,
}

/// The questions, in the order they are asked. Ids are stable: answers refer to them.
pub const QUESTIONS: [Question; 4] = [
    Question { id: 1, title: "How satisfied are you with the designs you received?", kind: "rating" },
    Question { id: 2, title: "How easy was it to work with our creatives?", kind: "rating" },
    Question { id: 3, title: "How likely are you to recommend us to a friend?", kind: "rating" },
    Question { id: 4, title: "Is there anything we could do better?", kind: "text" },
];

/// The feedback questions a client answers after a contest or a project (anyone may read them).
#[utoipa::path(get, path = "/contests/feedback/questions", tag = "admin",
    responses((status = 200, body = Data<Vec<Question>>)))]
pub async fn questions() -> Json<Data<Vec<Question>>> {
    Json(Data::new(QUESTIONS.to_vec()))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct Answer {
    /// One of the [`QUESTIONS`].
    #[schema(value_type = QuestionIdDoc, inline)]
    pub question_id: i64,
    /// 1 to 5; required on rating questions.
    #[schema(minimum = 1, maximum = 5)]
    pub rating: Option<i64>,
    /// For text questions (optional on rating questions), at most 2,000 characters.
    #[schema(max_length = 2000)]
    pub answer: Option<String>,
}

crate::api::enum_doc!(
    /// The id of one of the [`QUESTIONS`].
    pub QuestionIdDoc: i64 = QUESTIONS.iter().map(|q| q.id)
);

#[derive(Debug, Deserialize, ToSchema)]
pub struct Answers {
    /// At least one answer; a rating question's answer carries its rating.
    #[schema(required = true, schema_with = answers_schema)]
    pub answers: Option<Vec<Answer>>,
}

/// `answers` for the document: a non-empty list of [`Answer`]s, each with its rating
/// when its question is a rating one (what [`check`] requires).
fn answers_schema() -> utoipa::openapi::schema::Array {
    use utoipa::openapi::schema::{AllOfBuilder, AnyOfBuilder, ArrayBuilder, ObjectBuilder};
    let ids = |kind: &str| QUESTIONS.iter().filter(|q| q.kind == kind).map(|q| q.id).collect::<Vec<_>>();
    let question = |kind: &str| crate::api::id_schema_with(|o| o.enum_values(Some(ids(kind))));
    let rated = ObjectBuilder::new()
        .property("question_id", question("rating"))
        .property("rating", crate::api::id_schema_with(|o| o.minimum(Some(1)).maximum(Some(5))))
        .required("rating");
    let written = ObjectBuilder::new().property("question_id", question("text"));
    let item = AllOfBuilder::new()
        .item(<Answer as utoipa::PartialSchema>::schema())
        .item(AnyOfBuilder::new().item(rated).item(written));
    ArrayBuilder::new().items(item).min_items(Some(1)).build()
}

fn check(answers: &[Answer]) -> Result<(), AppError> {
    let mut errors = FieldErrors::new();
    if answers.is_empty() {
        errors.add("answers", codes::REQUIRED);
    }
    for (i, a) in answers.iter().enumerate() {
        let Some(question) = QUESTIONS.iter().find(|q| q.id == a.question_id) else {
            errors.add(&format!("answers.{i}.question_id"), codes::NOT_FOUND_OPTION);
            continue;
        };
        if question.kind == "rating" && !a.rating.is_some_and(|r| (1..=5).contains(&r)) {
            errors.add(&format!("answers.{i}.rating"), codes::REQUIRED);
        }
        if a.answer.as_deref().is_some_and(|t| t.chars().count() > ANSWER_MAX) {
            errors.add(&format!("answers.{i}.answer"), codes::TOO_LONG);
        }
    }
    errors.into_result()
}

async fn save(
    state: &AppState,
    caller: &CurrentUser,
    contest_id: Option<i64>,
    project_id: Option<i64>,
    answers: &[Answer],
) -> Result<(), AppError> {
    let now = state.now_ms();
    let mut tx = state.db.pool.begin().await?;
    for a in answers {
        let text = a.answer.as_deref().map(str::trim).filter(|t| !t.is_empty());
        store::replace_answer(&mut tx, contest_id, project_id, a.question_id, a.rating, text, caller.id(), now).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// The contest's client answers the feedback questions once the contest has ended.
#[utoipa::path(post, path = "/contests/{id}/feedback", tag = "admin", params(("id" = i64, Path)), request_body = Answers, security(("bearer" = [])),
    responses((status = 201, body = Data<Vec<FeedbackRow>>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id))]
pub async fn answer_contest(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<Answers>,
) -> Result<(StatusCode, Json<Data<Answered>>), AppError> {
    let contest =
        contest_store::find(&state.db.pool, id).await?.ok_or_else(|| AppError::not_found(codes::CONTEST_NOT_FOUND))?;
    if contest.created_by != caller.id() {
        return Err(AppError::forbidden(codes::FORBIDDEN));
    }
    if contest.status_id < 4 {
        return Err(AppError::conflict(codes::FEEDBACK_TOO_EARLY));
    }
    let answers = req.answers.unwrap_or_default();
    check(&answers)?;
    save(&state, &caller, Some(id), None, &answers).await?;
    let rows = store::of_contest(&state.db.pool, id).await?;
    Ok((StatusCode::CREATED, Json(Data::new(rows))))
}

/// The project's client answers the feedback questions once the project is completed.
#[utoipa::path(post, path = "/projects/{id}/feedback", tag = "admin", params(("id" = i64, Path)), request_body = Answers, security(("bearer" = [])),
    responses((status = 201, body = Data<Vec<FeedbackRow>>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id))]
pub async fn answer_project(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<Answers>,
) -> Result<(StatusCode, Json<Data<Answered>>), AppError> {
    let project =
        project_store::find(&state.db.pool, id).await?.ok_or_else(|| AppError::not_found(codes::PROJECT_NOT_FOUND))?;
    if project.created_by != caller.id() {
        return Err(AppError::forbidden(codes::FORBIDDEN));
    }
    if project.status_id != 6 {
        return Err(AppError::conflict(codes::FEEDBACK_TOO_EARLY));
    }
    let answers = req.answers.unwrap_or_default();
    check(&answers)?;
    save(&state, &caller, None, Some(id), &answers).await?;
    let rows = store::of_project(&state.db.pool, id).await?;
    Ok((StatusCode::CREATED, Json(Data::new(rows))))
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct FeedbackRow {
    pub id: i64,
    pub contest_id: Option<i64>,
    pub project_id: Option<i64>,
    /// The contest's or project's title.
    pub title: String,
    pub client_id: i64,
    pub client_username: String,
    pub question_id: i64,
    pub rating: Option<i64>,
    pub answer: Option<String>,
    pub created_at: i64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    #[serde(default, deserialize_with = "crate::shared::page::page_number")]
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    /// contest (default) or project.
    #[serde(rename = "filter[kind]")]
    #[param(rename = "filter[kind]", pattern = "^(contest|project)$")]
    pub kind: Option<String>,
}

/// Clients' answers, newest first, 48 a page (admins): contests, or projects with
/// `filter[kind]=project`.
#[utoipa::path(get, path = "/admin/clients-feedback", tag = "admin", params(ListQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<FeedbackRow>), (status = 403, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<Page<FeedbackRow>>, AppError> {
    caller.require_admin()?;
    let kind = query.kind.as_deref().unwrap_or("contest");
    let of_projects = match kind {
        "contest" => false,
        "project" => true,
        _ => return Err(AppError::field("filter[kind]", codes::NOT_FOUND_OPTION)),
    };
    let page = query.page.unwrap_or(1).max(1);
    let (total, rows) = store::page(&state.db.pool, of_projects, PER_PAGE, (page - 1) * PER_PAGE).await?;
    Ok(Json(Page {
        data: rows,
        current_page: page,
        per_page: PER_PAGE,
        next_page_url: (page * PER_PAGE < total)
            .then(|| format!("/admin/clients-feedback?page={}&filter[kind]={kind}", page + 1)),
        total,
    }))
}
