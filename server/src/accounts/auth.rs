//! Who is calling: bearer-token extractors for handlers.
//!
//! `CurrentUser` requires a live token of an active account (401 otherwise);
//! `MaybeUser` admits anonymous callers. Both accept `Authorization: Bearer <token>`.

use axum::http::StatusCode;
use axum::{extract::FromRequestParts, http::request::Parts};

use super::{model::UserRow, secrets::secret_digest, store};
use crate::{
    error::{codes, AppError},
    realtime::policy::{Authenticator, Principal},
    state::AppState,
    store::Db,
    telemetry::RequestUser,
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
            Err(AppError::forbidden(codes::FORBIDDEN))
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

pub use crate::shared::http::bearer_from_headers;

/// Resolves a raw token to its user: `Ok(None)` for unknown, expired or revoked tokens,
/// an `auth.user.inactive` error for a deactivated account.
pub async fn authenticate(state: &AppState, token: &str) -> Result<Option<CurrentUser>, AppError> {
    authenticate_at(&state.db, token, state.now_ms()).await
}

/// [`authenticate`] with the database and the time given.
async fn authenticate_at(db: &Db, token: &str, now_ms: i64) -> Result<Option<CurrentUser>, AppError> {
    let Some((user, token_id, token_expires_at)) =
        store::find_token_user(&db.pool, &secret_digest(token), now_ms).await?
    else {
        return Ok(None);
    };
    if !user.is_active() {
        return Err(AppError::rule(StatusCode::FORBIDDEN, codes::USER_INACTIVE));
    }
    Ok(Some(CurrentUser { user, token_id, token_expires_at }))
}

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let token = bearer_token(parts).ok_or_else(AppError::unauthenticated)?;
        let current = authenticate(state, token).await?.ok_or_else(AppError::unauthenticated)?;
        RequestUser::record(&parts.extensions, current.id());
        Ok(current)
    }
}

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        match bearer_token(parts) {
            // A stale token on a public page is treated as no token, not an error.
            Some(token) => {
                let current = authenticate(state, token).await.ok().flatten();
                if let Some(current) = &current {
                    RequestUser::record(&parts.extensions, current.id());
                }
                Ok(Self(current))
            }
            None => Ok(Self(None)),
        }
    }
}

/// The hub's token resolver: the same tokens and the same refusals as REST.
pub struct Tokens;

impl Authenticator for Tokens {
    fn authenticate<'a>(
        &'a self,
        db: &'a Db,
        token: &'a str,
        now_ms: i64,
    ) -> futures::future::BoxFuture<'a, Result<Option<Principal>, AppError>> {
        Box::pin(async move { Ok(authenticate_at(db, token, now_ms).await?.map(Principal::from)) })
    }
}

impl From<CurrentUser> for Principal {
    fn from(current: CurrentUser) -> Self {
        Principal {
            id: current.user.id,
            username: current.user.username.clone(),
            token_id: current.token_id,
            token_expires_at: current.token_expires_at,
            account: std::sync::Arc::new(current.user),
        }
    }
}

/// The user behind a hub principal (what [`Tokens`] put there), for channel policies.
pub fn account_of(viewer: Option<&Principal>) -> Option<&UserRow> {
    viewer.and_then(|principal| principal.account.downcast_ref::<UserRow>())
}

/// A channel whose rule is about the signed-in user alone (admins, gold designers...):
/// anonymous viewers are refused, a signed-in one when `.0` says so.
pub struct UserRule(pub fn(&UserRow) -> bool);

impl crate::realtime::policy::ChannelPolicy for UserRule {
    fn may_subscribe<'a>(
        &'a self,
        _db: &'a Db,
        viewer: Option<&'a Principal>,
        _channel: &'a vitrine_protocol::Channel,
    ) -> futures::future::BoxFuture<'a, Result<bool, sqlx::Error>> {
        let allowed = account_of(viewer).is_some_and(self.0);
        Box::pin(async move { Ok(allowed) })
    }
}
