//! Contest shares: a signed-in visitor who may view a contest makes a share link for a
//! network (the spec deletes shares, so something makes them); the contest's owner and
//! admins list them; the share's maker or an admin deletes one, and its link stops
//! naming anyone. The link is the web client's `/share/{code}`, which anyone (anonymous
//! visitors too) opens: `GET /shares/{code}` names the contest, counted as a view from
//! outside (source 2), when the visitor may see it, and is a 404 otherwise.

use axum::{extract::State, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::ToSchema;

use super::store::shares as store;
use crate::{
    accounts::{secrets::new_secret, CurrentUser, MaybeUser},
    api::{Data, Message},
    contests::{
        launch::{record_view, visible},
        model::ContestView,
    },
    error::{codes, ApiJson, ApiPath, AppError, ErrorEnvelope},
    shared::limits::ClientIp,
    state::AppState,
};

pub const NETWORKS: [&str; 6] = ["facebook", "twitter", "linkedin", "pinterest", "email", "link"];

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct Share {
    pub id: i64,
    pub contest_id: i64,
    pub created_by: i64,
    pub network: String,
    pub code: String,
    pub created_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ShareView {
    #[serde(flatten)]
    pub share: Share,
    /// The address to share.
    pub url: String,
}

fn view(state: &AppState, share: Share) -> ShareView {
    let url = format!("{}/share/{}", state.settings.link_base(), share.code);
    ShareView { share, url }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ShareRequest {
    /// facebook, twitter, linkedin, pinterest, email or link.
    #[schema(required = true, value_type = NetworkDoc, inline)]
    pub network: Option<String>,
}

crate::api::enum_doc!(
    /// Where a share link is posted ([`NETWORKS`]).
    pub NetworkDoc: String = NETWORKS
);

/// Makes a share link of a contest the caller may view.
#[utoipa::path(post, path = "/contests/{id}/shares", tag = "contests", params(("id" = i64, Path)), request_body = ShareRequest,
    security(("bearer" = [])),
    responses((status = 201, body = Data<ShareView>), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id))]
pub async fn create(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<ShareRequest>,
) -> Result<(StatusCode, Json<Data<ShareView>>), AppError> {
    visible(&state, Some(&caller), id).await?;
    let network = req
        .network
        .filter(|n| NETWORKS.contains(&n.as_str()))
        .ok_or_else(|| AppError::field("network", codes::SHARE_NETWORK_IN))?;
    // A short, unguessable code: the first 12 characters of a fresh secret.
    let code: String = new_secret().chars().filter(char::is_ascii_alphanumeric).take(12).collect();
    let share_id = store::insert(&state.db.pool, id, caller.id(), &network, &code, state.now_ms()).await?;
    let share = store::find(&state.db.pool, share_id).await?;
    Ok((StatusCode::CREATED, Json(Data::new(view(&state, share)))))
}

/// The shares of a contest (its owner and admins), newest first.
#[utoipa::path(get, path = "/contests/{id}/shares", tag = "contests", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<ShareView>>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<Vec<ShareView>>>, AppError> {
    let contest = visible(&state, Some(&caller), id).await?;
    if contest.created_by != caller.id() && !caller.is_admin() {
        return Err(AppError::forbidden(codes::FORBIDDEN));
    }
    let rows = store::of_contest(&state.db.pool, id).await?;
    Ok(Json(Data::new(rows.into_iter().map(|s| view(&state, s)).collect())))
}

/// Deletes a share (its maker or an admin).
#[utoipa::path(delete, path = "/contests/{id}/shares/{shareId}", tag = "contests", params(("id" = i64, Path), ("shareId" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id, share_id))]
pub async fn delete(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, share_id)): ApiPath<(i64, i64)>,
) -> Result<Json<Message>, AppError> {
    let share = store::find_in(&state.db.pool, id, share_id)
        .await?
        .ok_or_else(|| AppError::not_found(codes::SHARE_NOT_FOUND))?;
    if share.created_by != caller.id() && !caller.is_admin() {
        return Err(AppError::forbidden(codes::FORBIDDEN));
    }
    store::delete(&state.db.pool, share_id).await?;
    Ok(Json(Message::new("Share deleted")))
}

/// What a share link leads to: its contest, as `GET /contests/{id}` shows it to the visitor.
#[derive(Debug, Serialize, ToSchema)]
pub struct SharedContest {
    pub code: String,
    pub network: String,
    pub contest_id: i64,
    pub contest: ContestView,
}

/// The longest code looked up; codes are 12 letters and digits (longer input is no code).
const MAX_CODE_LEN: usize = 64;

/// Opens a share link (`/share/{code}` in the browser), for anyone, signed in or not: the
/// contest it names, counted as a view from outside Vitrine (source 2). An unknown or
/// deleted code, and a contest the visitor may not see (unpaid; private for visitors and
/// clients), are the same 404, so a link reveals nothing `GET /contests/{id}` would not.
#[utoipa::path(get, path = "/shares/{code}", tag = "contests", params(("code" = String, Path, description = "The share link's code")),
    responses((status = 200, body = Data<SharedContest>), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all)]
pub async fn open(
    State(state): State<AppState>,
    MaybeUser(viewer): MaybeUser,
    client: ClientIp,
    ApiPath(code): ApiPath<String>,
) -> Result<Json<Data<SharedContest>>, AppError> {
    let unknown = || AppError::not_found(codes::SHARE_LINK_NOT_FOUND);
    if code.is_empty() || code.len() > MAX_CODE_LEN || !code.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(unknown());
    }
    let share = store::find_by_code(&state.db.pool, &code).await?.ok_or_else(unknown)?;
    let contest = match visible(&state, viewer.as_ref(), share.contest_id).await {
        Ok(contest) => contest,
        Err(error) if error.status() == StatusCode::NOT_FOUND => return Err(unknown()),
        Err(error) => return Err(error),
    };
    record_view(&state, viewer.as_ref(), &client, contest.id, true).await?;
    Ok(Json(Data::new(SharedContest {
        code: share.code,
        network: share.network,
        contest_id: contest.id,
        contest: contest.into(),
    })))
}
