//! Launch steps 2 and 3: choosing the prize package, upgrades and length, and the
//! step a launch flow should resume at. Prices come from the catalogue, never from
//! the client; the total is what the payments area will charge.

use axum::{extract::State, Json};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::ToSchema;

use super::{launch::owned, model::ContestView, status::ContestStatus, store};
use crate::{
    accounts::CurrentUser,
    api::{loose_id, Data},
    catalogue::store as catalogue,
    commerce::subscriptions,
    error::{catalogue as codes, ApiJson, ApiPath, AppError, ErrorEnvelope, FieldErrors},
    state::AppState,
};

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct OptionsRequest {
    /// The prize package (of the contest's type).
    #[serde(default, deserialize_with = "loose_id")]
    pub contest_type_pricing_id: Option<i64>,
    /// Upgrades offered for the contest's type.
    #[serde(default)]
    pub upgrade_ids: Vec<i64>,
    /// The contest length; the free standard week when absent.
    #[serde(default, deserialize_with = "loose_id")]
    pub contest_length_id: Option<i64>,
}

/// One priced line of a launch.
#[derive(Debug, Serialize, ToSchema)]
pub struct PriceLine {
    /// `package`, `upgrade` or `length`.
    pub kind: &'static str,
    pub id: i64,
    pub name: String,
    /// Whole US dollars: what this line costs the client.
    pub amount: i64,
    /// Whole US dollars: the catalogue price, shown struck through when `amount` is
    /// lower (upgrades are free with the unlimited-upgrades subscription).
    pub list_amount: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OptionsView {
    pub contest: ContestView,
    pub upgrade_ids: Vec<i64>,
    pub lines: Vec<PriceLine>,
    /// What starting the contest costs, whole US dollars.
    pub total_amount: i64,
}

/// Sets package, upgrades and length of an unstarted contest (its creator).
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
    let mut errors = FieldErrors::new();
    let pricing = match req.contest_type_pricing_id {
        None => {
            errors.add("contest_type_pricing_id", codes::REQUIRED);
            None
        }
        Some(pricing_id) => {
            let pricing = catalogue::find_pricing(&state.db.pool, pricing_id)
                .await?
                .filter(|p| p.contest_type_id == contest.contest_type_id);
            if pricing.is_none() {
                errors.add("contest_type_pricing_id", codes::NOT_FOUND_OPTION);
            }
            pricing
        }
    };
    let offered = catalogue::upgrades(&state.db.pool, contest.contest_type_id).await?;
    let mut chosen = Vec::new();
    for upgrade_id in &req.upgrade_ids {
        match offered.iter().find(|u| u.id == *upgrade_id) {
            Some(upgrade) if !chosen.iter().any(|c: &&crate::catalogue::model::UpgradeRow| c.id == upgrade.id) => {
                chosen.push(upgrade)
            }
            Some(_) => {}
            None => errors.add("upgrade_ids", codes::NOT_FOUND_OPTION),
        }
    }
    let length = match req.contest_length_id {
        None => None,
        Some(length_id) => {
            let length = catalogue::find_length(&state.db.pool, length_id).await?;
            if length.is_none() {
                errors.add("contest_length_id", codes::NOT_FOUND_OPTION);
            }
            length
        }
    };
    errors.into_result()?;
    let pricing = pricing.ok_or_else(|| anyhow::anyhow!("validated pricing"))?;
    let flag = |pick: fn(&crate::catalogue::model::UpgradeRow) -> i64| i64::from(chosen.iter().any(|u| pick(u) != 0));

    let now = state.now_ms();
    sqlx::query(
        "UPDATE contest SET contest_type_pricing_id = $1, winning_entry_amount_cents = $2, contest_length_id = $3, \
         is_highlighted = $4, is_featured = $5, is_private = $6, is_blind = $7, is_notified_via_email = $8, \
         is_featured_blog_post = $9, updated_at = $10 WHERE id = $11 AND status_id = 1",
    )
    .bind(pricing.id)
    .bind(pricing.winning_entry_amount_cents)
    .bind(length.as_ref().map(|l| l.id))
    .bind(flag(|u| u.is_highlighted))
    .bind(flag(|u| u.is_featured))
    .bind(flag(|u| u.is_private))
    .bind(flag(|u| u.is_blind))
    .bind(flag(|u| u.is_notified_via_email))
    .bind(flag(|u| u.is_featured_blog_post))
    .bind(now)
    .bind(id)
    .execute(&state.db.pool)
    .await?;

    let mut conn = state.db.pool.acquire().await?;
    let free_upgrades = subscriptions::has_active(&mut conn, caller.id(), subscriptions::UNLIMITED_UPGRADES).await?;
    drop(conn);
    let mut lines = vec![PriceLine {
        kind: "package",
        id: pricing.id,
        name: pricing.name.clone(),
        amount: pricing.amount_cents / 100,
        list_amount: pricing.amount_cents / 100,
    }];
    lines.extend(chosen.iter().map(|u| PriceLine {
        kind: "upgrade",
        id: u.id,
        name: u.name.clone(),
        amount: if free_upgrades { 0 } else { u.amount_cents / 100 },
        list_amount: u.amount_cents / 100,
    }));
    if let Some(length) = &length {
        lines.push(PriceLine {
            kind: "length",
            id: length.id,
            name: length.name.clone(),
            amount: length.amount_cents / 100,
            list_amount: length.amount_cents / 100,
        });
    }
    let total_amount = lines.iter().map(|l| l.amount).sum();
    let contest =
        store::find(&state.db.pool, id).await?.ok_or_else(|| AppError::not_found(codes::CONTEST_NOT_FOUND))?;
    Ok(Json(Data::new(OptionsView {
        contest: contest.into(),
        upgrade_ids: chosen.iter().map(|u| u.id).collect(),
        lines,
        total_amount,
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
