//! After the award: the winner's final artworks and the holder's acceptance of them.
//! (Reports of entries are filed with the design court: `court::filing`.)

use axum::{extract::State, http::StatusCode, Json};
use serde::Deserialize;
use serde_json::json;
use tracing::instrument;
use utoipa::ToSchema;

use super::{
    additional,
    model::{file_kind, EntryFileView, EntryRow},
    store,
    submit::own_entry,
};
use crate::{
    accounts::CurrentUser,
    api::Data,
    contests::{
        self,
        model::{ContestRow, ContestView},
        status::ContestStatus,
        transitions::{ContestAction, CONTEST},
    },
    error::{codes, ApiJson, ApiPath, AppError, ErrorEnvelope},
    notifications::{notify, texts, NewNotification, NotificationType, Text},
    state::AppState,
};

/// A 201 answer with `{"data": ...}`.
type Created<T> = (StatusCode, Json<Data<T>>);

#[derive(Debug, Deserialize, ToSchema)]
pub struct ArtworkRequest {
    /// Files the designer uploaded through `POST /files` (any category).
    #[serde(default)]
    pub file_ids: Vec<i64>,
}

/// Uploads the final files of the winning entry, once (its designer, once the contest
/// is awarded and until delivery). A verified contest moves on to Delivered-Pending Credit.
#[utoipa::path(post, path = "/contests/{id}/entries/{entryId}/artworks", tag = "entries",
    params(("id" = i64, Path), ("entryId" = i64, Path)), request_body = ArtworkRequest, security(("bearer" = [])),
    responses((status = 201, body = Data<Vec<EntryFileView>>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = ids.0, entry_id = ids.1))]
pub async fn upload_artworks(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(ids): ApiPath<(i64, i64)>,
    ApiJson(req): ApiJson<ArtworkRequest>,
) -> Result<Created<Vec<EntryFileView>>, AppError> {
    let (contest, entry) = own_entry(&state, &caller, ids.0, ids.1).await?;
    if entry.is_winner == 0 {
        return upload_additional(&state, &caller, &contest, &entry, &req).await;
    }
    let open = [ContestStatus::WinnerAwarded, ContestStatus::Unverified, ContestStatus::PendingDelivery];
    if !open.contains(&contest.status()) {
        return Err(AppError::conflict(codes::ARTWORK_NOT_OPEN));
    }
    if req.file_ids.is_empty() {
        return Err(AppError::field("file_ids", codes::REQUIRED));
    }
    let mut conn = state.db.pool.acquire().await?;
    if !store::unfit_files(&mut conn, caller.id(), None, &req.file_ids).await?.is_empty() {
        return Err(AppError::field("file_ids", codes::NOT_FOUND_OPTION));
    }
    drop(conn);
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    // Under the contest's lock, so that two uploads racing cannot both be the first.
    // It is the transaction's first statement: SQLite takes its write lock at once.
    let status = store::lock_contest(&mut tx, contest.id, now).await?.unwrap_or_default();
    if store::has_artwork(&mut tx, entry.id).await? {
        return Err(AppError::conflict(codes::ARTWORK_ALREADY_UPLOADED));
    }
    for file_id in &req.file_ids {
        store::attach_file(&mut tx, entry.id, *file_id, entry.version, file_kind::ARTWORK, now).await?;
    }
    // Delivered once verified (7 -> 8); uploaded before the verification (5, 6), the files
    // wait for it (`contests::transitions::CONTEST`).
    let delivered = ContestStatus::from_id(status).and_then(|from| CONTEST.next(ContestAction::Deliver, from));
    if let Some(delivered) = delivered {
        if !contests::store::transition(&mut tx, contest.id, status, delivered.id(), now).await? {
            return Err(AppError::conflict(codes::ARTWORK_NOT_OPEN));
        }
        let moved =
            contests::store::find(&mut *tx, contest.id).await?.ok_or_else(|| anyhow::anyhow!("contest vanished"))?;
        contests::events::status_changed(&mut tx, &moved, now).await?;
    }
    let notification = NewNotification {
        user_id: contest.created_by,
        kind: NotificationType::WinningEntryUploaded,
        created_by: Some(caller.id()),
        trigger_entity_id: Some(entry.id),
        text: Text::new(texts::ARTWORK_UPLOADED, json!({"username": caller.user.username, "contest": contest.title})),
        data: json!({"contest_id": contest.id, "contest_entry_id": entry.id}),
    };
    notify(&mut tx, notification, now).await?;
    let files = store::files_of(&mut tx, entry.id, entry.version).await?;
    tx.commit().await?;
    let artworks = files.into_iter().filter(|f| f.kind == file_kind::ARTWORK).collect();
    Ok((StatusCode::CREATED, Json(Data::new(artworks))))
}

/// The holder accepts the winner's final files once they are delivered (8, Delivered-Pending
/// Credit; or 9 when an admin credited first), once; the winner is told (type 9) and both
/// pages see `contest.updated` with `artwork_accepted_at`. As with projects' finalize,
/// crediting stays the admins' (8 -> 9): the acceptance is what they read before crediting.
#[utoipa::path(post, path = "/contests/{id}/finalize", tag = "entries", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<ContestView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id))]
pub async fn accept_artworks(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<ContestView>>, AppError> {
    let contest = contests::launch::visible(&state, Some(&caller), id).await?;
    if contest.created_by != caller.id() {
        return Err(AppError::forbidden(codes::ARTWORK_ACCEPT_FORBIDDEN));
    }
    if !matches!(contest.status(), ContestStatus::PendingCredit | ContestStatus::Completed) {
        return Err(AppError::conflict(codes::ARTWORK_NOT_DELIVERED));
    }
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    let Some((entry_id, designer_id)) = contests::store::winner(&mut tx, id).await? else {
        return Err(AppError::conflict(codes::ARTWORK_NOT_DELIVERED));
    };
    if !store::has_artwork(&mut tx, entry_id).await? {
        return Err(AppError::conflict(codes::ARTWORK_NOT_DELIVERED));
    }
    // The compare-and-set on the empty column makes a second acceptance (or a race) a 409.
    if !contests::store::accept_artworks(&mut tx, id, now).await? {
        return Err(AppError::conflict(codes::ARTWORK_ALREADY_ACCEPTED));
    }
    let accepted =
        contests::store::find(&mut *tx, id).await?.ok_or_else(|| AppError::not_found(codes::CONTEST_NOT_FOUND))?;
    contests::events::updated(&mut tx, &accepted, now).await?;
    let notification = NewNotification {
        user_id: designer_id,
        kind: NotificationType::ArtworkAccepted,
        created_by: Some(caller.id()),
        trigger_entity_id: Some(entry_id),
        text: Text::new(texts::ARTWORK_ACCEPTED, json!({"username": caller.user.username, "contest": contest.title})),
        data: json!({"contest_id": contest.id, "contest_entry_id": entry_id}),
    };
    notify(&mut tx, notification, now).await?;
    tx.commit().await?;
    Ok(Json(Data::new(accepted.into())))
}

/// The final files of an additional entry, once it is paid for (see [`additional`]).
async fn upload_additional(
    state: &AppState,
    caller: &CurrentUser,
    contest: &ContestRow,
    entry: &EntryRow,
    req: &ArtworkRequest,
) -> Result<Created<Vec<EntryFileView>>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let purchase = additional::store::find_by_entry(&mut conn, contest.id, entry.id).await?;
    if purchase.is_none() {
        return Err(AppError::forbidden(codes::ARTWORK_NOT_WINNER));
    }
    if req.file_ids.is_empty() {
        return Err(AppError::field("file_ids", codes::REQUIRED));
    }
    if !store::unfit_files(&mut conn, caller.id(), None, &req.file_ids).await?.is_empty() {
        return Err(AppError::field("file_ids", codes::NOT_FOUND_OPTION));
    }
    drop(conn);
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    // The purchase's own compare-and-set (2 -> 3) is what makes the first upload the only one.
    if !additional::delivered(&mut tx, contest, entry, caller, now).await? {
        return Err(match purchase.map(|p| p.status_id) {
            Some(1) => AppError::conflict(codes::ADDITIONAL_NOT_PAID),
            _ => AppError::conflict(codes::ARTWORK_ALREADY_UPLOADED),
        });
    }
    for file_id in &req.file_ids {
        store::attach_file(&mut tx, entry.id, *file_id, entry.version, file_kind::ARTWORK, now).await?;
    }
    let files = store::files_of(&mut tx, entry.id, entry.version).await?;
    tx.commit().await?;
    let artworks = files.into_iter().filter(|f| f.kind == file_kind::ARTWORK).collect();
    Ok((StatusCode::CREATED, Json(Data::new(artworks))))
}
