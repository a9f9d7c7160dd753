//! Recording what designers and clients did, for the community feed.
//!
//! Why a table, written in the same transaction as the action, rather than a query over
//! entries, winners, showcases and reactions: the feed is one list in one order with
//! one cursor (the activity's id), so paging is a single indexed range scan instead of
//! a union of four tables sorted together on every page; an activity exists exactly
//! when its action committed (no feed item for a submission that rolled back, none
//! lost for one that committed); and taking a like back removes its activity in the
//! same transaction. What the feed may show is decided when it is read
//! ([`super::store::feed`]), so a contest made private or blind later drops out.
//!
//! Why the live push is not in the action's transaction: `community` is one channel for
//! the whole site, and appending to it locks its head row until commit, so every entry
//! submission everywhere would queue behind every other. The activity row is written
//! with the action; [`announce`] appends the event in its own short transaction right
//! after. Should a node stop in between, the item is still in the feed's list, and a
//! client whose subscription was not recovered reloads the list.

use sqlx::AnyConnection;
use tracing::instrument;
use vitrine_protocol::{event_type, Channel};

use super::store::{activity as activity_store, feed as feed_store};
use crate::{contests::store as contest_store, state::AppState};

/// What happened (`community_activity.activity_type_id`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActivityType {
    /// 1: a designer submitted an entry.
    EntrySubmitted = 1,
    /// 2: a client picked a winner.
    WinnerAwarded = 2,
    /// 3: a designer added a showcase.
    ShowcaseAdded = 3,
    /// 4: a designer or client liked an entry.
    EntryLiked = 4,
}

impl ActivityType {
    pub fn id(self) -> i64 {
        self as i64
    }

    /// The `type` the API shows.
    pub fn name_of(id: i64) -> &'static str {
        match id {
            1 => "entry.created",
            2 => "entry.won",
            3 => "showcase.created",
            _ => "entry.liked",
        }
    }
}

/// Records that `user_id` did `kind` to entry `entry_id` of contest `contest_id`, in
/// the caller's transaction. Nothing is recorded for a private or blind contest (the
/// feed never shows those). Returns the activity's id for [`announce`].
#[instrument(skip_all, fields(kind = ?kind, entry_id))]
pub async fn record_entry(
    conn: &mut AnyConnection,
    kind: ActivityType,
    user_id: i64,
    contest_id: i64,
    entry_id: i64,
    now_ms: i64,
) -> Result<Option<i64>, sqlx::Error> {
    if contest_store::public_not_blind(&mut *conn, contest_id).await?.is_none() {
        return Ok(None);
    }
    let id = activity_store::insert_entry(conn, kind.id(), user_id, contest_id, entry_id, now_ms).await?;
    Ok(Some(id))
}

/// Records a new showcase, in the caller's transaction.
pub async fn record_showcase(
    conn: &mut AnyConnection,
    user_id: i64,
    showcase_id: i64,
    now_ms: i64,
) -> Result<i64, sqlx::Error> {
    activity_store::insert_showcase(conn, ActivityType::ShowcaseAdded.id(), user_id, showcase_id, now_ms).await
}

/// A like taken back: its activity leaves the feed (same transaction as the unlike).
pub async fn remove_like(conn: &mut AnyConnection, user_id: i64, entry_id: i64) -> Result<(), sqlx::Error> {
    activity_store::delete_entry(conn, ActivityType::EntryLiked.id(), user_id, entry_id).await
}

/// Pushes committed activities to `community` (see the module's note on why this is
/// its own transaction). A failure is logged, not returned: the action itself has
/// succeeded and the feed's list has the item.
pub async fn announce(state: &AppState, ids: &[i64]) {
    if ids.is_empty() {
        return;
    }
    let now = state.now_ms();
    match append(state, ids, now).await {
        Ok(()) => {}
        Err(error) => tracing::warn!(%error, ?ids, "community activity not pushed live"),
    }
}

async fn append(state: &AppState, ids: &[i64], now_ms: i64) -> Result<(), sqlx::Error> {
    let mut tx = state.realtime.begin().await?;
    for id in ids {
        // Shown by the same query as the list, so the event never carries what the list hides.
        let Some(view) = feed_store::find(&mut tx, *id).await? else { continue };
        let data = serde_json::to_value(view).unwrap_or_default();
        tx.append(&Channel::Community, event_type::COMMUNITY_ACTIVITY, data, now_ms).await?;
    }
    tx.commit().await
}
