//! Who may see a contest — the one rule REST and the hub both apply.
//!
//! Once paid (status 2 and later) a contest is public, except a private one, which
//! only signed-in users see. An unpaid contest is its owner's and the admins' alone.

use crate::accounts::model::UserRow;

pub fn may_view(viewer: Option<&UserRow>, created_by: i64, status_id: i64, is_private: bool) -> bool {
    let is_admin = viewer.is_some_and(UserRow::is_admin);
    let is_owner = viewer.is_some_and(|u| u.id == created_by);
    if is_admin || is_owner {
        return true;
    }
    if status_id == super::status::ContestStatus::Unpaid.id() {
        return false;
    }
    !is_private || viewer.is_some()
}
