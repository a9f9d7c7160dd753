//! The events contests write to the outbox, inside the transaction of the change.

use serde_json::json;
use vitrine_protocol::{event_type, Channel};

use super::model::ContestRow;
use crate::realtime::unit::Unit;

/// `contest.status` on `contest:{id}`: the new status and deadlines.
pub async fn status_changed(unit: &mut Unit, contest: &ContestRow, now_ms: i64) -> Result<(), sqlx::Error> {
    let data = json!({
        "id": contest.id,
        "status_id": contest.status_id,
        "status_name": contest.status().simple_name(),
        "submission_ends_at": contest.submission_ends_at,
        "deciding_ends_at": contest.deciding_ends_at,
    });
    unit.append(&Channel::Contest(contest.id), event_type::CONTEST_STATUS, data, now_ms).await?;
    Ok(())
}

/// `contest.updated` on `contest:{id}`: brief, deadline, prize or upgrade changes
/// watchers should redraw.
pub async fn updated(unit: &mut Unit, contest: &ContestRow, now_ms: i64) -> Result<(), sqlx::Error> {
    let data = json!({
        "id": contest.id,
        "title": contest.title,
        "description": contest.description,
        "submission_ends_at": contest.submission_ends_at,
        "deciding_ends_at": contest.deciding_ends_at,
        "winning_entry_amount": contest.winning_entry_amount_cents / 100,
        "is_highlighted": contest.is_highlighted,
        "is_featured": contest.is_featured,
        "is_private": contest.is_private,
        "is_blind": contest.is_blind,
        "is_notified_via_email": contest.is_notified_via_email,
        "is_featured_blog_post": contest.is_featured_blog_post,
        "artwork_accepted_at": contest.artwork_accepted_at,
    });
    unit.append(&Channel::Contest(contest.id), event_type::CONTEST_UPDATED, data, now_ms).await?;
    Ok(())
}
