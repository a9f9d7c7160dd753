//! Reactions: one per user per target and emoji. Adding twice or removing what is not
//! there changes nothing, so a double click is harmless; a change is one event with
//! the emoji's new count, on the target's channels.
//!
//! The area says what is reacted to with a [`Reacted`]: where the reactions are kept,
//! how the event names the target, which event it is, and where it goes; and who may
//! react, with a [`ReactionTarget`].

use std::{collections::BTreeMap, future::Future};

use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use utoipa::{IntoParams, ToSchema};
use vitrine_protocol::Channel;

use super::{
    events::append_all,
    model::{group_reactions, EmojiReactions, Reactor, UserSummary},
    rules::{checked_emoji, LIKE},
    store::{self, ReactionTable},
};
use crate::{accounts::CurrentUser, api::loose_id, error::AppError, state::AppState};

/// Which emoji a reaction is: the body of an add, the query (or body) of a removal, and
/// on the lists that take it, the one emoji to list. Every area's reactions take it.
#[derive(Debug, Default, Deserialize, ToSchema, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReactionRequest {
    /// 1 (like) to 6; on a `GET` that takes it, only that emoji's reactions.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 6)]
    #[param(value_type = Option<i64>, minimum = 1, maximum = 6)]
    pub emoji_reaction_id: Option<i64>,
}

/// The body of an added reaction: which emoji, required.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct NewReaction {
    /// 1 (like) to 6.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(required = true, value_type = i64, minimum = 1, maximum = 6)]
    pub emoji_reaction_id: Option<i64>,
}

/// What is reacted to, as its area keeps, names and announces it.
#[derive(Debug, Clone)]
pub struct Reacted {
    pub table: ReactionTable,
    /// What the target belongs to, as the event names it (`contest_id`, `project_id`).
    pub parent: (&'static str, i64),
    /// The target's id (the event names it by the table's column).
    pub target: i64,
    /// The event a change is (`entry.reaction`, `project.update.reaction`).
    pub event: &'static str,
    /// Where the event goes.
    pub channels: Vec<Channel>,
}

/// What an area's reactions hang on, with the area's rules (the handlers are
/// [`super::routes`]'s).
pub trait ReactionTarget {
    /// Where its reactions are kept and announced.
    fn reacted(&self) -> Reacted;
    /// Whether `caller` may react.
    fn may_react(&self, caller: &CurrentUser) -> Result<(), AppError>;
    /// Whether `caller` may take their reaction back.
    fn may_unreact(&self, caller: &CurrentUser) -> Result<(), AppError>;
    /// Adds (`add`) or removes the caller's reaction with [`toggle`], and whatever else
    /// the area does with it (nothing, unless it says); answers whether it changed and
    /// the emoji's reactions.
    fn react(
        &self,
        state: &AppState,
        caller: &CurrentUser,
        emoji: i64,
        add: bool,
    ) -> impl Future<Output = Result<(bool, EmojiReactions), AppError>> + Send {
        let on = self.reacted();
        async move {
            let (changed, group, ()) = toggle(state, caller, &on, emoji, add, async |_, _, _| Ok(())).await?;
            Ok((changed, group))
        }
    }
}

/// The reaction event's payload: the target's keys, then what changed.
#[derive(Debug, Serialize)]
struct ReactionEvent {
    #[serde(flatten)]
    keys: BTreeMap<&'static str, i64>,
    emoji_reaction_id: i64,
    /// "added" or "removed".
    action: &'static str,
    /// How many users now react with this emoji.
    count: i64,
    user: Reactor,
}

/// The emoji a removal takes back: the query's, else the body's (`{"emoji_reaction_id"}`),
/// else like (1), so a bare `DELETE` unlikes.
pub fn removed_emoji(query: Option<i64>, body: &[u8]) -> Result<i64, AppError> {
    #[derive(Deserialize)]
    struct Body {
        #[serde(default, deserialize_with = "loose_id")]
        emoji_reaction_id: Option<i64>,
    }
    let from_body = serde_json::from_slice::<Option<Body>>(body).ok().flatten().and_then(|b| b.emoji_reaction_id);
    checked_emoji(query.or(from_body).or(Some(LIKE)))
}

/// The target's reactions grouped per emoji (one emoji only when given), `is_me` for `viewer`.
pub async fn grouped(
    state: &AppState,
    on: &Reacted,
    emoji: Option<i64>,
    viewer: Option<i64>,
) -> Result<Vec<EmojiReactions>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let rows = store::reactions(&mut conn, &on.table, on.target, emoji).await?;
    Ok(group_reactions(&rows, viewer))
}

/// Adds (`add`) or removes the caller's reaction and writes the event when something
/// changed; `also` runs in the same transaction, told whether it did and the time of
/// the change (a like is a community activity). Answers whether it changed, the
/// emoji's reactions, and what `also` returned.
pub async fn toggle<R>(
    state: &AppState,
    caller: &CurrentUser,
    on: &Reacted,
    emoji: i64,
    add: bool,
    also: impl AsyncFnOnce(&mut AnyConnection, bool, i64) -> Result<R, sqlx::Error>,
) -> Result<(bool, EmojiReactions, R), AppError> {
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    let changed = match add {
        true => store::add_reaction(&mut tx, &on.table, on.target, caller.id(), emoji, now).await?,
        false => store::remove_reaction(&mut tx, &on.table, on.target, caller.id(), emoji).await?,
    };
    let rows = store::reactions(&mut tx, &on.table, on.target, Some(emoji)).await?;
    let group = group_reactions(&rows, Some(caller.id())).pop().unwrap_or(EmojiReactions {
        emoji_reaction_id: emoji,
        count: 0,
        users: Vec::new(),
    });
    if changed {
        let event = ReactionEvent {
            keys: BTreeMap::from([on.parent, (on.table.target, on.target)]),
            emoji_reaction_id: emoji,
            action: if add { "added" } else { "removed" },
            count: group.count,
            user: Reactor::new(&UserSummary::from(&caller.user), None),
        };
        append_all(&mut tx, &on.channels, on.event, &event, now).await?;
    }
    let extra = also(&mut tx, changed, now).await?;
    tx.commit().await?;
    Ok((changed, group, extra))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_removal_takes_the_query_then_the_body_then_like() {
        assert_eq!(removed_emoji(Some(3), br#"{"emoji_reaction_id": 4}"#).unwrap(), 3);
        assert_eq!(removed_emoji(None, br#"{"emoji_reaction_id": "4"}"#).unwrap(), 4);
        assert_eq!(removed_emoji(None, b"").unwrap(), LIKE);
        assert_eq!(removed_emoji(None, b"null").unwrap(), LIKE);
        assert_eq!(removed_emoji(None, b"not json").unwrap(), LIKE);
        assert!(removed_emoji(Some(9), b"").is_err());
    }

    #[test]
    fn the_event_names_the_target_in_the_areas_words() {
        let user =
            UserSummary { id: 7, username: "u".into(), name: "U".into(), profile_picture: None, user_type_id: 3 };
        let event = ReactionEvent {
            keys: BTreeMap::from([("contest_id", 1), ("contest_entry_id", 2)]),
            emoji_reaction_id: 1,
            action: "added",
            count: 1,
            user: Reactor::new(&user, None),
        };
        let json = serde_json::to_value(&event).unwrap();
        assert_eq!((json["contest_id"].as_i64(), json["contest_entry_id"].as_i64()), (Some(1), Some(2)));
        assert_eq!(json["user"]["role"], "Designer");
        assert_eq!(json.as_object().unwrap().len(), 6);
    }
}
