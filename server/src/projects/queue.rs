//! A subscribed client's queue of subscription projects (projects doc, section 1: "a
//! client with a subscription adds projects to an unlimited queue"): one is under way at
//! a time, from its start (a bid approved, 2) to its completion (6).
//!
//! The owner approves a bid for free (`bids::routes::approve`). With nothing under way
//! the project starts at once; otherwise the choice waits here ([`enqueue`]: the project
//! stays live, its `queued_bid_id` set) and the timers start the oldest waiting project
//! of an owner with none under way ([`next_to_start`]; `timers::projects::start_queued`),
//! woken when a subscription project is completed. Starting is the ordinary approval,
//! whose compare-and-set on the live status makes it happen once.

use sqlx::AnyConnection;

use super::{events, model::ProjectRow, store};
use crate::{
    error::{codes, AppError},
    realtime::unit::Unit,
};

/// Whether `owner` has a subscription project under way other than `except`.
pub async fn under_way(conn: &mut AnyConnection, owner: i64, except: i64) -> Result<bool, sqlx::Error> {
    Ok(store::queue::under_way_count(conn, owner, except).await? > 0)
}

/// Puts the live `project` in its owner's queue with `bid_id` chosen (choosing again
/// keeps its place) and appends its `project.updated`; answers it as it is now.
pub async fn enqueue(unit: &mut Unit, project: &ProjectRow, bid_id: i64, now: i64) -> Result<ProjectRow, AppError> {
    if !store::queue::set_queued(unit, project.id, bid_id, now).await? {
        return Err(AppError::conflict(codes::PROJECT_NOT_LIVE));
    }
    let queued =
        store::find(&mut **unit, project.id).await?.ok_or_else(|| AppError::not_found(codes::PROJECT_NOT_FOUND))?;
    events::updated(unit, &queued, now).await?;
    Ok(queued)
}

/// Takes `project` out of the queue (its chosen bid is gone), with its `project.updated`.
pub async fn leave(unit: &mut Unit, id: i64, now: i64) -> Result<(), sqlx::Error> {
    store::queue::clear_queued(unit, id, now).await?;
    if let Some(left) = store::find(&mut **unit, id).await? {
        events::updated(unit, &left, now).await?;
    }
    Ok(())
}

/// (project, chosen bid) of the projects due to start: for each subscribed owner with
/// no subscription project under way, their oldest queued one; at most `limit`.
pub async fn next_to_start(conn: &mut AnyConnection, limit: i64) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    store::queue::next_to_start(conn, limit).await
}

/// A client may approve a bid on their project without paying when it is a
/// subscription project and they are subscribed (unlimited contests): 403 otherwise.
/// One subscription project is under way at a time; the others wait in the owner's
/// queue (here), which the approval consults next (projects doc, sections
/// 1 and 6; contests doc, section 4).
pub fn may_start_project_free(user: &crate::accounts::model::UserRow, project: &ProjectRow) -> Result<(), AppError> {
    if project.created_by != user.id || project.is_subscription == 0 || user.has_subscribed == 0 {
        return Err(AppError::forbidden(codes::FORBIDDEN));
    }
    Ok(())
}
