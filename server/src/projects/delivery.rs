//! The final files of a project (projects doc, section 7: `POST /projects/{id}/artworks`
//! delivers them, see [`super::lifecycle::artworks`]): the list the owner reviews before
//! accepting them (`POST /projects/{id}/finalize`) and the designer sees as delivered.
//!
//! Who reads the list is who reads the files themselves ([`super::files`]): the room's
//! two parties and admins ([`super::room::enter`]). The list has no event of its own: the
//! delivery's `project.status` (4 -> 5) on `project:{id}` tells watchers to fetch it.

use axum::{extract::State, Json};
use tracing::instrument;

use super::{model::BidFileInfo, room, store};
use crate::{
    accounts::CurrentUser,
    api::Data,
    error::{ApiPath, AppError, ErrorEnvelope},
    state::AppState,
};

/// The files the approved designer delivered, oldest first (empty until they do).
#[utoipa::path(get, path = "/projects/{id}/artworks", tag = "projects", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<BidFileInfo>>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id))]
pub async fn list_artworks(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<Vec<BidFileInfo>>>, AppError> {
    let room = room::enter(&state, &caller, id).await?;
    let mut conn = state.db.pool.acquire().await?;
    Ok(Json(Data::new(store::artworks(&mut conn, room.id()).await?)))
}
