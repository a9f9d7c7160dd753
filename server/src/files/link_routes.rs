//! `POST /files/links`: signed plain URLs (`super::links`) for the files a caller may read,
//! so that the client shows pictures with `<img src srcset loading="lazy">` instead of
//! fetching their bytes with the bearer token.

use std::collections::BTreeSet;

use axum::{extract::State, Extension, Json};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::ToSchema;

use super::{derived::Size, links, may_read, store, Readers};
use crate::{
    accounts::MaybeUser,
    api::Data,
    error::{codes, ApiJson, AppError, ErrorEnvelope},
    state::AppState,
};

/// Most files one request may ask links for: a page of cards is a few dozen.
pub const MAX_LINKS: usize = 100;

#[derive(Debug, Deserialize, ToSchema)]
pub struct LinksRequest {
    /// The files (ids, as in `full_path`), 1 to 100; repeats count once.
    #[schema(min_items = 1, max_items = 100)]
    pub ids: Vec<i64>,
}

/// Plain URLs to one file, each working without a bearer token until `expires_at`.
#[derive(Debug, Serialize, ToSchema)]
pub struct FileLinks {
    pub id: i64,
    /// The original bytes.
    pub url: String,
    /// Images only: the copy at most 480 px wide (`size=thumb`).
    pub thumb_url: Option<String>,
    /// Images only: the copy at most 1280 px wide (`size=medium`).
    pub medium_url: Option<String>,
    /// Epoch ms after which these URLs answer 403 `file.link_invalid`: ask again.
    pub expires_at: i64,
}

/// Signed URLs for the files the caller may read (signed in or not: some, such as profile
/// pictures, are public), valid one to two hours; the same within one hour, so browsers and
/// a CDN cache them. Files that do not exist or that the caller may not read are left out
/// of the answer, as `GET /files/{id}/content` would refuse them.
#[utoipa::path(post, path = "/files/links", tag = "files", request_body = LinksRequest,
    responses((status = 200, body = Data<Vec<FileLinks>>),
        (status = 422, description = "`ids` is empty (`validation.required`) or has more than 100 (`ids.max`)", body = ErrorEnvelope)))]
#[instrument(skip_all)]
pub async fn create_links(
    State(state): State<AppState>,
    Extension(readers): Extension<Readers>,
    MaybeUser(caller): MaybeUser,
    ApiJson(request): ApiJson<LinksRequest>,
) -> Result<Json<Data<Vec<FileLinks>>>, AppError> {
    let ids: BTreeSet<i64> = request.ids.into_iter().collect();
    if ids.is_empty() {
        return Err(AppError::field("ids", codes::REQUIRED));
    }
    if ids.len() > MAX_LINKS {
        return Err(AppError::field("ids", codes::FILE_LINKS_MAX));
    }
    let now = state.now_ms();
    let expires = links::expiry(now);
    let mut answer = Vec::with_capacity(ids.len());
    for id in ids {
        let Some(file) = store::find_file(&state.db.pool, id).await? else { continue };
        if !may_read(&state.db, &readers, caller.as_ref(), id).await? {
            continue;
        }
        let sized = |size| {
            file.content_type
                .starts_with("image/")
                .then(|| links::signed_path(&state.settings, id, Some(size), expires))
        };
        answer.push(FileLinks {
            id,
            url: links::signed_path(&state.settings, id, None, expires),
            thumb_url: sized(Size::Thumb),
            medium_url: sized(Size::Medium),
            expires_at: expires * 1000,
        });
    }
    Ok(Json(Data::new(answer)))
}
