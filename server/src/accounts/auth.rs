//! Who is calling: bearer-token extractors for handlers.
//!
//! `CurrentUser` requires a live token of an active account (401 otherwise);
//! `MaybeUser` admits anonymous callers. Both accept `Authorization: Bearer <token>`.

use axum::http::StatusCode;
use axum::{extract::FromRequestParts, http::request::Parts};

use super::{model::UserRow, secrets::secret_digest, store};
use crate::{
    error::{catalogue, AppError},
    state::AppState,
};

/// The authenticated caller and the token they used.
#[derive(Debug, Clone)]
pub struct CurrentUser {
    pub user: UserRow,
    pub token_id: i64,
    /// When the token stops working, epoch ms.
    pub token_expires_at: i64,
}

impl CurrentUser {
    pub fn id(&self) -> i64 {
        self.user.id
    }
    pub fn is_admin(&self) -> bool {
        self.user.is_admin()
    }
    /// 403 unless the caller is an admin.
    pub fn require_admin(&self) -> Result<(), AppError> {
        if self.is_admin() {
            Ok(())
        } else {
            Err(AppError::forbidden(catalogue::FORBIDDEN))
        }
    }
}

/// The caller if a valid token came with the request.
#[derive(Debug, Clone)]
pub struct MaybeUser(pub Option<CurrentUser>);

/// The bearer token of a request, if any.
pub fn bearer_token(parts: &Parts) -> Option<&str> {
    bearer_from_headers(&parts.headers)
}

/// The bearer token in `Authorization` headers, if any.
pub fn bearer_from_headers(headers: &axum::http::HeaderMap) -> Option<&str> {
    let value = headers.get(axum::http::header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim()).filter(|t| !t.is_empty())
}

/// Resolves a raw token to its user: `Ok(None)` for unknown, expired or revoked tokens,
/// an `auth.user.inactive` error for a deactivated account.
pub async fn authenticate(state: &AppState, token: &str) -> Result<Option<CurrentUser>, AppError> {
    let Some((user, token_id, token_expires_at)) =
        store::find_token_user(&state.db.pool, &secret_digest(token), state.now_ms()).await?
    else {
        return Ok(None);
    };
    if !user.is_active() {
        return Err(AppError::rule(StatusCode::FORBIDDEN, catalogue::USER_INACTIVE));
    }
    Ok(Some(CurrentUser { user, token_id, token_expires_at }))
}

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let token = bearer_token(parts).ok_or_else(AppError::unauthenticated)?;
        authenticate(state, token).await?.ok_or_else(AppError::unauthenticated)
    }
}

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        match bearer_token(parts) {
            // A stale token on a public page is treated as no token, not an error.
            Some(token) => Ok(Self(authenticate(state, token).await.ok().flatten())),
            None => Ok(Self(None)),
        }
    }
}
