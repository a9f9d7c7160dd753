//! Sign-in by guid (contests doc, section 2: `/login` takes an optional guid; section
//! 7: `POST /oauth/token/guid`): a one-time sign-in link, e-mailed on request.
//!
//! - `POST /oauth/guid` (`email`): mails `{public_url}/login/{guid}` to the account
//!   with that address. The answer is the same whether or not an account exists, so
//!   the call tells nobody which addresses are registered. Asking again voids the
//!   links not yet used.
//! - `POST /oauth/token/guid` (`guid`): exchanges a live guid for a bearer token,
//!   once. A guid is 32 random bytes, stored only as its SHA-256, and works for
//!   [`GUID_TTL_MS`]; a second use answers `auth.guid.used`, a late one
//!   `auth.guid.expired`, an unknown one `auth.guid.invalid`.
//!
//! Asking for a link is limited as mail, per client address and per e-mail address;
//! exchanging one as a sign-in, per client address (`VITRINE_RATE_*`).

use axum::{extract::State, http::StatusCode, Json};
use serde::Deserialize;
use tracing::instrument;
use utoipa::ToSchema;

use super::{
    domain::EmailAddress,
    routes::TokenResponse,
    secrets::{new_secret, secret_digest},
    store,
};
use crate::{
    api::Message,
    error::{codes, ApiJson, AppError, ErrorEnvelope},
    mail,
    shared::limits::{Action, ClientIp},
    state::AppState,
    store::one_time_tokens::{self, LOGIN_GUID},
};

/// How long an e-mailed sign-in link works: 30 minutes.
pub const GUID_TTL_MS: i64 = 30 * 60 * 1000;

#[derive(Debug, Deserialize, ToSchema)]
pub struct GuidRequest {
    /// The account's e-mail address (`local@domain.tld`, at most 254 characters).
    #[schema(value_type = String, required = true, max_length = 254, pattern = r"^\s*[^@\s\x00-\x1f\x7f-\x9f]+@([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\s*$")]
    pub email: Option<String>,
}

/// E-mails a one-time sign-in link to the account with this address.
///
/// Limited as mail, per client address and per e-mail address (`VITRINE_RATE_MAIL_*`).
#[utoipa::path(post, path = "/oauth/guid", tag = "accounts", request_body = GuidRequest,
    responses((status = 200, body = Message), (status = 422, body = ErrorEnvelope), (status = 429, body = ErrorEnvelope)))]
#[instrument(skip_all)]
pub async fn request_guid(
    State(state): State<AppState>,
    ip: ClientIp,
    ApiJson(req): ApiJson<GuidRequest>,
) -> Result<Json<Message>, AppError> {
    let email =
        EmailAddress::parse(req.email.as_deref().unwrap_or("")).map_err(|code| AppError::field("email", code))?;
    state.limits.check(Action::Mail, &ip, Some(email.as_str())).await?;
    let sent = Message::new("If an account uses this address, a sign-in link is on its way.");
    let Some(user) = store::find_user_by_login(&state.db.pool, email.as_str())
        .await?
        .filter(|u| u.email.eq_ignore_ascii_case(email.as_str()) && u.is_active())
    else {
        return Ok(Json(sent));
    };
    let guid = new_secret();
    let now = state.now_ms();
    let link = format!("{}/login/{guid}", state.settings.link_base());
    let minutes = u64::try_from(GUID_TTL_MS / 60_000).unwrap_or_default();
    let message = mail::Mail::SignInLink { name: user.name.clone(), link, minutes };
    let mut tx = state.db.pool.begin().await?;
    store::void_live_guids(&mut *tx, user.id, now).await?;
    store::insert_login_guid(&mut *tx, user.id, &secret_digest(&guid), now, now + GUID_TTL_MS).await?;
    mail::queue(&mut *tx, &user.email, &message, user.language(), now).await?;
    tx.commit().await?;
    tracing::info!(user_id = user.id, "sign-in link sent");
    Ok(Json(sent))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct GuidTokenRequest {
    /// The guid from the e-mailed link; not blank.
    #[schema(value_type = String, required = true, pattern = r"\S")]
    pub guid: Option<String>,
}

/// Signs in with a one-time guid from an e-mailed link.
///
/// Limited per client address as a sign-in (`VITRINE_RATE_SIGN_IN_PER_IP`).
#[utoipa::path(post, path = "/oauth/token/guid", tag = "accounts", request_body = GuidTokenRequest,
    responses((status = 200, body = TokenResponse), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope),
        (status = 422, body = ErrorEnvelope), (status = 429, body = ErrorEnvelope)))]
#[instrument(skip_all)]
pub async fn token_by_guid(
    State(state): State<AppState>,
    ip: ClientIp,
    ApiJson(req): ApiJson<GuidTokenRequest>,
) -> Result<Json<TokenResponse>, AppError> {
    state.limits.check(Action::SignIn, &ip, None).await?;
    let guid = req.guid.as_deref().map(str::trim).unwrap_or("");
    if guid.is_empty() {
        return Err(AppError::field("guid", codes::REQUIRED));
    }
    let invalid = || AppError::rule(StatusCode::UNAUTHORIZED, codes::GUID_INVALID);
    let row = one_time_tokens::find(&state.db.pool, LOGIN_GUID, &secret_digest(guid)).await?.ok_or_else(invalid)?;
    let now = state.now_ms();
    if row.used_at.is_some() {
        return Err(AppError::unprocessable(codes::GUID_USED));
    }
    if row.expires_at <= now {
        return Err(AppError::unprocessable(codes::GUID_EXPIRED));
    }
    let user = store::find_user(&state.db.pool, row.subject_id).await?.ok_or_else(invalid)?;
    if !user.is_active() {
        return Err(AppError::rule(StatusCode::FORBIDDEN, codes::USER_INACTIVE));
    }
    let token = new_secret();
    let ttl = state.settings.token_ttl();
    let expires_at = now.saturating_add(i64::try_from(ttl.as_millis()).unwrap_or(i64::MAX));
    let mut tx = state.db.pool.begin().await?;
    // Two requests racing with one guid: the compare-and-set lets exactly one through.
    if !one_time_tokens::consume(&mut *tx, LOGIN_GUID, row.id, now).await? {
        return Err(AppError::unprocessable(codes::GUID_USED));
    }
    store::insert_access_token(&mut *tx, user.id, &secret_digest(&token), now, expires_at).await?;
    tx.commit().await?;
    tracing::info!(user_id = user.id, "signed in by guid");
    Ok(Json(TokenResponse { access_token: token, token_type: "Bearer", expires_in: ttl.as_secs() }))
}
