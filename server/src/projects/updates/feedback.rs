//! The owner's and the designer's feedback on an update: reactions (emoji 1 is like,
//! up to 6) and image tags (a point on the update's image with a note). The two
//! parties write; admins read, and delete tags. Every change is an event on
//! `workroom:{id}`: `project.update.reaction`, `image_tag.created|completed|deleted`.

use axum::{body::Bytes, extract::State, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};
use vitrine_protocol::event_type;

use super::{
    events::in_room,
    model::UpdateTagView,
    store,
    thread_store::{self, NewTag},
};
use crate::{
    accounts::CurrentUser,
    api::{loose_id, Data, Message},
    comments::{
        model::{group_reactions, EmojiReactions, Reactor, UserSummary},
        reactions::checked_emoji,
    },
    error::{catalogue, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope, FieldErrors},
    projects::room::{enter, Room},
    state::AppState,
};

const LIKE: i64 = 1;
const MAX_NOTE: usize = 1000;

/// The room and the files of update `update_id` (404 when it is not the project's).
async fn update_in(
    state: &AppState,
    caller: &CurrentUser,
    id: i64,
    update_id: i64,
) -> Result<(Room, Vec<i64>), AppError> {
    let room = enter(state, caller, id).await?;
    store::find(&state.db.pool, id, update_id)
        .await?
        .ok_or_else(|| AppError::not_found(catalogue::UPDATE_NOT_FOUND))?;
    let mut conn = state.db.pool.acquire().await?;
    let files = store::files(&mut conn, update_id).await?.into_iter().map(|f| f.file.id).collect();
    Ok((room, files))
}

// ---- Reactions ----

#[derive(Debug, Default, Deserialize, ToSchema, IntoParams)]
#[into_params(parameter_in = Query)]
#[schema(as = UpdateReactionRequest)]
pub struct ReactionRequest {
    /// 1 (like) to 6; on `GET`, only that emoji's reactions.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub emoji_reaction_id: Option<i64>,
}

/// The `project.update.reaction` payload.
#[derive(Debug, Serialize)]
struct ReactionEvent {
    project_id: i64,
    project_update_id: i64,
    emoji_reaction_id: i64,
    /// "added" or "removed".
    action: &'static str,
    count: i64,
    user: Reactor,
}

async fn toggle(
    state: &AppState,
    caller: &CurrentUser,
    room: &Room,
    update_id: i64,
    emoji: i64,
    add: bool,
) -> Result<(bool, EmojiReactions), AppError> {
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    let changed = match add {
        true => thread_store::add_reaction(&mut tx, update_id, caller.id(), emoji, now).await?,
        false => thread_store::remove_reaction(&mut tx, update_id, caller.id(), emoji).await?,
    };
    let rows = thread_store::reactions(&mut tx, update_id, Some(emoji)).await?;
    let group = group_reactions(&rows, Some(caller.id())).pop().unwrap_or(EmojiReactions {
        emoji_reaction_id: emoji,
        count: 0,
        users: Vec::new(),
    });
    let mut events = Vec::new();
    if changed {
        let event = ReactionEvent {
            project_id: room.id(),
            project_update_id: update_id,
            emoji_reaction_id: emoji,
            action: if add { "added" } else { "removed" },
            count: group.count,
            user: Reactor::new(&UserSummary::from(&caller.user), None),
        };
        events.push(in_room(&mut tx, room, event_type::PROJECT_UPDATE_REACTION, &event, now).await?);
    }
    tx.publish(events);
    tx.commit().await?;
    Ok((changed, group))
}

/// Reacts to an update (the owner or the assigned designer). 201 when added, 200 when it already was.
#[utoipa::path(post, path = "/projects/{id}/updates/{updateId}/reactions", tag = "project updates",
    params(("id" = i64, Path), ("updateId" = i64, Path)), request_body = ReactionRequest, security(("bearer" = [])),
    responses((status = 201, body = Data<EmojiReactions>), (status = 200, body = Data<EmojiReactions>),
        (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id, update_id, user_id = caller.id()))]
pub async fn react(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, update_id)): ApiPath<(i64, i64)>,
    ApiJson(req): ApiJson<ReactionRequest>,
) -> Result<(StatusCode, Json<Data<EmojiReactions>>), AppError> {
    let (room, _) = update_in(&state, &caller, id, update_id).await?;
    room.require_party(&caller)?;
    let emoji = checked_emoji(req.emoji_reaction_id)?;
    let (added, group) = toggle(&state, &caller, &room, update_id, emoji, true).await?;
    Ok((if added { StatusCode::CREATED } else { StatusCode::OK }, Json(Data::new(group))))
}

/// Takes back the caller's reaction; `emoji_reaction_id` from the query or the body, like when neither.
#[utoipa::path(delete, path = "/projects/{id}/updates/{updateId}/reactions", tag = "project updates",
    params(("id" = i64, Path), ("updateId" = i64, Path), ReactionRequest),
    request_body(content = Option<ReactionRequest>, description = "Or the query"), security(("bearer" = [])),
    responses((status = 200, body = Data<EmojiReactions>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id, update_id, user_id = caller.id()))]
pub async fn unreact(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, update_id)): ApiPath<(i64, i64)>,
    ApiQuery(query): ApiQuery<ReactionRequest>,
    body: Bytes,
) -> Result<Json<Data<EmojiReactions>>, AppError> {
    let (room, _) = update_in(&state, &caller, id, update_id).await?;
    room.require_party(&caller)?;
    let from_body =
        serde_json::from_slice::<Option<ReactionRequest>>(&body).ok().flatten().and_then(|r| r.emoji_reaction_id);
    let emoji = checked_emoji(query.emoji_reaction_id.or(from_body).or(Some(LIKE)))?;
    let (_, group) = toggle(&state, &caller, &room, update_id, emoji, false).await?;
    Ok(Json(Data::new(group)))
}

/// Counts per emoji and who reacted (everyone in the workroom).
#[utoipa::path(get, path = "/projects/{id}/updates/{updateId}/reactions", tag = "project updates",
    params(("id" = i64, Path), ("updateId" = i64, Path), ReactionRequest), security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<EmojiReactions>>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn reactions(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, update_id)): ApiPath<(i64, i64)>,
    ApiQuery(query): ApiQuery<ReactionRequest>,
) -> Result<Json<Data<Vec<EmojiReactions>>>, AppError> {
    update_in(&state, &caller, id, update_id).await?;
    let mut conn = state.db.pool.acquire().await?;
    let rows = thread_store::reactions(&mut conn, update_id, query.emoji_reaction_id).await?;
    Ok(Json(Data::new(group_reactions(&rows, Some(caller.id())))))
}

// ---- Image tags ----

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct TagRequest {
    /// Fraction of the image's width, 0 to 1.
    pub x: Option<f64>,
    /// Fraction of the image's height, 0 to 1.
    pub y: Option<f64>,
    /// 1 to 1000 characters, trimmed.
    pub note: Option<String>,
    /// The update's image the point is on, if it shows several.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub file_id: Option<i64>,
}

fn checked_tag(req: &TagRequest, files: &[i64]) -> Result<(f64, f64, String), AppError> {
    let mut errors = FieldErrors::new();
    for (field, value) in [("x", req.x), ("y", req.y)] {
        match value {
            None => errors.add(field, catalogue::REQUIRED),
            Some(v) if !(0.0..=1.0).contains(&v) => errors.add(field, catalogue::POSITION_RANGE),
            Some(_) => {}
        }
    }
    let note = req.note.as_deref().map(str::trim).unwrap_or_default();
    if note.is_empty() {
        errors.add("note", catalogue::REQUIRED);
    } else if note.chars().count() > MAX_NOTE {
        errors.add("note", catalogue::TOO_LONG);
    }
    if req.file_id.is_some_and(|f| !files.contains(&f)) {
        errors.add("file_id", catalogue::NOT_FOUND_OPTION);
    }
    errors.into_result()?;
    Ok((req.x.unwrap_or_default(), req.y.unwrap_or_default(), note.to_owned()))
}

async fn find_tag(state: &AppState, update_id: i64, tag_id: i64) -> Result<UpdateTagView, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    thread_store::find_tag(&mut conn, update_id, tag_id)
        .await?
        .ok_or_else(|| AppError::not_found(catalogue::IMAGE_TAG_NOT_FOUND))
}

/// Tags a point of the update's image (the owner or the assigned designer).
#[utoipa::path(post, path = "/projects/{id}/updates/{updateId}/image-tags", tag = "project updates",
    params(("id" = i64, Path), ("updateId" = i64, Path)), request_body = TagRequest, security(("bearer" = [])),
    responses((status = 201, body = Data<UpdateTagView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id, update_id, user_id = caller.id()))]
pub async fn tag(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, update_id)): ApiPath<(i64, i64)>,
    ApiJson(req): ApiJson<TagRequest>,
) -> Result<(StatusCode, Json<Data<UpdateTagView>>), AppError> {
    let (room, files) = update_in(&state, &caller, id, update_id).await?;
    room.require_party(&caller)?;
    let (x, y, note) = checked_tag(&req, &files)?;
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    let new = NewTag { update_id, file_id: req.file_id, user_id: caller.id(), x, y, note: &note };
    let tag = thread_store::insert_tag(&mut tx, &new, now).await?;
    let event = in_room(&mut tx, &room, event_type::IMAGE_TAG_CREATED, &tag, now).await?;
    tx.publish(vec![event]);
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(Data::new(tag))))
}

/// The update's tags, oldest first (everyone in the workroom).
#[utoipa::path(get, path = "/projects/{id}/updates/{updateId}/image-tags", tag = "project updates",
    params(("id" = i64, Path), ("updateId" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<UpdateTagView>>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn tags(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, update_id)): ApiPath<(i64, i64)>,
) -> Result<Json<Data<Vec<UpdateTagView>>>, AppError> {
    update_in(&state, &caller, id, update_id).await?;
    let mut conn = state.db.pool.acquire().await?;
    Ok(Json(Data::new(thread_store::tags(&mut conn, update_id).await?)))
}

/// Marks a tag done (the owner or the assigned designer); 409 when it already is.
#[utoipa::path(patch, path = "/projects/{id}/updates/{updateId}/image-tags/{tagId}/actions/complete", tag = "project updates",
    params(("id" = i64, Path), ("updateId" = i64, Path), ("tagId" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<UpdateTagView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id, update_id, tag_id))]
pub async fn complete_tag(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, update_id, tag_id)): ApiPath<(i64, i64, i64)>,
) -> Result<Json<Data<UpdateTagView>>, AppError> {
    let (room, _) = update_in(&state, &caller, id, update_id).await?;
    room.require_party(&caller)?;
    find_tag(&state, update_id, tag_id).await?;
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    if !thread_store::complete_tag(&mut tx, tag_id, now).await? {
        return Err(AppError::conflict(catalogue::IMAGE_TAG_COMPLETED));
    }
    let tag = thread_store::find_tag(&mut tx, update_id, tag_id).await?.ok_or(sqlx::Error::RowNotFound)?;
    let event = in_room(&mut tx, &room, event_type::IMAGE_TAG_COMPLETED, &tag, now).await?;
    tx.publish(vec![event]);
    tx.commit().await?;
    Ok(Json(Data::new(tag)))
}

/// Deletes a tag (its author or an admin).
#[utoipa::path(delete, path = "/projects/{id}/updates/{updateId}/image-tags/{tagId}", tag = "project updates",
    params(("id" = i64, Path), ("updateId" = i64, Path), ("tagId" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id, update_id, tag_id))]
pub async fn delete_tag(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, update_id, tag_id)): ApiPath<(i64, i64, i64)>,
) -> Result<Json<Message>, AppError> {
    let (room, _) = update_in(&state, &caller, id, update_id).await?;
    let tag = find_tag(&state, update_id, tag_id).await?;
    if !caller.is_admin() && tag.created_by_user.id != caller.id() {
        return Err(AppError::forbidden(catalogue::IMAGE_TAG_DELETE_FORBIDDEN));
    }
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    if !thread_store::delete_tag(&mut tx, tag_id).await? {
        return Err(AppError::not_found(catalogue::IMAGE_TAG_NOT_FOUND));
    }
    let event = in_room(&mut tx, &room, event_type::IMAGE_TAG_DELETED, &tag, now).await?;
    tx.publish(vec![event]);
    tx.commit().await?;
    Ok(Json(Message::new("Image tag deleted")))
}
