//! Files: uploads typed by their content, stored on disk with a row each, served to
//! those who may read them, and one-time download links for browsers.
//!
//! - [`kinds`]: the upload categories and the file types they take (magic bytes).
//! - `upload`: the multipart body streamed into temp files within the size limit.
//! - `disk`: where bytes live (`{files_dir}/{yyyy}/{mm}/{random}`) and download names.
//! - [`store`]: the `file` and `download_token` rows.
//! - `routes`: `POST /files`, `GET /files/{id}/content`, download tokens and downloads.
//!
//! An upload commits its rows first and then renames its temp files into place; a
//! failure on either side removes what the other did, so there are no files without
//! rows and no rows without files.

pub(crate) mod disk;
pub mod kinds;
mod routes;
pub mod store;
mod upload;

pub use kinds::{FileCategory, FileKind};
pub use routes::{grant_download, router, DownloadToken, FileView, DOWNLOAD_TOKEN_TTL_MS};

use tracing::instrument;

use crate::{accounts::CurrentUser, error::AppError, store::Db};

/// Whether `user` may read file `file_id` (its bytes, and download links to it).
///
/// Its uploader and admins, and whoever the areas that attach it allow. Areas that attach files to what they own (contest
/// briefs and entries, project briefs and updates, bids) extend this rule here, each
/// with one call to a public function of their own ("the file belongs to a contest
/// the user takes part in"), so that every way of reading a file asks one question.
#[instrument(skip_all, fields(file_id = file_id, user_id = user.id()))]
pub async fn may_read(db: &Db, user: &CurrentUser, file_id: i64) -> Result<bool, AppError> {
    if user.is_admin() {
        return Ok(true);
    }
    let owner = store::find_file(&db.pool, file_id).await?.map(|file| file.app_user_id);
    if owner == Some(user.id()) {
        return Ok(true);
    }
    // Entry images: whoever may see the entry (final artworks: holder and designer).
    if crate::entries::may_read_file(db, &user.user, file_id).await? {
        return Ok(true);
    }
    // Contest brief attachments: whoever may read the brief.
    if crate::contests::brief_files::may_read_file(db, &user.user, file_id).await? {
        return Ok(true);
    }
    // Bid files, project artworks, updates' files and brief attachments.
    if crate::projects::files::may_read_file(db, &user.user, file_id).await? {
        return Ok(true);
    }
    // Entries for sale: every signed-in user (they browse the marketplace).
    if crate::marketplace::may_read_file(db, &user.user, file_id).await? {
        return Ok(true);
    }
    // Profile pictures and covers: every signed-in user.
    if crate::profiles::may_read_file(db, &user.user, file_id).await? {
        return Ok(true);
    }
    // Showcases not hidden by an admin: every signed-in user.
    if crate::community::may_read_file(db, &user.user, file_id).await? {
        return Ok(true);
    }
    // Portfolio items: every signed-in user.
    Ok(crate::designers::may_read_file(db, &user.user, file_id).await?)
}
