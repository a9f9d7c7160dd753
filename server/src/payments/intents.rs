//! Payment intents: create (priced on the server, once per idempotency key), update
//! (re-priced before the card is confirmed), finalize (the saved card to charge).
//! The browser then confirms with Stripe.js; Stripe's webhook settles the payment
//! ([`super::webhook`]). Every payable thing has the same three routes under its own
//! path, made in its area with [`super::routes`]'s macros; the handlers here are what
//! those routes share, told by a [`PayRoute`] what the route sells.

use std::collections::HashMap;

use axum::{http::HeaderMap, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::ToSchema;

use super::{
    cards::owned_card,
    customers,
    payable::{quote, same_purpose, Payable},
    quote::Quote,
    transactions::{self, TransactionRow},
};
use crate::{
    accounts::CurrentUser,
    api::{loose_id, Data},
    error::{codes, AppError},
    state::AppState,
};

/// What one payment route sells, implemented by the area that sells it: the route's
/// path and body read into a [`Payable`], and the checks that tie a stored payment to
/// the route. Every route of one payable thing (payment intent, direct charge, PayPal)
/// shares it.
pub trait PayRoute: Send + Sync + std::fmt::Debug {
    /// What the route pays for, from its path and body (422 when the body lacks a field).
    fn payable(&self, path: &IntentPath, req: &IntentRequest) -> Result<Box<dyn Payable>, AppError>;

    /// Whether `row` was created through this route with these ids (same purpose, same
    /// ids); [`filed_under`] answers it for most routes.
    fn of_route(&self, row: &TransactionRow, path: &IntentPath) -> bool;

    /// The purpose's PayPal path with its ids, as the web client calls it: where PayPal
    /// sends the payer back to execute.
    fn paypal_route(&self, path: &IntentPath) -> String;

    /// Checks what `quote` priced belongs to the route's path. Most routes name what they
    /// price in the path itself: nothing to check.
    fn check_quote(&self, _path: &IntentPath, _quote: &Quote) -> Result<(), AppError> {
        Ok(())
    }

    /// A direct charge's check of what the payer saw (the body's fields) against what
    /// `quote` priced; only the cart's routes look.
    fn check_seen(&self, _req: &IntentRequest, _quote: &Quote) -> Result<(), AppError> {
        Ok(())
    }

    /// Completes an update's body from the payment it re-prices (what the create's body
    /// named and the route's path does not).
    fn complete_update(&self, _req: &mut IntentRequest, _row: &TransactionRow) {}
}

/// Whether `row` is a payment for `purpose` whose owner id (its contest, project or
/// subject, as `owner` reads it) is the path's `{id}` and, when `subject` is given, whose
/// subject is that one.
pub fn filed_under(
    row: &TransactionRow,
    purpose: &str,
    owner: Option<i64>,
    path: &IntentPath,
    subject: Option<i64>,
) -> bool {
    row.purpose == purpose && owner == Some(path.id) && (subject.is_none() || subject == row.subject_id)
}

/// 422 `required` on `field`: a route's body lacks what its purpose needs.
pub fn required(field: &str) -> AppError {
    AppError::field(field, codes::REQUIRED)
}

/// The body of create and update: the idempotency key, and the fields of the purpose,
/// which the selling area reads with [`IntentRequest::fields`] (payments names none of
/// them, so a payable thing with a new field touches only its own area). Each route
/// documents its own body.
#[derive(Debug, Default, Deserialize)]
pub struct IntentRequest {
    /// Required on create (or the `Idempotency-Key` header): a retried create with the
    /// same key is the same payment and never a second charge.
    pub idempotency_key: Option<String>,
    /// Everything else the body holds, as sent.
    #[serde(flatten)]
    pub fields: serde_json::Map<String, serde_json::Value>,
}

impl IntentRequest {
    /// The purpose's fields read as `T`; a field of the wrong type is refused as in any
    /// body (422 `body.invalid` naming it).
    pub fn fields<T: serde::de::DeserializeOwned>(&self) -> Result<T, AppError> {
        crate::error::read_fields(&self.fields)
    }
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

// PayPal's create takes the same fields, its idempotency key optional (a missing one makes
// a new payment).

/// Creates a PayPal payment.
#[derive(ToSchema)]
pub struct PayPalCreate {
    /// Optional; not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: Option<String>,
}

// An update re-prices the payment with the fields its purpose reads; a purpose that reads
// none documents this body.

/// Re-prices an open payment intent: the payment keeps its key; one sent anyway must
/// still be a key.
#[derive(ToSchema)]
pub struct IntentUpdate {
    /// Optional; not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: Option<String>,
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
        return Err(AppError::field("idempotency_key", codes::IDEMPOTENCY_KEY_REQUIRED));
    }
    Ok(key.to_owned())
}

/// Creates the payment intent of `route` for the caller.
#[instrument(skip_all, fields(user_id = caller.id(), route = ?route, id = path.id))]
pub async fn create(
    state: &AppState,
    caller: &CurrentUser,
    route: &dyn PayRoute,
    path: &IntentPath,
    headers: &HeaderMap,
    req: IntentRequest,
) -> Result<(StatusCode, Json<Data<IntentView>>), AppError> {
    let key = idempotency_key(headers, &req)?;
    let purpose = route.payable(path, &req)?;
    // A retry of a create that went through answers the same payment, even if the
    // contest has started since (by this very payment).
    if let Some(existing) = transactions::find_by_key(&state.db.pool, caller.id(), &key).await? {
        return retried(state, existing, &*purpose);
    }
    let quote = quote(state, caller, &*purpose).await?;
    route.check_quote(path, &quote)?;
    let recorded = new_intent(state, caller, &*purpose, &quote, &key).await?;
    Ok((StatusCode::CREATED, Json(Data::new(view(state, recorded.row)))))
}

/// A payment recorded by [`new_intent`].
pub(super) struct Recorded {
    pub row: TransactionRow,
    /// False when a racing request with the same key recorded it first: this request
    /// answers that payment and must not charge it again.
    pub fresh: bool,
}

/// Makes the Stripe payment intent of the priced `purpose` and records the payment,
/// once per `key` (a racing create with the same key answers the one recorded).
pub(super) async fn new_intent(
    state: &AppState,
    caller: &CurrentUser,
    purpose: &dyn Payable,
    quote: &Quote,
    key: &str,
) -> Result<Recorded, AppError> {
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
    Ok(Recorded { row, fresh: inserted.is_some() })
}

fn retried(
    state: &AppState,
    existing: TransactionRow,
    purpose: &dyn Payable,
) -> Result<(StatusCode, Json<Data<IntentView>>), AppError> {
    if !same_purpose(&existing, purpose) {
        return Err(AppError::conflict(codes::IDEMPOTENCY_KEY_REUSED));
    }
    Ok((StatusCode::CREATED, Json(Data::new(view(state, existing)))))
}

/// The caller's open payment of this route: 404 when unknown or of another route,
/// 403 when someone else's, 409 once settled.
async fn open_payment(
    state: &AppState,
    caller: &CurrentUser,
    route: &dyn PayRoute,
    path: &IntentPath,
) -> Result<TransactionRow, AppError> {
    let intent_id = path.intent_id.as_deref().unwrap_or_default();
    let not_found = || AppError::not_found(codes::PAYMENT_NOT_FOUND);
    let row = transactions::find_by_intent(&state.db.pool, intent_id).await?.ok_or_else(not_found)?;
    if row.app_user_id != caller.id() {
        return Err(AppError::forbidden(codes::PAYMENT_FORBIDDEN));
    }
    // A PayPal payment has no intent to update or card to charge.
    if !route.of_route(&row, path) || row.provider != "stripe" {
        return Err(not_found());
    }
    if row.status_id != transactions::UNPAID {
        return Err(AppError::conflict(codes::PAYMENT_NOT_OPEN));
    }
    Ok(row)
}

/// Re-prices an open payment with a new body (other upgrades, days, amount, budget).
#[instrument(skip_all, fields(user_id = caller.id(), route = ?route))]
pub async fn update(
    state: &AppState,
    caller: &CurrentUser,
    route: &dyn PayRoute,
    path: &IntentPath,
    req: IntentRequest,
) -> Result<Json<Data<IntentView>>, AppError> {
    // An update keeps the payment's key; one sent anyway must still be a key.
    if let Some(key) = req.idempotency_key.as_deref() {
        checked_key(key)?;
    }
    let row = open_payment(state, caller, route, path).await?;
    let mut req = req;
    route.complete_update(&mut req, &row);
    let purpose = route.payable(path, &req)?;
    if !same_purpose(&row, &*purpose) {
        return Err(AppError::conflict(codes::IDEMPOTENCY_KEY_REUSED));
    }
    let quote = quote(state, caller, &*purpose).await?;
    route.check_quote(path, &quote)?;
    if quote.amount_cents != row.amount_cents {
        state.stripe.update_intent(&row.stripe_payment_intent_id, Some(quote.amount_cents), None).await?;
    }
    let mut conn = state.db.pool.acquire().await?;
    transactions::reprice(&mut conn, row.id, &quote, state.now_ms()).await?;
    let row = transactions::find(&mut *conn, row.id).await?.ok_or_else(|| anyhow::anyhow!("payment vanished"))?;
    Ok(Json(Data::new(view(state, row))))
}

/// Sets the saved card the payment is charged to; the browser confirms next.
#[instrument(skip_all, fields(user_id = caller.id(), route = ?route))]
pub async fn finalize(
    state: &AppState,
    caller: &CurrentUser,
    route: &dyn PayRoute,
    path: &IntentPath,
    req: FinalizeRequest,
) -> Result<Json<Data<IntentView>>, AppError> {
    let row = open_payment(state, caller, route, path).await?;
    let card_id = req.customer_card_id.ok_or_else(|| AppError::field("customer_card_id", codes::REQUIRED))?;
    let card = owned_card(state, caller, card_id).await?;
    state.stripe.update_intent(&row.stripe_payment_intent_id, None, Some(&card.stripe_id)).await?;
    let mut conn = state.db.pool.acquire().await?;
    transactions::set_card(&mut conn, row.id, card.id, state.now_ms()).await?;
    let row = transactions::find(&mut *conn, row.id).await?.ok_or_else(|| anyhow::anyhow!("payment vanished"))?;
    Ok(Json(Data::new(view(state, row))))
}
