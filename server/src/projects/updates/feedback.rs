//! The owner's and the designer's feedback on an update: reactions (emoji 1 is like,
//! up to 6) and image tags (a point on the update's image with a note), kept by the
//! thread model ([`crate::threads`]). The two parties write; admins read, and delete
//! tags. Every change is an event on `workroom:{id}`: `project.update.reaction`,
//! `image_tag.created|completed|deleted`.

use axum::{body::Bytes, extract::State, http::StatusCode, Json};
use serde::Deserialize;
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};
use vitrine_protocol::event_type;

use super::{
    model::UpdateTagView,
    store::{self, REACTIONS, TAGS},
};
use crate::{
    accounts::CurrentUser,
    api::{loose_id, Data, Message},
    error::{catalogue, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope, FieldErrors},
    projects::room::{enter, Room},
    state::AppState,
    threads::{
        image_tags::{self, Tagged},
        model::EmojiReactions,
        reactions::{grouped, removed_emoji, toggle, Reacted},
        rules::{checked_emoji, checked_point, Point},
    },
};

/// An update of the room's project, with the ids of its files.
#[derive(Debug)]
pub struct UpdateIn {
    pub room: Room,
    pub update_id: i64,
    pub files: Vec<i64>,
}

impl UpdateIn {
    /// The update as reactions see it: `project.update.reaction` on `workroom:{id}`.
    fn reacted(&self) -> Reacted {
        let (parent, channels) = (("project_id", self.room.id()), vec![self.room.channel()]);
        Reacted {
            table: REACTIONS,
            parent,
            target: self.update_id,
            event: event_type::PROJECT_UPDATE_REACTION,
            channels,
        }
    }

    /// The update as image tags see it, on `workroom:{id}`.
    fn tagged(&self) -> Tagged {
        Tagged { table: TAGS, target: self.update_id, channels: vec![self.room.channel()] }
    }
}

/// Update `update_id` of the room and its files (404 when it is not the project's).
async fn update_in(state: &AppState, caller: &CurrentUser, id: i64, update_id: i64) -> Result<UpdateIn, AppError> {
    let room = enter(state, caller, id).await?;
    store::find(&state.db.pool, id, update_id)
        .await?
        .ok_or_else(|| AppError::not_found(catalogue::UPDATE_NOT_FOUND))?;
    let mut conn = state.db.pool.acquire().await?;
    let files = store::files(&mut conn, update_id).await?.into_iter().map(|f| f.file.id).collect();
    Ok(UpdateIn { room, update_id, files })
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
    let update = update_in(&state, &caller, id, update_id).await?;
    update.room.require_party(&caller)?;
    let emoji = checked_emoji(req.emoji_reaction_id)?;
    let (added, group, ()) = toggle(&state, &caller, &update.reacted(), emoji, true, async |_, _, _| Ok(())).await?;
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
    let update = update_in(&state, &caller, id, update_id).await?;
    update.room.require_party(&caller)?;
    let emoji = removed_emoji(query.emoji_reaction_id, &body)?;
    let (_, group, ()) = toggle(&state, &caller, &update.reacted(), emoji, false, async |_, _, _| Ok(())).await?;
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
    let update = update_in(&state, &caller, id, update_id).await?;
    Ok(Json(Data::new(grouped(&state, &update.reacted(), query.emoji_reaction_id, Some(caller.id())).await?)))
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

/// The point and the note, and `file_id` one of the update's files when given.
fn checked_tag(req: &TagRequest, files: &[i64]) -> Result<Point, AppError> {
    let mut errors = FieldErrors::new();
    let point = checked_point(req.x, req.y, req.note.as_deref(), &mut errors);
    if req.file_id.is_some_and(|f| !files.contains(&f)) {
        errors.add("file_id", catalogue::NOT_FOUND_OPTION);
    }
    errors.into_result()?;
    Ok(point)
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
    let update = update_in(&state, &caller, id, update_id).await?;
    update.room.require_party(&caller)?;
    let point = checked_tag(&req, &update.files)?;
    let tag = image_tags::create(&state, &caller, &update.tagged(), &point, req.file_id).await?;
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
    let update = update_in(&state, &caller, id, update_id).await?;
    Ok(Json(Data::new(image_tags::list(&state, &update.tagged()).await?)))
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
    let update = update_in(&state, &caller, id, update_id).await?;
    update.room.require_party(&caller)?;
    Ok(Json(Data::new(image_tags::complete(&state, &update.tagged(), tag_id).await?)))
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
    let update = update_in(&state, &caller, id, update_id).await?;
    image_tags::delete::<UpdateTagView>(&state, &caller, &update.tagged(), tag_id).await?;
    Ok(Json(Message::new("Image tag deleted")))
}
