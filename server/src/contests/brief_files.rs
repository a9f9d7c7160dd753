//! The files attached to a contest's brief: shown with the answers they belong to,
//! and readable by whoever may read the brief ([`super::visibility::may_read_brief`]).

use std::collections::HashMap;

use tracing::instrument;

use super::{
    store::{brief as brief_store, SavedAnswer},
    visibility::may_read_brief,
};
use crate::{
    accounts::model::UserRow,
    files::{store as file_store, FileView},
    store::Db,
};

/// Fills each answer's `files` from its `answer_file_ids`, in that order; a file
/// removed since is left out.
pub async fn attach(db: &Db, answers: &mut [SavedAnswer]) -> Result<(), sqlx::Error> {
    let ids: Vec<i64> = answers.iter().flat_map(|a| a.answer_file_ids.iter().copied()).collect();
    if ids.is_empty() {
        return Ok(());
    }
    let mut conn = db.pool.acquire().await?;
    let mut rows = HashMap::new();
    for id in ids {
        if let Some(row) = file_store::find_file(&mut *conn, id).await? {
            rows.insert(id, row);
        }
    }
    for answer in answers.iter_mut() {
        answer.files = answer.answer_file_ids.iter().filter_map(|id| rows.remove(id)).map(FileView::of).collect();
    }
    Ok(())
}

/// Whether `user` may read file `file_id` because it is attached to the brief of a
/// contest whose brief they may read. Asked by [`crate::files::may_read`].
///
/// Brief files are uploaded by the contest's owner, so only the uploader's contests
/// are looked at; their file answers are few and parsed here rather than searched
/// as text, so that file 1 is never found in `[12]`.
#[instrument(skip_all, fields(file_id = file_id, user_id = user.id))]
pub async fn may_read_file(db: &Db, user: &UserRow, file_id: i64) -> Result<bool, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    let Some(file) = file_store::find_file(&mut *conn, file_id).await? else { return Ok(false) };
    let rows = brief_store::file_answers_of(&mut *conn, file.app_user_id).await?;
    Ok(rows.into_iter().any(|(created_by, status_id, is_private, file_ids)| {
        serde_json::from_str::<Vec<i64>>(&file_ids).unwrap_or_default().contains(&file_id)
            && may_read_brief(Some(user), created_by, status_id, is_private != 0)
    }))
}
