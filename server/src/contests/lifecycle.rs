//! Moving a contest through its life by hand: the subscription start request and
//! its approval, admin status changes, internal statuses, and extensions. Timers
//! (the worker) move it when deadlines pass.

use axum::{extract::State, Json};
use serde::Deserialize;
use serde_json::json;
use tracing::instrument;
use utoipa::ToSchema;

use super::{
    earnings, events,
    launch::owned,
    model::ContestView,
    pricing,
    status::{ContestStatus, DECIDING_WINDOW_DAYS, DEFAULT_LENGTH_DAYS, DELIVERY_WINDOW_MS, EXTEND_DAYS},
    store,
    transitions::{ContestAction, CONTEST},
};
use crate::{
    accounts::{store::find_user, CurrentUser},
    api::{loose_id, Data},
    error::{codes, ApiJson, ApiPath, AppError, ErrorEnvelope},
    notifications::{notify, texts, NewNotification, NotificationType, Text},
    realtime::unit::Unit,
    shared::transitions::Actor,
    state::AppState,
};

/// Request approval states (contests doc, section 4).
pub const APPROVAL_PENDING: i64 = 1;
pub const APPROVAL_APPROVED: i64 = 2;
pub const APPROVAL_REJECTED: i64 = 3;

/// The body of a request (1, pending) and of its decision (2 approve, 3 reject); the
/// document names each ([`StartRequest`], [`RequestDecision`]).
#[derive(Debug, Deserialize, ToSchema)]
pub struct ApprovalRequest {
    #[serde(default, deserialize_with = "loose_id")]
    pub approval_status_id: Option<i64>,
}

crate::api::enum_doc!(
    /// A request to start: pending ([`APPROVAL_PENDING`]).
    pub RequestStatusDoc: i64 = [APPROVAL_PENDING]
);
crate::api::enum_doc!(
    /// A decision on a request: approved or rejected.
    pub DecisionStatusDoc: i64 = [APPROVAL_APPROVED, APPROVAL_REJECTED]
);

/// The client asks an admin to start the contest (the handler reads [`ApprovalRequest`]).
#[derive(ToSchema)]
pub struct StartRequest {
    /// 1 (pending).
    #[schema(value_type = RequestStatusDoc, inline)]
    pub approval_status_id: i64,
}

/// An admin decides a request to start (the handler reads [`ApprovalRequest`]).
#[derive(ToSchema)]
pub struct RequestDecision {
    /// 2 approve, 3 reject.
    #[schema(value_type = DecisionStatusDoc, inline)]
    pub approval_status_id: i64,
}

/// How many days a contest with this length accepts entries (the standard week without one).
async fn length_days(state: &AppState, contest_length_id: Option<i64>) -> Result<i64, AppError> {
    Ok(match contest_length_id {
        Some(id) => crate::catalogue::store::find_length(&state.db.pool, id)
            .await?
            .map(|l| l.days)
            .unwrap_or(DEFAULT_LENGTH_DAYS),
        None => DEFAULT_LENGTH_DAYS,
    })
}

/// Appends the contest's `contest.status` (or `contest.updated`), commits `tx` (which
/// publishes its events), and answers the contest as it is now.
async fn finish(
    state: &AppState,
    mut tx: Unit,
    id: i64,
    status_event: bool,
) -> Result<Json<Data<ContestView>>, AppError> {
    let now = state.now_ms();
    let contest = store::find(&mut *tx, id).await?.ok_or_else(|| AppError::not_found(codes::CONTEST_NOT_FOUND))?;
    match status_event {
        true => events::status_changed(&mut tx, &contest, now).await?,
        false => events::updated(&mut tx, &contest, now).await?,
    }
    tx.commit().await?;
    // Deadlines may have been set or moved: let the timers look again.
    state.realtime.wake_timers().await;
    Ok(Json(Data::new(contest.into())))
}

/// A subscribed client asks to start an unstarted contest for free (approval 1,
/// pending). One pending or active request per client at a time.
#[utoipa::path(put, path = "/contests/{id}/requests", tag = "contests", params(("id" = i64, Path)), request_body = StartRequest, security(("bearer" = [])),
    responses((status = 200, body = Data<ContestView>), (status = 403, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id))]
pub async fn request_start(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<ApprovalRequest>,
) -> Result<Json<Data<ContestView>>, AppError> {
    let contest = owned(&state, &caller, id).await?;
    if req.approval_status_id != Some(APPROVAL_PENDING) {
        return Err(AppError::field("approval_status_id", codes::NOT_FOUND_OPTION));
    }
    if caller.user.has_subscribed == 0 {
        return Err(AppError::forbidden(codes::FORBIDDEN));
    }
    if contest.status() != ContestStatus::Unpaid {
        return Err(AppError::conflict(codes::CONTEST_STARTED));
    }
    // A pending request on an unstarted contest, or an approved one on an active
    // contest, holds the client's one free slot (section 4).
    let busy = store::free_slot_holders(&state.db.pool, caller.id(), id).await?;
    if busy > 0 || contest.approval_status_id == Some(APPROVAL_PENDING) {
        return Err(AppError::conflict(codes::CONTEST_REQUEST_PENDING));
    }
    // The free slot covers the package: paid upgrades or a paid length are bought by paying.
    let mut conn = state.db.pool.acquire().await?;
    if pricing::paid_extras_cents(&mut conn, &caller.user, &contest).await? > 0 {
        return Err(AppError::conflict(codes::CONTEST_REQUEST_EXTRAS));
    }
    drop(conn);
    let mut tx = state.realtime.begin().await?;
    store::set_approval(&mut tx, id, APPROVAL_PENDING, state.now_ms()).await?;
    finish(&state, tx, id, false).await
}

/// An admin approves (2: the contest starts) or rejects (3) a start request.
#[utoipa::path(put, path = "/contests/{id}/request-actions", tag = "contests", params(("id" = i64, Path)), request_body = RequestDecision, security(("bearer" = [])),
    responses((status = 200, body = Data<ContestView>), (status = 403, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id))]
pub async fn decide_request(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<ApprovalRequest>,
) -> Result<Json<Data<ContestView>>, AppError> {
    caller.require_admin()?;
    let decision = req.approval_status_id.filter(|a| [APPROVAL_APPROVED, APPROVAL_REJECTED].contains(a));
    let decision = decision.ok_or_else(|| AppError::field("approval_status_id", codes::NOT_FOUND_OPTION))?;
    let contest =
        store::find(&state.db.pool, id).await?.ok_or_else(|| AppError::not_found(codes::CONTEST_NOT_FOUND))?;
    if contest.approval_status_id != Some(APPROVAL_PENDING) || contest.status() != ContestStatus::Unpaid {
        return Err(AppError::conflict(codes::CONTEST_STATUS_CHANGE));
    }
    let now = state.now_ms();
    // Read before the transaction: SQLite's pool has one connection, which the
    // transaction holds until commit.
    let days = length_days(&state, contest.contest_length_id).await?;
    // Options may have changed since the request: an approval never starts paid extras free.
    if decision == APPROVAL_APPROVED {
        let mut conn = state.db.pool.acquire().await?;
        let owner = find_user(&mut *conn, contest.created_by)
            .await?
            .ok_or_else(|| AppError::not_found(codes::CONTEST_NOT_FOUND))?;
        if pricing::paid_extras_cents(&mut conn, &owner, &contest).await? > 0 {
            return Err(AppError::conflict(codes::CONTEST_REQUEST_EXTRAS));
        }
    }
    let mut tx = state.realtime.begin().await?;
    store::set_approval(&mut tx, id, decision, now).await?;
    let started = decision == APPROVAL_APPROVED
        && store::activate(&mut tx, id, now, days, DECIDING_WINDOW_DAYS, state.settings.link_base()).await?;
    finish(&state, tx, id, started).await
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct StatusChange {
    /// A contest status, 1 to 9 (contests doc, section 4).
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(required = true, value_type = i64, minimum = 1, maximum = 9)]
    pub status_id: Option<i64>,
}

/// An admin sets a contest's status (1-9). Activating an unpaid contest sets its deadlines.
#[utoipa::path(put, path = "/contests/{id}/statuses", tag = "contests", params(("id" = i64, Path)), request_body = StatusChange, security(("bearer" = [])),
    responses((status = 200, body = Data<ContestView>), (status = 403, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id))]
pub async fn set_status(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<StatusChange>,
) -> Result<Json<Data<ContestView>>, AppError> {
    caller.require_admin()?;
    let to = req
        .status_id
        .and_then(ContestStatus::from_id)
        .ok_or_else(|| AppError::field("status_id", codes::NOT_FOUND_OPTION))?;
    let contest =
        store::find(&state.db.pool, id).await?.ok_or_else(|| AppError::not_found(codes::CONTEST_NOT_FOUND))?;
    let from = contest.status();
    // Nothing returns to unpaid once money or a free slot was spent on it, and a credited
    // contest stays credited (`transitions::CONTEST`).
    if !CONTEST.allows(ContestAction::AdminSet, from, to, Actor::Admin) {
        return Err(AppError::conflict(codes::CONTEST_STATUS_CHANGE));
    }
    let now = state.now_ms();
    let days = length_days(&state, contest.contest_length_id).await?;
    let mut tx = state.realtime.begin().await?;
    let changed = match (from, to) {
        (ContestStatus::Unpaid, ContestStatus::Active) => {
            store::activate(&mut tx, id, now, days, DECIDING_WINDOW_DAYS, state.settings.link_base()).await?
        }
        _ => store::transition(&mut tx, id, from.id(), to.id(), now).await?,
    };
    if !changed {
        return Err(AppError::conflict(codes::CONTEST_STATUS_CHANGE));
    }
    if to == ContestStatus::Completed {
        earnings::credit_winners(&mut tx, &contest, now).await?;
    }
    if to == ContestStatus::PendingDelivery && matches!(from, ContestStatus::WinnerAwarded | ContestStatus::Unverified)
    {
        verified(&mut tx, &contest, now).await?;
        // The winner may deliver before the verification (5 and 6 take final files); such
        // a contest is delivered the moment it is verified, or it would wait at 7 for a
        // second upload that the server refuses.
        if let Some((entry_id, _)) = store::winner(&mut tx, id).await? {
            if store::has_artwork(&mut tx, entry_id).await? {
                store::transition(&mut tx, id, to.id(), ContestStatus::PendingCredit.id(), now).await?;
            }
        }
    }
    finish(&state, tx, id, true).await
}

/// An admin verified an awarded contest: the winner's 48 hours to deliver start, and
/// both parties hear of it (types 6 and 9).
async fn verified(unit: &mut Unit, contest: &super::model::ContestRow, now: i64) -> Result<(), AppError> {
    store::set_delivery_due(unit, contest.id, now + DELIVERY_WINDOW_MS, super::status::DELIVERY_REMIND_BEFORE_MS)
        .await?;
    if let Some((entry_id, designer_id)) = store::winner(unit, contest.id).await? {
        let to_designer = NewNotification {
            user_id: designer_id,
            kind: NotificationType::WonContestVerified,
            created_by: None,
            trigger_entity_id: Some(contest.id),
            text: Text::new(texts::CONTEST_VERIFIED_WINNER, json!({"contest": contest.title})),
            data: json!({"contest_id": contest.id, "contest_entry_id": entry_id}),
        };
        notify(unit, to_designer, now).await?;
    }
    let to_owner = NewNotification {
        user_id: contest.created_by,
        kind: NotificationType::Verified,
        created_by: None,
        trigger_entity_id: Some(contest.id),
        text: Text::new(texts::CONTEST_VERIFIED_HOLDER, json!({"contest": contest.title})),
        data: json!({"contest_id": contest.id}),
    };
    notify(unit, to_owner, now).await?;
    Ok(())
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct InternalStatusChange {
    /// An admin's own marker; null clears it.
    #[serde(default, deserialize_with = "loose_id")]
    pub internal_status_id: Option<i64>,
}

/// An admin marks a contest with an internal status (not shown to users).
#[utoipa::path(put, path = "/contests/{id}/internal-statuses", tag = "contests", params(("id" = i64, Path)), request_body = InternalStatusChange, security(("bearer" = [])),
    responses((status = 200, body = Data<ContestView>), (status = 403, body = ErrorEnvelope)))]
pub async fn set_internal_status(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<InternalStatusChange>,
) -> Result<Json<Data<ContestView>>, AppError> {
    caller.require_admin()?;
    store::find(&state.db.pool, id).await?.ok_or_else(|| AppError::not_found(codes::CONTEST_NOT_FOUND))?;
    let mut conn = state.db.pool.acquire().await?;
    store::set_internal_status(&mut conn, id, req.internal_status_id, state.now_ms()).await?;
    let contest = store::find(&mut *conn, id).await?.ok_or_else(|| AppError::not_found(codes::CONTEST_NOT_FOUND))?;
    Ok(Json(Data::new(contest.into())))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ExtendRequest {
    /// Whole days, 1 to 10.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(required = true, value_type = i64, minimum = 1, maximum = 10)]
    pub days: Option<i64>,
}

/// An admin extends a running contest by 1 to 10 days, free; both deadlines move.
/// Clients extend by paying (`/contests/{id}/extends/payments/...`, priced per day):
/// this route is not a free way around that price. Refused once an admin disabled
/// extensions, like every paid route.
#[utoipa::path(put, path = "/contests/{id}/extends", tag = "contests", params(("id" = i64, Path)), request_body = ExtendRequest, security(("bearer" = [])),
    responses((status = 200, body = Data<ContestView>), (status = 403, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id))]
pub async fn extend(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<ExtendRequest>,
) -> Result<Json<Data<ContestView>>, AppError> {
    caller.require_admin()?;
    store::find(&state.db.pool, id).await?.ok_or_else(|| AppError::not_found(codes::CONTEST_NOT_FOUND))?;
    let days =
        req.days.filter(|d| EXTEND_DAYS.contains(d)).ok_or_else(|| AppError::field("days", codes::EXTEND_DAYS))?;
    let mut tx = state.realtime.begin().await?;
    ensure_extendable(&mut tx, id).await?;
    if !store::extend(&mut tx, id, days, state.now_ms()).await? {
        return Err(AppError::conflict(codes::CONTEST_NOT_ACTIVE));
    }
    finish(&state, tx, id, false).await
}

/// Refuses an extension an admin disabled (`PUT /admin/contests/{id}`, `extends_disabled`).
pub async fn ensure_extendable(conn: &mut sqlx::AnyConnection, id: i64) -> Result<(), AppError> {
    match store::extends_disabled(conn, id).await? {
        Some(0) | None => Ok(()),
        Some(_) => Err(AppError::conflict(codes::EXTENDS_DISABLED)),
    }
}
