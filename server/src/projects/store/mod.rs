//! SQL of projects: launch, brief, lifecycle, lists. One dialect for both engines.

pub mod access;
pub mod invites;
pub mod queue;

use sqlx::{Any, AnyConnection, Executor};
use tracing::instrument;

use super::model::{BidFileInfo, ProjectRow, PROJECT_COLUMNS, PROJECT_FROM};
use crate::contests::{
    brief::{CleanAnswer, QuestionRule, SliderValue},
    store::brief as brief_store,
};

#[instrument(skip_all, fields(project_id = id))]
pub async fn find<'c>(db: impl Executor<'c, Database = Any>, id: i64) -> Result<Option<ProjectRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {PROJECT_COLUMNS} FROM {PROJECT_FROM} WHERE p.id = $1"))
        .bind(id)
        .fetch_optional(db)
        .await
}

/// A brief question: its validation rule and its title (the budget question is found by title).
#[derive(Debug, Clone)]
pub struct ProjectQuestion {
    pub rule: QuestionRule,
    pub title: String,
}

/// The brief questions of a category with their rules, in order.
#[instrument(skip_all, fields(category_id))]
pub async fn question_rules(conn: &mut AnyConnection, category_id: i64) -> Result<Vec<ProjectQuestion>, sqlx::Error> {
    let questions = brief_store::question_rules(conn, brief_store::PROJECT, category_id).await?;
    Ok(questions.into_iter().map(|(rule, title)| ProjectQuestion { rule, title }).collect())
}

/// The service chosen at launch, if it belongs to that category and sub-category.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ServiceRange {
    pub project_category_id: i64,
    pub project_sub_category_id: i64,
    pub minimum_amount_cents: i64,
    pub maximum_amount_cents: i64,
}

pub async fn service_range(conn: &mut AnyConnection, service_id: i64) -> Result<Option<ServiceRange>, sqlx::Error> {
    sqlx::query_as(
        "SELECT project_category_id, project_sub_category_id, minimum_amount_cents, maximum_amount_cents \
         FROM project_service WHERE id = $1",
    )
    .bind(service_id)
    .fetch_optional(&mut *conn)
    .await
}

/// The category a sub-category belongs to.
pub async fn sub_category_parent(conn: &mut AnyConnection, id: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT project_category_id FROM project_sub_category WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut *conn)
        .await
}

pub async fn category_exists(conn: &mut AnyConnection, id: i64) -> Result<bool, sqlx::Error> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT id FROM project_category WHERE id = $1").bind(id).fetch_optional(&mut *conn).await?;
    Ok(found.is_some())
}

/// What a launch stores besides the answers.
#[derive(Debug)]
pub struct NewProject<'a> {
    pub created_by: i64,
    pub category_id: i64,
    pub sub_category_id: i64,
    pub service_id: i64,
    pub brief: &'a BriefFields,
    pub is_subscription: bool,
    pub referral_source: Option<&'a str>,
    pub country_id: Option<i64>,
    pub state_id: Option<i64>,
    pub now_ms: i64,
}

/// The brief-level columns a launch or a brief update writes.
#[derive(Debug, Clone)]
pub struct BriefFields {
    pub title: String,
    pub description: String,
    pub budget_cents: Option<i64>,
    pub timeline: Option<i64>,
    pub range_start: Option<String>,
    pub range_end: Option<String>,
}

#[instrument(skip_all, fields(service_id = p.service_id))]
pub async fn insert(conn: &mut AnyConnection, p: &NewProject<'_>) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO project (created_by, title, description, status_id, project_category_id, project_sub_category_id, \
         project_service_id, budget_cents, timeline, timeline_range_start, timeline_range_end, is_subscription, \
         referral_source, country_id, state_id, created_at, updated_at) \
         VALUES ($1, $2, $3, 1, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15) RETURNING id",
    )
    .bind(p.created_by)
    .bind(&p.brief.title)
    .bind(&p.brief.description)
    .bind(p.category_id)
    .bind(p.sub_category_id)
    .bind(p.service_id)
    .bind(p.brief.budget_cents)
    .bind(p.brief.timeline)
    .bind(p.brief.range_start.as_deref())
    .bind(p.brief.range_end.as_deref())
    .bind(i64::from(p.is_subscription))
    .bind(p.referral_source)
    .bind(p.country_id)
    .bind(p.state_id)
    .bind(p.now_ms)
    .fetch_one(&mut *conn)
    .await
}

pub async fn update_brief(conn: &mut AnyConnection, id: i64, b: &BriefFields, now_ms: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE project SET title = $1, description = $2, budget_cents = COALESCE($3, budget_cents), timeline = $4, \
         timeline_range_start = $5, timeline_range_end = $6, updated_at = $7 WHERE id = $8",
    )
    .bind(&b.title)
    .bind(&b.description)
    .bind(b.budget_cents)
    .bind(b.timeline)
    .bind(b.range_start.as_deref())
    .bind(b.range_end.as_deref())
    .bind(now_ms)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Replaces the stored brief answers of a project.
pub async fn replace_answers(conn: &mut AnyConnection, id: i64, answers: &[CleanAnswer]) -> Result<(), sqlx::Error> {
    brief_store::replace(conn, brief_store::PROJECT, id, answers).await
}

/// A saved brief answer (section 3: project_question_id, form_field_type_id, answer,
/// answer_options, files).
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[schema(as = ProjectSavedAnswer)]
pub struct SavedAnswer {
    pub project_question_id: i64,
    pub form_field_type_id: i64,
    pub answer: Option<String>,
    pub answer_options: Vec<i64>,
    pub answer_slider_options: Vec<SliderValue>,
    pub answer_file_ids: Vec<i64>,
}

pub async fn answers<'c>(db: impl Executor<'c, Database = Any>, id: i64) -> Result<Vec<SavedAnswer>, sqlx::Error> {
    let stored = brief_store::read(db, brief_store::PROJECT, id).await?;
    Ok(stored
        .into_iter()
        .map(|a| SavedAnswer {
            project_question_id: a.question_id,
            form_field_type_id: a.form_field_type_id,
            answer: a.answer,
            answer_options: a.answer_options,
            answer_slider_options: a.answer_slider_options,
            answer_file_ids: a.answer_file_ids,
        })
        .collect())
}

/// Moves a project from `from` to `to` only if it is still in `from` (compare-and-set).
pub async fn transition(conn: &mut AnyConnection, id: i64, from: i64, to: i64, now: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("UPDATE project SET status_id = $1, updated_at = $2 WHERE id = $3 AND status_id = $4")
        .bind(to)
        .bind(now)
        .bind(id)
        .bind(from)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn set_internal_status(
    conn: &mut AnyConnection,
    id: i64,
    value: Option<i64>,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE project SET internal_status_id = $1, updated_at = $2 WHERE id = $3")
        .bind(value)
        .bind(now)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

pub async fn set_budget(conn: &mut AnyConnection, id: i64, cents: i64, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE project SET budget_cents = $1, updated_at = $2 WHERE id = $3")
        .bind(cents)
        .bind(now)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Marks `bid_id` as the approved bid of a live project and moves it to active and
/// assigned (1 -> 2), starting its timeline: `timeline_ends_at` is when it runs out
/// (None: no timer). A place in the subscription queue is left.
pub async fn approve(
    conn: &mut AnyConnection,
    id: i64,
    bid_id: i64,
    timeline_ends_at: Option<i64>,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE project SET approved_bid_id = $1, status_id = 2, timeline_ends_at = $2, updated_at = $3, \
         queued_bid_id = NULL, queued_at = NULL WHERE id = $4 AND status_id = 1",
    )
    .bind(bid_id)
    .bind(timeline_ends_at)
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Starts the designer's window to upload the final files (at verification, 3 -> 4).
pub async fn set_delivery_due(conn: &mut AnyConnection, id: i64, due_at: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE project SET delivery_due_at = $1 WHERE id = $2")
        .bind(due_at)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Records the owner's acceptance of the delivery, once: false if it was already recorded.
pub async fn set_finalized(conn: &mut AnyConnection, id: i64, now: i64) -> Result<bool, sqlx::Error> {
    let done =
        sqlx::query("UPDATE project SET finalized_at = $1, updated_at = $1 WHERE id = $2 AND finalized_at IS NULL")
            .bind(now)
            .bind(id)
            .execute(&mut *conn)
            .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn delete<'c>(db: impl Executor<'c, Database = Any>, id: i64) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query("DELETE FROM project WHERE id = $1").bind(id).execute(db).await?.rows_affected() == 1)
}

/// One page of projects matching `filter` (a WHERE fragment over `p` whose
/// placeholders are `$1..$n` for `binds`), newest first; and the total.
pub async fn page(
    conn: &mut AnyConnection,
    filter: &str,
    binds: &[Bind],
    page: i64,
    per_page: i64,
) -> Result<(Vec<ProjectRow>, i64), sqlx::Error> {
    let count_sql = format!("SELECT COUNT(*) FROM {PROJECT_FROM} WHERE {filter}");
    let mut count = sqlx::query_scalar::<_, i64>(&count_sql);
    for bind in binds {
        count = match bind {
            Bind::Int(v) => count.bind(*v),
            Bind::Text(v) => count.bind(v.clone()),
        };
    }
    let total = count.fetch_one(&mut *conn).await?;
    let n = binds.len();
    let rows_sql = format!(
        "SELECT {PROJECT_COLUMNS} FROM {PROJECT_FROM} WHERE {filter} ORDER BY p.id DESC LIMIT ${} OFFSET ${}",
        n + 1,
        n + 2
    );
    let mut rows = sqlx::query_as::<_, ProjectRow>(&rows_sql);
    for bind in binds {
        rows = match bind {
            Bind::Int(v) => rows.bind(*v),
            Bind::Text(v) => rows.bind(v.clone()),
        };
    }
    let rows = rows.bind(per_page).bind((page - 1) * per_page).fetch_all(&mut *conn).await?;
    Ok((rows, total))
}

/// A value bound to a list filter.
#[derive(Debug, Clone)]
pub enum Bind {
    Int(i64),
    Text(String),
}

/// The designer whose bid was approved, if any.
pub async fn approved_designer(conn: &mut AnyConnection, project: &ProjectRow) -> Result<Option<i64>, sqlx::Error> {
    let Some(bid_id) = project.approved_bid_id else { return Ok(None) };
    sqlx::query_scalar("SELECT created_by FROM bid WHERE id = $1").bind(bid_id).fetch_optional(&mut *conn).await
}

/// The approved bid's designer and amount, if a bid was approved.
pub async fn approved_bid(conn: &mut AnyConnection, project: &ProjectRow) -> Result<Option<(i64, i64)>, sqlx::Error> {
    let Some(bid_id) = project.approved_bid_id else { return Ok(None) };
    sqlx::query_as("SELECT created_by, amount_cents FROM bid WHERE id = $1")
        .bind(bid_id)
        .fetch_optional(&mut *conn)
        .await
}

/// Attaches delivered files to a project.
pub async fn add_artworks(conn: &mut AnyConnection, id: i64, file_ids: &[i64], now: i64) -> Result<(), sqlx::Error> {
    for file_id in file_ids {
        sqlx::query(
            "INSERT INTO project_artwork (project_id, file_id, created_at) VALUES ($1, $2, $3) \
             ON CONFLICT (project_id, file_id) DO NOTHING",
        )
        .bind(id)
        .bind(file_id)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// The delivered files of a project, oldest first.
#[instrument(skip_all, fields(project_id = id))]
pub async fn artworks(conn: &mut AnyConnection, id: i64) -> Result<Vec<BidFileInfo>, sqlx::Error> {
    sqlx::query_as(
        "SELECT f.id, f.original_name AS name, '/files/' || CAST(f.id AS TEXT) || '/content' AS full_path \
         FROM project_artwork pa JOIN file f ON f.id = pa.file_id WHERE pa.project_id = $1 ORDER BY pa.created_at, f.id",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await
}

/// A client's projects not yet completed (statuses 1 to 5).
#[instrument(skip_all, fields(user_id))]
pub async fn open_count_of_client(conn: &mut AnyConnection, user_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM project WHERE created_by = $1 AND status_id <= 5")
        .bind(user_id)
        .fetch_one(conn)
        .await
}

/// Projects assigned to the designer and not yet completed.
#[instrument(skip_all, fields(user_id))]
pub async fn assigned_count(conn: &mut AnyConnection, user_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM project p JOIN bid b ON b.id = p.approved_bid_id \
         WHERE b.created_by = $1 AND p.status_id BETWEEN 2 AND 5",
    )
    .bind(user_id)
    .fetch_one(conn)
    .await
}

/// Projects that wait for an admin: delivered, awaiting verification (3), and awaiting
/// credit (5) (`admin::queue`).
#[instrument(skip_all)]
pub async fn admin_queue(conn: &mut AnyConnection) -> Result<(i64, i64), sqlx::Error> {
    let to_verify: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM project WHERE status_id = 3").fetch_one(&mut *conn).await?;
    let to_credit: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM project WHERE status_id = 5").fetch_one(&mut *conn).await?;
    Ok((to_verify, to_credit))
}

/// Projects whose title holds the text (the admin's search): at most 48, newest first; `like` is a `contains_pattern`, `id` matches the id.
#[instrument(skip_all)]
pub async fn search<'c>(
    db: impl Executor<'c, Database = Any>,
    like: &str,
    id: i64,
) -> Result<Vec<crate::store::search::SearchHitRow>, sqlx::Error> {
    let has = |column: &str| crate::store::search::contains(column, "$1");
    let sql = format!(
        "SELECT 'project' AS kind, p.id, p.title, u.username AS subtitle, CAST(NULL AS BIGINT) AS contest_id, \
        p.status_id FROM project p JOIN app_user u ON u.id = p.created_by \
        WHERE p.id = $2 OR {} ORDER BY p.id DESC LIMIT 48",
        has("p.title")
    );
    sqlx::query_as(&sql).bind(like).bind(id).fetch_all(db).await
}

/// Who launched the project.
#[instrument(skip_all, fields(project_id = id))]
pub async fn owner_of<'c>(db: impl Executor<'c, Database = Any>, id: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT created_by FROM project WHERE id = $1").bind(id).fetch_optional(db).await
}
