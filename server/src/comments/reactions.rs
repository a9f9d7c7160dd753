//! Reactions to an entry: one per user per entry and emoji (1 is like). Liking is for
//! designers and clients (contests doc, section 6); admins only read.
//!
//! Adding twice or removing what is not there changes nothing and answers 200, so a
//! double click is harmless. The `entry.reaction` event carries the new count.

use axum::{body::Bytes, extract::State, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};

use super::{
    access::{self, Target},
    events::append_all,
    model::{group_reactions, EmojiReactions, Reactor, UserSummary},
    store,
};
use crate::{
    accounts::{domain::UserType, CurrentUser, MaybeUser},
    api::{loose_id, Data},
    community::activity::{self, ActivityType},
    error::{catalogue, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope},
    state::AppState,
};
use vitrine_protocol::event_type;

/// Emoji ids run 1 (like) to this.
pub const MAX_EMOJI_REACTION_ID: i64 = 6;
const LIKE: i64 = 1;

#[derive(Debug, Default, Deserialize, ToSchema, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReactionRequest {
    /// 1 (like) to 6.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub emoji_reaction_id: Option<i64>,
}

/// The `entry.reaction` payload.
#[derive(Debug, Serialize)]
struct ReactionEvent {
    contest_id: i64,
    contest_entry_id: i64,
    emoji_reaction_id: i64,
    /// "added" or "removed".
    action: &'static str,
    /// How many users now react with this emoji.
    count: i64,
    user: Reactor,
}

/// The `emoji_reaction_id` of a request: present and one of the catalogue's emoji.
pub(crate) fn checked_emoji(id: Option<i64>) -> Result<i64, AppError> {
    match id {
        None => Err(AppError::field("emoji_reaction_id", catalogue::REQUIRED)),
        Some(id) if (1..=MAX_EMOJI_REACTION_ID).contains(&id) => Ok(id),
        Some(_) => Err(AppError::field("emoji_reaction_id", catalogue::EMOJI_REACTION_INVALID)),
    }
}

fn entry_id(target: &Target) -> i64 {
    target.entry_id().unwrap_or_default()
}

/// Adds or removes the caller's reaction and writes the event when something changed.
async fn toggle(
    state: &AppState,
    caller: &CurrentUser,
    target: &Target,
    emoji: i64,
    add: bool,
) -> Result<(bool, EmojiReactions), AppError> {
    let now = state.now_ms();
    let entry = entry_id(target);
    let mut tx = state.realtime.begin().await?;
    let changed = match add {
        true => store::add_reaction(&mut tx, entry, caller.id(), emoji, now).await?,
        false => store::remove_reaction(&mut tx, entry, caller.id(), emoji).await?,
    };
    let rows = store::reactions(&mut tx, entry).await?;
    let group = group_reactions(&rows, Some(caller.id()))
        .into_iter()
        .find(|g| g.emoji_reaction_id == emoji)
        .unwrap_or(EmojiReactions { emoji_reaction_id: emoji, count: 0, users: Vec::new() });
    let mut events = Vec::new();
    if changed {
        let user = UserSummary::from(&caller.user);
        let event = ReactionEvent {
            contest_id: target.contest_id(),
            contest_entry_id: entry,
            emoji_reaction_id: emoji,
            action: if add { "added" } else { "removed" },
            count: group.count,
            user: Reactor::new(&user, None),
        };
        events = append_all(&mut tx, &target.channels(), event_type::ENTRY_REACTION, &event, now).await?;
    }
    // A like (1) is a community activity; taking it back removes it.
    let mut liked = None;
    if changed && emoji == LIKE {
        let contest = target.contest_id();
        liked = match add {
            true => activity::record_entry(&mut tx, ActivityType::EntryLiked, caller.id(), contest, entry, now).await?,
            false => {
                activity::remove_like(&mut tx, caller.id(), entry).await?;
                None
            }
        };
    }
    tx.publish(events);
    tx.commit().await?;
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
    let (added, group) = toggle(&state, &caller, &target, emoji, true).await?;
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
    let from_body =
        serde_json::from_slice::<Option<ReactionRequest>>(&body).ok().flatten().and_then(|r| r.emoji_reaction_id);
    let emoji = checked_emoji(query.emoji_reaction_id.or(from_body).or(Some(LIKE)))?;
    let (_, group) = toggle(&state, &caller, &target, emoji, false).await?;
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
    access::entry(&state, viewer.as_ref(), id, entry_id).await?;
    let mut conn = state.db.pool.acquire().await?;
    let rows = store::reactions(&mut conn, entry_id).await?;
    Ok(Json(Data::new(group_reactions(&rows, viewer.as_ref().map(CurrentUser::id)))))
}
