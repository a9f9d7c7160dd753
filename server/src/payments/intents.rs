//! Payment intents: create (priced on the server, once per idempotency key), update
//! (re-priced before the card is confirmed), finalize (the saved card to charge).
//! The browser then confirms with Stripe.js; Stripe's webhook settles the payment
//! ([`super::webhook`]). Every purpose has the same three routes under its own path
//! ([`super::routes`]); the handlers here are what those routes share.

use std::collections::HashMap;

use axum::{http::HeaderMap, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::ToSchema;

use super::{
    cards::owned_card,
    customers,
    purpose::{quote, Purpose, Quote},
    transactions::{self, TransactionRow},
};
use crate::{
    accounts::CurrentUser,
    api::{loose_id, Data},
    error::{catalogue, AppError},
    state::AppState,
};

/// Which purpose a route pays for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    ContestLaunch,
    ContestUpgrade,
    ContestExtend,
    ContestPrize,
    AdditionalDesign,
    BidApproval,
    BudgetIncrease,
    Cart,
    Subscription,
    MarketplacePurchase,
    /// A marketplace entry's full rights bought under its contest's path
    /// (`/contests/{id}/purchase-design/...`, the entry in the body): the same purpose
    /// as [`Kind::MarketplacePurchase`].
    PurchaseDesign,
}

/// The body of create and update; each purpose reads the fields it needs.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct IntentRequest {
    /// Required on create (or the `Idempotency-Key` header): a retried create with
    /// the same key is the same payment and never a second charge. Not blank, at most 255
    /// characters.
    #[schema(value_type = Option<String>, pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: Option<String>,
    /// Upgrades: the upgrades to buy.
    #[serde(default)]
    pub upgrade_ids: Vec<i64>,
    /// Extends: whole days, 1 to 10.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub days: Option<i64>,
    /// Increase prize: whole dollars, one of 25, 50, 75, 100, 150, 200, 300, 400, 500, 750, 1000.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub amount: Option<i64>,
    /// Increase budget: the new budget in whole dollars.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub budget: Option<i64>,
    /// Cart: the payment form's country (required).
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub country_id: Option<i64>,
    /// Cart: the state whose sales tax applies; required when the country has states.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub state_id: Option<i64>,
    /// Purchase design: the contest's entry whose full rights are bought (required).
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub entry_id: Option<i64>,
}

// The body of a create as each purpose reads it, for the document: the handler reads
// [`IntentRequest`]. The idempotency key may come as the `Idempotency-Key` header instead; the
// document names the body's field, which every client sends.

/// Creates a payment intent: the idempotency key (a retried create with the same key is the
/// same payment and never a second charge).
#[derive(ToSchema)]
pub struct IntentCreate {
    /// Not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: String,
}

/// Creates a payment intent for a contest's upgrades.
#[derive(ToSchema)]
pub struct UpgradeIntentCreate {
    /// Not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: String,
    /// The upgrades to buy (a list, never null).
    #[schema(required = false)]
    pub upgrade_ids: Vec<i64>,
}

/// Creates a payment intent for a contest's extension.
#[derive(ToSchema)]
pub struct ExtendIntentCreate {
    /// Not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: String,
    /// Whole days, 1 to 10.
    #[schema(minimum = 1, maximum = 10)]
    pub days: i64,
}

crate::api::enum_doc!(
    /// An increase of a contest's prize, in whole dollars ([`PRIZE_INCREASES`]).
    pub PrizeIncreaseDoc: i64 = super::purpose::PRIZE_INCREASES
);

/// Creates a payment intent for a raise of a contest's prize.
#[derive(ToSchema)]
pub struct PrizeIntentCreate {
    /// Not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: String,
    /// Whole dollars, one of 25, 50, 75, 100, 150, 200, 300, 400, 500, 750, 1000.
    #[schema(value_type = PrizeIncreaseDoc, inline)]
    pub amount: i64,
}

/// Creates a payment intent for a raise of a project's budget.
#[derive(ToSchema)]
pub struct BudgetIntentCreate {
    /// Not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: String,
    /// The new budget in whole dollars: more than the current one, at most 1,000,000.
    #[schema(minimum = 1, maximum = 1000000)]
    pub budget: i64,
}

/// The rule across a cart's place: a country with states (the United States) needs
/// `state_id` ([`crate::commerce::carts::taxed_state`]), any other country does not.
pub(super) fn with_place_rule(
    fields: utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
) -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
    use utoipa::openapi::schema::{AllOfBuilder, AnyOfBuilder, ObjectBuilder};
    let country = |ids: Vec<i64>| crate::api::id_schema_with(|o| o.enum_values(Some(ids)));
    let (with_states, without): (Vec<i64>, Vec<i64>) =
        crate::geo::COUNTRIES.iter().map(|c| c.0).partition(|id| *id == crate::geo::UNITED_STATES);
    AllOfBuilder::new()
        .item(fields)
        .item(
            AnyOfBuilder::new().item(ObjectBuilder::new().property("country_id", country(without))).item(
                ObjectBuilder::new()
                    .property("country_id", country(with_states))
                    .property("state_id", crate::api::id_schema_with(|o| o.minimum(Some(1)).maximum(Some(51))))
                    .required("state_id"),
            ),
        )
        .into()
}

/// Creates a payment intent for the caller's cart, taxed for the payment form's place:
/// `state_id` is required with the United States (1).
pub struct CartIntentCreate;

impl utoipa::PartialSchema for CartIntentCreate {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        with_place_rule(CartIntentFields::schema())
    }
}

impl ToSchema for CartIntentCreate {}

/// Creates a PayPal payment for the caller's cart: `state_id` is required with the United
/// States (1).
pub struct PayPalCartCreate;

impl utoipa::PartialSchema for PayPalCartCreate {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        with_place_rule(PayPalCartFields::schema())
    }
}

impl ToSchema for PayPalCartCreate {}

/// The fields of [`CartIntentCreate`].
#[derive(ToSchema)]
pub struct CartIntentFields {
    /// Not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: String,
    /// The payment form's country.
    #[schema(value_type = crate::geo::CountryDoc, inline)]
    pub country_id: i64,
    /// The state whose sales tax applies (1 to 51, the US states); required when the
    /// country has states (the United States, 1).
    #[schema(minimum = 1, maximum = 51)]
    pub state_id: Option<i64>,
}

// PayPal's create takes the same fields, its idempotency key optional (a missing one makes
// a new payment).

/// Creates a PayPal payment.
#[derive(ToSchema)]
pub struct PayPalCreate {
    /// Optional; not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: Option<String>,
}

/// Creates a PayPal payment for a contest's upgrades.
#[derive(ToSchema)]
pub struct PayPalUpgradeCreate {
    /// Optional; not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: Option<String>,
    /// The upgrades to buy (a list, never null).
    #[schema(required = false)]
    pub upgrade_ids: Vec<i64>,
}

/// Creates a PayPal payment for a contest's extension.
#[derive(ToSchema)]
pub struct PayPalExtendCreate {
    /// Optional; not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: Option<String>,
    /// Whole days, 1 to 10.
    #[schema(minimum = 1, maximum = 10)]
    pub days: i64,
}

/// Creates a PayPal payment for a raise of a contest's prize.
#[derive(ToSchema)]
pub struct PayPalPrizeCreate {
    /// Optional; not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: Option<String>,
    /// Whole dollars, one of 25, 50, 75, 100, 150, 200, 300, 400, 500, 750, 1000.
    #[schema(value_type = PrizeIncreaseDoc, inline)]
    pub amount: i64,
}

/// Creates a PayPal payment for a raise of a project's budget.
#[derive(ToSchema)]
pub struct PayPalBudgetCreate {
    /// Optional; not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: Option<String>,
    /// The new budget in whole dollars: more than the current one, at most 1,000,000.
    #[schema(minimum = 1, maximum = 1000000)]
    pub budget: i64,
}

/// The fields of [`PayPalCartCreate`].
#[derive(ToSchema)]
pub struct PayPalCartFields {
    /// Optional; not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: Option<String>,
    /// The payment form's country.
    #[schema(value_type = crate::geo::CountryDoc, inline)]
    pub country_id: i64,
    /// The state whose sales tax applies (1 to 51, the US states); required when the
    /// country has states (the United States, 1).
    #[schema(minimum = 1, maximum = 51)]
    pub state_id: Option<i64>,
}

/// Creates a payment intent for the rights to a contest's entry.
#[derive(ToSchema)]
pub struct PurchaseDesignIntentCreate {
    /// Not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: String,
    /// The contest's entry whose full rights are bought.
    pub entry_id: i64,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct FinalizeRequest {
    /// The caller's saved card to charge.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub customer_card_id: Option<i64>,
}

/// The ids in a payment route's path.
#[derive(Debug, Deserialize)]
pub struct IntentPath {
    /// The contest, project or subscription; 0 on the cart's routes (no id).
    #[serde(default)]
    pub id: i64,
    #[serde(rename = "entryId")]
    pub entry_id: Option<i64>,
    #[serde(rename = "bidId")]
    pub bid_id: Option<i64>,
    #[serde(rename = "intentId")]
    pub intent_id: Option<String>,
}

/// A payment intent as the browser needs it to confirm.
#[derive(Debug, Serialize, ToSchema)]
pub struct IntentView {
    /// Stripe's `pi_...` id: the `{intentId}` of update and finalize.
    pub id: String,
    /// For Stripe.js `confirmCardPayment`.
    pub client_secret: String,
    pub transaction_id: i64,
    pub purpose: String,
    /// Whole US dollars.
    pub amount: i64,
    pub amount_cents: i64,
    pub currency: String,
    /// open, failed, paid or refunded.
    pub state: String,
    pub customer_card_id: Option<i64>,
    /// True under the test-mode provider: no real card is charged.
    pub test_mode: bool,
}

pub(super) fn view(state: &AppState, row: TransactionRow) -> IntentView {
    IntentView {
        id: row.stripe_payment_intent_id,
        client_secret: row.client_secret,
        transaction_id: row.id,
        purpose: row.purpose,
        amount: row.amount_cents / 100,
        amount_cents: row.amount_cents,
        currency: row.currency,
        state: row.state,
        customer_card_id: row.customer_card_id,
        test_mode: state.stripe.test_mode,
    }
}

pub(super) fn purpose_of(kind: Kind, path: &IntentPath, req: &IntentRequest) -> Result<Purpose, AppError> {
    let contest_id = path.id;
    let required = |field: &str| AppError::field(field, catalogue::REQUIRED);
    Ok(match kind {
        Kind::ContestLaunch => Purpose::ContestLaunch { contest_id },
        Kind::ContestUpgrade => Purpose::ContestUpgrade { contest_id, upgrade_ids: req.upgrade_ids.clone() },
        Kind::ContestExtend => Purpose::ContestExtend { contest_id, days: req.days.ok_or_else(|| required("days"))? },
        Kind::ContestPrize => {
            let dollars = req.amount.ok_or_else(|| required("amount"))?;
            Purpose::ContestPrize { contest_id, amount_cents: dollars.saturating_mul(100) }
        }
        Kind::AdditionalDesign => Purpose::AdditionalDesign {
            contest_id,
            entry_id: path.entry_id.ok_or_else(|| anyhow::anyhow!("route without entryId"))?,
        },
        Kind::BidApproval => Purpose::BidApproval {
            project_id: path.id,
            bid_id: path.bid_id.ok_or_else(|| anyhow::anyhow!("route without bidId"))?,
        },
        Kind::BudgetIncrease => {
            let dollars = req.budget.ok_or_else(|| required("budget"))?;
            Purpose::BudgetIncrease { project_id: path.id, budget_cents: dollars.saturating_mul(100) }
        }
        Kind::Cart => Purpose::Cart { country_id: req.country_id, state_id: req.state_id, items: Vec::new() },
        Kind::Subscription => Purpose::Subscription { subscription_id: path.id },
        Kind::MarketplacePurchase => Purpose::MarketplacePurchase { entry_id: path.id },
        Kind::PurchaseDesign => {
            Purpose::MarketplacePurchase { entry_id: req.entry_id.ok_or_else(|| required("entry_id"))? }
        }
    })
}

/// Checks what `quote` priced belongs to the route's path: the entry bought under
/// `/contests/{id}/purchase-design` must be one of that contest's (404 otherwise). The
/// other routes name what they price in the path itself.
pub(super) fn quote_of_route(kind: Kind, path: &IntentPath, quote: &super::purpose::Quote) -> Result<(), AppError> {
    match kind {
        Kind::PurchaseDesign if quote.contest_id != Some(path.id) => {
            Err(AppError::not_found(catalogue::ENTRY_NOT_FOUND))
        }
        _ => Ok(()),
    }
}

/// The idempotency key of a create: the header wins over the body.
pub(super) fn idempotency_key(headers: &HeaderMap, req: &IntentRequest) -> Result<String, AppError> {
    let header = headers.get("idempotency-key").and_then(|v| v.to_str().ok());
    checked_key(header.or(req.idempotency_key.as_deref()).unwrap_or_default())
}

/// A key as sent: not blank, at most 255 characters, printable ASCII. The key travels on
/// to the provider as a header (`Idempotency-Key`, `PayPal-Request-Id`), where a control
/// character or a non-ASCII one cannot go: refused here, not as the provider's failure.
fn checked_key(raw: &str) -> Result<String, AppError> {
    let key = raw.trim();
    if key.is_empty() || key.chars().count() > 255 || !key.bytes().all(|b| (b' '..=b'~').contains(&b)) {
        return Err(AppError::field("idempotency_key", catalogue::IDEMPOTENCY_KEY_REQUIRED));
    }
    Ok(key.to_owned())
}

/// Same payment as `row`? (A key reused for something else is refused.)
pub(super) fn same_purpose(row: &TransactionRow, purpose: &Purpose) -> bool {
    Purpose::from_row(row).is_some_and(|p| std::mem::discriminant(&p) == std::mem::discriminant(purpose))
        && match purpose {
            Purpose::ContestLaunch { contest_id }
            | Purpose::ContestUpgrade { contest_id, .. }
            | Purpose::ContestExtend { contest_id, .. }
            | Purpose::ContestPrize { contest_id, .. }
            | Purpose::AdditionalDesign { contest_id, .. } => row.contest_id == Some(*contest_id),
            Purpose::BidApproval { project_id, .. } | Purpose::BudgetIncrease { project_id, .. } => {
                row.project_id == Some(*project_id)
            }
            // The key is the caller's own (found by payer): one cart each.
            Purpose::Cart { .. } => true,
            Purpose::Subscription { subscription_id } => row.subject_id == Some(*subscription_id),
            Purpose::MarketplacePurchase { entry_id } => row.subject_id == Some(*entry_id),
        }
}

/// Whether `row` was created through this route (same purpose, same ids).
pub(super) fn of_route(row: &TransactionRow, kind: Kind, path: &IntentPath) -> bool {
    let (name, owner, subject) = match kind {
        Kind::ContestLaunch => ("contest_launch", row.contest_id, None),
        Kind::ContestUpgrade => ("contest_upgrade", row.contest_id, None),
        Kind::ContestExtend => ("contest_extend", row.contest_id, None),
        Kind::ContestPrize => ("contest_prize", row.contest_id, None),
        Kind::AdditionalDesign => ("additional_design", row.contest_id, path.entry_id),
        Kind::BidApproval => ("bid_approval", row.project_id, path.bid_id),
        Kind::BudgetIncrease => ("budget_increase", row.project_id, None),
        // The cart's routes name no id: the payer's own cart (checked by the caller).
        Kind::Cart => return row.purpose == "cart",
        Kind::Subscription => ("subscription", row.subject_id, None),
        Kind::MarketplacePurchase => ("marketplace_purchase", row.subject_id, None),
        Kind::PurchaseDesign => ("marketplace_purchase", row.contest_id, None),
    };
    row.purpose == name && owner == Some(path.id) && (subject.is_none() || subject == row.subject_id)
}

/// Creates the payment intent of `kind` for the caller.
#[instrument(skip_all, fields(user_id = caller.id(), kind = ?kind, id = path.id))]
pub async fn create(
    state: &AppState,
    caller: &CurrentUser,
    kind: Kind,
    path: &IntentPath,
    headers: &HeaderMap,
    req: IntentRequest,
) -> Result<(StatusCode, Json<Data<IntentView>>), AppError> {
    let key = idempotency_key(headers, &req)?;
    let purpose = purpose_of(kind, path, &req)?;
    // A retry of a create that went through answers the same payment, even if the
    // contest has started since (by this very payment).
    if let Some(existing) = transactions::find_by_key(&state.db.pool, caller.id(), &key).await? {
        return retried(state, existing, &purpose);
    }
    let quote = quote(state, caller, &purpose).await?;
    quote_of_route(kind, path, &quote)?;
    let row = new_intent(state, caller, &purpose, &quote, &key).await?;
    Ok((StatusCode::CREATED, Json(Data::new(view(state, row)))))
}

/// Makes the Stripe payment intent of the priced `purpose` and records the payment,
/// once per `key` (a racing create with the same key answers the one recorded).
pub(super) async fn new_intent(
    state: &AppState,
    caller: &CurrentUser,
    purpose: &Purpose,
    quote: &Quote,
    key: &str,
) -> Result<TransactionRow, AppError> {
    let customer = customers::ensure(state, caller).await?;
    let metadata = HashMap::from([
        ("vitrine_purpose".to_owned(), purpose.kind().to_owned()),
        ("vitrine_user_id".to_owned(), caller.id().to_string()),
    ]);
    // Stripe's own idempotency: two racing creates with one key make one intent.
    let stripe_key = format!("vitrine-{}-{key}", caller.id());
    let intent =
        state.stripe.create_intent(quote.amount_cents, &customer, &quote.description, metadata, &stripe_key).await?;
    let secret =
        intent.client_secret.clone().ok_or_else(|| anyhow::anyhow!("payment intent without a client secret"))?;
    let mut conn = state.db.pool.acquire().await?;
    let now = state.now_ms();
    let inserted =
        transactions::insert(&mut conn, caller.id(), purpose.kind(), quote, intent.id.as_str(), &secret, key, now)
            .await?;
    let row = match inserted {
        Some(id) => transactions::find(&mut *conn, id).await?,
        None => transactions::find_by_key(&mut *conn, caller.id(), key).await?,
    };
    let row = row.ok_or_else(|| anyhow::anyhow!("payment vanished"))?;
    tracing::info!(transaction_id = row.id, amount_cents = row.amount_cents, "payment intent created");
    Ok(row)
}

fn retried(
    state: &AppState,
    existing: TransactionRow,
    purpose: &Purpose,
) -> Result<(StatusCode, Json<Data<IntentView>>), AppError> {
    if !same_purpose(&existing, purpose) {
        return Err(AppError::conflict(catalogue::IDEMPOTENCY_KEY_REUSED));
    }
    Ok((StatusCode::CREATED, Json(Data::new(view(state, existing)))))
}

/// The caller's open payment of this route: 404 when unknown or of another route,
/// 403 when someone else's, 409 once settled.
async fn open_payment(
    state: &AppState,
    caller: &CurrentUser,
    kind: Kind,
    path: &IntentPath,
) -> Result<TransactionRow, AppError> {
    let intent_id = path.intent_id.as_deref().unwrap_or_default();
    let not_found = || AppError::not_found(catalogue::PAYMENT_NOT_FOUND);
    let row = transactions::find_by_intent(&state.db.pool, intent_id).await?.ok_or_else(not_found)?;
    if row.app_user_id != caller.id() {
        return Err(AppError::forbidden(catalogue::PAYMENT_FORBIDDEN));
    }
    // A PayPal payment has no intent to update or card to charge.
    if !of_route(&row, kind, path) || row.provider != "stripe" {
        return Err(not_found());
    }
    if row.status_id != transactions::UNPAID {
        return Err(AppError::conflict(catalogue::PAYMENT_NOT_OPEN));
    }
    Ok(row)
}

/// Re-prices an open payment with a new body (other upgrades, days, amount, budget).
#[instrument(skip_all, fields(user_id = caller.id(), kind = ?kind))]
pub async fn update(
    state: &AppState,
    caller: &CurrentUser,
    kind: Kind,
    path: &IntentPath,
    req: IntentRequest,
) -> Result<Json<Data<IntentView>>, AppError> {
    // An update keeps the payment's key; one sent anyway must still be a key.
    if let Some(key) = req.idempotency_key.as_deref() {
        checked_key(key)?;
    }
    let row = open_payment(state, caller, kind, path).await?;
    let mut req = req;
    if kind == Kind::PurchaseDesign {
        // The entry bought is the payment's: an update may only re-price it.
        req.entry_id = req.entry_id.or(row.subject_id);
    }
    let purpose = purpose_of(kind, path, &req)?;
    if !same_purpose(&row, &purpose) {
        return Err(AppError::conflict(catalogue::IDEMPOTENCY_KEY_REUSED));
    }
    let quote = quote(state, caller, &purpose).await?;
    quote_of_route(kind, path, &quote)?;
    if quote.amount_cents != row.amount_cents {
        state.stripe.update_intent(&row.stripe_payment_intent_id, Some(quote.amount_cents), None).await?;
    }
    let mut conn = state.db.pool.acquire().await?;
    transactions::reprice(&mut conn, row.id, &quote, state.now_ms()).await?;
    let row = transactions::find(&mut *conn, row.id).await?.ok_or_else(|| anyhow::anyhow!("payment vanished"))?;
    Ok(Json(Data::new(view(state, row))))
}

/// Sets the saved card the payment is charged to; the browser confirms next.
#[instrument(skip_all, fields(user_id = caller.id(), kind = ?kind))]
pub async fn finalize(
    state: &AppState,
    caller: &CurrentUser,
    kind: Kind,
    path: &IntentPath,
    req: FinalizeRequest,
) -> Result<Json<Data<IntentView>>, AppError> {
    let row = open_payment(state, caller, kind, path).await?;
    let card_id = req.customer_card_id.ok_or_else(|| AppError::field("customer_card_id", catalogue::REQUIRED))?;
    let card = owned_card(state, caller, card_id).await?;
    state.stripe.update_intent(&row.stripe_payment_intent_id, None, Some(&card.stripe_id)).await?;
    let mut conn = state.db.pool.acquire().await?;
    transactions::set_card(&mut conn, row.id, card.id, state.now_ms()).await?;
    let row = transactions::find(&mut *conn, row.id).await?.ok_or_else(|| anyhow::anyhow!("payment vanished"))?;
    Ok(Json(Data::new(view(state, row))))
}
