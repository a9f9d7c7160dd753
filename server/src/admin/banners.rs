//! Broadcast banners: an admin writes a short message in one of the five banner colours;
//! every open browser, signed in or not, shows it in its header until the visitor
//! dismisses it (the browser remembers the dismissal). Shown banners are pushed live on
//! the public `broadcast` channel, so the channel never carries more than
//! `GET /broadcast-banners` answers anyone.

use axum::{extract::State, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};
use vitrine_protocol::{event_type, BannerWithdrawn, Channel};

use super::store::banners as store;
use crate::{
    accounts::{CurrentUser, MaybeUser},
    api::{flag, Data, Message},
    error::{codes, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope, FieldErrors},
    realtime::unit::Unit,
    state::AppState,
};

/// The five banner colours (contests document, section 9: "Banner colors: five options").
pub const COLORS: [&str; 5] = ["primary", "info", "success", "warning", "danger"];
/// Longest banner message, in characters: a header line, not an article.
pub const MESSAGE_MAX: usize = 280;

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Banner {
    pub id: i64,
    pub message: String,
    /// primary, info, success, warning or danger.
    pub color: String,
    /// Only active banners are shown (and listed to non-admins).
    #[serde(serialize_with = "as_bool")]
    #[schema(value_type = bool)]
    pub is_active: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

fn as_bool<S: serde::Serializer>(value: &i64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_bool(*value != 0)
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Admins only: 1 lists inactive banners too (the banners page).
    #[serde(rename = "filter[all]", default, deserialize_with = "flag")]
    #[param(rename = "filter[all]", value_type = Option<crate::api::FlagDoc>, inline)]
    pub all: Option<bool>,
}

/// The banners to show, newest first; anyone may read them (the header shows them to
/// visitors too). An admin asking `filter[all]=1` gets inactive ones as well.
#[utoipa::path(get, path = "/broadcast-banners", tag = "admin", params(ListQuery),
    responses((status = 200, body = Data<Vec<Banner>>), (status = 403, body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<Data<Vec<Banner>>>, AppError> {
    let all = query.all.unwrap_or(false);
    if all && !caller.as_ref().is_some_and(CurrentUser::is_admin) {
        return Err(AppError::forbidden(codes::FORBIDDEN));
    }
    let rows = store::list(&state.db.pool, all).await?;
    Ok(Json(Data::new(rows)))
}

crate::api::enum_doc!(
    /// A banner colour ([`COLORS`]).
    pub ColorDoc: String = COLORS
);

/// The body of an edit: the fields present change.
#[derive(Debug, Deserialize, ToSchema)]
pub struct BannerRequest {
    /// Not blank, at most 280 characters once trimmed.
    #[schema(value_type = Option<String>, pattern = "\\S", max_length = 280)]
    pub message: Option<String>,
    /// primary, info, success, warning or danger.
    #[schema(value_type = Option<ColorDoc>, inline)]
    pub color: Option<String>,
    /// Shown now (default 1 on create).
    #[serde(default, deserialize_with = "flag")]
    #[schema(value_type = Option<crate::api::FlagDoc>, inline)]
    pub is_active: Option<bool>,
}

/// The body of a create, for the document (the handler reads [`BannerRequest`]): the
/// message and the colour are required.
#[derive(ToSchema)]
pub struct NewBanner {
    /// Not blank, at most 280 characters once trimmed.
    #[schema(pattern = "\\S", max_length = 280)]
    pub message: String,
    /// primary, info, success, warning or danger.
    #[schema(value_type = ColorDoc, inline)]
    pub color: String,
    /// Shown now (default 1).
    #[schema(value_type = Option<crate::api::FlagDoc>, inline)]
    pub is_active: Option<bool>,
}

/// Checks a create (every field) or an edit (the fields present).
fn validate(req: &BannerRequest, creating: bool) -> Result<(), AppError> {
    let mut errors = FieldErrors::new();
    match req.message.as_deref().map(str::trim) {
        None if creating => errors.add("message", codes::REQUIRED),
        Some("") => errors.add("message", codes::REQUIRED),
        Some(text) if text.chars().count() > MESSAGE_MAX => errors.add("message", codes::TOO_LONG),
        _ => {}
    }
    match req.color.as_deref() {
        None if creating => errors.add("color", codes::REQUIRED),
        Some(color) if !COLORS.contains(&color) => errors.add("color", codes::BANNER_COLOR_IN),
        _ => {}
    }
    errors.into_result()
}

/// The event that tells browsers what to show of `banner` now.
async fn announce(unit: &mut Unit, banner: &Banner, now: i64) -> Result<(), sqlx::Error> {
    if banner.is_active != 0 {
        let data = serde_json::to_value(banner).unwrap_or_default();
        unit.append(&Channel::Broadcast, event_type::BANNER_PUBLISHED, data, now).await?;
        Ok(())
    } else {
        withdraw(unit, banner.id, now).await
    }
}

/// The event that takes banner `id` down in every browser.
async fn withdraw(unit: &mut Unit, id: i64, now: i64) -> Result<(), sqlx::Error> {
    let data = serde_json::to_value(BannerWithdrawn { id }).unwrap_or_default();
    unit.append(&Channel::Broadcast, event_type::BANNER_WITHDRAWN, data, now).await?;
    Ok(())
}

/// An admin creates a banner; an active one appears at once in every open browser.
#[utoipa::path(post, path = "/broadcast-banners", tag = "admin", request_body = NewBanner, security(("bearer" = [])),
    responses((status = 201, body = Data<Banner>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all)]
pub async fn create(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiJson(req): ApiJson<BannerRequest>,
) -> Result<(StatusCode, Json<Data<Banner>>), AppError> {
    caller.require_admin()?;
    validate(&req, true)?;
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    let id = store::insert(
        &mut tx,
        req.message.as_deref().unwrap_or_default().trim(),
        req.color.as_deref().unwrap_or_default(),
        req.is_active.unwrap_or(true),
        caller.id(),
        now,
    )
    .await?;
    let banner = store::find(&mut tx, id).await?.ok_or_else(|| AppError::not_found(codes::BANNER_NOT_FOUND))?;
    if banner.is_active != 0 {
        announce(&mut tx, &banner, now).await?;
    }
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(Data::new(banner))))
}

/// An admin edits a banner's message or colour, or shows / hides it; browsers follow live.
#[utoipa::path(put, path = "/broadcast-banners/{id}", tag = "admin", params(("id" = i64, Path)), request_body = BannerRequest, security(("bearer" = [])),
    responses((status = 200, body = Data<Banner>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(banner_id = id))]
pub async fn update(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<BannerRequest>,
) -> Result<Json<Data<Banner>>, AppError> {
    caller.require_admin()?;
    validate(&req, false)?;
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    let before = store::find(&mut tx, id).await?.ok_or_else(|| AppError::not_found(codes::BANNER_NOT_FOUND))?;
    store::update(&mut tx, id, req.message.as_deref().map(str::trim), req.color.as_deref(), req.is_active, now).await?;
    let banner = store::find(&mut tx, id).await?.ok_or_else(|| AppError::not_found(codes::BANNER_NOT_FOUND))?;
    // A hidden banner that stays hidden concerns no browser.
    if before.is_active != 0 || banner.is_active != 0 {
        announce(&mut tx, &banner, now).await?;
    }
    tx.commit().await?;
    Ok(Json(Data::new(banner)))
}

/// An admin deletes a banner; browsers showing it take it down.
#[utoipa::path(delete, path = "/broadcast-banners/{id}", tag = "admin", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(banner_id = id))]
pub async fn delete(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Message>, AppError> {
    caller.require_admin()?;
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    let banner = store::find(&mut tx, id).await?.ok_or_else(|| AppError::not_found(codes::BANNER_NOT_FOUND))?;
    store::delete(&mut tx, id).await?;
    if banner.is_active != 0 {
        withdraw(&mut tx, id, now).await?;
    }
    tx.commit().await?;
    Ok(Json(Message::new("Banner deleted")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(message: Option<&str>, color: Option<&str>) -> BannerRequest {
        BannerRequest { message: message.map(Into::into), color: color.map(Into::into), is_active: None }
    }

    #[test]
    fn a_banner_needs_a_message_and_one_of_the_five_colours() {
        assert!(validate(&req(Some("Maintenance tonight"), Some("warning")), true).is_ok());
        assert!(validate(&req(None, Some("info")), true).is_err());
        assert!(validate(&req(Some("  "), Some("info")), true).is_err());
        assert!(validate(&req(Some("x"), Some("purple")), true).is_err());
        assert!(validate(&req(Some(&"x".repeat(MESSAGE_MAX + 1)), Some("info")), true).is_err());
        // An edit may leave fields out, but not blank them.
        assert!(validate(&req(None, None), false).is_ok());
        assert!(validate(&req(Some(""), None), false).is_err());
    }
}
