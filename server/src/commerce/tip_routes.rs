//! Tip calls: the admin's list and decision, and a user's tip stats.

use axum::{extract::State, Json};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};

use super::tips::{self, TipView, APPROVED, PENDING, PER_PAGE, REJECTED};
use crate::shared::money::as_dollars;
use crate::{
    accounts::{domain::UserType, CurrentUser},
    api::{loose_id, Data},
    error::{codes, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope},
    shared::page::Page,
    state::AppState,
};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    #[serde(default, deserialize_with = "crate::shared::page::page_number")]
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    /// 1 pending, 2 approved, 3 rejected; all when absent.
    #[serde(rename = "filter[approval_status_id]", default, deserialize_with = "loose_id")]
    #[param(rename = "filter[approval_status_id]", value_type = Option<i64>, minimum = 1, maximum = 3)]
    pub approval_status_id: Option<i64>,
}

/// Tips for the admin to verify, 48 a page, newest first.
#[utoipa::path(get, path = "/admin/contests/entries/tips", tag = "commerce", params(ListQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<TipView>), (status = 403, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<Page<TipView>>, AppError> {
    caller.require_admin()?;
    if query.approval_status_id.is_some_and(|s| ![PENDING, APPROVED, REJECTED].contains(&s)) {
        return Err(AppError::field("filter[approval_status_id]", codes::TIP_APPROVAL_IN));
    }
    let page = query.page.unwrap_or(1).max(1);
    let mut conn = state.db.pool.acquire().await?;
    let (rows, total) = tips::page(&mut conn, query.approval_status_id, page).await?;
    let filter = query.approval_status_id.map(|s| format!("&filter[approval_status_id]={s}")).unwrap_or_default();
    Ok(Json(Page {
        data: rows.into_iter().map(TipView::from).collect(),
        current_page: page,
        per_page: PER_PAGE,
        next_page_url: (page * PER_PAGE < total)
            .then(|| format!("/admin/contests/entries/tips?page={}{filter}", page + 1)),
        total,
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MineQuery {
    #[serde(default, deserialize_with = "crate::shared::page::page_number")]
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
}

/// The caller's tips: given (any status) and received (approved), 48 a page, newest first.
#[utoipa::path(get, path = "/contest-entry-tips", tag = "commerce", params(MineQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<TipView>), (status = 401, body = ErrorEnvelope)))]
pub async fn mine(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiQuery(query): ApiQuery<MineQuery>,
) -> Result<Json<Page<TipView>>, AppError> {
    let page = query.page.unwrap_or(1).max(1);
    let mut conn = state.db.pool.acquire().await?;
    let (rows, total) = tips::page_for_user(&mut conn, caller.id(), page).await?;
    Ok(Json(Page {
        data: rows.into_iter().map(TipView::from).collect(),
        current_page: page,
        per_page: PER_PAGE,
        next_page_url: (page * PER_PAGE < total).then(|| format!("/contest-entry-tips?page={}", page + 1)),
        total,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct Decision {
    /// 2 approve, 3 reject.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(required = true, value_type = DecisionDoc, inline)]
    pub approval_status_id: Option<i64>,
}

crate::api::enum_doc!(
    /// A decision on a tip: approved or rejected.
    pub DecisionDoc: i64 = [APPROVED, REJECTED]
);

/// An admin approves (2: the designer is notified) or rejects (3) a pending tip.
#[utoipa::path(patch, path = "/contest-entry-tips/{id}", tag = "commerce", params(("id" = i64, Path)), request_body = Decision, security(("bearer" = [])),
    responses((status = 200, body = Data<TipView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(tip_id = id))]
pub async fn decide(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<Decision>,
) -> Result<Json<Data<TipView>>, AppError> {
    caller.require_admin()?;
    let decision = req
        .approval_status_id
        .filter(|s| tips::is_decision(*s))
        .ok_or_else(|| AppError::field("approval_status_id", codes::TIP_APPROVAL_IN))?;
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    if !tips::decide(&mut tx, id, decision, caller.id(), now).await? {
        return match tips::find(&mut tx, id).await? {
            Some(_) => Err(AppError::conflict(codes::TIP_DECIDED)),
            None => Err(AppError::not_found(codes::TIP_NOT_FOUND)),
        };
    }
    let tip = tips::find(&mut tx, id).await?.ok_or_else(|| AppError::not_found(codes::TIP_NOT_FOUND))?;
    tx.commit().await?;
    if decision == REJECTED {
        tips::give_back(&state, &tip).await;
    }
    Ok(Json(Data::new(tip.into())))
}

/// Approved tips: received by a designer, given by a client.
#[derive(Debug, Serialize, ToSchema)]
pub struct TipStats {
    /// US dollars.
    pub amount: f64,
    pub amount_cents: i64,
    pub total_contests: i64,
}

/// A user's tip stats (the user themself and admins).
#[utoipa::path(get, path = "/tip-stats/{userId}", tag = "commerce", params(("userId" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<TipStats>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn stats(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(user_id): ApiPath<i64>,
) -> Result<Json<Data<TipStats>>, AppError> {
    if caller.id() != user_id && !caller.is_admin() {
        return Err(AppError::forbidden(codes::FORBIDDEN));
    }
    let mut conn = state.db.pool.acquire().await?;
    let user = crate::accounts::store::find_user(&mut *conn, user_id)
        .await?
        .ok_or_else(|| AppError::not_found(codes::USER_NOT_FOUND))?;
    let (cents, contests) = tips::stats(&mut conn, user_id, user.user_type() == UserType::Designer).await?;
    Ok(Json(Data::new(TipStats { amount: as_dollars(cents), amount_cents: cents, total_contests: contests })))
}
