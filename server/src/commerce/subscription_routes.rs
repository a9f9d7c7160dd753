//! Subscription calls: the caller's active subscriptions, a purchase (pending until
//! paid), and the admin's direct setting of a user's subscriptions.

use axum::{extract::State, http::StatusCode, Json};
use serde::Deserialize;
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};

use super::subscriptions::{self, SubscriptionView};
use crate::{
    accounts::{domain::UserType, CurrentUser},
    api::{flag, loose_id, Data},
    error::{codes, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope},
    state::AppState,
};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ActiveQuery {
    /// Comma-separated subscription codes: 2 unlimited upgrades, 13 unlimited contests.
    #[serde(rename = "filter[trigger_ids]")]
    #[param(rename = "filter[trigger_ids]")]
    pub trigger_ids: Option<String>,
}

/// The caller's active subscriptions.
#[utoipa::path(get, path = "/subscriptions/active", tag = "commerce", params(ActiveQuery), security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<SubscriptionView>>), (status = 401, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
pub async fn active(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiQuery(query): ApiQuery<ActiveQuery>,
) -> Result<Json<Data<Vec<SubscriptionView>>>, AppError> {
    let mut trigger_ids = Vec::new();
    for part in query.trigger_ids.as_deref().unwrap_or("").split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let id = part.parse::<i64>().ok().filter(|id| subscriptions::price_cents(*id).is_some());
        trigger_ids.push(id.ok_or_else(|| AppError::field("filter[trigger_ids]", codes::SUBSCRIPTION_TRIGGER_IN))?);
    }
    let mut conn = state.db.pool.acquire().await?;
    let rows = subscriptions::active(&mut conn, caller.id(), &trigger_ids).await?;
    Ok(Json(Data::new(rows.into_iter().map(SubscriptionView::from).collect())))
}

/// Every subscription of the caller, newest first: pending, active and cancelled
/// (what `subscription.updated` events carry).
#[utoipa::path(get, path = "/subscriptions", tag = "commerce", security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<SubscriptionView>>), (status = 401, body = ErrorEnvelope)))]
pub async fn mine(
    State(state): State<AppState>,
    caller: CurrentUser,
) -> Result<Json<Data<Vec<SubscriptionView>>>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let rows = subscriptions::all(&mut conn, caller.id()).await?;
    Ok(Json(Data::new(rows.into_iter().map(SubscriptionView::from).collect())))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PurchaseRequest {
    /// 2 unlimited upgrades ($49), 13 unlimited contests ($449).
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(required = true, value_type = SubscriptionDoc, inline)]
    pub trigger_id: Option<i64>,
}

/// A client starts buying a subscription: a pending purchase whose amount the
/// payment will charge; it becomes active when the payment succeeds.
#[utoipa::path(post, path = "/subscriptions/purchase", tag = "commerce", request_body = PurchaseRequest, security(("bearer" = [])),
    responses((status = 201, body = Data<SubscriptionView>), (status = 403, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = caller.id()))]
pub async fn purchase(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiJson(req): ApiJson<PurchaseRequest>,
) -> Result<(StatusCode, Json<Data<SubscriptionView>>), AppError> {
    if caller.user.user_type() != UserType::Client {
        return Err(AppError::forbidden(codes::SUBSCRIPTION_CLIENTS_ONLY));
    }
    let trigger_id = req.trigger_id.ok_or_else(|| AppError::field("trigger_id", codes::REQUIRED))?;
    let mut conn = state.db.pool.acquire().await?;
    let row = subscriptions::purchase(&mut conn, caller.id(), trigger_id, state.now_ms()).await?;
    Ok((StatusCode::CREATED, Json(Data::new(row.into()))))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SetRequest {
    /// 2 unlimited upgrades, 13 unlimited contests.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(required = true, value_type = SubscriptionDoc, inline)]
    pub trigger_id: Option<i64>,
    /// 1 to grant it, 0 to cancel it.
    #[serde(default, deserialize_with = "flag")]
    #[schema(required = true, value_type = crate::api::FlagDoc, inline)]
    pub is_active: Option<bool>,
}

crate::api::enum_doc!(
    /// A subscription product: unlimited upgrades or unlimited contests.
    pub SubscriptionDoc: i64 = [subscriptions::UNLIMITED_UPGRADES, subscriptions::UNLIMITED_CONTESTS]
);

/// An admin grants or cancels a client's subscription; answers their active ones.
#[utoipa::path(put, path = "/users/{id}/subscriptions", tag = "commerce", params(("id" = i64, Path)), request_body = SetRequest, security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<SubscriptionView>>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = id))]
pub async fn set(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<SetRequest>,
) -> Result<Json<Data<Vec<SubscriptionView>>>, AppError> {
    caller.require_admin()?;
    let trigger_id = req
        .trigger_id
        .filter(|t| subscriptions::price_cents(*t).is_some())
        .ok_or_else(|| AppError::field("trigger_id", codes::SUBSCRIPTION_TRIGGER_IN))?;
    let on = req.is_active.ok_or_else(|| AppError::field("is_active", codes::REQUIRED))?;
    let user = crate::accounts::store::find_user(&state.db.pool, id)
        .await?
        .ok_or_else(|| AppError::not_found(codes::USER_NOT_FOUND))?;
    if user.user_type() != UserType::Client {
        return Err(AppError::unprocessable(codes::SUBSCRIPTION_CLIENTS_ONLY));
    }
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    subscriptions::set(&mut tx, id, trigger_id, on, now).await?;
    let rows = subscriptions::active(&mut tx, id, &[]).await?;
    tx.commit().await?;
    Ok(Json(Data::new(rows.into_iter().map(SubscriptionView::from).collect())))
}
