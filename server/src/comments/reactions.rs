//! Reactions to an entry: one per user per entry and emoji (1 is like), kept by the
//! thread model ([`crate::threads::reactions`]). Liking is for designers and clients
//! (contests doc, section 6); admins only read.
//!
//! Adding twice or removing what is not there changes nothing and answers 200, so a
//! double click is harmless. The `entry.reaction` event carries the new count.

use axum::{body::Bytes, extract::State, http::StatusCode, Json};
use serde::Deserialize;
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};

use super::access::{self, Target};
use crate::{
    accounts::{domain::UserType, CurrentUser, MaybeUser},
    api::{loose_id, Data},
    community::activity::{self, ActivityType},
    error::{catalogue, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope},
    state::AppState,
    threads::{
        model::EmojiReactions,
        reactions::{grouped, removed_emoji, toggle},
        rules::{checked_emoji, LIKE},
    },
};

#[derive(Debug, Default, Deserialize, ToSchema, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReactionRequest {
    /// 1 (like) to 6.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub emoji_reaction_id: Option<i64>,
}

/// Adds or removes the caller's reaction; a like (1) is a community activity, and
/// taking it back removes it.
async fn react(
    state: &AppState,
    caller: &CurrentUser,
    target: &Target,
    emoji: i64,
    add: bool,
) -> Result<(bool, EmojiReactions), AppError> {
    let (contest, entry) = (target.contest_id(), target.entry_id().unwrap_or_default());
    let (changed, group, liked) =
        toggle(state, caller, &target.reacted(), emoji, add, async |tx, changed, now| {
            match (changed && emoji == LIKE, add) {
                (true, true) => {
                    activity::record_entry(tx, ActivityType::EntryLiked, caller.id(), contest, entry, now).await
                }
                (true, false) => activity::remove_like(tx, caller.id(), entry).await.map(|()| None),
                (false, _) => Ok(None),
            }
        })
        .await?;
    activity::announce(state, liked.as_slice()).await;
    Ok((changed, group))
}

/// Reacts to an entry (designers and clients). 201 when added, 200 when it already was.
#[utoipa::path(post, path = "/contests/{id}/entries/{entryId}/reactions", tag = "reactions",
    params(("id" = i64, Path), ("entryId" = i64, Path)), request_body = ReactionRequest, security(("bearer" = [])),
    responses((status = 201, body = Data<EmojiReactions>), (status = 200, body = Data<EmojiReactions>), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id, entry_id, user_id = caller.id()))]
pub async fn add(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, entry_id)): ApiPath<(i64, i64)>,
    ApiJson(req): ApiJson<ReactionRequest>,
) -> Result<(StatusCode, Json<Data<EmojiReactions>>), AppError> {
    let target = access::entry(&state, Some(&caller), id, entry_id).await?;
    if !matches!(caller.user.user_type(), UserType::Designer | UserType::Client) {
        return Err(AppError::forbidden(catalogue::REACTION_FORBIDDEN));
    }
    let emoji = checked_emoji(req.emoji_reaction_id)?;
    let (added, group) = react(&state, &caller, &target, emoji, true).await?;
    let status = if added { StatusCode::CREATED } else { StatusCode::OK };
    Ok((status, Json(Data::new(group))))
}

/// Removes the caller's reaction; `emoji_reaction_id` from the query or the body,
/// like (1) when neither gives one.
#[utoipa::path(delete, path = "/contests/{id}/entries/{entryId}/reactions", tag = "reactions",
    params(("id" = i64, Path), ("entryId" = i64, Path), ReactionRequest), request_body(content = Option<ReactionRequest>, description = "Or the query"), security(("bearer" = [])),
    responses((status = 200, body = Data<EmojiReactions>), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id, entry_id, user_id = caller.id()))]
pub async fn remove(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, entry_id)): ApiPath<(i64, i64)>,
    ApiQuery(query): ApiQuery<ReactionRequest>,
    body: Bytes,
) -> Result<Json<Data<EmojiReactions>>, AppError> {
    let target = access::entry(&state, Some(&caller), id, entry_id).await?;
    let emoji = removed_emoji(query.emoji_reaction_id, &body)?;
    let (_, group) = react(&state, &caller, &target, emoji, false).await?;
    Ok(Json(Data::new(group)))
}

/// Counts per emoji and who reacted, each marked Designer or Contest Holder.
#[utoipa::path(get, path = "/contests/{id}/entries/{entryId}/reactions", tag = "reactions",
    params(("id" = i64, Path), ("entryId" = i64, Path)),
    responses((status = 200, body = Data<Vec<EmojiReactions>>), (status = 404, body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    MaybeUser(viewer): MaybeUser,
    ApiPath((id, entry_id)): ApiPath<(i64, i64)>,
) -> Result<Json<Data<Vec<EmojiReactions>>>, AppError> {
    let target = access::entry(&state, viewer.as_ref(), id, entry_id).await?;
    Ok(Json(Data::new(grouped(&state, &target.reacted(), None, viewer.as_ref().map(CurrentUser::id)).await?)))
}
