//! Coupon calls: admins create, list and delete a contest type's coupons; a client
//! validates a code (`GET /contests/types/{id}/coupons/{code}/exists`), which also
//! starts the code's 24 hours for them.

use axum::{extract::State, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};

use super::coupons::{self, CouponRow, Package, VALIDITY_MS};
use super::store;
use crate::shared::money::{as_dollars, dollars_as_cents};
use crate::{
    accounts::CurrentUser,
    api::{flag, loose_id, Data, Message},
    error::{codes, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope, FieldErrors},
    state::AppState,
    store::is_unique_violation,
};

/// A coupon as admins see it.
#[derive(Debug, Serialize, ToSchema)]
pub struct CouponView {
    pub id: i64,
    pub contest_type_id: i64,
    pub code: String,
    pub percent_off: Option<i64>,
    /// US dollars off, when the coupon takes a fixed amount.
    pub amount_off: Option<f64>,
    /// The only user who may use it (null: any client).
    pub user_id: Option<i64>,
    /// The only package it applies to (null: any package of the type).
    pub contest_type_pricing_id: Option<i64>,
    pub allows_custom_prize: i64,
    pub usage_limit: Option<i64>,
    pub used_count: i64,
    pub created_at: i64,
}

impl From<CouponRow> for CouponView {
    fn from(c: CouponRow) -> Self {
        Self {
            id: c.id,
            contest_type_id: c.contest_type_id,
            code: c.code,
            percent_off: c.percent_off,
            amount_off: c.amount_off_cents.map(as_dollars),
            user_id: c.app_user_id,
            contest_type_pricing_id: c.contest_type_pricing_id,
            allows_custom_prize: c.allows_custom_prize,
            usage_limit: c.usage_limit,
            used_count: c.used_count,
            created_at: c.created_at,
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct NewCoupon {
    /// 3 to 40 letters, digits, dashes and underscores; unique.
    #[schema(required = true, value_type = String, pattern = r"^\s*[A-Za-z0-9_-]{3,40}\s*$")]
    pub code: Option<String>,
    /// 1 to 100; either this or `amount_off`.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 100)]
    pub percent_off: Option<i64>,
    /// Whole US dollars; either this or `percent_off`.
    #[serde(default, deserialize_with = "dollars_as_cents")]
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 1_000_000)]
    pub amount_off: Option<i64>,
    #[serde(default, deserialize_with = "loose_id")]
    pub user_id: Option<i64>,
    #[serde(default, deserialize_with = "loose_id")]
    pub contest_type_pricing_id: Option<i64>,
    #[serde(default, deserialize_with = "flag")]
    #[schema(value_type = Option<crate::api::FlagDoc>, inline)]
    pub allows_custom_prize: Option<bool>,
    /// How many times it may be used: at least 1; none for no limit.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>, minimum = 1)]
    pub usage_limit: Option<i64>,
}

/// The body for the document: [`NewCoupon`] with exactly one discount, `percent_off` or
/// `amount_off`.
pub struct CouponBody;

impl utoipa::PartialSchema for CouponBody {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{AllOfBuilder, ObjectBuilder, OneOfBuilder};
        // Present and not null (the fields are nullable in the request).
        let given = |field: &str| ObjectBuilder::new().property(field, crate::api::id_schema()).required(field);
        let discount = OneOfBuilder::new().item(given("percent_off")).item(given("amount_off"));
        AllOfBuilder::new().item(utoipa::openapi::Ref::from_schema_name("NewCoupon")).item(discount).into()
    }
}

impl ToSchema for CouponBody {
    // The request's own schema is named only through this one: register it with it.
    fn schemas(schemas: &mut Vec<(String, utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>)>) {
        crate::api::register_schema::<NewCoupon>(schemas);
    }
}

fn code_is_well_formed(code: &str) -> bool {
    (3..=40).contains(&code.len()) && code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// An admin creates a coupon for a contest type.
#[utoipa::path(post, path = "/contests/types/{id}/coupons", tag = "commerce", params(("id" = i64, Path)), request_body = CouponBody, security(("bearer" = [])),
    responses((status = 201, body = Data<CouponView>), (status = 403, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_type_id = type_id))]
pub async fn create(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(type_id): ApiPath<i64>,
    ApiJson(req): ApiJson<NewCoupon>,
) -> Result<(StatusCode, Json<Data<CouponView>>), AppError> {
    caller.require_admin()?;
    let mut conn = state.db.pool.acquire().await?;
    if crate::catalogue::store::find_type(&mut *conn, type_id).await?.is_none() {
        return Err(AppError::not_found(codes::CONTEST_TYPE_NOT_FOUND));
    }
    let mut errors = FieldErrors::new();
    let code = req.code.as_deref().map(str::trim).unwrap_or_default().to_owned();
    if code.is_empty() {
        errors.add("code", codes::REQUIRED);
    } else if !code_is_well_formed(&code) {
        errors.add("code", codes::COUPON_CODE_FORMAT);
    }
    match (req.percent_off, req.amount_off) {
        (Some(p), None) if (1..=100).contains(&p) => {}
        (None, Some(a)) if a > 0 && a % 100 == 0 => {}
        _ => errors.add("percent_off", codes::COUPON_DISCOUNT),
    }
    if req.usage_limit.is_some_and(|l| l < 1) {
        errors.add("usage_limit", codes::NOT_FOUND_OPTION);
    }
    if let Some(pricing_id) = req.contest_type_pricing_id {
        let pricing = crate::catalogue::store::find_pricing(&mut *conn, pricing_id).await?;
        if pricing.is_none_or(|p| p.contest_type_id != type_id) {
            errors.add("contest_type_pricing_id", codes::NOT_FOUND_OPTION);
        }
    }
    if let Some(user_id) = req.user_id {
        if crate::accounts::store::find_user(&mut *conn, user_id).await?.is_none() {
            errors.add("user_id", codes::NOT_FOUND_OPTION);
        }
    }
    errors.into_result()?;
    let coupon = store::CouponRecord {
        contest_type_id: type_id,
        code: &code,
        percent_off: req.percent_off,
        amount_off_cents: req.amount_off,
        user_id: req.user_id,
        contest_type_pricing_id: req.contest_type_pricing_id,
        allows_custom_prize: req.allows_custom_prize.unwrap_or(false),
        usage_limit: req.usage_limit,
        created_by: caller.id(),
    };
    let id =
        store::insert_coupon(&mut *conn, &coupon, state.now_ms()).await.map_err(|err| {
            match is_unique_violation(&err, "contest_type_coupon_code_key") {
                true => AppError::field("code", codes::COUPON_CODE_UNIQUE),
                false => err.into(),
            }
        })?;
    let row = store::find_coupon(&mut *conn, id).await?;
    Ok((StatusCode::CREATED, Json(Data::new(row.into()))))
}

/// An admin lists a type's live coupons with their use so far.
#[utoipa::path(get, path = "/contests/types/{id}/coupons", tag = "commerce", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<CouponView>>), (status = 403, body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(type_id): ApiPath<i64>,
) -> Result<Json<Data<Vec<CouponView>>>, AppError> {
    caller.require_admin()?;
    let rows = store::list_coupons(&state.db.pool, type_id).await?;
    Ok(Json(Data::new(rows.into_iter().map(CouponView::from).collect())))
}

/// An admin withdraws a coupon; its redemptions stay on record.
#[utoipa::path(delete, path = "/contests/types/{id}/coupons/{code}", tag = "commerce", params(("id" = i64, Path), ("code" = String, Path)), security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 403, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
pub async fn delete(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((type_id, code)): ApiPath<(i64, String)>,
) -> Result<Json<Message>, AppError> {
    caller.require_admin()?;
    if !store::delete_coupon(&state.db.pool, type_id, code.trim(), state.now_ms()).await? {
        return Err(coupons::refused(codes::COUPON_INVALID));
    }
    Ok(Json(Message::new("Coupon deleted")))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ValidateQuery {
    /// The package chosen, when one is.
    #[serde(default, deserialize_with = "loose_id")]
    #[param(value_type = Option<i64>)]
    pub contest_type_pricing_id: Option<i64>,
    /// 1: the client set a custom prize amount instead of a package.
    #[serde(default, deserialize_with = "flag")]
    #[param(value_type = Option<crate::api::FlagDoc>, inline)]
    pub custom_prize: Option<bool>,
}

/// The validation answer (contests doc, section 7: message, status, data).
#[derive(Debug, Serialize, ToSchema)]
pub struct ValidationAnswer {
    pub message: &'static str,
    pub status: u16,
    pub data: AppliedCoupon,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AppliedCoupon {
    pub contest_type_coupon_id: i64,
    pub code: String,
    pub contest_type_id: i64,
    pub percent_off: Option<i64>,
    pub amount_off: Option<f64>,
    /// When the caller first applied it; it is valid until `expires_at` (24 hours on).
    pub applied_at: i64,
    pub expires_at: i64,
}

pub const APPLIED_MESSAGE: &str = "Coupon code applied successfully";

/// Validates a coupon code for a contest type (and package), for the signed-in
/// client; a failure answers one of the six `coupon.*` codes with its message.
#[utoipa::path(get, path = "/contests/types/{id}/coupons/{code}/exists", tag = "commerce",
    params(("id" = i64, Path), ("code" = String, Path), ValidateQuery), security(("bearer" = [])),
    responses((status = 200, body = ValidationAnswer), (status = 401, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_type_id = type_id))]
pub async fn validate(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((type_id, code)): ApiPath<(i64, String)>,
    ApiQuery(query): ApiQuery<ValidateQuery>,
) -> Result<Json<ValidationAnswer>, AppError> {
    let package = match (query.contest_type_pricing_id, query.custom_prize) {
        (_, Some(true)) => Package::Custom { amount_cents: 0 },
        (Some(id), _) => Package::Priced(id),
        _ => Package::Unknown,
    };
    let mut conn = state.db.pool.acquire().await?;
    let (coupon, applied_at) =
        coupons::validate_and_record(&mut conn, &caller.user, type_id, package, &code, state.now_ms()).await?;
    Ok(Json(ValidationAnswer {
        message: APPLIED_MESSAGE,
        status: 200,
        data: AppliedCoupon {
            contest_type_coupon_id: coupon.id,
            code: coupon.code,
            contest_type_id: coupon.contest_type_id,
            percent_off: coupon.percent_off,
            amount_off: coupon.amount_off_cents.map(as_dollars),
            applied_at,
            expires_at: applied_at + VALIDITY_MS,
        },
    }))
}
