//! Moving a project through its life: the admin's status changes, internal statuses
//! and manual budget increases; the approved designer's delivery (artworks); the
//! client's finalize. Each change writes `project.status` or `project.updated` and its
//! notifications in one transaction, published after commit.

use axum::{extract::State, Json};
use serde::Deserialize;
use serde_json::json;
use tracing::instrument;
use utoipa::ToSchema;
use vitrine_protocol::EventFrame;

use super::{
    access::owned,
    events,
    model::{ProjectRow, ProjectView},
    notices,
    status::ProjectStatus,
    store,
};
use crate::{
    accounts::CurrentUser,
    api::{loose_id, Data},
    error::{catalogue, ApiJson, ApiPath, AppError, ErrorEnvelope},
    notifications::{notify, NewNotification, NotificationType},
    state::AppState,
};

#[derive(Debug, Deserialize, ToSchema)]
pub struct StatusChange {
    /// 1 live, 2 paid, 3 delivered, 4 closed, 5 cancelled, 6 completed.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub status_id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct InternalStatusChange {
    /// An admin's own marker; null clears it.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub internal_status_id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct BudgetIncrease {
    /// The new budget in whole US dollars, above the current one.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub budget: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ArtworkRequest {
    /// Ids of files the designer uploaded (categories 13 and 16).
    #[serde(default)]
    pub file_ids: Vec<i64>,
}

/// The project's owner and approved designer, each told `content` with `kind`.
async fn tell_parties(
    conn: &mut sqlx::AnyConnection,
    project: &ProjectRow,
    by: i64,
    kind: NotificationType,
    content: &str,
    now: i64,
) -> Result<Vec<EventFrame>, sqlx::Error> {
    let mut people = vec![project.created_by];
    people.extend(store::approved_designer(conn, project).await?);
    let mut events = Vec::new();
    for user_id in people.into_iter().filter(|u| *u != by) {
        let n = NewNotification {
            user_id,
            kind,
            created_by: Some(by),
            trigger_entity_id: Some(project.id),
            plain_content: content.to_owned(),
            data: json!({"project_id": project.id, "bid_id": project.approved_bid_id}),
        };
        events.extend(notify(conn, n, now).await?);
    }
    Ok(events)
}

/// Moves `project` to `to` (compare-and-set on its current status), writes the
/// `project.status` event and tells both parties; answers the project as it is now.
async fn move_to(
    state: &AppState,
    caller: &CurrentUser,
    project: ProjectRow,
    to: ProjectStatus,
    kind: NotificationType,
    before: impl FnOnce() -> Option<Vec<i64>>,
) -> Result<Json<Data<ProjectView>>, AppError> {
    let now = state.now_ms();
    let mut tx = state.db.pool.begin().await?;
    if !store::transition(&mut tx, project.id, project.status_id, to.id(), now).await? {
        return Err(AppError::conflict(catalogue::PROJECT_STATUS_CHANGE));
    }
    if let Some(files) = before() {
        store::add_artworks(&mut tx, project.id, &files, now).await?;
    }
    let moved =
        store::find(&mut *tx, project.id).await?.ok_or_else(|| AppError::not_found(catalogue::PROJECT_NOT_FOUND))?;
    let mut out = vec![events::status_changed(&mut tx, &moved, now).await?];
    let content = format!("{} is now {}", moved.title, to.name());
    out.extend(tell_parties(&mut tx, &moved, caller.id(), kind, &content, now).await?);
    tx.commit().await?;
    state.realtime.publish_committed(&state.db, out, now).await;
    Ok(Json(Data::new(ProjectView::of(moved, caller.is_admin()))))
}

/// An admin moves a project to another status. Paid, delivered and completed need an
/// approved bid; a project with an approved bid cannot go back to live.
#[utoipa::path(put, path = "/projects/{id}/statuses", tag = "projects", params(("id" = i64, Path)), request_body = StatusChange, security(("bearer" = [])),
    responses((status = 200, body = Data<ProjectView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id))]
pub async fn set_status(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<StatusChange>,
) -> Result<Json<Data<ProjectView>>, AppError> {
    caller.require_admin()?;
    let project = owned(&state, &caller, id, true).await?;
    let to = req
        .status_id
        .and_then(ProjectStatus::from_id)
        .ok_or_else(|| AppError::field("status_id", catalogue::PROJECT_STATUS_IN))?;
    let has_bid = project.approved_bid_id.is_some();
    if to == project.status() || (to.needs_approved_bid() && !has_bid) || (to == ProjectStatus::Live && has_bid) {
        return Err(AppError::conflict(catalogue::PROJECT_STATUS_CHANGE));
    }
    move_to(&state, &caller, project, to, notices::STATUS_CHANGED, || None).await
}

/// An admin marks a project with an internal status (never shown to users).
#[utoipa::path(put, path = "/projects/{id}/internal-statuses", tag = "projects", params(("id" = i64, Path)), request_body = InternalStatusChange, security(("bearer" = [])),
    responses((status = 200, body = Data<ProjectView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id))]
pub async fn set_internal_status(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<InternalStatusChange>,
) -> Result<Json<Data<ProjectView>>, AppError> {
    caller.require_admin()?;
    owned(&state, &caller, id, true).await?;
    let mut conn = state.db.pool.acquire().await?;
    store::set_internal_status(&mut conn, id, req.internal_status_id, state.now_ms()).await?;
    let project =
        store::find(&mut *conn, id).await?.ok_or_else(|| AppError::not_found(catalogue::PROJECT_NOT_FOUND))?;
    Ok(Json(Data::new(ProjectView::of(project, true))))
}

/// An admin raises the budget (after a payment made outside the site, say). The
/// approved designer is told (type 18).
#[utoipa::path(post, path = "/projects/{id}/increase-budget-manually", tag = "projects", params(("id" = i64, Path)), request_body = BudgetIncrease, security(("bearer" = [])),
    responses((status = 200, body = Data<ProjectView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id))]
pub async fn increase_budget(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<BudgetIncrease>,
) -> Result<Json<Data<ProjectView>>, AppError> {
    caller.require_admin()?;
    let project = owned(&state, &caller, id, true).await?;
    let dollars = req.budget.ok_or_else(|| AppError::field("budget", catalogue::REQUIRED))?;
    let cents = dollars.saturating_mul(100);
    if cents <= project.budget_cents.unwrap_or(0) || dollars > 1_000_000 {
        return Err(AppError::field("budget", catalogue::BUDGET_NOT_HIGHER));
    }
    let now = state.now_ms();
    let mut tx = state.db.pool.begin().await?;
    store::set_budget(&mut tx, id, cents, now).await?;
    let raised = store::find(&mut *tx, id).await?.ok_or_else(|| AppError::not_found(catalogue::PROJECT_NOT_FOUND))?;
    let mut out = vec![events::updated(&mut tx, &raised, now).await?];
    if let Some(designer) = store::approved_designer(&mut tx, &raised).await? {
        let n = NewNotification {
            user_id: designer,
            kind: notices::BUDGET_INCREASED,
            created_by: Some(caller.id()),
            trigger_entity_id: Some(id),
            plain_content: format!("The budget of {} was increased to ${dollars}", raised.title),
            data: json!({"project_id": id, "bid_id": raised.approved_bid_id}),
        };
        out.extend(notify(&mut tx, n, now).await?);
    }
    tx.commit().await?;
    state.realtime.publish_committed(&state.db, out, now).await;
    Ok(Json(Data::new(ProjectView::of(raised, true))))
}

/// The approved designer delivers the final files: the project moves from paid to
/// delivered and its owner is told (type 21).
#[utoipa::path(post, path = "/projects/{id}/artworks", tag = "projects", params(("id" = i64, Path)), request_body = ArtworkRequest, security(("bearer" = [])),
    responses((status = 200, body = Data<ProjectView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id))]
pub async fn artworks(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<ArtworkRequest>,
) -> Result<Json<Data<ProjectView>>, AppError> {
    let project = super::access::visible(&state, &caller, id).await?;
    let mut conn = state.db.pool.acquire().await?;
    if store::approved_designer(&mut conn, &project).await? != Some(caller.id()) {
        return Err(AppError::forbidden(catalogue::PROJECT_ARTWORK_FORBIDDEN));
    }
    if project.status() != ProjectStatus::Paid {
        return Err(AppError::conflict(catalogue::PROJECT_STATUS_CHANGE));
    }
    if req.file_ids.is_empty() {
        return Err(AppError::field("file_ids", catalogue::REQUIRED));
    }
    if !crate::contests::store::foreign_files(&mut conn, caller.id(), &req.file_ids).await?.is_empty() {
        return Err(AppError::field("file_ids", catalogue::NOT_FOUND_OPTION));
    }
    drop(conn);
    let files = req.file_ids.clone();
    move_to(&state, &caller, project, ProjectStatus::Delivered, notices::ARTWORKS_UPLOADED, || Some(files)).await
}

/// The owner accepts the delivered files: the project is completed and the designer
/// is told (type 22).
#[utoipa::path(post, path = "/projects/{id}/finalize", tag = "projects", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<ProjectView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id))]
pub async fn finalize(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<ProjectView>>, AppError> {
    let project = owned(&state, &caller, id, false).await?;
    if project.status() != ProjectStatus::Delivered {
        return Err(AppError::conflict(catalogue::PROJECT_STATUS_CHANGE));
    }
    move_to(&state, &caller, project, ProjectStatus::Completed, notices::FINALIZED, || None).await
}
