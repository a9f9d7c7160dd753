//! `POST /contests/{id}/coupons/invites`: an admin sends a contest's client a coupon to
//! launch again (after a contest that ended without a winner, say). The spec names the
//! call only; the e-mail carries the code and the launch link of the contest's type.
//! The coupon must be live (not deleted) and for the contest's type.

use axum::{extract::State, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::ToSchema;

use crate::{
    accounts::{store::find_user, CurrentUser},
    api::Data,
    commerce::coupons,
    contests::store as contest_store,
    error::{codes, ApiJson, ApiPath, AppError, ErrorEnvelope},
    shared::limits::{Action, ClientIp},
    state::AppState,
};

#[derive(Debug, Deserialize, ToSchema)]
pub struct CouponInvite {
    /// A live coupon of the contest's type (not blank).
    #[schema(required = true, value_type = String, pattern = "\\S")]
    pub code: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CouponInviteSent {
    pub contest_id: i64,
    pub code: String,
    /// Who was e-mailed (the contest's client).
    pub email: String,
}

/// An admin e-mails the contest's client a coupon for the contest's type.
///
/// Limited as mail, per client address and per admin (`VITRINE_RATE_MAIL_*`).
#[utoipa::path(post, path = "/contests/{id}/coupons/invites", tag = "admin", params(("id" = i64, Path)), request_body = CouponInvite,
    security(("bearer" = [])),
    responses((status = 201, body = Data<CouponInviteSent>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope),
        (status = 429, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id))]
pub async fn send(
    State(state): State<AppState>,
    caller: CurrentUser,
    ip: ClientIp,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<CouponInvite>,
) -> Result<(StatusCode, Json<Data<CouponInviteSent>>), AppError> {
    caller.require_admin()?;
    state.limits.check_user(Action::Mail, &ip, caller.id()).await?;
    let code = req.code.as_deref().map(str::trim).unwrap_or_default();
    if code.is_empty() {
        return Err(AppError::field("code", codes::REQUIRED));
    }
    let mut tx = state.db.pool.begin().await?;
    let contest =
        contest_store::find(&mut *tx, id).await?.ok_or_else(|| AppError::not_found(codes::CONTEST_NOT_FOUND))?;
    let coupon = coupons::find_by_code(&mut tx, code)
        .await?
        .filter(|c| c.contest_type_id == contest.contest_type_id)
        .ok_or_else(|| AppError::field("code", codes::NOT_FOUND_OPTION))?;
    let client =
        find_user(&mut *tx, contest.created_by).await?.ok_or_else(|| AppError::not_found(codes::USER_NOT_FOUND))?;
    let slug =
        crate::catalogue::store::find_type(&mut *tx, contest.contest_type_id).await?.map(|t| t.launch_brief_slug);
    let base = state.settings.link_base();
    let link = match slug {
        Some(slug) => format!("{base}/contests/{slug}/launch?discount_code={}", coupon.code),
        None => format!("{base}/dashboard"),
    };
    let message = crate::mail::Mail::CouponInvite {
        name: client.name.clone(),
        title: contest.title.clone(),
        code: coupon.code.clone(),
        link,
    };
    crate::mail::queue(&mut *tx, &client.email, &message, client.language(), state.now_ms()).await?;
    tx.commit().await?;
    Ok((
        StatusCode::CREATED,
        Json(Data::new(CouponInviteSent { contest_id: id, code: coupon.code, email: client.email })),
    ))
}
