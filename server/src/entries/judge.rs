//! The contest holder's calls on entries: ratings, eliminations and blocks, and the
//! award of the winner.

use axum::{extract::State, Json};
use serde::Deserialize;
use serde_json::json;
use tracing::instrument;
use utoipa::ToSchema;

use super::{
    events,
    model::{EntryRow, EntryStatus, EntryView},
    store,
    transitions::{self, EntryAction},
    view_for, visible_entry,
};
use crate::{
    accounts::CurrentUser,
    api::{flag, Data},
    community::activity::{self, ActivityType},
    contests::{
        self,
        model::ContestRow,
        status::ContestStatus,
        transitions::{ContestAction, CONTEST},
    },
    error::{codes, ApiJson, ApiPath, AppError, ErrorEnvelope},
    notifications::{notify, texts, NewNotification, NotificationType, Text},
    state::AppState,
};

/// The highest rating (contests doc, section 9).
pub const MAX_RATING: i64 = 5;

/// The contest (which `caller` must hold) and one of its entries.
async fn held_entry(
    state: &AppState,
    caller: &CurrentUser,
    contest_id: i64,
    entry_id: i64,
) -> Result<(ContestRow, EntryRow), AppError> {
    let contest = contests::launch::owned(state, caller, contest_id).await?;
    let entry = visible_entry(state, Some(caller), &contest, entry_id).await?;
    Ok((contest, entry))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RatingRequest {
    /// 1 to 5.
    #[schema(required = true, value_type = i64, minimum = 1, maximum = 5)]
    pub rating: Option<i64>,
}

/// Rates an entry (the contest holder). Only the holder and the entry's designer see it.
#[utoipa::path(patch, path = "/contests/{id}/entries/{entryId}/ratings", tag = "entries",
    params(("id" = i64, Path), ("entryId" = i64, Path)), request_body = RatingRequest, security(("bearer" = [])),
    responses((status = 200, body = Data<EntryView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = ids.0, entry_id = ids.1))]
pub async fn rate(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(ids): ApiPath<(i64, i64)>,
    ApiJson(req): ApiJson<RatingRequest>,
) -> Result<Json<Data<EntryView>>, AppError> {
    let (contest, entry) = held_entry(&state, &caller, ids.0, ids.1).await?;
    let rating = match req.rating {
        None => return Err(AppError::field("rating", codes::REQUIRED)),
        Some(r) if !(1..=MAX_RATING).contains(&r) => return Err(AppError::field("rating", codes::RATING_RANGE)),
        Some(r) => r,
    };
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    store::set_rating(&mut tx, entry.id, rating, now).await?;
    events::rated(&mut tx, &contest, entry.id, entry.created_by, rating, now).await?;
    let row = store::find(&mut *tx, contest.id, entry.id).await?.ok_or_else(|| anyhow::anyhow!("entry vanished"))?;
    tx.commit().await?;
    Ok(Json(Data::new(view_for(Some(&caller.user), &contest, &row))))
}

crate::api::enum_doc!(
    /// What the holder sets an entry to.
    pub EntryStatusDoc: String = ["active", "eliminated"]
);

#[derive(Debug, Deserialize, ToSchema)]
pub struct StatusRequest {
    /// active or eliminated.
    #[schema(required = true, value_type = EntryStatusDoc, inline)]
    pub status: Option<String>,
    /// 1: the designer may not submit to this contest again.
    #[serde(default, deserialize_with = "flag")]
    #[schema(value_type = Option<crate::api::FlagDoc>, inline)]
    pub block_designer: Option<bool>,
    /// 1: the same status for every entry of this designer in the contest.
    #[serde(default, deserialize_with = "flag")]
    #[schema(value_type = Option<crate::api::FlagDoc>, inline)]
    pub eliminate_all: Option<bool>,
}

/// Eliminates or restores an entry (or all of its designer's), optionally blocking
/// the designer (the contest holder, while the contest runs or is being decided).
#[utoipa::path(patch, path = "/contests/{id}/entries/{entryId}/status", tag = "entries",
    params(("id" = i64, Path), ("entryId" = i64, Path)), request_body = StatusRequest, security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<EntryView>>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = ids.0, entry_id = ids.1))]
pub async fn set_status(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(ids): ApiPath<(i64, i64)>,
    ApiJson(req): ApiJson<StatusRequest>,
) -> Result<Json<Data<Vec<EntryView>>>, AppError> {
    let (contest, entry) = held_entry(&state, &caller, ids.0, ids.1).await?;
    let target = req
        .status
        .as_deref()
        .and_then(EntryStatus::parse)
        .ok_or_else(|| AppError::field("status", codes::ENTRY_STATUS_INVALID))?;
    let action = match target {
        EntryStatus::Eliminated => EntryAction::Eliminate,
        _ => EntryAction::Reinstate,
    };
    if !matches!(contest.status(), ContestStatus::Active | ContestStatus::Deciding) {
        return Err(AppError::conflict(codes::ENTRY_LOCKED));
    }
    if entry.is_winner != 0 {
        return Err(AppError::conflict(codes::ENTRY_LOCKED));
    }
    // The entry asked for must be able to make the move (`transitions::ENTRY`), or be there
    // already: a withdrawn entry is neither eliminated nor put back.
    if entry.status_id != target.id() && !transitions::can(action, entry.status_id) {
        return Err(AppError::conflict(codes::ENTRY_NOT_ACTIVE));
    }
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    store::lock_contest(&mut tx, contest.id, now).await?;
    let ids = match req.eliminate_all.unwrap_or(false) {
        true => store::designer_entry_ids(&mut tx, contest.id, entry.created_by).await?,
        false => vec![entry.id],
    };
    if req.block_designer.unwrap_or(false) {
        store::block(&mut tx, contest.id, entry.created_by, now).await?;
    }
    let mut views = Vec::new();
    for id in ids {
        let before = store::find(&mut *tx, contest.id, id).await?.ok_or_else(|| anyhow::anyhow!("entry vanished"))?;
        // Of the designer's other entries, those the table does not move stay as they are.
        let moved = before.status_id != target.id()
            && transitions::apply(&mut tx, id, before.status_id, action, now).await?.is_some();
        let row = match moved {
            true => store::find(&mut *tx, contest.id, id).await?.ok_or_else(|| anyhow::anyhow!("entry vanished"))?,
            false => before,
        };
        if moved {
            events::updated(&mut tx, &contest, &EntryView::of(&row), now).await?;
        }
        views.push(view_for(Some(&caller.user), &contest, &row));
    }
    tx.commit().await?;
    Ok(Json(Data::new(views)))
}

/// Awards an entry (the contest holder, while the contest runs or is being decided):
/// the entry wins and the contest moves to 5, Winner Awarded-Unverified.
#[utoipa::path(post, path = "/contests/{id}/entries/{entryId}/award-winners", tag = "entries",
    params(("id" = i64, Path), ("entryId" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<EntryView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = ids.0, entry_id = ids.1))]
pub async fn award(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(ids): ApiPath<(i64, i64)>,
) -> Result<Json<Data<EntryView>>, AppError> {
    let (contest, entry) = held_entry(&state, &caller, ids.0, ids.1).await?;
    let from = contest.status();
    let Some(awarded_status) = CONTEST.next(ContestAction::Award, from) else {
        return Err(AppError::conflict(codes::AWARD_NOT_OPEN));
    };
    if !transitions::can(EntryAction::Award, entry.status_id) {
        return Err(AppError::conflict(codes::ENTRY_NOT_ACTIVE));
    }
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    // Compare-and-set: of two awards racing, one moves the contest and the other is a 409.
    if !contests::store::transition(&mut tx, contest.id, from.id(), awarded_status.id(), now).await? {
        return Err(AppError::conflict(codes::AWARD_NOT_OPEN));
    }
    store::mark_winner(&mut tx, entry.id, now).await?;
    contests::store::set_verification_due(&mut tx, contest.id, now + contests::status::VERIFICATION_WINDOW_MS).await?;
    let awarded =
        contests::store::find(&mut *tx, contest.id).await?.ok_or_else(|| anyhow::anyhow!("contest vanished"))?;
    let row = store::find(&mut *tx, contest.id, entry.id).await?.ok_or_else(|| anyhow::anyhow!("entry vanished"))?;
    contests::events::status_changed(&mut tx, &awarded, now).await?;
    events::updated(&mut tx, &awarded, &EntryView::of(&row), now).await?;
    let notification = NewNotification {
        user_id: entry.created_by,
        kind: NotificationType::WinningEntry,
        created_by: Some(caller.id()),
        trigger_entity_id: Some(entry.id),
        text: Text::new(texts::ENTRY_WON, json!({"number": row.number, "contest": awarded.title})),
        data: json!({"contest_id": contest.id, "contest_entry_id": entry.id}),
    };
    notify(&mut tx, notification, now).await?;
    // The contest's holder picked the winner (an admin awarding on their behalf too).
    let won = ActivityType::WinnerAwarded;
    let activity = activity::record_entry(&mut tx, won, awarded.created_by, contest.id, entry.id, now).await?;
    tx.commit().await?;
    activity::announce(&state, activity.as_slice()).await;
    tracing::info!("winner awarded");
    Ok(Json(Data::new(view_for(Some(&caller.user), &awarded, &row))))
}
