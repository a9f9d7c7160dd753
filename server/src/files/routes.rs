//! HTTP handlers of the files area: upload, the owner's view of a file, and one-time
//! download links a browser can open without a bearer token.

use anyhow::Context;
use axum::{
    body::Body,
    extract::{DefaultBodyLimit, FromRequest, Multipart, Request, State},
    http::{header, HeaderMap, HeaderValue, StatusCode},
    response::Response,
    Extension, Json,
};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    derived::{self, Size},
    disk,
    kinds::{FileCategory, FileKind},
    links, may_read,
    store::{self, FileRow, NewFile},
    upload::{self, StagedFile},
    Readers,
};
use crate::{
    accounts::{
        secrets::{new_secret, secret_digest},
        CurrentUser, MaybeUser,
    },
    api::Data,
    error::{codes, ApiPath, ApiQuery, AppError, ErrorEnvelope, FieldErrors},
    state::AppState,
    storage::Storage,
    store::one_time_tokens,
};

pub fn router() -> OpenApiRouter<AppState> {
    // Uploads are capped by VITRINE_MAX_UPLOAD_BYTES while they stream (see `upload`),
    // not by axum's fixed default body limit.
    let uploads = OpenApiRouter::new().routes(routes!(upload_files)).layer(DefaultBodyLimit::disable());
    OpenApiRouter::new()
        .merge(uploads)
        .routes(routes!(show_content))
        .routes(routes!(super::link_routes::create_links))
        .routes(routes!(issue_download_token))
        .routes(routes!(download))
}

/// A 201 answer with `{"data": ...}`.
type Created<T> = (StatusCode, Json<Data<T>>);

/// How long a download link works.
pub const DOWNLOAD_TOKEN_TTL_MS: i64 = 5 * 60 * 1000;

/// Room for the multipart envelope (boundaries, part headers, small fields) above the
/// file-bytes limit when the body as a whole is capped.
const ENVELOPE_ALLOWANCE: u64 = 64 * 1024;

/// The form of `POST /files`.
#[derive(ToSchema)]
#[allow(dead_code)] // documents the form; the handler reads the parts as they stream
pub struct UploadForm {
    /// One or more files (a single `file` part is accepted too).
    #[schema(rename = "files[]", value_type = Vec<String>, format = Binary, min_items = 1, max_items = 20)]
    files: Vec<Vec<u8>>,
    /// 4 contest brief, 5 main entry, 8 other entries, 13 and 16 project uploads, 14 project brief.
    #[schema(value_type = FileCategoryDoc, inline)]
    file_category_id: i64,
}

crate::api::enum_doc!(
    /// An upload category's id ([`FileCategory::ALL`]).
    pub FileCategoryDoc: i64 = FileCategory::ALL.map(FileCategory::id)
);

/// A stored file as the API shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct FileView {
    pub id: i64,
    /// The name it was uploaded under.
    pub name: String,
    /// Where its bytes are served: `/files/{id}/content`.
    pub full_path: String,
    /// Recognised from the bytes, e.g. `image/png`.
    pub content_type: String,
    /// Bytes.
    pub size: i64,
    /// SHA-256 of the bytes, hex.
    pub hash: String,
}

impl FileView {
    pub fn of(row: FileRow) -> Self {
        Self {
            full_path: format!("/files/{}/content", row.id),
            id: row.id,
            name: row.original_name,
            content_type: row.content_type,
            size: row.size_bytes,
            hash: row.sha256,
        }
    }
}

/// Uploads one or more files (`files[]`, at most 20) for a use (`file_category_id`). Entry
/// images (5, 8) must be png, bmp, gif, jpeg or tiff by content; brief and project
/// categories (4, 13, 14, 16) also take pdf and zip. Names with control, text-direction or
/// invisible characters are refused (422 `name.invalid_characters`); the pictures of one
/// request may announce at most 100 megapixels (413 `file.too_many_pixels`); a user
/// uploads at most `VITRINE_RATE_UPLOAD_BYTES_PER_USER` bytes (429 `rate.limited`).
/// JPEG and PNG originals are stored without their metadata (EXIF and its GPS position,
/// XMP, comments, text chunks; the orientation and colour profile kept), so `size` and
/// `hash` are those of the bytes stored and served, which may be fewer than were sent.
#[utoipa::path(post, path = "/files", tag = "files", security(("bearer" = [])),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses((status = 201, body = Data<Vec<FileView>>), (status = 401, body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope), (status = 415, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope),
        (status = 429, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = caller.id()))]
async fn upload_files(
    State(state): State<AppState>,
    caller: CurrentUser,
    request: Request,
) -> Result<Created<Vec<FileView>>, AppError> {
    let limit = state.settings.max_upload_bytes;
    let cap = limit.saturating_add(ENVELOPE_ALLOWANCE);
    let declared = request.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if declared.is_some_and(|length| length > cap) {
        return Err(upload::too_large(limit));
    }
    // The body as a whole is capped too, so a part that never ends cannot grow a buffer.
    let (parts, body) = request.into_parts();
    let body = Body::new(http_body_util::Limited::new(body, usize::try_from(cap).unwrap_or(usize::MAX)));
    let mut multipart = Multipart::from_request(Request::from_parts(parts, body), &state)
        .await
        .map_err(|rejection| upload::not_multipart(&rejection))?;

    let user_id = caller.id();
    let charge = |bytes: usize| state.limits.check_upload_bytes(user_id, bytes);
    let received = upload::receive(&mut multipart, &state.storage.incoming_dir(), limit, &charge).await?;
    let category = check_upload(received.category.as_deref(), &received.files)?;
    let pixels = check_pixels(&received.files).await?;
    // Before anything is decoded: a user's pictures a minute are bounded too
    // (`VITRINE_RATE_UPLOAD_PIXELS_PER_USER`, 429 `rate.limited` as for bytes).
    state.limits.check_upload_pixels(user_id, pixels)?;
    let mut files = received.files;
    for file in &mut files {
        file.strip_metadata().await?;
    }
    let views = store_files(&state, &caller, category, files).await?;
    tracing::info!(user_id = caller.id(), files = views.len(), category = category.id(), "files uploaded");
    Ok((StatusCode::CREATED, Json(Data::new(views))))
}

/// The rules an upload must meet once read: a known category, at least one file, no
/// empty file, and every file of a type the category takes.
fn check_upload(category: Option<&str>, files: &[StagedFile]) -> Result<FileCategory, AppError> {
    let mut errors = FieldErrors::new();
    let category = match category {
        None => {
            errors.add("file_category_id", codes::REQUIRED);
            None
        }
        Some(raw) => FileCategory::parse(raw).map_err(|code| errors.add("file_category_id", code)).ok(),
    };
    if files.is_empty() {
        errors.add("files", codes::REQUIRED);
    }
    for file in files {
        let broken = if file.size == 0 {
            Some(codes::FILE_EMPTY)
        } else {
            category.filter(|c| !file.kind.is_some_and(|kind| c.accepts(kind))).map(|_| codes::FILE_TYPE_INVALID)
        };
        if let Some(code) = broken {
            errors.add_message("files", code, format!("{}: {}", file.name, code.message));
        }
    }
    errors.into_result()?;
    category.ok_or_else(|| anyhow::anyhow!("a checked upload has a category").into())
}

/// Most pixels the pictures of one request may announce together: decoding them (for
/// thumbnails, at upload) is what an upload costs the server; four 8,000 x 8,000 PNGs
/// (256 megapixels) took 6.8 s. One picture of up to 10,000 x 10,000 still passes.
pub const MAX_PIXELS_PER_REQUEST: u64 = 100_000_000;

/// 413 `file.too_many_pixels` when the images' headers announce more than
/// [`MAX_PIXELS_PER_REQUEST`] together; read from the headers, before any decoding.
/// Answers the pixels they announce.
async fn check_pixels(files: &[StagedFile]) -> Result<u64, AppError> {
    let mut pixels = 0u64;
    for file in files.iter().filter(|f| f.kind.is_some_and(FileKind::is_image)) {
        pixels = pixels.saturating_add(file.pixels().await.unwrap_or(0));
        if pixels > MAX_PIXELS_PER_REQUEST {
            return Err(AppError::rule(StatusCode::PAYLOAD_TOO_LARGE, codes::FILE_PIXELS));
        }
    }
    Ok(pixels)
}

/// Inserts the rows in one transaction, then stores the bytes (`files::storage`). Should
/// storing fail, the upload's rows and stored bytes are deleted again: no row ever points
/// at missing bytes, and temp files not placed are removed when `files` drops.
async fn store_files(
    state: &AppState,
    caller: &CurrentUser,
    category: FileCategory,
    files: Vec<StagedFile>,
) -> Result<Vec<FileView>, AppError> {
    let storage = &state.storage;
    let now = state.now_ms();
    let keys: Vec<String> = files.iter().map(|_| disk::new_storage_key(now)).collect();
    let mut tx = state.db.pool.begin().await?;
    let mut ids = Vec::with_capacity(files.len());
    for (file, key) in files.iter().zip(&keys) {
        let kind = file.kind.ok_or_else(|| anyhow::anyhow!("a checked file has a kind"))?;
        let new_file = NewFile {
            app_user_id: caller.id(),
            file_category_id: category.id(),
            original_name: &file.name,
            content_type: kind.content_type(),
            size_bytes: i64::try_from(file.size).map_err(anyhow::Error::from)?,
            sha256: &file.sha256,
            storage_key: key,
            now_ms: now,
        };
        ids.push(store::insert_file(&mut *tx, &new_file).await?);
    }
    tx.commit().await?;

    for (file, key) in files.iter().zip(&keys) {
        if let Err(err) = storage.put_file(key, file.temp_path()).await {
            for (id, key) in ids.iter().zip(&keys) {
                if let Err(err) = store::delete_file(&state.db.pool, *id).await {
                    tracing::error!(error = %err, file_id = id, "could not delete the row of an unplaced upload");
                }
                // Files not stored yet have no bytes; deleting them is no error.
                if let Err(err) = storage.delete(key).await {
                    tracing::warn!(error = %err, storage_key = key, "could not remove the bytes of an unplaced upload");
                }
            }
            return Err(err.context("storing an uploaded file").into());
        }
    }
    for (file, key) in files.iter().zip(&keys) {
        if file.kind.is_some_and(FileKind::is_image) {
            make_derivatives(storage, key).await;
        }
    }
    let mut views = Vec::with_capacity(ids.len());
    for id in ids {
        let row = store::find_file(&state.db.pool, id).await?.ok_or_else(|| anyhow::anyhow!("file {id} vanished"))?;
        views.push(FileView::of(row));
    }
    Ok(views)
}

/// Best effort: an upload whose picture does not decode (or whose derivatives cannot be
/// written) is still stored; its thumbnails are tried again on first request.
async fn make_derivatives(storage: &Storage, key: &str) {
    match derived::make_all(storage, key).await {
        Ok(true) => {}
        Ok(false) => tracing::info!(storage_key = key, "an uploaded image has no thumbnails"),
        Err(err) => tracing::warn!(error = %err, storage_key = key, "could not make an upload's thumbnails"),
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ContentQuery {
    /// A smaller copy of an image, without metadata: `thumb` (at most 480 px wide) or
    /// `medium` (1280 px), JPEG or PNG. Without it, the original bytes.
    // Inline so the document states the two values where the parameter is (the contract
    // check sends only those).
    #[param(inline)]
    pub size: Option<Size>,
    /// With `signature`: a link from `POST /files/links` (epoch seconds it works until);
    /// no bearer token is needed then.
    pub expires: Option<i64>,
    /// With `expires`: the link's signature.
    pub signature: Option<String>,
}

/// How long browsers keep file bytes: short, as who may read a file can change.
const CONTENT_CACHE: &str = "private, max-age=300";

/// The bytes of a file, for those who may read it (its uploader, admins, and whoever the
/// areas that attach it allow: some, such as profile pictures, without signing in).
/// `?size=` asks for a smaller copy of an image, under exactly the same rules; a file
/// with no such copy (not an image, or one that cannot be decoded) answers 404
/// `file.not_found`, and the original stays available without `size`. With `expires` and
/// `signature` (a link from `POST /files/links`) no token is needed, and caches may keep the
/// answer until the link expires; a wrong or expired link is 403 `file.link_invalid`.
#[utoipa::path(get, path = "/files/{id}/content", tag = "files", params(("id" = i64, Path), ContentQuery),
    responses((status = 200, description = "The file's bytes, with the type sniffed at upload (files::kinds); with `size`, a derivative (image/jpeg or image/png, no Range support)", content(("image/png"), ("image/jpeg"), ("image/gif"), ("image/tiff"), ("image/bmp"), ("application/pdf"), ("application/zip"))),
        (status = 206, description = "The requested range of the file's bytes (a `Range` header, without `size`)", content(("image/png"), ("image/jpeg"), ("image/gif"), ("image/tiff"), ("image/bmp"), ("application/pdf"), ("application/zip"))),
        (status = 422, description = "`size` is not `thumb` or `medium` (`request.query_invalid`)", body = ErrorEnvelope),
        (status = 416, description = "The `Range` header asks for bytes the file does not have"),
        (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope),
        (status = 404, description = "No such file, or (with `size`) a file that has no smaller copy: not an image, or one that does not decode within the limits", body = ErrorEnvelope)))]
#[instrument(skip_all, fields(file_id = id))]
async fn show_content(
    State(state): State<AppState>,
    Extension(readers): Extension<Readers>,
    MaybeUser(caller): MaybeUser,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<ContentQuery>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let (file, cache) = match (query.expires, query.signature.as_deref()) {
        (Some(expires), Some(signature)) => {
            let now = state.now_ms();
            if !links::verify(&state.settings, id, query.size, expires, signature, now) {
                return Err(AppError::forbidden(codes::FILE_LINK_INVALID));
            }
            let file = store::find_file(&state.db.pool, id).await?;
            (file.ok_or_else(|| AppError::not_found(codes::FILE_NOT_FOUND))?, links::cache_control(expires, now))
        }
        _ => (readable_file(&state, &readers, caller.as_ref(), id).await?, CONTENT_CACHE.to_owned()),
    };
    let disposition = disk::inline_disposition(&file.original_name);
    match query.size {
        None => serve(&state, &file, &disposition, &cache, &headers).await,
        Some(size) => serve_derived(&state, &file, size, &disposition, &cache).await,
    }
}

/// A derivative of a readable file, made now if it was not at upload (files stored
/// before derivatives existed, such as the demo seed's pictures).
async fn serve_derived(
    state: &AppState,
    file: &FileRow,
    size: Size,
    disposition: &str,
    cache_control: &str,
) -> Result<Response, AppError> {
    let no_copy = || AppError::not_found(codes::FILE_NOT_FOUND);
    if !file.content_type.starts_with("image/") {
        return Err(no_copy());
    }
    let key = derived::key_of(&file.storage_key, size);
    let bytes = match state.storage.read(&key).await.context("reading a derivative")? {
        Some(bytes) => bytes,
        None => {
            if !derived::make_all(&state.storage, &file.storage_key).await? {
                return Err(no_copy());
            }
            state.storage.read(&key).await?.with_context(|| format!("{key} vanished once made"))?
        }
    };
    let content_type = FileKind::sniff(&bytes).map_or("application/octet-stream", FileKind::content_type);
    let mut response = Response::new(Body::from(bytes));
    let out = response.headers_mut();
    out.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    out.insert(header::CONTENT_DISPOSITION, HeaderValue::from_str(disposition).map_err(anyhow::Error::from)?);
    out.insert(header::CACHE_CONTROL, HeaderValue::from_str(cache_control).map_err(anyhow::Error::from)?);
    out.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    Ok(response)
}

/// The file if it exists (404) and the caller may read it (403; 401 for an anonymous
/// caller, who may have to sign in first).
async fn readable_file(
    state: &AppState,
    readers: &Readers,
    caller: Option<&CurrentUser>,
    id: i64,
) -> Result<FileRow, AppError> {
    let refused = || match caller {
        Some(_) => AppError::forbidden(codes::FORBIDDEN),
        None => AppError::unauthenticated(),
    };
    // Whether a file exists is told to signed-in callers only.
    let file = store::find_file(&state.db.pool, id).await?.ok_or_else(|| match caller {
        Some(_) => AppError::not_found(codes::FILE_NOT_FOUND),
        None => AppError::unauthenticated(),
    })?;
    if !may_read(&state.db, readers, caller, id).await? {
        return Err(refused());
    }
    Ok(file)
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DownloadToken {
    /// Goes in `GET /files/{id}/download?token=`; works once.
    pub token: String,
    /// Epoch ms after which the token no longer works.
    pub expires_at: i64,
}

/// A one-time link to download a file, valid five minutes, for those who may read it.
#[utoipa::path(post, path = "/files/{id}/download/tokens", tag = "files", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 201, body = Data<DownloadToken>), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(file_id = id))]
async fn issue_download_token(
    State(state): State<AppState>,
    Extension(readers): Extension<Readers>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Created<DownloadToken>, AppError> {
    readable_file(&state, &readers, Some(&caller), id).await?;
    Ok((StatusCode::CREATED, Json(Data::new(grant_download(&state, id, caller.id()).await?))))
}

/// A new one-time link to file `file_id` for `user_id`. The caller has checked that
/// the user may read the file (other areas hand out links to files they attach).
pub async fn grant_download(state: &AppState, file_id: i64, user_id: i64) -> Result<DownloadToken, AppError> {
    let token = new_secret();
    let now = state.now_ms();
    let expires_at = now + DOWNLOAD_TOKEN_TTL_MS;
    store::insert_download_token(&state.db.pool, file_id, user_id, &secret_digest(&token), now, expires_at).await?;
    Ok(DownloadToken { token, expires_at })
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DownloadQuery {
    /// From `POST /files/{id}/download/tokens`.
    pub token: Option<String>,
}

/// Downloads a file with a one-time token; no bearer needed, so a browser can open it.
/// An unknown token is 404, a used or expired one 410.
#[utoipa::path(get, path = "/files/{id}/download", tag = "files", params(("id" = i64, Path), DownloadQuery),
    responses((status = 200, description = "The file's bytes as an attachment, with the type sniffed at upload", content(("image/png"), ("image/jpeg"), ("image/gif"), ("image/tiff"), ("image/bmp"), ("application/pdf"), ("application/zip"))),
        (status = 206, description = "The requested range of the file's bytes (a `Range` header)", content(("image/png"), ("image/jpeg"), ("image/gif"), ("image/tiff"), ("image/bmp"), ("application/pdf"), ("application/zip"))),
        (status = 416, description = "The `Range` header asks for bytes the file does not have"),
        (status = 404, body = ErrorEnvelope), (status = 410, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(file_id = id))]
async fn download(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<DownloadQuery>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let invalid = || AppError::not_found(codes::DOWNLOAD_TOKEN_INVALID);
    let token = query.token.filter(|t| !t.is_empty()).ok_or_else(invalid)?;
    let row = one_time_tokens::find(&state.db.pool, one_time_tokens::DOWNLOAD, &secret_digest(&token))
        .await?
        .filter(|row| row.subject_id == id)
        .ok_or_else(invalid)?;
    let now = state.now_ms();
    if row.used_at.is_some()
        || row.expires_at <= now
        || !one_time_tokens::consume(&state.db.pool, one_time_tokens::DOWNLOAD, row.id, now).await?
    {
        return Err(AppError::rule(StatusCode::GONE, codes::DOWNLOAD_TOKEN_INVALID));
    }
    let file = store::find_file(&state.db.pool, id).await?.ok_or_else(invalid)?;
    serve(&state, &file, &disk::attachment_disposition(&file.original_name), "no-store", &headers).await
}

/// Streams a stored file (ranges supported: they resume downloads) with its own type and
/// the given disposition.
async fn serve(
    state: &AppState,
    file: &FileRow,
    disposition: &str,
    cache_control: &str,
    headers: &HeaderMap,
) -> Result<Response, AppError> {
    let Some(mut response) = state.storage.serve(&file.storage_key, headers).await? else {
        return Err(anyhow::anyhow!("file {} has no bytes under {}", file.id, file.storage_key).into());
    };
    let out = response.headers_mut();
    out.insert(header::CONTENT_TYPE, HeaderValue::from_str(&file.content_type).map_err(anyhow::Error::from)?);
    out.insert(header::CONTENT_DISPOSITION, HeaderValue::from_str(disposition).map_err(anyhow::Error::from)?);
    out.insert(header::CACHE_CONTROL, HeaderValue::from_str(cache_control).map_err(anyhow::Error::from)?);
    out.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    Ok(response)
}
