//! Who may see an entry. On a blind contest each entry shows only to the contest's
//! owner, the entry's designer and admins; otherwise whoever may see the contest
//! sees its entries. Ratings are private to the owner and the entry's designer.

use crate::accounts::model::UserRow;

/// May `viewer` see an entry by `designer_id` on a contest owned by `owner_id`?
/// The caller has already checked that the viewer may see the contest itself.
pub fn may_view_entry(viewer: Option<&UserRow>, owner_id: i64, is_blind: bool, designer_id: i64) -> bool {
    if !is_blind {
        return true;
    }
    viewer.is_some_and(|v| v.is_admin() || v.id == owner_id || v.id == designer_id)
}

/// May `viewer` see the owner's rating of an entry by `designer_id`?
pub fn may_view_rating(viewer: Option<&UserRow>, owner_id: i64, designer_id: i64) -> bool {
    viewer.is_some_and(|v| v.id == owner_id || v.id == designer_id)
}
