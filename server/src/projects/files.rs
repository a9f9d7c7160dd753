//! Which files attached to projects a user may read (asked by [`crate::files::may_read`]):
//!
//! - a bid's files: the project's owner and the bidder (admins always may);
//! - final artworks and updates' files: the project's owner and its assigned designer;
//! - brief attachments: whoever may see the project (its owner and designers, who
//!   read the brief to bid).
//!
//! Anyone else, another designer included, is refused.

use super::{access::may_view_parts, store::access as store};
use crate::{accounts::model::UserRow, store::Db};

/// Whether `user` may read file `file_id` through a project it is attached to.
pub async fn may_read_file(db: &Db, user: &UserRow, file_id: i64) -> Result<bool, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    if store::is_bid_file_of(&mut *conn, file_id, user.id).await? {
        return Ok(true);
    }
    // Delivered or shown work: the two parties of an assigned project.
    if store::is_work_file_of(&mut *conn, file_id, user.id).await? {
        return Ok(true);
    }
    // Brief attachments are JSON lists of ids: narrow with LIKE, then read the lists.
    for (file_ids, created_by) in store::brief_answers_naming(&mut *conn, file_id).await? {
        let ids: Vec<i64> = serde_json::from_str(&file_ids).unwrap_or_default();
        if ids.contains(&file_id) && may_view_parts(user, created_by) {
            return Ok(true);
        }
    }
    Ok(false)
}
