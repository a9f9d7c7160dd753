//! The events entries write to the outbox, inside the transaction of the change.
//!
//! Who hears of an entry follows who may fetch it: on an open contest its events go
//! to `contest:{id}`; on a blind one only to `user:{owner}` and `user:{designer}`.
//! Ratings are private to those two on every contest.

use serde_json::json;
use vitrine_protocol::{event_type, Channel};

use super::model::EntryView;
use crate::{contests::model::ContestRow, realtime::unit::Unit};

/// The channels carrying events about an entry by `designer_id`.
pub fn entry_channels(contest: &ContestRow, designer_id: i64) -> Vec<Channel> {
    if contest.is_blind == 0 {
        return vec![Channel::Contest(contest.id)];
    }
    private_channels(contest, designer_id)
}

/// `user:{owner}` and `user:{designer}`.
fn private_channels(contest: &ContestRow, designer_id: i64) -> Vec<Channel> {
    let mut channels = vec![Channel::User(contest.created_by)];
    if designer_id != contest.created_by {
        channels.push(Channel::User(designer_id));
    }
    channels
}

/// `entry.created`: the entry as anyone who may see it sees it (no rating).
pub async fn created(unit: &mut Unit, contest: &ContestRow, entry: &EntryView, now_ms: i64) -> Result<(), sqlx::Error> {
    announce(unit, contest, entry, event_type::ENTRY_CREATED, now_ms).await
}

/// `entry.updated`: status, version, winner changes (no rating).
pub async fn updated(unit: &mut Unit, contest: &ContestRow, entry: &EntryView, now_ms: i64) -> Result<(), sqlx::Error> {
    announce(unit, contest, entry, event_type::ENTRY_UPDATED, now_ms).await
}

/// An entry event to everyone who may see the entry; the rating stays out (it is private).
async fn announce(
    unit: &mut Unit,
    contest: &ContestRow,
    entry: &EntryView,
    kind: &str,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    let data = serde_json::to_value(entry.clone().with_rating(None)).unwrap_or_default();
    unit.append_each(&entry_channels(contest, entry.created_by), kind, data, now_ms).await
}

/// `entry.rated` to the contest holder and the entry's designer only.
pub async fn rated(
    unit: &mut Unit,
    contest: &ContestRow,
    entry_id: i64,
    designer_id: i64,
    rating: i64,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    let data = json!({"id": entry_id, "contest_id": contest.id, "rating": rating});
    unit.append_each(&private_channels(contest, designer_id), event_type::ENTRY_RATED, data, now_ms).await
}
