//! The workroom of a project: its private side once a bid is approved, where the
//! assigned designer posts updates and talks with the owner (projects doc, section 7,
//! Updates and Project comments).
//!
//! Who is in it: the project's owner, the designer whose bid was approved, and admins,
//! over REST and on the hub's `workroom:{id}` alike. `project:{id}` stays open to
//! every designer (they browse live projects and bid), so nothing of the workroom is
//! ever written there. A bid is approved once and never taken back, so the set of
//! people in a room only grows: nobody keeps a subscription they lost the right to.

use sqlx::{Any, Executor};
use vitrine_protocol::Channel;

use super::{access::visible, model::ProjectRow, store};
use crate::{
    accounts::{model::UserRow, CurrentUser},
    error::{codes, AppError},
    realtime::docs::DocAccess,
    state::AppState,
};

/// A project's workroom as one caller entered it.
#[derive(Debug, Clone)]
pub struct Room {
    pub project: ProjectRow,
    /// The designer whose bid was approved; None while the project is live.
    pub designer: Option<i64>,
}

impl Room {
    pub fn id(&self) -> i64 {
        self.project.id
    }

    pub fn owner(&self) -> i64 {
        self.project.created_by
    }

    /// Is `user_id` the owner or the assigned designer (admins are in the room, but
    /// not parties to the work)?
    pub fn is_party(&self, user_id: i64) -> bool {
        user_id == self.owner() || self.designer == Some(user_id)
    }

    /// The other party of `user_id`'s: the designer for the owner and the reverse;
    /// None for an admin, or while nobody is assigned.
    pub fn other_party(&self, user_id: i64) -> Option<i64> {
        match self.designer {
            Some(designer) if user_id == self.owner() => Some(designer),
            Some(designer) if user_id == designer => Some(self.owner()),
            _ => None,
        }
    }

    pub fn channel(&self) -> Channel {
        Channel::Workroom(self.project.id)
    }

    /// 403 unless `caller` is the owner or the assigned designer; 409 while nobody is assigned.
    pub fn require_party(&self, caller: &CurrentUser) -> Result<(), AppError> {
        if !self.is_party(caller.id()) {
            return Err(AppError::forbidden(codes::ROOM_PARTIES_ONLY));
        }
        if self.designer.is_none() {
            return Err(AppError::conflict(codes::PROJECT_UNASSIGNED));
        }
        Ok(())
    }
}

/// The workroom of project `id` for `caller`: 404 when they may not see the project
/// at all, 403 when they may see it but are not in its room.
pub async fn enter(state: &AppState, caller: &CurrentUser, id: i64) -> Result<Room, AppError> {
    let project = visible(state, caller, id).await?;
    let mut conn = state.db.pool.acquire().await?;
    let designer = store::approved_designer(&mut conn, &project).await?;
    let room = Room { project, designer };
    if !caller.is_admin() && !room.is_party(caller.id()) {
        return Err(AppError::forbidden(codes::PROJECT_ROOM_FORBIDDEN));
    }
    Ok(room)
}

/// The hub's rule for `workroom:{id}`: may `user` enter project `project_id`'s room?
pub async fn may_enter<'c, E>(db: E, user: &UserRow, project_id: i64) -> Result<bool, sqlx::Error>
where
    E: Executor<'c, Database = Any>,
{
    let parties = store::access::parties(db, project_id).await?;
    Ok(match parties {
        None => false,
        Some((owner, designer)) => user.is_admin() || user.id == owner || designer == Some(user.id),
    })
}

/// The hub's rule for `doc:workroom-brief:{id}`, the working brief the two parties write
/// together: whoever may enter the room (both parties, admins) reads and writes it.
pub async fn brief_document_access<'c, E>(db: E, user: &UserRow, project_id: i64) -> Result<DocAccess, sqlx::Error>
where
    E: Executor<'c, Database = Any>,
{
    Ok(if may_enter(db, user, project_id).await? { DocAccess::Write } else { DocAccess::None })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::threads::model::UserSummary;

    fn room(designer: Option<i64>) -> Room {
        let owner =
            UserSummary { id: 1, username: "o".into(), name: "O".into(), profile_picture: None, user_type_id: 2 };
        let project = ProjectRow {
            id: 9,
            title: "p".into(),
            description: String::new(),
            status_id: 2,
            created_by: 1,
            project_category_id: None,
            category_title: None,
            category_slug: None,
            project_sub_category_id: None,
            sub_category_title: None,
            sub_category_slug: None,
            project_service_id: None,
            service_title: None,
            service_slug: None,
            budget_cents: None,
            timeline: None,
            timeline_range_start: None,
            timeline_range_end: None,
            is_subscription: 0,
            country_id: None,
            state_id: None,
            internal_status_id: None,
            approved_bid_id: None,
            timeline_ends_at: None,
            delivery_due_at: None,
            finalized_at: None,
            queued_bid_id: None,
            queued_at: None,
            bids_count: 0,
            created_at: 0,
            updated_at: 0,
            owner,
        };
        Room { project, designer }
    }

    #[test]
    fn the_parties_are_the_owner_and_the_assigned_designer_each_the_others_other() {
        let assigned = room(Some(5));
        assert!(assigned.is_party(1) && assigned.is_party(5) && !assigned.is_party(7));
        assert_eq!(
            (assigned.other_party(1), assigned.other_party(5), assigned.other_party(7)),
            (Some(5), Some(1), None)
        );
        assert_eq!(assigned.channel().to_string(), "workroom:9");
        let live = room(None);
        assert!(live.is_party(1) && !live.is_party(5));
        assert_eq!(live.other_party(1), None, "nobody to tell yet");
    }
}
