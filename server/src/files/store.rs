//! SQL of the files area: file rows and download tokens.

use sqlx::{Any, AnyConnection, Executor, FromRow};
use tracing::instrument;

/// A stored file as its row holds it.
#[derive(Debug, Clone, FromRow)]
pub struct FileRow {
    pub id: i64,
    /// The uploader.
    pub app_user_id: i64,
    pub file_category_id: i64,
    pub original_name: String,
    /// Recognised from the bytes at upload, not taken from the client.
    pub content_type: String,
    pub size_bytes: i64,
    /// SHA-256 of the bytes, hex.
    pub sha256: String,
    /// Path below the files folder: `yyyy/mm/{random}`.
    pub storage_key: String,
    pub created_at: i64,
}

const FILE_COLUMNS: &str =
    "id, app_user_id, file_category_id, original_name, content_type, size_bytes, sha256, storage_key, created_at";

/// A file row to insert; the bytes are already staged.
#[derive(Debug)]
pub struct NewFile<'a> {
    pub app_user_id: i64,
    pub file_category_id: i64,
    pub original_name: &'a str,
    pub content_type: &'a str,
    pub size_bytes: i64,
    pub sha256: &'a str,
    pub storage_key: &'a str,
    pub now_ms: i64,
}

#[instrument(skip_all, fields(user_id = file.app_user_id))]
pub async fn insert_file<'c>(db: impl Executor<'c, Database = Any>, file: &NewFile<'_>) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO file (app_user_id, file_category_id, original_name, content_type, size_bytes, sha256, \
         storage_key, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
    )
    .bind(file.app_user_id)
    .bind(file.file_category_id)
    .bind(file.original_name)
    .bind(file.content_type)
    .bind(file.size_bytes)
    .bind(file.sha256)
    .bind(file.storage_key)
    .bind(file.now_ms)
    .fetch_one(db)
    .await
}

#[instrument(skip_all, fields(file_id = id))]
pub async fn find_file<'c>(db: impl Executor<'c, Database = Any>, id: i64) -> Result<Option<FileRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {FILE_COLUMNS} FROM file WHERE id = $1")).bind(id).fetch_optional(db).await
}

/// Removes a file row whose bytes could not be placed (the upload answers 500).
#[instrument(skip_all, fields(file_id = id))]
pub async fn delete_file<'c>(db: impl Executor<'c, Database = Any>, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM file WHERE id = $1").bind(id).execute(db).await?;
    Ok(())
}

#[instrument(skip_all, fields(file_id = file_id))]
pub async fn insert_download_token<'c>(
    db: impl Executor<'c, Database = Any>,
    file_id: i64,
    user_id: i64,
    token_digest: &str,
    now_ms: i64,
    expires_at_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO download_token (file_id, app_user_id, token_hash, created_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(file_id)
    .bind(user_id)
    .bind(token_digest)
    .bind(now_ms)
    .bind(expires_at_ms)
    .execute(db)
    .await?;
    Ok(())
}

/// Housekeeping: deletes tokens past expiry (used ones included); returns how many.
#[instrument(skip_all)]
pub async fn delete_expired_download_tokens<'c>(
    db: impl Executor<'c, Database = Any>,
    now_ms: i64,
) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("DELETE FROM download_token WHERE expires_at < $1").bind(now_ms).execute(db).await?;
    Ok(done.rows_affected())
}

/// Which of `file_ids` the user does not own (or do not exist).
pub async fn foreign_files(conn: &mut AnyConnection, user_id: i64, file_ids: &[i64]) -> Result<Vec<i64>, sqlx::Error> {
    let mut foreign = Vec::new();
    for id in file_ids {
        let owned: Option<i64> = sqlx::query_scalar("SELECT id FROM file WHERE id = $1 AND app_user_id = $2")
            .bind(id)
            .bind(user_id)
            .fetch_optional(&mut *conn)
            .await?;
        if owned.is_none() {
            foreign.push(*id);
        }
    }
    Ok(foreign)
}

/// Whether file `file_id` exists, belongs to `user_id` and is an image.
#[instrument(skip_all, fields(file_id, user_id))]
pub async fn is_own_image<'c>(
    db: impl Executor<'c, Database = Any>,
    file_id: i64,
    user_id: i64,
) -> Result<bool, sqlx::Error> {
    let owned_image: Option<i64> =
        sqlx::query_scalar("SELECT id FROM file WHERE id = $1 AND app_user_id = $2 AND content_type LIKE 'image/%'")
            .bind(file_id)
            .bind(user_id)
            .fetch_optional(db)
            .await?;
    Ok(owned_image.is_some())
}

/// Where other areas attach files by id: `(table, column)`, each column a foreign key to
/// `file` (the schema test `every_reference_to_a_file_keeps_it` checks none is missing).
pub const FILE_REFERENCES: [(&str, &str); 8] = [
    ("contest_entry_file", "file_id"),
    ("bid_file", "file_id"),
    ("project_artwork", "file_id"),
    ("project_update_file", "file_id"),
    ("project_update_image_tag", "file_id"),
    ("designer_preference_image", "file_id"),
    ("portfolio_item", "file_id"),
    ("external_showcase", "file_id"),
];

/// Brief answers name their files in JSON lists of ids (`[12,13]`).
const ID_LISTS: [(&str, &str); 2] =
    [("contest_brief_answer", "answer_file_ids"), ("project_brief_answer", "answer_file_ids")];

/// Pictures named by their path (`/files/{id}/content`): profile pictures and covers, and the
/// images admins put on the catalogue.
const PATHS: [(&str, &str); 7] = [
    ("app_user", "profile_picture"),
    ("app_user", "cover_pic"),
    ("project_category", "image_path"),
    ("project_sub_category", "image_path"),
    ("project_service_image", "file_path"),
    ("project_question_option", "file_path"),
    ("contest_type_question_option", "file_path"),
];

/// `f` (a `file` row) is referenced by nothing: no foreign key, no brief answer's list, no path.
fn unattached_condition() -> String {
    let mut parts: Vec<String> = FILE_REFERENCES
        .iter()
        .map(|(table, column)| format!("NOT EXISTS (SELECT 1 FROM {table} r WHERE r.{column} = f.id)"))
        .collect();
    parts.extend(ID_LISTS.iter().map(|(table, column)| {
        format!(
            "NOT EXISTS (SELECT 1 FROM {table} r WHERE r.{column} <> '[]' AND \
             ',' || REPLACE(REPLACE(REPLACE(r.{column}, '[', ''), ']', ''), ' ', '') || ',' LIKE '%,' || f.id || ',%')"
        )
    }));
    parts.extend(PATHS.iter().map(|(table, column)| {
        format!("NOT EXISTS (SELECT 1 FROM {table} r WHERE r.{column} LIKE '%/files/' || f.id || '/%')")
    }));
    parts.join(" AND ")
}

/// Up to `limit` files uploaded before `cutoff` that nothing refers to, oldest first: `(id, storage_key)`.
#[instrument(skip_all)]
pub async fn unattached_before<'c>(
    db: impl Executor<'c, Database = Any>,
    cutoff: i64,
    limit: i64,
) -> Result<Vec<(i64, String)>, sqlx::Error> {
    let sql = format!(
        "SELECT f.id, f.storage_key FROM file f WHERE f.created_at < $1 AND {} ORDER BY f.id LIMIT $2",
        unattached_condition()
    );
    sqlx::query_as(&sql).bind(cutoff).bind(limit).fetch_all(db).await
}

/// Deletes file `id` if still referenced by nothing (an attachment made since it was
/// found keeps it); its download tokens go with it. True when deleted.
#[instrument(skip_all, fields(file_id = id))]
pub async fn delete_if_unattached<'c>(db: impl Executor<'c, Database = Any>, id: i64) -> Result<bool, sqlx::Error> {
    let sql = format!(
        "DELETE FROM file WHERE id = $1 AND id IN (SELECT f.id FROM file f WHERE f.id = $1 AND {})",
        unattached_condition()
    );
    Ok(sqlx::query(&sql).bind(id).execute(db).await?.rows_affected() == 1)
}
