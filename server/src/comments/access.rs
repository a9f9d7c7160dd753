//! What a comment, reaction or tag hangs on (a contest's board or one entry), who
//! may see it, and which channels hear about changes to it.
//!
//! A hidden contest or entry is a 404, as if absent. On a blind contest everything
//! about an entry goes to `user:{owner}` and `user:{designer}` only, never to the
//! contest's channel, which every viewer of the contest may watch.

use vitrine_protocol::Channel;

use super::store;
use crate::{
    accounts::CurrentUser,
    contests::{launch::visible, model::ContestRow},
    entries::visibility::may_view_entry,
    error::{catalogue, AppError},
    state::AppState,
};

/// The entry a piece of feedback belongs to.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EntryRef {
    pub id: i64,
    pub contest_id: i64,
    /// The entry's designer.
    pub created_by: i64,
}

/// A contest's board, or one entry of it, that the caller may see.
#[derive(Debug, Clone)]
pub struct Target {
    pub contest: ContestRow,
    pub entry: Option<EntryRef>,
}

impl Target {
    pub fn contest_id(&self) -> i64 {
        self.contest.id
    }
    pub fn owner_id(&self) -> i64 {
        self.contest.created_by
    }
    pub fn entry_id(&self) -> Option<i64> {
        self.entry.as_ref().map(|e| e.id)
    }
    /// The entry's designer, for entry targets.
    pub fn designer_id(&self) -> Option<i64> {
        self.entry.as_ref().map(|e| e.created_by)
    }
    /// Is `user_id` the contest's owner or the entry's designer?
    pub fn is_party(&self, user_id: i64) -> bool {
        user_id == self.owner_id() || self.designer_id() == Some(user_id)
    }

    /// Where events about this board or entry go.
    pub fn channels(&self) -> Vec<Channel> {
        match &self.entry {
            Some(entry) if self.contest.is_blind != 0 => self.party_channels(entry),
            _ => vec![Channel::Contest(self.contest.id)],
        }
    }

    /// `user:{owner}` and `user:{designer}`: for what only those two may read.
    pub fn private_channels(&self) -> Vec<Channel> {
        match &self.entry {
            Some(entry) => self.party_channels(entry),
            None => vec![Channel::User(self.owner_id())],
        }
    }

    fn party_channels(&self, entry: &EntryRef) -> Vec<Channel> {
        let mut channels = vec![Channel::User(self.owner_id())];
        if entry.created_by != self.owner_id() {
            channels.push(Channel::User(entry.created_by));
        }
        channels
    }
}

/// The board of contest `contest_id`, when `viewer` may see the contest.
pub async fn board(state: &AppState, viewer: Option<&CurrentUser>, contest_id: i64) -> Result<Target, AppError> {
    let contest = visible(state, viewer, contest_id).await?;
    Ok(Target { contest, entry: None })
}

/// Entry `entry_id` of contest `contest_id`, when `viewer` may see both.
pub async fn entry(
    state: &AppState,
    viewer: Option<&CurrentUser>,
    contest_id: i64,
    entry_id: i64,
) -> Result<Target, AppError> {
    let contest = visible(state, viewer, contest_id).await?;
    let entry = store::find_entry(&state.db.pool, contest_id, entry_id)
        .await?
        .filter(|e| may_view_entry(viewer.map(|v| &v.user), contest.created_by, contest.is_blind != 0, e.created_by))
        .ok_or_else(|| AppError::not_found(catalogue::ENTRY_NOT_FOUND))?;
    Ok(Target { contest, entry: Some(entry) })
}
