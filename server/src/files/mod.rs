//! Files: uploads typed by their content, stored on disk with a row each, served to
//! those who may read them, and one-time download links for browsers.
//!
//! - [`kinds`]: the upload categories and the file types they take (magic bytes).
//! - `upload`: the multipart body streamed into temp files within the size limit.
//! - `metadata`: EXIF, XMP, comments and text chunks removed from JPEG and PNG originals
//!   before they are stored (the orientation kept), the pixels untouched.
//! - `derived`: thumbnails of images (`?size=thumb|medium`), made at upload or on first
//!   request, without metadata, under `.derived/{storage_key}.{size}`.
//! - `disk`: storage keys (`{yyyy}/{mm}/{random}`), the local layout and download names.
//! - [`crate::storage`]: where bytes live: on this node's disk (`{files_dir}/{key}`, the default)
//!   or in an S3-compatible bucket (`VITRINE_S3_BUCKET`), behind one interface.
//! - [`store`]: the `file` and `download_token` rows.
//! - [`cleanup`]: uploads attached to nothing a day later are removed (the timers run it).
//! - `routes`: `POST /files`, `GET /files/{id}/content`, download tokens and downloads.
//! - [`links`], `link_routes`: signed plain URLs to files (`POST /files/links`) that an
//!   `<img>` loads without a token and caches may keep until they expire.
//!
//! An upload commits its rows first and then stores its temp files' bytes; a
//! failure on either side removes what the other did, so there are no files without
//! rows and no rows without files.

pub mod cleanup;
pub mod derived;
pub(crate) mod disk;
pub mod kinds;
mod link_routes;
pub mod links;
mod metadata;
mod routes;
pub mod store;
mod upload;

pub use kinds::{FileCategory, FileKind};
pub use routes::{grant_download, router, DownloadToken, FileView, DOWNLOAD_TOKEN_TTL_MS};

pub use crate::storage::Storage;

use std::sync::Arc;

use futures::future::BoxFuture;
use tracing::instrument;

use crate::{
    accounts::{model::UserRow, CurrentUser},
    error::AppError,
    store::Db,
};

/// One area's answer to "may this user (None: an anonymous reader) read this file
/// attached to something of yours?"
pub type Reader = for<'a> fn(&'a Db, Option<&'a UserRow>, i64) -> BoxFuture<'a, Result<bool, sqlx::Error>>;

/// The areas that attach files to what they own, each with its [`Reader`]: registered by
/// the assembly (`http::api`), asked in order by [`may_read`]. Files import none of them.
#[derive(Clone)]
pub struct Readers(Arc<Vec<Reader>>);

impl Readers {
    pub fn new(readers: Vec<Reader>) -> Self {
        Self(Arc::new(readers))
    }
}

/// Whether `user` (None: a reader who is not signed in) may read file `file_id` (its
/// bytes, and download links to it).
///
/// Its uploader and admins, and whoever the areas that attach it allow: each area that
/// attaches files to what it owns (contest briefs and entries, project briefs and updates,
/// bids, listings, profiles, showcases, portfolios) answers through one [`Reader`]
/// ("the file belongs to a contest the user takes part in"), so that every way of reading
/// a file asks one question, and the file area knows none of them. What a designer's
/// public profile shows (pictures, portfolio, entries for sale) anonymous readers may read.
#[instrument(skip_all, fields(file_id = file_id, user_id = user.map(CurrentUser::id)))]
pub async fn may_read(db: &Db, readers: &Readers, user: Option<&CurrentUser>, file_id: i64) -> Result<bool, AppError> {
    if user.is_some_and(CurrentUser::is_admin) {
        return Ok(true);
    }
    let owner = store::find_file(&db.pool, file_id).await?.map(|file| file.app_user_id);
    if user.is_some_and(|u| owner == Some(u.id())) {
        return Ok(true);
    }
    for reader in readers.0.iter() {
        if reader(db, user.map(|u| &u.user), file_id).await? {
            return Ok(true);
        }
    }
    Ok(false)
}
