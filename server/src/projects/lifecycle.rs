//! Moving a project through its life (see [`super::status`]): the admin's verify
//! (3 -> 4) and credit (5 -> 6), internal statuses and manual budget increases; the
//! approved designer's delivery (artworks, 4 -> 5); the owner's finalize. Approving
//! a bid (1 -> 2) is in `bids`; the timeline running out (2 -> 3) in `timers::projects`. Each change writes `project.status` or `project.updated` and its
//! notifications in one transaction, published after commit.

use axum::{extract::State, Json};
use serde::Deserialize;
use serde_json::json;
use tracing::instrument;
use utoipa::ToSchema;

use super::{
    access::owned,
    earnings, events,
    model::{ProjectRow, ProjectView},
    notices,
    status::{ProjectStatus, DELIVERY_WINDOW_MS},
    store,
    transitions::{self, ProjectAction, PROJECT},
};
use crate::{
    accounts::CurrentUser,
    api::{loose_id, Data},
    error::{codes, ApiJson, ApiPath, AppError, ErrorEnvelope},
    notifications::{notify, texts, NewNotification, NotificationType, Text},
    realtime::unit::Unit,
    state::AppState,
};

#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = ProjectStatusChange)]
pub struct StatusChange {
    /// 1 live, 2 active and assigned, 3 unverified, 4 pending delivery, 5 pending
    /// credit, 6 completed; admins move 3 to 4 (verify) and 5 to 6 (credit).
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(required = true, value_type = i64, minimum = 1, maximum = 6)]
    pub status_id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = ProjectInternalStatusChange)]
pub struct InternalStatusChange {
    /// An admin's own marker; null clears it.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub internal_status_id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct BudgetIncrease {
    /// The new budget in whole US dollars, above the current one, at most 1,000,000.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(required = true, value_type = i64, minimum = 1, maximum = 1000000)]
    pub budget: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = ProjectArtworkRequest)]
pub struct ArtworkRequest {
    /// Ids of files the designer uploaded (categories 13 and 16).
    #[serde(default)]
    pub file_ids: Vec<i64>,
}

/// "{project} is now {status}": the status's English name, and its id for clients that word it.
pub(crate) fn status_text(project: &str, status: ProjectStatus) -> Text {
    Text::new(texts::PROJECT_STATUS, json!({"project": project, "status": status.name(), "status_id": status.id()}))
}

/// The project's owner and approved designer, each told `text` with `kind`
/// (except `by`, who made the change; None when the clock made it).
pub(crate) async fn tell_parties(
    unit: &mut Unit,
    project: &ProjectRow,
    by: Option<i64>,
    kind: NotificationType,
    text: &Text,
    now: i64,
) -> Result<(), sqlx::Error> {
    let mut people = vec![project.created_by];
    people.extend(store::approved_designer(unit, project).await?);
    for user_id in people.into_iter().filter(|u| Some(*u) != by) {
        let n = NewNotification {
            user_id,
            kind,
            created_by: by,
            trigger_entity_id: Some(project.id),
            text: text.clone(),
            data: json!({"project_id": project.id, "bid_id": project.approved_bid_id}),
        };
        notify(unit, n, now).await?;
    }
    Ok(())
}

/// What a move writes besides the status.
enum Also {
    Nothing,
    /// The designer's final files.
    Artworks(Vec<i64>),
    /// An admin verified: the 48 hours to deliver start.
    Verified,
    /// The owner accepted the delivery.
    Finalized,
}

/// Moves `project` to `to` (compare-and-set on its current status), writes what the
/// move brings with it, the `project.status` event and tells both parties; answers
/// the project as it is now.
async fn move_to(
    state: &AppState,
    caller: &CurrentUser,
    project: ProjectRow,
    to: ProjectStatus,
    kind: NotificationType,
    also: Also,
) -> Result<Json<Data<ProjectView>>, AppError> {
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    if !store::transition(&mut tx, project.id, project.status_id, to.id(), now).await? {
        return Err(AppError::conflict(codes::PROJECT_STATUS_CHANGE));
    }
    match also {
        Also::Nothing => {}
        Also::Artworks(files) => store::add_artworks(&mut tx, project.id, &files, now).await?,
        Also::Verified => store::set_delivery_due(&mut tx, project.id, now + DELIVERY_WINDOW_MS).await?,
        Also::Finalized => {
            store::set_finalized(&mut tx, project.id, now).await?;
        }
    }
    if to == ProjectStatus::Completed {
        earnings::credit_designer(&mut tx, &project, now).await?;
    }
    let moved =
        store::find(&mut *tx, project.id).await?.ok_or_else(|| AppError::not_found(codes::PROJECT_NOT_FOUND))?;
    events::status_changed(&mut tx, &moved, now).await?;
    let text = match to {
        ProjectStatus::PendingDelivery => Text::new(texts::PROJECT_VERIFIED, json!({"project": moved.title})),
        _ => status_text(&moved.title, to),
    };
    tell_parties(&mut tx, &moved, Some(caller.id()), kind, &text, now).await?;
    tx.commit().await?;
    Ok(Json(Data::new(ProjectView::of(moved, caller.is_admin()))))
}

/// An admin moves a project on: verifies one whose timeline ran out (3 -> 4, the
/// designer's 48 hours to deliver start) or credits a delivered one (5 -> 6; a
/// completed subscription project lets its owner's next queued one start, see
/// [`super::queue`]). Every other move is someone else's (see
/// [`transitions::PROJECT`]).
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
        .ok_or_else(|| AppError::field("status_id", codes::PROJECT_STATUS_IN))?;
    if !transitions::admin_sets(project.status(), to) {
        return Err(AppError::conflict(codes::PROJECT_STATUS_CHANGE));
    }
    let also = match to {
        ProjectStatus::PendingDelivery => Also::Verified,
        _ => Also::Nothing,
    };
    let frees_the_queue = to == ProjectStatus::Completed && project.is_subscription == 1;
    let moved = move_to(&state, &caller, project, to, notices::STATUS_CHANGED, also).await?;
    // The owner's next queued subscription project may start now: the timers start it.
    if frees_the_queue {
        state.realtime.wake_timers().await;
    }
    Ok(moved)
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
    let project = store::find(&mut *conn, id).await?.ok_or_else(|| AppError::not_found(codes::PROJECT_NOT_FOUND))?;
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
    let dollars = req.budget.ok_or_else(|| AppError::field("budget", codes::REQUIRED))?;
    let cents = dollars.saturating_mul(100);
    super::rules::check_raise(project.budget_cents.unwrap_or(0), cents)?;
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    let raised = raise_budget(&mut tx, id, cents, Some(caller.id()), now).await?;
    tx.commit().await?;
    Ok(Json(Data::new(ProjectView::of(raised, true))))
}

/// Sets the budget of project `id` to `cents` inside the caller's transaction and
/// tells the approved designer (type 18); `by` is the admin, None for a card payment.
/// Answers the project as it is now.
pub async fn raise_budget(
    unit: &mut Unit,
    id: i64,
    cents: i64,
    by: Option<i64>,
    now: i64,
) -> Result<ProjectRow, AppError> {
    store::set_budget(unit, id, cents, now).await?;
    let raised = store::find(&mut **unit, id).await?.ok_or_else(|| AppError::not_found(codes::PROJECT_NOT_FOUND))?;
    events::updated(unit, &raised, now).await?;
    if let Some(designer) = store::approved_designer(unit, &raised).await? {
        let n = NewNotification {
            user_id: designer,
            kind: notices::BUDGET_INCREASED,
            created_by: by,
            trigger_entity_id: Some(id),
            text: Text::new(texts::PROJECT_BUDGET_INCREASED, json!({"project": raised.title, "amount": cents / 100})),
            data: json!({"project_id": id, "bid_id": raised.approved_bid_id}),
        };
        notify(unit, n, now).await?;
    }
    Ok(raised)
}

/// The approved designer delivers the final files of a verified project: it moves
/// from pending delivery to pending credit (4 -> 5) and its owner is told (type 21).
/// Files that arrive after the 48 hours are still a delivery (as for contests); the
/// window is what the designer is held to, not a lock.
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
        return Err(AppError::forbidden(codes::PROJECT_ARTWORK_FORBIDDEN));
    }
    let Some(to) = PROJECT.next(ProjectAction::Deliver, project.status()) else {
        return Err(AppError::conflict(codes::PROJECT_STATUS_CHANGE));
    };
    if req.file_ids.is_empty() {
        return Err(AppError::field("file_ids", codes::REQUIRED));
    }
    if !crate::files::store::foreign_files(&mut conn, caller.id(), &req.file_ids).await?.is_empty() {
        return Err(AppError::field("file_ids", codes::NOT_FOUND_OPTION));
    }
    drop(conn);
    let files = req.file_ids.clone();
    move_to(&state, &caller, project, to, notices::ARTWORKS_UPLOADED, Also::Artworks(files)).await
}

/// The owner accepts the delivery; the designer is told (type 22). Crediting stays
/// the admins' (5 -> 6), so finalize never completes a project by itself:
///
/// - pending credit (5, the designer uploaded the final files): the acceptance is
///   recorded (`finalized_at`) for the admins who credit, with a `project.updated`;
/// - pending delivery (4): the owner confirms they have the final files although
///   none were uploaded here (handed over another way), which delivers the project
///   (4 -> 5) as an upload would, and records the acceptance;
/// - anything else, or a second finalize: 409.
#[utoipa::path(post, path = "/projects/{id}/finalize", tag = "projects", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<ProjectView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id))]
pub async fn finalize(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<ProjectView>>, AppError> {
    let project = owned(&state, &caller, id, false).await?;
    let from = project.status();
    match (PROJECT.next(ProjectAction::Finalize, from), PROJECT.next(ProjectAction::Accept, from)) {
        (Some(to), _) => move_to(&state, &caller, project, to, notices::FINALIZED, Also::Finalized).await,
        (None, Some(_)) => {
            let now = state.now_ms();
            let mut tx = state.realtime.begin().await?;
            if !store::set_finalized(&mut tx, id, now).await? {
                return Err(AppError::conflict(codes::PROJECT_STATUS_CHANGE));
            }
            let accepted =
                store::find(&mut *tx, id).await?.ok_or_else(|| AppError::not_found(codes::PROJECT_NOT_FOUND))?;
            events::updated(&mut tx, &accepted, now).await?;
            let text = Text::new(
                texts::PROJECT_FILES_ACCEPTED,
                json!({"username": caller.user.username, "project": accepted.title}),
            );
            tell_parties(&mut tx, &accepted, Some(caller.id()), notices::FINALIZED, &text, now).await?;
            tx.commit().await?;
            Ok(Json(Data::new(ProjectView::of(accepted, caller.is_admin()))))
        }
        _ => Err(AppError::conflict(codes::PROJECT_STATUS_CHANGE)),
    }
}
