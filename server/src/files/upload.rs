//! Receiving an upload: the multipart body streamed into temp files, each hashed and
//! typed on the way, the size limit enforced per chunk so that no more than the limit
//! is ever held or written.
//!
//! Nothing is checked against the category here: the form may send
//! `file_category_id` after the files, so the rules run once the body is read
//! ([`super::routes`]). Dropping a [`StagedFile`] deletes its temp file (if storing did
//! not move it already), so every early return (a bad part, a client gone mid-upload, a
//! failed insert) leaves nothing behind.

use std::{
    borrow::Cow,
    path::{Path, PathBuf},
};

use anyhow::Context;
use axum::{
    extract::multipart::{Field, MultipartError, MultipartRejection},
    http::StatusCode,
};
use sha2::{Digest, Sha256};
use tokio::io::AsyncWriteExt;

use super::{
    disk,
    kinds::{FileKind, SNIFF_BYTES},
};
use crate::error::{codes, values, AppError};

/// A received file waiting in the incoming folder.
#[derive(Debug)]
pub struct StagedFile {
    temp: PathBuf,
    /// The cleaned name the browser gave it.
    pub name: String,
    pub size: u64,
    /// SHA-256 of the bytes, hex.
    pub sha256: String,
    /// The accepted type its first bytes show, if any.
    pub kind: Option<FileKind>,
}

impl StagedFile {
    /// Width x height an image's header announces (nothing decoded), or None for a file
    /// that is no image the decoder reads.
    pub async fn pixels(&self) -> Option<u64> {
        let path = self.temp.clone();
        tokio::task::spawn_blocking(move || {
            let mut reader = image::ImageReader::open(path).ok()?.with_guessed_format().ok()?;
            // Only the header is read: the decode limits are for pixels, which this never holds.
            reader.no_limits();
            let (width, height) = reader.into_dimensions().ok()?;
            Some(u64::from(width) * u64::from(height))
        })
        .await
        .ok()
        .flatten()
    }

    /// Removes what a JPEG or PNG says beyond its pixels (EXIF with its GPS position, XMP,
    /// comments, text chunks: `super::metadata`), rewriting the temp file with one rename;
    /// its size and hash become those of the bytes that will be stored and served.
    pub async fn strip_metadata(&mut self) -> anyhow::Result<()> {
        let Some(kind) = self.kind.filter(|k| matches!(k, FileKind::Jpeg | FileKind::Png)) else { return Ok(()) };
        let path = self.temp.clone();
        let stripped = tokio::task::spawn_blocking(move || -> anyhow::Result<Option<(u64, String)>> {
            let original = std::fs::read(&path).context("reading an upload")?;
            let Some(bytes) = super::metadata::stripped(kind, &original) else { return Ok(None) };
            let rewritten = path.with_extension("stripped");
            let result = (|| {
                let mut out = std::fs::File::create(&rewritten)?;
                std::io::Write::write_all(&mut out, &bytes)?;
                out.sync_all()?;
                std::fs::rename(&rewritten, &path)
            })();
            if let Err(err) = result {
                let _ = std::fs::remove_file(&rewritten);
                return Err(anyhow::Error::from(err).context("rewriting an upload without its metadata"));
            }
            Ok(Some((bytes.len() as u64, hex::encode(Sha256::digest(&bytes)))))
        })
        .await
        .context("the metadata task")??;
        if let Some((size, sha256)) = stripped {
            self.size = size;
            self.sha256 = sha256;
        }
        Ok(())
    }

    /// Where the received bytes wait (`{files_dir}/.incoming/{random}`).
    pub fn temp_path(&self) -> &Path {
        &self.temp
    }
}

impl Drop for StagedFile {
    fn drop(&mut self) {
        // A synchronous unlink: cheap, and it must happen even if the task is cancelled.
        // Stored on disk, the file was moved away: NotFound is expected then.
        if let Err(err) = std::fs::remove_file(&self.temp) {
            if err.kind() != std::io::ErrorKind::NotFound {
                tracing::warn!(error = %err, path = %self.temp.display(), "could not remove an upload's temp file");
            }
        }
    }
}

/// What one upload request carried.
#[derive(Debug, Default)]
pub struct Received {
    pub files: Vec<StagedFile>,
    /// The raw `file_category_id`, if sent.
    pub category: Option<String>,
}

/// Field names that carry files: the client sends `files[]`; `file` and `files` are
/// accepted for single uploads and other clients.
fn is_file_field(name: &str) -> bool {
    matches!(name, "files[]" | "files" | "file")
}

/// Longest accepted value of a plain field; ids are short.
const MAX_TEXT_FIELD: usize = 64;

/// Most files one request may carry: a contest's brief or a designer's entry set is a
/// handful; 2,000 one-byte parts were 2,000 rows and files before this bound.
pub const MAX_FILES: usize = 20;

/// Most parts of any kind one request may carry: the files and a few plain fields.
const MAX_PARTS: usize = MAX_FILES + 12;

/// Charges bytes of the request against the uploader's allowance as they arrive
/// (`shared::limits::Limits::check_upload_bytes`): an error stops the upload there.
pub type Charge<'a> = &'a (dyn Fn(usize) -> Result<(), AppError> + Sync);

/// Reads every part of the form, staging files under `incoming`, until the body ends.
/// `limit` is the most file bytes the whole request may carry; `charge` is told of every
/// chunk of file bytes. More than [`MAX_FILES`] files (or [`MAX_PARTS`] parts) is refused
/// 422 `files.max` before the extra part is read.
pub async fn receive(
    multipart: &mut axum::extract::Multipart,
    incoming: &Path,
    limit: u64,
    charge: Charge<'_>,
) -> Result<Received, AppError> {
    tokio::fs::create_dir_all(incoming).await.with_context(|| format!("cannot create {}", incoming.display()))?;
    let mut received = Received::default();
    let mut total = 0u64;
    let mut parts = 0usize;
    while let Some(mut field) = multipart.next_field().await.map_err(|err| body_error(&err, limit))? {
        parts += 1;
        let name = field.name().unwrap_or_default().to_owned();
        let is_file = is_file_field(&name);
        if parts > MAX_PARTS || (is_file && received.files.len() >= MAX_FILES) {
            return Err(AppError::field("files", codes::FILES_MAX));
        }
        if is_file {
            let file_name = disk::clean_name(field.file_name().unwrap_or_default())
                .map_err(|code| AppError::field("files", code))?;
            received.files.push(stage(&mut field, incoming, file_name, &mut total, limit, charge).await?);
        } else {
            let mut value = Vec::new();
            while let Some(chunk) = field.chunk().await.map_err(|err| body_error(&err, limit))? {
                value.extend_from_slice(&chunk);
                if value.len() > MAX_TEXT_FIELD {
                    return Err(AppError::field(&name, codes::TOO_LONG));
                }
            }
            // Unknown fields are read and ignored, like unknown JSON keys.
            if name == "file_category_id" {
                received.category = Some(String::from_utf8_lossy(&value).into_owned());
            }
        }
    }
    Ok(received)
}

/// Streams one file part into a new temp file, hashing it and keeping its first bytes.
async fn stage(
    field: &mut Field<'_>,
    incoming: &Path,
    name: String,
    total: &mut u64,
    limit: u64,
    charge: Charge<'_>,
) -> Result<StagedFile, AppError> {
    let temp = incoming.join(disk::random_name());
    let mut out = tokio::fs::File::create(&temp).await.with_context(|| format!("cannot create {}", temp.display()))?;
    // From here on, dropping `staged` (any `?` below) removes the temp file.
    let mut staged = StagedFile { temp, name, size: 0, sha256: String::new(), kind: None };
    let mut hasher = Sha256::new();
    let mut head = Vec::with_capacity(SNIFF_BYTES);
    while let Some(chunk) = field.chunk().await.map_err(|err| body_error(&err, limit))? {
        *total += chunk.len() as u64;
        if *total > limit {
            return Err(too_large(limit));
        }
        charge(chunk.len())?;
        let wanted = SNIFF_BYTES.saturating_sub(head.len()).min(chunk.len());
        head.extend_from_slice(&chunk[..wanted]);
        hasher.update(&chunk);
        out.write_all(&chunk).await.context("writing an upload")?;
        staged.size += chunk.len() as u64;
    }
    out.flush().await.context("writing an upload")?;
    // On disk before its row can commit: a crash must not leave a row whose bytes were lost.
    out.sync_all().await.context("syncing an upload")?;
    staged.sha256 = hex::encode(hasher.finalize());
    staged.kind = FileKind::sniff(&head);
    Ok(staged)
}

/// 413 `file.too_large`, naming the limit.
pub fn too_large(limit: u64) -> AppError {
    AppError::RuleWithValues {
        status: StatusCode::PAYLOAD_TOO_LARGE,
        template: values::UPLOAD_LIMIT,
        params: values::params([("limit", human_size(limit).into())]),
    }
}

/// A body that broke off or is not well-formed multipart; over the overall cap, 413.
fn body_error(err: &MultipartError, limit: u64) -> AppError {
    if err.status() == StatusCode::PAYLOAD_TOO_LARGE {
        return too_large(limit);
    }
    let message = format!("{} {}", codes::BODY_INVALID.message, err.body_text());
    AppError::Rule {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        code: codes::BODY_INVALID,
        message: Some(Cow::Owned(message)),
    }
}

/// A request that is not `multipart/form-data` at all.
pub fn not_multipart(rejection: &MultipartRejection) -> AppError {
    let message = format!("{} {}", codes::BODY_INVALID.message, rejection.body_text());
    AppError::Rule {
        status: StatusCode::UNSUPPORTED_MEDIA_TYPE,
        code: codes::BODY_INVALID,
        message: Some(Cow::Owned(message)),
    }
}

fn human_size(bytes: u64) -> String {
    const MIB: u64 = 1024 * 1024;
    if bytes >= MIB && bytes.is_multiple_of(MIB) {
        format!("{} MiB", bytes / MIB)
    } else if bytes >= 1024 && bytes.is_multiple_of(1024) {
        format!("{} KiB", bytes / 1024)
    } else {
        format!("{bytes} bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_read_as_people_write_them() {
        assert_eq!(human_size(25 * 1024 * 1024), "25 MiB");
        assert_eq!(human_size(2048), "2 KiB");
        assert_eq!(human_size(1000), "1000 bytes");
        assert_eq!(too_large(1024).status(), StatusCode::PAYLOAD_TOO_LARGE);
    }

    #[test]
    fn files_come_in_under_any_of_the_usual_names() {
        assert!(is_file_field("files[]") && is_file_field("file") && is_file_field("files"));
        assert!(!is_file_field("file_category_id"));
    }
}
