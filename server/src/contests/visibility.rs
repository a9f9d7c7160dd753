//! Who may see a contest — the one rule REST and the hub both apply — and who may
//! read its design brief.
//!
//! Once paid (status 2 and later) a contest is public, except a private one, which
//! only signed-in designers see (the Private upgrade is sold as "only signed-in
//! designers see your brief and entries"). An unpaid contest is its owner's and the
//! admins' alone. The owner and admins always see their contest.
//!
//! Every read of a contest and of what hangs off it (entries, comments, entry files,
//! the channel and its history, court evidence) goes through [`may_view`].
//!
//! The brief is what designers work from: every designer who may see the contest
//! reads it (all of it, attached files included), as do its owner and admins. Other
//! clients and anonymous visitors see the title and description only. Changing the
//! brief stays with its owner (`launch::update_brief`).

use crate::{
    accounts::{domain::UserType, model::UserRow},
    realtime::docs::DocAccess,
};

pub fn may_view(viewer: Option<&UserRow>, created_by: i64, status_id: i64, is_private: bool) -> bool {
    let is_admin = viewer.is_some_and(UserRow::is_admin);
    let is_owner = viewer.is_some_and(|u| u.id == created_by);
    if is_admin || is_owner {
        return true;
    }
    if status_id == super::status::ContestStatus::Unpaid.id() {
        return false;
    }
    !is_private || in_private_audience(viewer)
}

/// Who, besides the owner and admins, may see a private contest: signed-in designers.
/// Other clients and anonymous visitors may not, whatever they know of its id.
fn in_private_audience(viewer: Option<&UserRow>) -> bool {
    viewer.is_some_and(|u| u.user_type() == UserType::Designer)
}

/// The brief's description as a live document (`doc:contest-brief:{id}`): its owner and
/// admins edit it (as they may `PUT /contests/{id}/briefs`), whoever may read the whole
/// brief reads it, nobody else sees it.
pub fn brief_document_access(viewer: Option<&UserRow>, created_by: i64, status_id: i64, is_private: bool) -> DocAccess {
    match viewer {
        Some(user) if user.is_admin() || user.id == created_by => DocAccess::Write,
        _ if may_read_brief(viewer, created_by, status_id, is_private) => DocAccess::Read,
        _ => DocAccess::None,
    }
}

/// May `viewer` read the whole brief of a contest (answers and files)?
pub fn may_read_brief(viewer: Option<&UserRow>, created_by: i64, status_id: i64, is_private: bool) -> bool {
    let Some(user) = viewer else { return false };
    if user.is_admin() || user.id == created_by {
        return true;
    }
    user.user_type() == UserType::Designer && may_view(viewer, created_by, status_id, is_private)
}
