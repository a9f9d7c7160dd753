//! Launch steps 2 and 3: choosing the prize package, upgrades, length and coupon, and
//! the step a launch flow should resume at. Prices come from [`super::pricing`], the
//! one launch price: the total answered is what the payments area charges.

use axum::{extract::State, Json};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::ToSchema;

use super::{
    launch::owned,
    model::ContestView,
    pricing::{self, LaunchPrice, PriceLine, Selection},
    status::ContestStatus,
    store,
};
use crate::{
    accounts::CurrentUser,
    api::{loose_id, Data},
    commerce::coupons,
    error::{codes, ApiJson, ApiPath, AppError, ErrorEnvelope},
    state::AppState,
};

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct OptionsRequest {
    /// The prize package (of the contest's type).
    #[serde(default, deserialize_with = "loose_id")]
    pub contest_type_pricing_id: Option<i64>,
    /// Upgrades offered for the contest's type. Rush (`is_rush`) sets the 3-day length.
    #[serde(default)]
    pub upgrade_ids: Vec<i64>,
    /// The contest length; the free standard week when absent.
    #[serde(default, deserialize_with = "loose_id")]
    pub contest_length_id: Option<i64>,
    /// The coupon to apply: absent keeps the contest's (from its launch), an empty
    /// string removes it; a refused code answers its `coupon.*` code and nothing is stored.
    pub coupon_code: Option<String>,
}

impl OptionsRequest {
    /// The selection asked for; `stored_coupon` when the request names none.
    pub fn selection(&self, stored_coupon: Option<String>) -> Selection {
        let coupon_code = match &self.coupon_code {
            None => stored_coupon,
            Some(code) => Some(code.trim().to_owned()).filter(|c| !c.is_empty()),
        };
        Selection {
            pricing_id: self.contest_type_pricing_id,
            upgrade_ids: self.upgrade_ids.clone(),
            length_id: self.contest_length_id,
            coupon_code,
        }
    }
}

/// A launch priced by the server: the lines and total the options and review
/// screens show, and exactly what the launch payment charges.
#[derive(Debug, Serialize, ToSchema)]
pub struct LaunchQuoteView {
    pub lines: Vec<PriceLine>,
    pub total_cents: i64,
    /// The coupon applied (its code), when one is.
    pub coupon_code: Option<String>,
    /// Upgrades are free with the unlimited-upgrades subscription.
    pub free_upgrades: bool,
}

impl From<LaunchPrice> for LaunchQuoteView {
    fn from(p: LaunchPrice) -> Self {
        Self {
            coupon_code: p.discount.as_ref().map(|d| d.code.clone()),
            lines: p.lines,
            total_cents: p.total_cents,
            free_upgrades: p.free_upgrades,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OptionsView {
    pub contest: ContestView,
    /// The upgrades stored (Rush when the length is the rush length).
    pub upgrade_ids: Vec<i64>,
    pub quote: LaunchQuoteView,
}

/// Sets package, upgrades, length and coupon of an unstarted contest (its creator),
/// answering the launch's price.
#[utoipa::path(put, path = "/contests/{id}/options", tag = "contests", params(("id" = i64, Path)), request_body = OptionsRequest, security(("bearer" = [])),
    responses((status = 200, body = Data<OptionsView>), (status = 403, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id))]
pub async fn set_options(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<OptionsRequest>,
) -> Result<Json<Data<OptionsView>>, AppError> {
    let contest = owned(&state, &caller, id).await?;
    if contest.status() != ContestStatus::Unpaid {
        return Err(AppError::conflict(codes::CONTEST_STARTED));
    }
    // One transaction: a refused coupon or option changes nothing, not even the coupon's
    // first-use time.
    let mut tx = state.db.pool.begin().await?;
    let stored_coupon = store::coupon_code(&mut tx, id).await?;
    let selection = req.selection(stored_coupon);
    let now = state.now_ms();
    let (resolved, priced) =
        pricing::launch_price(&mut tx, &caller.user, contest.contest_type_id, &selection, now).await?;
    if let Some(code) = &selection.coupon_code {
        // The coupon's 24 hours start with its first application.
        let package = coupons::Package::Priced(resolved.pricing.id);
        coupons::validate_and_record(&mut tx, &caller.user, contest.contest_type_id, package, code, now).await?;
    }
    let chosen = &resolved.upgrades;
    let options = resolved.options();
    store::set_options(&mut tx, id, &options, now).await?;
    store::set_coupon_code(&mut tx, id, selection.coupon_code.as_deref(), now).await?;
    tx.commit().await?;
    let contest =
        store::find(&state.db.pool, id).await?.ok_or_else(|| AppError::not_found(codes::CONTEST_NOT_FOUND))?;
    Ok(Json(Data::new(OptionsView {
        contest: contest.into(),
        upgrade_ids: chosen.iter().map(|u| u.id).collect(),
        quote: priced.into(),
    })))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StepView {
    pub contest_id: i64,
    /// The step the flow should show: the one asked for if it is reachable, else the
    /// furthest reachable one (1 brief, 2 options, 3 review); 0 once the contest has
    /// started (the dashboard).
    pub step: i64,
    pub has_brief: bool,
    pub has_options: bool,
}

/// Where the launch flow of a contest stands (its creator).
#[utoipa::path(get, path = "/contests/{id}/steps/{step}", tag = "contests", params(("id" = i64, Path), ("step" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<StepView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn step(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, step)): ApiPath<(i64, i64)>,
) -> Result<Json<Data<StepView>>, AppError> {
    let contest = owned(&state, &caller, id).await?;
    let has_brief = !store::answers(&state.db.pool, id).await?.is_empty() || !contest.title.is_empty();
    let has_options = contest.contest_type_pricing_id.is_some();
    let furthest = match (has_brief, has_options) {
        (false, _) => 1,
        (true, false) => 2,
        (true, true) => 3,
    };
    let step = if contest.status() != ContestStatus::Unpaid { 0 } else { step.clamp(1, 3).min(furthest) };
    Ok(Json(Data::new(StepView { contest_id: id, step, has_brief, has_options })))
}
