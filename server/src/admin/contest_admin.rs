//! The contest calls only admins make: granting upgrades without payment, taking them
//! away, undoing an award before verification, and switching off a contest's
//! extensions. Each answers the contest as `GET /contests/{id}` does and tells the
//! contest's watchers (`contest.updated`, `contest.status`).

use axum::{extract::State, Json};
use serde::Deserialize;
use sqlx::AnyConnection;
use tracing::instrument;
use utoipa::ToSchema;

use crate::{
    accounts::CurrentUser,
    api::Data,
    catalogue::store as catalogue_store,
    contests::{
        events,
        model::ContestView,
        status::ContestStatus,
        store,
        transitions::{ContestAction, CONTEST},
    },
    error::{codes, ApiJson, ApiPath, AppError, ErrorEnvelope},
    realtime::unit::Unit,
    state::AppState,
};

/// The least time a client gets to choose again after an admin removed the winners.
pub const RECHOOSE_MS: i64 = 72 * 60 * 60 * 1000;

async fn answer(
    state: &AppState,
    mut tx: Unit,
    id: i64,
    status_changed: bool,
) -> Result<Json<Data<ContestView>>, AppError> {
    let now = state.now_ms();
    let contest = store::find(&mut *tx, id).await?.ok_or_else(|| AppError::not_found(codes::CONTEST_NOT_FOUND))?;
    events::updated(&mut tx, &contest, now).await?;
    if status_changed {
        events::status_changed(&mut tx, &contest, now).await?;
    }
    tx.commit().await?;
    if status_changed {
        state.realtime.wake_timers().await;
    }
    Ok(Json(Data::new(contest.into())))
}

async fn existing(conn: &mut AnyConnection, id: i64) -> Result<crate::contests::model::ContestRow, AppError> {
    store::find(&mut *conn, id).await?.ok_or_else(|| AppError::not_found(codes::CONTEST_NOT_FOUND))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ManualUpgrades {
    /// Upgrade ids of `GET /contests/types/{type}/upgrades` for the contest's type: at least one.
    #[schema(required = true, value_type = Vec<i64>, min_items = 1)]
    pub upgrade_ids: Option<Vec<i64>>,
}

/// An admin grants upgrades without payment (a goodwill gesture, a payment taken by
/// phone): the chosen upgrades switch on as if bought; those already on stay on.
#[utoipa::path(put, path = "/contests/{id}/upgrades-manually", tag = "admin", params(("id" = i64, Path)), request_body = ManualUpgrades,
    security(("bearer" = [])),
    responses((status = 200, body = Data<ContestView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id))]
pub async fn upgrades_manually(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<ManualUpgrades>,
) -> Result<Json<Data<ContestView>>, AppError> {
    caller.require_admin()?;
    let ids =
        req.upgrade_ids.filter(|ids| !ids.is_empty()).ok_or_else(|| AppError::field("upgrade_ids", codes::REQUIRED))?;
    let mut tx = state.realtime.begin().await?;
    let contest = existing(&mut tx, id).await?;
    let offered = catalogue_store::upgrades(&mut *tx, contest.contest_type_id).await?;
    if ids.iter().any(|id| !offered.iter().any(|u| u.id == *id)) {
        return Err(AppError::field("upgrade_ids", codes::UPGRADE_IN));
    }
    let granted: Vec<_> = offered.into_iter().filter(|u| ids.contains(&u.id)).collect();
    store::apply_upgrades(&mut tx, id, &granted, state.now_ms()).await?;
    answer(&state, tx, id, false).await
}

/// An admin switches every upgrade of a contest off (highlighted, featured, private,
/// blind, e-mail notification, featured blog post); payments already made are not refunded
/// by this call.
#[utoipa::path(post, path = "/contests/{id}/remove-upgrades", tag = "admin", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<ContestView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id))]
pub async fn remove_upgrades(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<ContestView>>, AppError> {
    caller.require_admin()?;
    let mut tx = state.realtime.begin().await?;
    existing(&mut tx, id).await?;
    store::remove_upgrades(&mut tx, id, state.now_ms()).await?;
    answer(&state, tx, id, false).await
}

/// An admin undoes an award before verification (statuses 5 and 6: a copied design, a
/// mistaken pick): the winning entries are winners no more and the contest goes back to
/// deciding (3), with at least 72 hours for the client to choose again.
#[utoipa::path(post, path = "/contests/{id}/remove-winners", tag = "admin", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<ContestView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id))]
pub async fn remove_winners(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<ContestView>>, AppError> {
    caller.require_admin()?;
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    let contest = existing(&mut tx, id).await?;
    let back =
        ContestStatus::from_id(contest.status_id).and_then(|from| CONTEST.next(ContestAction::RemoveWinners, from));
    if back.is_none() {
        return Err(AppError::conflict(codes::WINNERS_NOT_REMOVABLE));
    }
    let unawarded = crate::entries::store::unaward_winners(&mut tx, id, now).await?;
    if unawarded == 0 {
        return Err(AppError::conflict(codes::CONTEST_NO_WINNERS));
    }
    if !store::back_to_deciding(&mut tx, id, now + RECHOOSE_MS, now).await? {
        return Err(AppError::conflict(codes::WINNERS_NOT_REMOVABLE));
    }
    answer(&state, tx, id, true).await
}

/// An admin stops further extensions of a contest (`PUT /contests/{id}/extends` answers
/// `contest.extends_disabled` from then on). Calling it again changes nothing.
#[utoipa::path(post, path = "/contests/{id}/extends/disable", tag = "admin", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<ContestView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id))]
pub async fn disable_extends(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<ContestView>>, AppError> {
    caller.require_admin()?;
    let mut tx = state.realtime.begin().await?;
    existing(&mut tx, id).await?;
    store::disable_extends(&mut tx, id, state.now_ms()).await?;
    answer(&state, tx, id, false).await
}
