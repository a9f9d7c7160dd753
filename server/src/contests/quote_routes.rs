//! The quote endpoint (`POST /contests/{id}/quote`): what a contest purchase costs,
//! line by line, priced by the very function the payment routes charge (the contest's
//! [`Payable`](crate::payments::payable::Payable)s of [`super::payable`], through
//! [`price`]); it writes nothing. And the free upgrade route for
//! upgrades the unlimited-upgrades subscription pays for (`POST /contests/{id}/upgrades/free`).

use axum::{extract::State, Json};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::ToSchema;

use super::{
    events as contest_events,
    launch::owned,
    options::OptionsRequest,
    payable::{launch_quote, ContestExtend, ContestLaunch, ContestPrize, ContestUpgrade},
    payment_routes::PrizeIncreaseDoc,
    pricing::{PriceLine, Selection},
    store as contest_store,
};
use crate::{
    accounts::CurrentUser,
    api::{loose_id, Data},
    error::{codes, ApiJson, ApiPath, AppError, ErrorEnvelope},
    payments::{nothing_due, payable::price, quote::Quote},
    state::AppState,
};

/// What to price. `purpose` says which fields count.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct QuoteRequest {
    /// `launch` (the default), `upgrade`, `extend` or `prize`.
    #[schema(value_type = Option<QuotePurposeDoc>, inline)]
    pub purpose: Option<String>,
    /// Launch: the package proposed; without it the contest's stored selection is priced
    /// (exactly what its launch payment charges).
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub contest_type_pricing_id: Option<i64>,
    /// Launch and upgrade: the upgrades proposed.
    #[serde(default)]
    pub upgrade_ids: Vec<i64>,
    /// Launch: the length proposed.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub contest_length_id: Option<i64>,
    /// Launch: a coupon to try; absent: the contest's own; empty: none.
    pub coupon_code: Option<String>,
    /// Extend: whole days, 1 to 10.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub days: Option<i64>,
    /// Prize: whole dollars, one of the prize increases.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub amount: Option<i64>,
}

crate::api::enum_doc!(
    /// What a quote prices.
    pub QuotePurposeDoc: String = ["launch", "upgrade", "extend", "prize"]
);

/// The body for the document: [`QuoteRequest`] with what each purpose needs: `extend`
/// its days (1 to 10), `prize` its amount (one of the prize increases).
pub struct QuoteBody;

impl utoipa::PartialSchema for QuoteBody {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{AllOfBuilder, AnyOfBuilder, ObjectBuilder, Type};
        let purpose =
            |values: &[&str]| ObjectBuilder::new().schema_type(Type::String).enum_values(Some(values.to_vec()));
        let days = crate::api::id_schema_with(|o| o.minimum(Some(1)).maximum(Some(10)));
        let per_purpose = AnyOfBuilder::new()
            .item(ObjectBuilder::new().property("purpose", purpose(&["launch", "upgrade"])))
            .item(
                ObjectBuilder::new()
                    .property("purpose", purpose(&["extend"]))
                    .required("purpose")
                    .property("days", days)
                    .required("days"),
            )
            .item(
                ObjectBuilder::new()
                    .property("purpose", purpose(&["prize"]))
                    .required("purpose")
                    .property("amount", PrizeIncreaseDoc::schema())
                    .required("amount"),
            );
        AllOfBuilder::new().item(utoipa::openapi::Ref::from_schema_name("QuoteRequest")).item(per_purpose).into()
    }
}

impl ToSchema for QuoteBody {
    // The request's own schema is named only through this one: register it with it.
    fn schemas(schemas: &mut Vec<(String, utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>)>) {
        crate::api::register_schema::<QuoteRequest>(schemas);
    }
}

/// A purchase priced: the lines to show and the total to pay.
#[derive(Debug, Serialize, ToSchema)]
pub struct QuoteView {
    pub purpose: String,
    /// Each line's `amount_cents` is what it adds; `list_cents` its catalogue price.
    pub lines: Vec<PriceLine>,
    /// What the payment routes charge for this, in cents.
    pub total_cents: i64,
    /// False when the total is 0: nothing to pay (free upgrades are applied with
    /// `POST /contests/{id}/upgrades/free`).
    pub payment_due: bool,
}

impl QuoteView {
    fn of(purpose: &str, quote: Quote) -> Self {
        Self {
            purpose: purpose.to_owned(),
            payment_due: quote.amount_cents > 0,
            total_cents: quote.amount_cents,
            lines: quote.lines,
        }
    }
}

/// Prices a proposed purchase for the contest's creator: the launch (package, length,
/// upgrades, coupon), upgrades, an extension or a prize increase. Refusals are those
/// the payment would answer (a coupon's `coupon.*` code, `contest.extends_disabled`...).
#[utoipa::path(post, path = "/contests/{id}/quote", tag = "payments", params(("id" = i64, Path)), request_body = QuoteBody,
    security(("bearer" = [])),
    responses((status = 200, body = Data<QuoteView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id))]
pub async fn quote_contest(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<QuoteRequest>,
) -> Result<Json<Data<QuoteView>>, AppError> {
    let purpose = req.purpose.as_deref().unwrap_or("launch");
    let quote = match purpose {
        "launch" if req.contest_type_pricing_id.is_some() => {
            let contest = owned(&state, &caller, id).await?;
            let stored = {
                let mut conn = state.db.pool.acquire().await?;
                contest_store::coupon_code(&mut conn, id).await?
            };
            let options = OptionsRequest {
                contest_type_pricing_id: req.contest_type_pricing_id,
                upgrade_ids: req.upgrade_ids.clone(),
                contest_length_id: req.contest_length_id,
                coupon_code: req.coupon_code.clone(),
            };
            let selection: Selection = options.selection(stored);
            launch_quote(&state, &caller, &contest, &selection).await?
        }
        "launch" => price(&state, &caller, &ContestLaunch { contest_id: id }).await?,
        "upgrade" => {
            let purpose = ContestUpgrade { contest_id: id, upgrade_ids: req.upgrade_ids.clone() };
            price(&state, &caller, &purpose).await?
        }
        "extend" => {
            let days = req.days.ok_or_else(|| AppError::field("days", codes::EXTEND_DAYS))?;
            price(&state, &caller, &ContestExtend { contest_id: id, days }).await?
        }
        "prize" => {
            let dollars = req.amount.ok_or_else(|| AppError::field("amount", codes::REQUIRED))?;
            let purpose = ContestPrize { contest_id: id, amount_cents: dollars.saturating_mul(100) };
            price(&state, &caller, &purpose).await?
        }
        _ => return Err(AppError::field("purpose", codes::NOT_FOUND_OPTION)),
    };
    Ok(Json(Data::new(QuoteView::of(purpose, quote))))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct FreeUpgradesRequest {
    /// The upgrades to apply; their quote must be $0.
    #[serde(default)]
    pub upgrade_ids: Vec<i64>,
}

/// Applies upgrades that cost nothing (the unlimited-upgrades subscription): the same
/// quote as the paid routes, and 409 `upgrades.not_free` when it is above $0.
#[utoipa::path(post, path = "/contests/{id}/upgrades/free", tag = "payments", params(("id" = i64, Path)),
    request_body = FreeUpgradesRequest, security(("bearer" = [])),
    responses((status = 200, body = Data<crate::contests::model::ContestView>), (status = 403, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id))]
pub async fn apply_free_upgrades(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<FreeUpgradesRequest>,
) -> Result<Json<Data<crate::contests::model::ContestView>>, AppError> {
    let purpose = ContestUpgrade { contest_id: id, upgrade_ids: req.upgrade_ids };
    let quote = price(&state, &caller, &purpose).await?;
    if quote.amount_cents != 0 {
        return Err(AppError::conflict(codes::UPGRADES_NOT_FREE));
    }
    let ids: Vec<i64> = quote.lines.iter().map(|l| l.id).collect();
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    let contest =
        contest_store::find(&mut *tx, id).await?.ok_or_else(|| AppError::not_found(codes::CONTEST_NOT_FOUND))?;
    let offered = crate::catalogue::store::upgrades(&mut *tx, contest.contest_type_id).await?;
    let chosen: Vec<_> = offered.into_iter().filter(|u| ids.contains(&u.id)).collect();
    contest_store::apply_upgrades(&mut tx, id, &chosen, now).await?;
    let contest =
        contest_store::find(&mut *tx, id).await?.ok_or_else(|| AppError::not_found(codes::CONTEST_NOT_FOUND))?;
    contest_events::updated(&mut tx, &contest, now).await?;
    tx.commit().await?;
    tracing::info!(contest_id = id, upgrades = ?ids, "free upgrades applied");
    Ok(Json(Data::new(contest.into())))
}

/// Starts an unpaid contest whose launch costs nothing (its coupon covers the whole
/// price): recorded as a $0 launch with its coupon, invoiced like a paid one, and started
/// at once. 409 `contest.post.coupon_code` ("Sorry, You have to pay the amount.") when
/// something is to pay: the card or PayPal routes take it.
#[utoipa::path(post, path = "/contests/{id}/launch/free", tag = "payments", params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = Data<crate::contests::model::ContestView>), (status = 403, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id))]
pub async fn launch_free(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<crate::contests::model::ContestView>>, AppError> {
    let purpose = ContestLaunch { contest_id: id };
    if nothing_due::settle(&state, &caller, &purpose).await?.is_none() {
        return Err(AppError::conflict(codes::CONTEST_NOT_PAYABLE));
    }
    let contest =
        contest_store::find(&state.db.pool, id).await?.ok_or_else(|| AppError::not_found(codes::CONTEST_NOT_FOUND))?;
    Ok(Json(Data::new(contest.into())))
}
