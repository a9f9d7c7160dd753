//! SQL of updates and their files, and where the workroom's threads are kept (their
//! SQL is the thread model's, [`crate::threads::store`]). One dialect for both engines.

use sqlx::{Any, AnyConnection, Executor};
use tracing::instrument;

use super::model::{UpdateFileRow, UpdateRow, UPDATE_COLUMNS};
use crate::threads::store::{CommentTable, ReactionTable, TagTable};

/// Comments on the project (`project_update_id` null) or one update, newest first, soft-deleted.
pub const COMMENTS: CommentTable = CommentTable::feed("project_comment", "project_id", "project_update_id");

/// Reactions to updates.
pub const REACTIONS: ReactionTable = ReactionTable { table: "project_update_reaction", target: "project_update_id" };

/// Image tags on updates, each on one of the update's files.
pub const TAGS: TagTable = TagTable { table: "project_update_image_tag", target: "project_update_id", per_file: true };

const UPDATE_FROM: &str = "project_update pu JOIN app_user u ON u.id = pu.created_by";

/// Update `update_id` if it belongs to project `project_id`.
#[instrument(skip_all, fields(project_id, update_id))]
pub async fn find<'c>(
    db: impl Executor<'c, Database = Any>,
    project_id: i64,
    update_id: i64,
) -> Result<Option<UpdateRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {UPDATE_COLUMNS} FROM {UPDATE_FROM} WHERE pu.id = $1 AND pu.project_id = $2"))
        .bind(update_id)
        .bind(project_id)
        .fetch_optional(db)
        .await
}

/// Sort orders of the update list: `sort=created_at` (oldest first) or `-created_at`
/// (newest first, the default).
pub fn order_by(sort: Option<&str>) -> Option<&'static str> {
    Some(match sort.map(str::trim).unwrap_or("-created_at") {
        "created_at" => "pu.id ASC",
        "-created_at" | "" => "pu.id DESC",
        _ => return None,
    })
}

/// A page of a project's updates and how many there are.
#[instrument(skip_all, fields(project_id))]
pub async fn page(
    conn: &mut AnyConnection,
    project_id: i64,
    order: &str,
    page: i64,
    per_page: i64,
) -> Result<(Vec<UpdateRow>, i64), sqlx::Error> {
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM project_update WHERE project_id = $1")
        .bind(project_id)
        .fetch_one(&mut *conn)
        .await?;
    let rows = sqlx::query_as(&format!(
        "SELECT {UPDATE_COLUMNS} FROM {UPDATE_FROM} WHERE pu.project_id = $1 ORDER BY {order} LIMIT $2 OFFSET $3"
    ))
    .bind(project_id)
    .bind(per_page)
    .bind((page - 1) * per_page)
    .fetch_all(&mut *conn)
    .await?;
    Ok((rows, total))
}

/// The files of an update, shown ones first, each in the order attached.
pub async fn files(conn: &mut AnyConnection, update_id: i64) -> Result<Vec<UpdateFileRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT uf.is_other, f.id, f.original_name AS name, '/files/' || CAST(f.id AS TEXT) || '/content' AS full_path \
         FROM project_update_file uf JOIN file f ON f.id = uf.file_id WHERE uf.project_update_id = $1 \
         ORDER BY uf.is_other, uf.position",
    )
    .bind(update_id)
    .fetch_all(&mut *conn)
    .await
}

#[instrument(skip_all, fields(project_id))]
pub async fn insert(
    conn: &mut AnyConnection,
    project_id: i64,
    designer: i64,
    description: &str,
    now: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO project_update (project_id, created_by, description, status_id, created_at, updated_at) \
         VALUES ($1, $2, $3, 1, $4, $4) RETURNING id",
    )
    .bind(project_id)
    .bind(designer)
    .bind(description)
    .bind(now)
    .fetch_one(&mut *conn)
    .await
}

/// Attaches files after those already there; a file attached before stays where it is.
pub async fn add_files(
    conn: &mut AnyConnection,
    update_id: i64,
    file_ids: &[i64],
    is_other: bool,
) -> Result<(), sqlx::Error> {
    let start: i64 = sqlx::query_scalar(
        "SELECT COALESCE(MAX(position), -1) + 1 FROM project_update_file WHERE project_update_id = $1",
    )
    .bind(update_id)
    .fetch_one(&mut *conn)
    .await?;
    for (offset, file_id) in (0i64..).zip(file_ids) {
        sqlx::query(
            "INSERT INTO project_update_file (project_update_id, file_id, is_other, position) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (project_update_id, file_id) DO NOTHING",
        )
        .bind(update_id)
        .bind(file_id)
        .bind(i64::from(is_other))
        .bind(start + offset)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Sets the owner's rating or review status (`column` is one of the code's constants).
pub async fn set(
    conn: &mut AnyConnection,
    update_id: i64,
    column: Column,
    value: i64,
    now: i64,
) -> Result<(), sqlx::Error> {
    let column = match column {
        Column::Rating => "rating",
        Column::Status => "status_id",
    };
    sqlx::query(&format!("UPDATE project_update SET {column} = $1, updated_at = $2 WHERE id = $3"))
        .bind(value)
        .bind(now)
        .bind(update_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// What the owner sets on an update.
#[derive(Debug, Clone, Copy)]
pub enum Column {
    Rating,
    Status,
}

/// Touches an update whose files changed.
pub async fn touch(conn: &mut AnyConnection, update_id: i64, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE project_update SET updated_at = $1 WHERE id = $2")
        .bind(now)
        .bind(update_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn updates_sort_by_creation_either_way_and_nothing_else() {
        assert_eq!(order_by(None), Some("pu.id DESC"));
        assert_eq!(order_by(Some("created_at")), Some("pu.id ASC"));
        assert_eq!(order_by(Some("rating")), None);
    }
}
