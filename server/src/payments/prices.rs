//! `GET /payments/prices`: the prices of paid actions that no catalogue table holds
//! (a day of contest extension, an additional design, a project's listing fee), so a client can show what a
//! payment will cost before creating it. The payment routes price from the same rows
//! ([`amount_cents`]), so what is shown is what is charged.

use axum::{extract::State, Json};
use serde::Serialize;
use sqlx::{Any, Executor};
use utoipa::ToSchema;

use super::store;
use crate::{
    accounts::{domain::UserType, CurrentUser},
    api::Data,
    error::{codes, AppError, ErrorEnvelope},
    state::AppState,
};

/// Stable codes of `payment_price` rows.
pub mod code {
    /// One day of a running contest's extension (1 to 10 days are sold).
    pub const EXTEND_DAY: &str = "contest.extend.day";
    /// A design bought besides the winner's (contests doc, section 9: default 100).
    pub const ADDITIONAL_DESIGN: &str = "contest.additional_design";
    /// Listing a pay-to-start project (projects doc, section 9: 19), paid with the
    /// approval of its bid; projects queued by a subscription list free.
    pub const PROJECT_LISTING_FEE: &str = "project.listing_fee";
}

/// One price as the API shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct PriceView {
    /// Stable, e.g. `contest.extend.day`.
    pub code: String,
    /// Whole US dollars.
    pub amount: i64,
    pub amount_cents: i64,
    pub description: String,
}

/// The price with `code`, in cents; an error (500) when the row is missing, which
/// only a broken migration can cause.
pub async fn amount_cents<'c>(db: impl Executor<'c, Database = Any>, code: &str) -> Result<i64, AppError> {
    store::price_cents(db, code).await?.ok_or_else(|| anyhow::anyhow!("no payment_price {code}").into())
}

/// The prices of paid actions. Only those who pay see them: clients (and admins,
/// who answer their questions); designers never pay and are refused.
#[utoipa::path(get, path = "/payments/prices", tag = "payments", security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<PriceView>>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn list(State(state): State<AppState>, caller: CurrentUser) -> Result<Json<Data<Vec<PriceView>>>, AppError> {
    if caller.user.user_type() == UserType::Designer {
        return Err(AppError::forbidden(codes::PRICES_FORBIDDEN));
    }
    let rows = store::prices(&state.db.pool).await?;
    let prices = rows
        .into_iter()
        .map(|r| PriceView {
            code: r.code,
            amount: r.amount_cents / 100,
            amount_cents: r.amount_cents,
            description: r.description,
        })
        .collect();
    Ok(Json(Data::new(prices)))
}
