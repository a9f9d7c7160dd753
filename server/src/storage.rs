//! Where file bytes live: one interface over two backends, chosen by the settings.
//!
//! - **Disk** (the embedded default): `{files_dir}/{key}`, today's layout
//!   (`{yyyy}/{mm}/{random}`, derivatives under `.derived/`). An upload's temp file is
//!   placed with one rename; other bytes are written to a temp name and renamed.
//! - **S3** (`VITRINE_S3_BUCKET`): objects named by the same keys in an S3-compatible
//!   bucket (AWS S3, MinIO; moto in the tests), through the `object_store` crate, so that
//!   every node of a cluster serves every file. Uploads are still received on the node's
//!   disk (`{files_dir}/.incoming`) and then streamed to the bucket.
//!
//! Keys are made by the files area only (`files::disk::new_storage_key`,
//! `files::derived::key_of`): nothing a client sends reaches one. A foundation module (it
//! knows the settings only), so that the state can hold it and the files area use it.

use std::{ops::Range, path::PathBuf, sync::Arc};

use anyhow::Context;
use axum::{
    body::Body,
    http::{header, HeaderMap, HeaderValue, Request, StatusCode},
    response::Response,
};
use futures::TryStreamExt;
use object_store::{
    aws::AmazonS3Builder, buffered::BufWriter, path::Path as ObjectPath, GetOptions, GetRange, ObjectStore, PutPayload,
};
use tokio::io::AsyncWriteExt;
use tower::ServiceExt;
use tower_http::services::ServeFile;

use crate::config::Settings;

/// The storage in force; cheap to clone.
#[derive(Clone)]
pub struct Storage {
    backend: Arc<Backend>,
    /// The node's own files folder: uploads are received in its `.incoming`.
    files_dir: PathBuf,
}

enum Backend {
    Disk,
    S3 { store: Arc<dyn ObjectStore>, bucket: String },
}

impl std::fmt::Debug for Storage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &*self.backend {
            Backend::Disk => write!(f, "Storage::Disk({})", self.files_dir.display()),
            Backend::S3 { bucket, .. } => write!(f, "Storage::S3({bucket})"),
        }
    }
}

/// Whether a failure is "no such object" (an answer, not an error, for reads and deletes).
fn missing(err: &object_store::Error) -> bool {
    matches!(err, object_store::Error::NotFound { .. })
}

fn not_found(err: &std::io::Error) -> bool {
    err.kind() == std::io::ErrorKind::NotFound
}

impl Storage {
    /// Files on this node's disk under `files_dir`.
    pub fn disk(files_dir: impl Into<PathBuf>) -> Self {
        Self { backend: Arc::new(Backend::Disk), files_dir: files_dir.into() }
    }

    /// The backend the settings choose: the bucket `VITRINE_S3_BUCKET` if set, else the
    /// disk at `effective_files_dir()`. Nothing is contacted yet (see [`Self::check`]).
    pub fn from_settings(settings: &Settings) -> anyhow::Result<Self> {
        let files_dir = settings.effective_files_dir();
        let Some(bucket) = settings.s3_bucket.clone() else { return Ok(Self::disk(files_dir)) };
        let mut builder = AmazonS3Builder::new().with_bucket_name(&bucket).with_region(&settings.s3_region);
        if let Some(endpoint) = &settings.s3_endpoint {
            // MinIO and other stores answer path-style requests (`{endpoint}/{bucket}/{key}`).
            builder = builder
                .with_endpoint(endpoint)
                .with_virtual_hosted_style_request(false)
                .with_allow_http(endpoint.starts_with("http://"));
        }
        if let (Some(id), Some(secret)) = (&settings.s3_access_key_id, &settings.s3_secret_access_key) {
            builder = builder.with_access_key_id(id).with_secret_access_key(secret);
        }
        let store = builder.build().with_context(|| format!("configuring the S3 bucket {bucket:?}"))?;
        Ok(Self { backend: Arc::new(Backend::S3 { store: Arc::new(store), bucket }), files_dir })
    }

    /// Which backend, for the start-up log line: `disk` or `s3`.
    pub fn kind(&self) -> &'static str {
        match &*self.backend {
            Backend::Disk => "disk",
            Backend::S3 { .. } => "s3",
        }
    }

    /// Where uploads are received before they are stored (always on this node's disk, on
    /// the files folder's file system, so that storing on disk is one rename).
    pub fn incoming_dir(&self) -> PathBuf {
        self.files_dir.join(".incoming")
    }

    /// At start: the bucket answers (it exists and the keys may list it), so that a wrong
    /// setting stops the server with a clear message instead of failing every upload.
    pub async fn check(&self) -> anyhow::Result<()> {
        match &*self.backend {
            // The folders are made as files arrive.
            Backend::Disk => Ok(()),
            Backend::S3 { store, bucket } => {
                store.list_with_delimiter(Some(&ObjectPath::from("vitrine-check"))).await.with_context(|| {
                    format!("the S3 bucket {bucket:?} does not answer (VITRINE_S3_BUCKET, VITRINE_S3_ENDPOINT, AWS_ACCESS_KEY_ID)")
                })?;
                Ok(())
            }
        }
    }

    fn object(key: &str) -> anyhow::Result<ObjectPath> {
        ObjectPath::parse(key).with_context(|| format!("storage key {key:?}"))
    }

    /// `{files_dir}/{key}`, a folder per `/` of the key.
    fn path_of(&self, key: &str) -> PathBuf {
        key.split('/').fold(self.files_dir.clone(), |path, part| path.join(part))
    }

    /// Stores the received file at `temp` (under [`Self::incoming_dir`]) under `key`: moved
    /// there with one rename on disk; streamed to the bucket on S3 (in parts above 10 MB),
    /// where the temp file stays for its owner to remove.
    pub async fn put_file(&self, key: &str, temp: &std::path::Path) -> anyhow::Result<()> {
        match &*self.backend {
            Backend::Disk => {
                let path = self.path_of(key);
                if let Some(folder) = path.parent() {
                    tokio::fs::create_dir_all(folder).await?;
                }
                tokio::fs::rename(temp, &path).await.with_context(|| format!("placing {}", path.display()))
            }
            Backend::S3 { store, .. } => {
                let mut source = tokio::fs::File::open(temp).await.context("opening a received upload")?;
                let mut writer = BufWriter::new(store.clone(), Self::object(key)?);
                let copied = tokio::io::copy(&mut source, &mut writer).await;
                if let Err(err) = copied {
                    let _ = writer.abort().await;
                    return Err(anyhow::Error::from(err).context(format!("sending {key} to the bucket")));
                }
                writer.shutdown().await.with_context(|| format!("sending {key} to the bucket"))
            }
        }
    }

    /// Stores `bytes` under `key`; a reader never sees half of them.
    pub async fn put_bytes(&self, key: &str, bytes: Vec<u8>) -> anyhow::Result<()> {
        match &*self.backend {
            Backend::Disk => {
                let path = self.path_of(key);
                let folder = path.parent().context("a stored path has a folder")?.to_owned();
                tokio::fs::create_dir_all(&folder).await.with_context(|| format!("creating {}", folder.display()))?;
                let temp = folder.join(format!(".{:032x}", rand::random::<u128>()));
                tokio::fs::write(&temp, bytes).await.with_context(|| format!("writing {}", temp.display()))?;
                if let Err(err) = tokio::fs::rename(&temp, &path).await {
                    let _ = tokio::fs::remove_file(&temp).await;
                    return Err(anyhow::Error::from(err).context(format!("placing {}", path.display())));
                }
                Ok(())
            }
            Backend::S3 { store, .. } => {
                store
                    .put(&Self::object(key)?, PutPayload::from(bytes))
                    .await
                    .with_context(|| format!("putting {key}"))?;
                Ok(())
            }
        }
    }

    /// The bytes under `key`, or None when there are none.
    pub async fn read(&self, key: &str) -> anyhow::Result<Option<Vec<u8>>> {
        match &*self.backend {
            Backend::Disk => match tokio::fs::read(self.path_of(key)).await {
                Ok(bytes) => Ok(Some(bytes)),
                Err(err) if not_found(&err) => Ok(None),
                Err(err) => Err(anyhow::Error::from(err).context(format!("reading {key}"))),
            },
            Backend::S3 { store, .. } => match store.get(&Self::object(key)?).await {
                Ok(result) => Ok(Some(result.bytes().await.with_context(|| format!("reading {key}"))?.to_vec())),
                Err(err) if missing(&err) => Ok(None),
                Err(err) => Err(anyhow::Error::from(err).context(format!("reading {key}"))),
            },
        }
    }

    /// Whether there are bytes under `key`.
    pub async fn exists(&self, key: &str) -> anyhow::Result<bool> {
        match &*self.backend {
            Backend::Disk => match tokio::fs::metadata(self.path_of(key)).await {
                Ok(_) => Ok(true),
                Err(err) if not_found(&err) => Ok(false),
                Err(err) => Err(anyhow::Error::from(err).context(format!("looking for {key}"))),
            },
            Backend::S3 { store, .. } => match store.head(&Self::object(key)?).await {
                Ok(_) => Ok(true),
                Err(err) if missing(&err) => Ok(false),
                Err(err) => Err(anyhow::Error::from(err).context(format!("looking for {key}"))),
            },
        }
    }

    /// Removes the bytes under `key`; bytes already gone are no error.
    pub async fn delete(&self, key: &str) -> anyhow::Result<()> {
        match &*self.backend {
            Backend::Disk => match tokio::fs::remove_file(self.path_of(key)).await {
                Err(err) if !not_found(&err) => Err(anyhow::Error::from(err).context(format!("removing {key}"))),
                _ => Ok(()),
            },
            Backend::S3 { store, .. } => match store.delete(&Self::object(key)?).await {
                Err(err) if !missing(&err) => Err(anyhow::Error::from(err).context(format!("removing {key}"))),
                _ => Ok(()),
            },
        }
    }

    /// An answer with the bytes under `key` (the caller adds type, disposition and cache
    /// headers), honouring one `Range` (206, or 416 past the end); None when there are no
    /// bytes. On disk the file service answers; from the bucket the object is streamed.
    pub async fn serve(&self, key: &str, headers: &HeaderMap) -> anyhow::Result<Option<Response>> {
        match &*self.backend {
            Backend::Disk => {
                let path = self.path_of(key);
                match tokio::fs::metadata(&path).await {
                    Err(err) if not_found(&err) => return Ok(None),
                    Err(err) => return Err(anyhow::Error::from(err).context(format!("looking for {key}"))),
                    Ok(_) => {}
                }
                let mut request = Request::new(Body::empty());
                for name in [header::RANGE, header::IF_RANGE] {
                    if let Some(value) = headers.get(&name) {
                        request.headers_mut().insert(name, value.clone());
                    }
                }
                let response = ServeFile::new(&path).oneshot(request).await.unwrap_or_else(|never| match never {});
                Ok(Some(response.map(Body::new)))
            }
            Backend::S3 { store, .. } => {
                let object = Self::object(key)?;
                let meta = match store.head(&object).await {
                    Ok(meta) => meta,
                    Err(err) if missing(&err) => return Ok(None),
                    Err(err) => return Err(anyhow::Error::from(err).context(format!("looking for {key}"))),
                };
                let size = meta.size;
                // An `If-Range` is answered with the whole object: always a correct answer.
                let wanted = if headers.contains_key(header::IF_RANGE) {
                    None
                } else {
                    headers.get(header::RANGE).and_then(|v| v.to_str().ok()).map(|v| byte_range(v, size))
                };
                let last_modified = meta.last_modified.format("%a, %d %b %Y %H:%M:%S GMT").to_string();
                let (status, range) = match wanted {
                    None | Some(Ranged::Ignored) => (StatusCode::OK, None),
                    Some(Ranged::Unsatisfiable) => {
                        let mut response = Response::new(Body::empty());
                        *response.status_mut() = StatusCode::RANGE_NOT_SATISFIABLE;
                        response
                            .headers_mut()
                            .insert(header::CONTENT_RANGE, HeaderValue::from_str(&format!("bytes */{size}"))?);
                        return Ok(Some(response));
                    }
                    Some(Ranged::Part(range)) => (StatusCode::PARTIAL_CONTENT, Some(range)),
                };
                let options = GetOptions { range: range.clone().map(GetRange::Bounded), ..GetOptions::default() };
                let result = match store.get_opts(&object, options).await {
                    Ok(result) => result,
                    Err(err) if missing(&err) => return Ok(None),
                    Err(err) => return Err(anyhow::Error::from(err).context(format!("reading {key}"))),
                };
                let length = range.as_ref().map_or(size, |r| r.end - r.start);
                let stream = result.into_stream().map_err(std::io::Error::other);
                let mut response = Response::new(Body::from_stream(stream));
                *response.status_mut() = status;
                let out = response.headers_mut();
                out.insert(header::CONTENT_LENGTH, HeaderValue::from(length));
                out.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
                out.insert(header::LAST_MODIFIED, HeaderValue::from_str(&last_modified)?);
                if let Some(range) = range {
                    let value = format!("bytes {}-{}/{size}", range.start, range.end - 1);
                    out.insert(header::CONTENT_RANGE, HeaderValue::from_str(&value)?);
                }
                Ok(Some(response))
            }
        }
    }
}

/// What a `Range` header asks of an object of `size` bytes.
#[derive(Debug, PartialEq, Eq)]
enum Ranged {
    /// One range within the object.
    Part(Range<u64>),
    /// Starts past the end: 416.
    Unsatisfiable,
    /// Not one byte range this answers (several ranges, another unit): the whole object.
    Ignored,
}

/// Reads `bytes=a-b`, `bytes=a-` and `bytes=-n` (RFC 9110 14.1.2).
fn byte_range(header: &str, size: u64) -> Ranged {
    let Some(spec) = header.trim().strip_prefix("bytes=") else { return Ranged::Ignored };
    if spec.contains(',') {
        return Ranged::Ignored;
    }
    let Some((first, last)) = spec.trim().split_once('-') else { return Ranged::Ignored };
    let (first, last) = (first.trim(), last.trim());
    let range = if first.is_empty() {
        let Ok(suffix) = last.parse::<u64>() else { return Ranged::Ignored };
        if suffix == 0 {
            return Ranged::Unsatisfiable;
        }
        size.saturating_sub(suffix)..size
    } else {
        let Ok(start) = first.parse::<u64>() else { return Ranged::Ignored };
        let end = if last.is_empty() {
            size
        } else {
            let Ok(last) = last.parse::<u64>() else { return Ranged::Ignored };
            if last < start {
                return Ranged::Ignored;
            }
            last.saturating_add(1).min(size)
        };
        start..end
    };
    if range.start >= size {
        return Ranged::Unsatisfiable;
    }
    Ranged::Part(range)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_ranges_are_read_as_the_file_service_reads_them() {
        assert_eq!(byte_range("bytes=0-3", 10), Ranged::Part(0..4));
        assert_eq!(byte_range("bytes=4-", 10), Ranged::Part(4..10));
        assert_eq!(byte_range("bytes=-3", 10), Ranged::Part(7..10));
        assert_eq!(byte_range("bytes=-30", 10), Ranged::Part(0..10));
        assert_eq!(byte_range("bytes=5-100", 10), Ranged::Part(5..10));
        assert_eq!(byte_range("bytes=10-", 10), Ranged::Unsatisfiable);
        assert_eq!(byte_range("bytes=0-1,4-5", 10), Ranged::Ignored);
        assert_eq!(byte_range("items=0-1", 10), Ranged::Ignored);
        assert_eq!(byte_range("bytes=3-1", 10), Ranged::Ignored);
    }

    #[tokio::test]
    async fn the_disk_backend_keeps_todays_layout() {
        let dir = tempfile::tempdir().unwrap();
        let storage = Storage::disk(dir.path());
        storage.put_bytes("2026/11/ab", b"bytes".to_vec()).await.unwrap();
        assert_eq!(std::fs::read(dir.path().join("2026/11/ab")).unwrap(), b"bytes");
        assert!(storage.exists("2026/11/ab").await.unwrap());
        assert_eq!(storage.read("2026/11/ab").await.unwrap().as_deref(), Some(&b"bytes"[..]));
        storage.delete("2026/11/ab").await.unwrap();
        storage.delete("2026/11/ab").await.unwrap();
        assert!(!storage.exists("2026/11/ab").await.unwrap());
        assert_eq!(storage.read("2026/11/ab").await.unwrap(), None);
        assert_eq!(storage.incoming_dir(), dir.path().join(".incoming"));
    }
}
