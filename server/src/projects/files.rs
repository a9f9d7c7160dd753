//! Which files attached to projects a user may read (asked by [`crate::files::may_read`]):
//!
//! - a bid's files: the project's owner and the bidder (admins always may);
//! - final artworks and updates' files: the project's owner and its assigned designer;
//! - brief attachments: whoever may see the project (its owner and designers, who
//!   read the brief to bid).
//!
//! Anyone else, another designer included, is refused.

use sqlx::Row;

use super::access::may_view_parts;
use crate::{accounts::model::UserRow, store::Db};

/// Whether `user` may read file `file_id` through a project it is attached to.
pub async fn may_read_file(db: &Db, user: &UserRow, file_id: i64) -> Result<bool, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    let bid: Option<i64> = sqlx::query_scalar(
        "SELECT b.id FROM bid_file bf JOIN bid b ON b.id = bf.bid_id JOIN project p ON p.id = b.project_id \
         WHERE bf.file_id = $1 AND (b.created_by = $2 OR p.created_by = $2) LIMIT 1",
    )
    .bind(file_id)
    .bind(user.id)
    .fetch_optional(&mut *conn)
    .await?;
    if bid.is_some() {
        return Ok(true);
    }
    // Delivered or shown work: the two parties of an assigned project.
    let party = "(p.created_by = $2 OR ab.created_by = $2)";
    let approved = "LEFT JOIN bid ab ON ab.id = p.approved_bid_id";
    let work: Option<i64> = sqlx::query_scalar(&format!(
        "SELECT p.id FROM project_artwork pa JOIN project p ON p.id = pa.project_id {approved} \
         WHERE pa.file_id = $1 AND {party} \
         UNION SELECT p.id FROM project_update_file uf JOIN project_update pu ON pu.id = uf.project_update_id \
         JOIN project p ON p.id = pu.project_id {approved} WHERE uf.file_id = $1 AND {party} LIMIT 1"
    ))
    .bind(file_id)
    .bind(user.id)
    .fetch_optional(&mut *conn)
    .await?;
    if work.is_some() {
        return Ok(true);
    }
    // Brief attachments are JSON lists of ids: narrow with LIKE, then read the lists.
    let rows = sqlx::query(
        "SELECT a.answer_file_ids, p.created_by FROM project_brief_answer a JOIN project p ON p.id = a.project_id \
         WHERE a.answer_file_ids LIKE $1",
    )
    .bind(format!("%{file_id}%"))
    .fetch_all(&mut *conn)
    .await?;
    for row in rows {
        let ids: Vec<i64> = serde_json::from_str(&row.try_get::<String, _>("answer_file_ids")?).unwrap_or_default();
        if ids.contains(&file_id) && may_view_parts(user, row.try_get("created_by")?) {
            return Ok(true);
        }
    }
    Ok(false)
}
