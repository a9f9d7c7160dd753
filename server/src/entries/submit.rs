//! Submitting an entry to a running contest, and new versions of it.

use axum::{extract::State, http::StatusCode, Json};
use serde::Deserialize;
use serde_json::json;
use tracing::instrument;
use utoipa::ToSchema;

use super::{
    events,
    model::{file_kind, EntryView},
    store::{self, NewEntry},
    transitions::{self, EntryAction},
    view_for,
};
use crate::{
    accounts::{
        domain::{CreativeLevel, UserType},
        CurrentUser,
    },
    api::Data,
    catalogue::is_naming,
    community::activity::{self, ActivityType},
    contests::{self, model::ContestRow, status::ContestStatus},
    error::{codes, ApiJson, ApiPath, AppError, ErrorEnvelope, FieldErrors},
    files::FileCategory,
    notifications::{notify, texts, NewNotification, NotificationType, Text},
    state::AppState,
};

/// Bronze designers may submit this many entries to one contest (contests doc, section 6).
pub const BRONZE_MAX_ENTRIES: i64 = 3;

/// The images of an entry: one main image (upload category 5) and further ones (8),
/// all uploaded by the designer through `POST /files`.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct EntryFiles {
    /// The main image: required, except for an entry to a naming contest (types 11-15),
    /// which may be text alone (its `title` is the name proposed).
    #[schema(value_type = Option<i64>)]
    pub main_file_id: Option<i64>,
    #[serde(default)]
    pub other_file_ids: Vec<i64>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct SubmitRequest {
    #[serde(flatten)]
    pub files: EntryFiles,
    pub title: Option<String>,
    pub description: Option<String>,
}

/// What an entry must hold besides its files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Needs {
    /// A main image (every contest but naming ones, and every new version).
    Image,
    /// A naming contest's entry: an image, or a title alone (the name proposed).
    ImageOrTitle { has_title: bool },
}

/// Checks the files belong to `caller` and fit their categories; answers the main file id
/// (None for a naming contest's text entry).
async fn check_files(
    state: &AppState,
    caller: &CurrentUser,
    files: &EntryFiles,
    needs: Needs,
) -> Result<Option<i64>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let mut errors = FieldErrors::new();
    let main = match (files.main_file_id, needs) {
        (None, Needs::Image) => {
            errors.add("main_file_id", codes::REQUIRED);
            None
        }
        (None, Needs::ImageOrTitle { has_title }) => {
            if !has_title {
                errors.add("title", codes::REQUIRED);
            }
            None
        }
        (Some(id), _) => {
            let category = Some(FileCategory::MainEntry.id());
            if !store::unfit_files(&mut conn, caller.id(), category, &[id]).await?.is_empty() {
                errors.add("main_file_id", codes::NOT_FOUND_OPTION);
            }
            Some(id)
        }
    };
    let category = Some(FileCategory::OtherEntry.id());
    if !store::unfit_files(&mut conn, caller.id(), category, &files.other_file_ids).await?.is_empty() {
        errors.add("other_file_ids", codes::NOT_FOUND_OPTION);
    }
    errors.into_result()?;
    Ok(main)
}

async fn attach(
    conn: &mut sqlx::AnyConnection,
    entry_id: i64,
    main: Option<i64>,
    others: &[i64],
    version: i64,
    now: i64,
) -> Result<(), sqlx::Error> {
    if let Some(main) = main {
        store::attach_file(conn, entry_id, main, version, file_kind::MAIN, now).await?;
    }
    for other in others {
        store::attach_file(conn, entry_id, *other, version, file_kind::OTHER, now).await?;
    }
    Ok(())
}

fn trimmed(text: &Option<String>) -> Option<&str> {
    text.as_deref().map(str::trim).filter(|t| !t.is_empty())
}

/// Submits an entry (designers; the contest must be running). Bronze designers may
/// submit at most 3 entries per contest; a designer the holder blocked, none. An entry to a
/// naming contest (types 11-15) may be text alone: its title, with no image.
#[utoipa::path(post, path = "/contests/{id}/entries", tag = "entries", params(("id" = i64, Path)), request_body = SubmitRequest,
    security(("bearer" = [])),
    responses((status = 201, body = Data<EntryView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id, user_id = caller.id()))]
pub async fn submit(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<SubmitRequest>,
) -> Result<(StatusCode, Json<Data<EntryView>>), AppError> {
    if caller.user.user_type() != UserType::Designer {
        return Err(AppError::forbidden(codes::ENTRY_DESIGNERS_ONLY));
    }
    let contest = contests::store::find(&state.db.pool, id)
        .await?
        .ok_or_else(|| AppError::not_found(codes::CONTEST_NOT_FOUND))?;
    if contest.status() != ContestStatus::Active {
        return Err(AppError::unprocessable(codes::CONTEST_NOT_ACTIVE));
    }
    let needs = match is_naming(contest.contest_type_id) {
        true => Needs::ImageOrTitle { has_title: trimmed(&req.title).is_some() },
        false => Needs::Image,
    };
    let main = check_files(&state, &caller, &req.files, needs).await?;
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    // Under the contest's lock: the status, the block and the limit cannot change
    // between the check and the insert, and entry numbers are handed out in turn.
    if store::lock_contest(&mut tx, id, now).await? != Some(ContestStatus::Active.id()) {
        return Err(AppError::unprocessable(codes::CONTEST_NOT_ACTIVE));
    }
    if store::is_blocked(&mut tx, id, caller.id()).await? {
        return Err(AppError::forbidden(codes::ENTRY_DESIGNER_BLOCKED));
    }
    let bronze = caller.user.creative_level().is_none_or(|l| l == CreativeLevel::Bronze);
    if bronze && store::count_by_designer(&mut tx, id, caller.id()).await? >= BRONZE_MAX_ENTRIES {
        return Err(AppError::unprocessable(codes::ENTRY_LIMIT_REACHED));
    }
    let entry = NewEntry {
        contest_id: id,
        created_by: caller.id(),
        title: trimmed(&req.title),
        description: trimmed(&req.description),
        now_ms: now,
    };
    let entry_id = store::insert(&mut tx, &entry).await?;
    attach(&mut tx, entry_id, main, &req.files.other_file_ids, 1, now).await?;
    let row = store::find(&mut *tx, id, entry_id).await?.ok_or_else(|| anyhow::anyhow!("entry {entry_id} vanished"))?;
    let view = EntryView::of(&row);
    events::created(&mut tx, &contest, &view, now).await?;
    let notification = NewNotification {
        user_id: contest.created_by,
        kind: NotificationType::NewEntry,
        created_by: Some(caller.id()),
        trigger_entity_id: Some(entry_id),
        text: Text::new(
            texts::ENTRY_SUBMITTED,
            json!({"username": caller.user.username, "number": row.number, "contest": contest.title}),
        ),
        data: json!({"contest_id": id, "contest_entry_id": entry_id}),
    };
    notify(&mut tx, notification, now).await?;
    let activity =
        activity::record_entry(&mut tx, ActivityType::EntrySubmitted, caller.id(), id, entry_id, now).await?;
    tx.commit().await?;
    activity::announce(&state, activity.as_slice()).await;
    tracing::info!(entry_id, number = row.number, "entry submitted");
    Ok((StatusCode::CREATED, Json(Data::new(view_for(Some(&caller.user), &contest, &row)))))
}

/// The contest and one of its entries by `caller`, for the designer's own changes.
pub(super) async fn own_entry(
    state: &AppState,
    caller: &CurrentUser,
    contest_id: i64,
    entry_id: i64,
) -> Result<(ContestRow, super::model::EntryRow), AppError> {
    let contest = contests::launch::visible(state, Some(caller), contest_id).await?;
    let entry = super::visible_entry(state, Some(caller), &contest, entry_id).await?;
    if entry.created_by != caller.id() {
        return Err(AppError::forbidden(codes::ENTRY_NOT_DESIGNER));
    }
    Ok((contest, entry))
}

/// Adds a new version of an entry's images (its designer, while the contest runs).
#[utoipa::path(post, path = "/contests/{id}/entries/{entryId}/versions", tag = "entries",
    params(("id" = i64, Path), ("entryId" = i64, Path)), request_body = EntryFiles, security(("bearer" = [])),
    responses((status = 201, body = Data<EntryView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = ids.0, entry_id = ids.1))]
pub async fn add_version(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(ids): ApiPath<(i64, i64)>,
    ApiJson(req): ApiJson<EntryFiles>,
) -> Result<(StatusCode, Json<Data<EntryView>>), AppError> {
    let (contest_id, entry_id) = ids;
    let (contest, entry) = own_entry(&state, &caller, contest_id, entry_id).await?;
    if contest.status() != ContestStatus::Active {
        return Err(AppError::unprocessable(codes::CONTEST_NOT_ACTIVE));
    }
    if !transitions::can(EntryAction::AddVersion, entry.status_id) {
        return Err(AppError::conflict(codes::ENTRY_NOT_ACTIVE));
    }
    let main = check_files(&state, &caller, &req, Needs::Image).await?;
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    if store::lock_contest(&mut tx, contest_id, now).await? != Some(ContestStatus::Active.id()) {
        return Err(AppError::unprocessable(codes::CONTEST_NOT_ACTIVE));
    }
    let current = store::find(&mut *tx, contest_id, entry_id)
        .await?
        .ok_or_else(|| AppError::not_found(codes::ENTRY_NOT_FOUND))?;
    attach(&mut tx, entry_id, main, &req.other_file_ids, current.version + 1, now).await?;
    store::touch(&mut tx, entry_id, now).await?;
    let row = store::find(&mut *tx, contest_id, entry_id).await?.ok_or_else(|| anyhow::anyhow!("entry vanished"))?;
    events::updated(&mut tx, &contest, &EntryView::of(&row), now).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(Data::new(view_for(Some(&caller.user), &contest, &row)))))
}

/// The designer withdraws their entry while the contest runs: it leaves the gallery
/// (and stops counting toward the bronze limit); a winner's entry stays.
#[utoipa::path(delete, path = "/contests/{id}/entries/{entryId}", tag = "entries",
    params(("id" = i64, Path), ("entryId" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<EntryView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = ids.0, entry_id = ids.1))]
pub async fn withdraw(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(ids): ApiPath<(i64, i64)>,
) -> Result<Json<Data<EntryView>>, AppError> {
    let (contest_id, entry_id) = ids;
    let (contest, entry) = own_entry(&state, &caller, contest_id, entry_id).await?;
    if contest.status() != ContestStatus::Active {
        return Err(AppError::unprocessable(codes::ENTRY_WITHDRAW_CLOSED));
    }
    // Only an entry in the running can be withdrawn (`transitions::ENTRY`): an eliminated
    // one carries the contest holder's decision, which the designer must not overwrite.
    if !transitions::can(EntryAction::Withdraw, entry.status_id) {
        return Err(AppError::conflict(codes::ENTRY_NOT_ACTIVE));
    }
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    if store::lock_contest(&mut tx, contest_id, now).await? != Some(ContestStatus::Active.id()) {
        return Err(AppError::unprocessable(codes::ENTRY_WITHDRAW_CLOSED));
    }
    if transitions::apply(&mut tx, entry_id, entry.status_id, EntryAction::Withdraw, now).await?.is_none() {
        return Err(AppError::conflict(codes::ENTRY_NOT_ACTIVE));
    }
    let row = store::find(&mut *tx, contest_id, entry_id).await?.ok_or_else(|| anyhow::anyhow!("entry vanished"))?;
    events::updated(&mut tx, &contest, &EntryView::of(&row), now).await?;
    tx.commit().await?;
    Ok(Json(Data::new(view_for(Some(&caller.user), &contest, &row))))
}
