//! Referrals: each user's referral code; a visit through a referral link (`/login?ref=`)
//! sets a cookie whose value is 32 random digits; a sign-up that carries that value
//! as `referral_source` within 720 hours of the visit is credited to the referrer.
//! Later sign-ups still succeed, but the referrer is not credited (contests doc, sections 5 and 9).

use axum::{
    extract::State,
    http::{header, StatusCode},
    response::{AppendHeaders, IntoResponse},
    Json,
};
use rand::Rng;
use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use tracing::instrument;
use utoipa::ToSchema;

use super::store;
use crate::{
    accounts::CurrentUser,
    api::Data,
    error::{codes, ApiJson, ApiPath, AppError, ErrorEnvelope},
    state::AppState,
};

pub use crate::accounts::referral::{COOKIE_DIGITS, WINDOW_MS};
/// The cookie that carries the visit.
pub const COOKIE: &str = "vitrine_referral";

fn random_digits(n: usize) -> String {
    let mut rng = rand::thread_rng();
    (0..n).map(|_| char::from(b'0' + rng.gen_range(0..10u8))).collect()
}

/// A user's own code, made on first request.
async fn code_of(conn: &mut AnyConnection, user_id: i64, now_ms: i64) -> Result<String, sqlx::Error> {
    store::ensure_referral_code(&mut *conn, user_id, &crate::accounts::secrets::new_secret()[..16], now_ms).await?;
    store::referral_code(&mut *conn, user_id).await
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReferredUser {
    pub user_id: i64,
    pub username: String,
    /// When they signed up.
    pub created_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReferralsView {
    pub code: String,
    /// The link to share: `/login?ref={code}`.
    pub link: String,
    /// Sign-ups credited (each within 720 hours of its visit).
    pub total: i64,
    pub referred: Vec<ReferredUser>,
}

/// A user's referral code and the sign-ups credited to them (the user and admins).
#[utoipa::path(get, path = "/users/{id}/referrals", tag = "commerce", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<ReferralsView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn mine(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<ReferralsView>>, AppError> {
    if caller.id() != id && !caller.is_admin() {
        return Err(AppError::forbidden(codes::FORBIDDEN));
    }
    let mut conn = state.db.pool.acquire().await?;
    if crate::accounts::store::find_user(&mut *conn, id).await?.is_none() {
        return Err(AppError::not_found(codes::USER_NOT_FOUND));
    }
    let code = code_of(&mut conn, id, state.now_ms()).await?;
    let rows = store::referred_users(&mut *conn, id).await?;
    let referred: Vec<ReferredUser> = rows
        .into_iter()
        .map(|(user_id, username, created_at)| ReferredUser { user_id, username, created_at })
        .collect();
    Ok(Json(Data::new(ReferralsView {
        link: format!("/login?ref={code}"),
        code,
        total: referred.len() as i64,
        referred,
    })))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct VisitRequest {
    /// The `ref` query parameter of the link followed.
    #[serde(rename = "ref")]
    pub code: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VisitView {
    /// The cookie value: send it as `referral_source` when signing up.
    pub cookie: String,
    pub expires_at: i64,
}

/// A visitor followed a referral link: the visit is recorded and its cookie set
/// (also answered, for clients that keep it themselves).
#[utoipa::path(post, path = "/referrals/visits", tag = "commerce", request_body = VisitRequest,
    responses((status = 201, body = Data<VisitView>), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all)]
pub async fn visit(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<VisitRequest>,
) -> Result<impl IntoResponse, AppError> {
    let code = req.code.as_deref().map(str::trim).unwrap_or_default();
    let mut conn = state.db.pool.acquire().await?;
    let referrer = store::referrer_by_code(&mut *conn, code)
        .await?
        .ok_or_else(|| AppError::field("ref", codes::REFERRAL_INVALID))?;
    let now = state.now_ms();
    let cookie = random_digits(COOKIE_DIGITS);
    store::insert_referral_visit(&mut *conn, &cookie, referrer, now).await?;
    let set_cookie = format!("{COOKIE}={cookie}; Max-Age={}; Path=/; SameSite=Lax", WINDOW_MS / 1000);
    let body = Data::new(VisitView { cookie, expires_at: now + WINDOW_MS });
    Ok((StatusCode::CREATED, AppendHeaders([(header::SET_COOKIE, set_cookie)]), Json(body)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cookies_are_32_random_digits() {
        let a = random_digits(COOKIE_DIGITS);
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|b| b.is_ascii_digit()));
        assert_ne!(a, random_digits(COOKIE_DIGITS));
    }
}
