//! Inviting creatives to a project (projects doc, sections 2, 4 and 7): the four
//! suggestion lists of the invite dialog, each creative with an `invited` flag, and
//! the invitations themselves. Only the project's owner invites (admins may look);
//! each newly invited creative is notified live (type 13). Inviting someone twice is
//! harmless and tells them once.

use axum::{extract::State, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use serde_json::json;
use tracing::instrument;
use utoipa::ToSchema;

use super::{access::owned, notices, status::ProjectStatus, store::invites as store};
use crate::{
    accounts::{model::FilePath, CurrentUser},
    api::Data,
    error::{codes, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope, FieldErrors},
    notifications::{notify, texts, NewNotification, Text},
    shared::page::{Page, PageQuery},
    state::AppState,
};

const PER_PAGE: i64 = 20;

/// Everyone invited to a project so far.
type Invited = Vec<InvitedView>;

/// The invite dialog's tabs.
#[derive(Debug, Clone, Copy)]
pub enum Suggestions {
    /// Designers who won the client's contests or whose bids the client approved.
    MyWinners,
    /// Gold (and platinum) creatives.
    Gold,
    /// Bronze and silver creatives (the dialog's 'Online Creatives').
    BronzeAndSilver,
    /// Every creative.
    Other,
}

impl Suggestions {
    fn parse(path: &str) -> Option<Self> {
        Some(match path {
            "my-winners" => Self::MyWinners,
            "gold-creatives" => Self::Gold,
            "bronze-and-silver-creatives" => Self::BronzeAndSilver,
            "other-creatives" => Self::Other,
            _ => return None,
        })
    }
}

/// A creative in a suggestion list.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct CreativeRow {
    pub id: i64,
    pub username: String,
    pub name: String,
    pub creative_level_id: Option<i64>,
    pub profile_picture: Option<String>,
    /// 1 when already invited to this project.
    pub invited: i64,
    /// As the profile's `average_rating` (`profiles::store::average_rating`).
    pub average_rating: Option<f64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CreativeView {
    pub id: i64,
    pub username: String,
    pub name: String,
    pub creative_level_id: Option<i64>,
    pub profile_picture: Option<FilePath>,
    /// The mean of the star ratings clients gave the creative's winning entries, as on
    /// their profile (`profiles`); null when none is rated.
    pub average_rating: Option<f64>,
    pub invited: i64,
}

/// A page of creatives for one tab of the invite dialog (the owner and admins).
#[utoipa::path(get, path = "/projects/{id}/invites/suggestions/{list}", tag = "projects",
    params(("id" = i64, Path), ("list" = String, Path, description = "my-winners, gold-creatives, bronze-and-silver-creatives or other-creatives"), PageQuery),
    security(("bearer" = [])),
    responses((status = 200, body = Data<Page<CreativeView>>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id))]
pub async fn suggestions(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, list)): ApiPath<(i64, String)>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<Data<Page<CreativeView>>>, AppError> {
    let project = owned(&state, &caller, id, true).await.map_err(invite_forbidden)?;
    let kind = Suggestions::parse(&list).ok_or_else(|| AppError::not_found(codes::INVITE_LIST_UNKNOWN))?;
    let page = query.page.unwrap_or(1).max(1);
    let mut conn = state.db.pool.acquire().await?;
    let (total, rows) =
        store::suggestions(&mut conn, kind, id, project.created_by, PER_PAGE, (page - 1) * PER_PAGE).await?;
    let next_page_url =
        (page * PER_PAGE < total).then(|| format!("/projects/{id}/invites/suggestions/{list}?page={}", page + 1));
    let data = rows
        .into_iter()
        .map(|r| CreativeView {
            id: r.id,
            username: r.username,
            name: r.name,
            creative_level_id: r.creative_level_id,
            profile_picture: r.profile_picture.map(|full_path| FilePath { full_path }),
            average_rating: r.average_rating,
            invited: r.invited,
        })
        .collect();
    Ok(Json(Data::new(Page { data, current_page: page, per_page: PER_PAGE, next_page_url, total })))
}

/// A designer looking at someone else's invites hears 'only the owner invites'.
fn invite_forbidden(err: AppError) -> AppError {
    match err {
        AppError::Rule { code, .. } if code == codes::PROJECT_NOT_OWNER => AppError::forbidden(codes::INVITE_FORBIDDEN),
        other => other,
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct InviteRequest {
    /// The creatives to invite: at least one.
    #[serde(default)]
    #[schema(required = true, min_items = 1)]
    pub user_ids: Vec<i64>,
}

/// An invitation: `user_id` (section 3), with who and when.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct InvitedView {
    pub user_id: i64,
    pub username: String,
    pub created_at: i64,
}

/// The owner invites creatives to their live project; answers everyone invited so far.
#[utoipa::path(post, path = "/projects/{id}/invites", tag = "projects", params(("id" = i64, Path)), request_body = InviteRequest,
    security(("bearer" = [])),
    responses((status = 201, body = Data<Vec<InvitedView>>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id))]
pub async fn invite(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<InviteRequest>,
) -> Result<(StatusCode, Json<Data<Invited>>), AppError> {
    let project = owned(&state, &caller, id, false).await.map_err(invite_forbidden)?;
    if project.status() != ProjectStatus::Live {
        return Err(AppError::conflict(codes::PROJECT_NOT_LIVE));
    }
    if req.user_ids.is_empty() {
        return Err(AppError::field("user_ids", codes::REQUIRED));
    }
    let mut conn = state.db.pool.acquire().await?;
    let mut errors = FieldErrors::new();
    for (index, user_id) in req.user_ids.iter().enumerate() {
        if !crate::accounts::store::is_active_creative(&mut *conn, *user_id).await? {
            errors.add(&format!("user_ids.{index}"), codes::INVITE_NOT_CREATIVE);
        }
    }
    drop(conn);
    errors.into_result()?;
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    for user_id in &req.user_ids {
        if store::invite(&mut tx, id, *user_id, caller.id(), now).await? {
            let n = NewNotification {
                user_id: *user_id,
                kind: notices::INVITED,
                created_by: Some(caller.id()),
                trigger_entity_id: Some(id),
                text: Text::new(
                    texts::PROJECT_INVITED,
                    json!({"username": caller.user.username, "project": project.title}),
                ),
                data: json!({"project_id": id}),
            };
            notify(&mut tx, n, now).await?;
        }
    }
    let all = store::invited(&mut tx, id).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(Data::new(all))))
}

/// Who was invited to the project (the owner and admins).
#[utoipa::path(get, path = "/projects/{id}/invites", tag = "projects", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<InvitedView>>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<Vec<InvitedView>>>, AppError> {
    owned(&state, &caller, id, true).await.map_err(invite_forbidden)?;
    let mut conn = state.db.pool.acquire().await?;
    Ok(Json(Data::new(store::invited(&mut conn, id).await?)))
}
