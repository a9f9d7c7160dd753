//! Saved cards (contests doc, "Payment methods page" and "Cards and users"): a setup
//! intent for the browser to save a card with, storing the saved payment method, the
//! older token flow (`POST /users/{id}/customer-cards` with a Stripe.js card token), the list (default, backup, additional), default and backup roles, removal, and
//! whether a card's CVC must be asked again. Only the card's owner touches a card.

use axum::{extract::State, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::ToSchema;

use super::{
    customers,
    store::cards::{self as card_store, CardRow, NewCard, Role},
};
use crate::{
    accounts::CurrentUser,
    api::{Data, Message},
    error::{codes, ApiJson, ApiPath, AppError, ErrorEnvelope},
    shared::limits::{Action, ClientIp},
    state::AppState,
};

/// A saved card as the payment methods page shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct CardView {
    pub id: i64,
    /// `payment_method` (saved through a setup intent) or `legacy`.
    pub object: String,
    pub brand: String,
    pub last4: String,
    pub exp_month: i64,
    pub exp_year: i64,
    /// 1 for the default card.
    pub default_source: i64,
    /// 1 for the backup card.
    pub backup_source: i64,
    /// `default`, `backup` or `additional`.
    pub role: &'static str,
}

impl From<CardRow> for CardView {
    fn from(row: CardRow) -> Self {
        let role = match (row.is_default, row.is_backup) {
            (1, _) => "default",
            (_, 1) => "backup",
            _ => "additional",
        };
        Self {
            id: row.id,
            object: row.object,
            brand: row.brand,
            last4: row.last4,
            exp_month: row.exp_month,
            exp_year: row.exp_year,
            default_source: row.is_default,
            backup_source: row.is_backup,
            role,
        }
    }
}

/// 403 unless the path's user is the caller: cards are nobody else's business.
fn own(caller: &CurrentUser, user_id: i64) -> Result<(), AppError> {
    match caller.id() == user_id {
        true => Ok(()),
        false => Err(AppError::forbidden(codes::CARD_FORBIDDEN)),
    }
}

/// The caller's card `id` (404 when absent, 403 when someone else's).
pub async fn owned_card(state: &AppState, caller: &CurrentUser, id: i64) -> Result<CardRow, AppError> {
    let card = card_store::find(&state.db.pool, id).await?.ok_or_else(|| AppError::not_found(codes::CARD_NOT_FOUND))?;
    if card.app_user_id != caller.id() {
        return Err(AppError::forbidden(codes::CARD_FORBIDDEN));
    }
    Ok(card)
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SetupIntentView {
    pub id: String,
    /// For Stripe.js `confirmCardSetup`.
    pub client_secret: String,
    /// True under the test-mode provider (no real Stripe).
    pub test_mode: bool,
}

/// A setup intent the browser saves a new card with (empty body).
///
/// Saving cards is limited as payments, per client address and per user
/// (`VITRINE_RATE_PAYMENT_*`): card testing starts here.
#[utoipa::path(post, path = "/users/{id}/customer-cards/stripe/setup-intents", tag = "payments", params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 201, body = Data<SetupIntentView>), (status = 403, body = ErrorEnvelope), (status = 429, body = ErrorEnvelope),
        (status = 502, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id))]
pub async fn setup_intent(
    State(state): State<AppState>,
    caller: CurrentUser,
    ip: ClientIp,
    ApiPath(user_id): ApiPath<i64>,
) -> Result<(StatusCode, Json<Data<SetupIntentView>>), AppError> {
    own(&caller, user_id)?;
    state.limits.check_user(Action::Payment, &ip, caller.id()).await?;
    let customer = customers::ensure(&state, &caller).await?;
    let intent = state.stripe.create_setup_intent(&customer).await?;
    let client_secret = intent.client_secret.ok_or_else(|| anyhow::anyhow!("setup intent without a client secret"))?;
    let view = SetupIntentView { id: intent.id.to_string(), client_secret, test_mode: state.stripe.test_mode };
    Ok((StatusCode::CREATED, Json(Data::new(view))))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct StorePaymentMethod {
    /// The `pm_...` id Stripe.js answered after `confirmCardSetup`.
    pub payment_method: Option<String>,
}

/// Saves the card the browser set up: attached to the caller's customer, shown by
/// brand, last four digits and expiry. The first card becomes the default.
#[utoipa::path(post, path = "/users/{id}/customer-cards/stripe/payment-method", tag = "payments", params(("id" = i64, Path)),
    request_body = StorePaymentMethod, security(("bearer" = [])),
    responses((status = 201, body = Data<CardView>), (status = 403, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope),
        (status = 429, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id))]
pub async fn store_payment_method(
    State(state): State<AppState>,
    caller: CurrentUser,
    ip: ClientIp,
    ApiPath(user_id): ApiPath<i64>,
    ApiJson(req): ApiJson<StorePaymentMethod>,
) -> Result<(StatusCode, Json<Data<CardView>>), AppError> {
    own(&caller, user_id)?;
    state.limits.check_user(Action::Payment, &ip, caller.id()).await?;
    let pm_id = req
        .payment_method
        .map(|p| p.trim().to_owned())
        .filter(|p| p.starts_with("pm_"))
        .ok_or_else(|| AppError::field("payment_method", codes::PAYMENT_METHOD_INVALID))?;
    if let Some(existing) = card_store::find_by_stripe_id(&state.db.pool, &pm_id).await? {
        // Saving the same card twice (a retried request) answers the card saved.
        if existing.app_user_id == caller.id() {
            return Ok((StatusCode::CREATED, Json(Data::new(existing.into()))));
        }
        return Err(AppError::field("payment_method", codes::PAYMENT_METHOD_INVALID));
    }
    let customer = customers::ensure(&state, &caller).await?;
    let pm = state.stripe.payment_method(&pm_id).await?;
    let owner = pm.customer.as_ref().map(|c| c.id().to_string());
    let pm = match owner.as_deref() {
        Some(owner) if owner == customer => pm,
        Some(_) => return Err(AppError::field("payment_method", codes::PAYMENT_METHOD_INVALID)),
        None => state.stripe.attach(&pm_id, &customer).await?,
    };
    let saved = save(&state, caller.id(), "payment_method", pm, "payment_method").await?;
    Ok((StatusCode::CREATED, Json(Data::new(saved.into()))))
}

/// Records the attached payment method `pm` as the user's card of kind `object`.
async fn save(
    state: &AppState,
    user_id: i64,
    object: &str,
    pm: stripe_payment::PaymentMethod,
    field: &'static str,
) -> Result<CardRow, AppError> {
    let card = pm.card.ok_or_else(|| AppError::field(field, codes::PAYMENT_METHOD_INVALID))?;
    let mut conn = state.db.pool.acquire().await?;
    let new = NewCard {
        user_id,
        object,
        stripe_id: pm.id.as_str(),
        brand: &card.brand,
        last4: &card.last4,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
    };
    let id = card_store::insert(&mut conn, &new, state.now_ms()).await?;
    Ok(card_store::find(&mut *conn, id).await?.ok_or_else(|| anyhow::anyhow!("card {id} vanished"))?)
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct StoreToken {
    /// The `tok_...` id Stripe.js `createToken` answered.
    pub token: Option<String>,
    /// Stripe.js's whole `createToken` answer, as the browser got it: its `id` stands
    /// for `token` when that is absent. Nothing else of it is trusted: the card's brand,
    /// last four digits and expiry are read from Stripe.
    #[schema(value_type = Option<Object>)]
    pub token_response: Option<serde_json::Value>,
    /// The payment trigger (contests doc, section 9) whose form saved the card. Any
    /// saved card pays for every purpose, so it changes nothing; accepted for the
    /// specification's body.
    pub trigger_id: Option<i64>,
}

/// Saves a card from a Stripe.js card token (the older flow beside setup intents): a
/// payment method is made from the token at Stripe, attached to the caller's customer
/// and kept as a `legacy` card, whose CVC is asked at every payment. The first card
/// becomes the default. A token Stripe does not know, or one already used, is 422.
#[utoipa::path(post, path = "/users/{id}/customer-cards", tag = "payments", params(("id" = i64, Path)),
    request_body = StoreToken, security(("bearer" = [])),
    responses((status = 201, body = Data<CardView>), (status = 403, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope),
        (status = 429, body = ErrorEnvelope), (status = 502, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id))]
pub async fn store_token(
    State(state): State<AppState>,
    caller: CurrentUser,
    ip: ClientIp,
    ApiPath(user_id): ApiPath<i64>,
    ApiJson(req): ApiJson<StoreToken>,
) -> Result<(StatusCode, Json<Data<CardView>>), AppError> {
    own(&caller, user_id)?;
    state.limits.check_user(Action::Payment, &ip, caller.id()).await?;
    let from_response = req.token_response.as_ref().and_then(|r| r["id"].as_str()).map(str::to_owned);
    let token = req
        .token
        .or(from_response)
        .map(|t| t.trim().to_owned())
        .filter(|t| t.starts_with("tok_") && t.len() <= 255)
        .ok_or_else(|| AppError::field("token", codes::PAYMENT_METHOD_INVALID))?;
    let customer = customers::ensure(&state, &caller).await?;
    let made = state.stripe.payment_method_from_token(&token).await?;
    let pm = state.stripe.attach(made.id.as_str(), &customer).await?;
    let saved = save(&state, caller.id(), "legacy", pm, "token").await?;
    tracing::info!(card_id = saved.id, "card saved from a token");
    Ok((StatusCode::CREATED, Json(Data::new(saved.into()))))
}

/// The caller's saved cards: default first, then backup, then the others.
#[utoipa::path(get, path = "/users/{id}/customer-cards", tag = "payments", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<CardView>>), (status = 403, body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(user_id): ApiPath<i64>,
) -> Result<Json<Data<Vec<CardView>>>, AppError> {
    own(&caller, user_id)?;
    let cards = card_store::of_user(&state.db.pool, user_id).await?;
    Ok(Json(Data::new(cards.into_iter().map(CardView::from).collect())))
}

async fn set_role(state: &AppState, caller: &CurrentUser, id: i64, role: Role) -> Result<(), AppError> {
    let card = owned_card(state, caller, id).await?;
    if role == Role::Backup && card.is_default == 1 {
        return Err(AppError::conflict(codes::CARD_IS_DEFAULT));
    }
    let mut tx = state.db.pool.begin().await?;
    card_store::set_role(&mut tx, &card, role).await?;
    tx.commit().await?;
    Ok(())
}

/// Makes a card the default; the previous default becomes an additional card.
#[utoipa::path(put, path = "/customer-cards/{id}/mark-as-default", tag = "payments", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(card_id = id))]
pub async fn mark_as_default(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Message>, AppError> {
    set_role(&state, &caller, id, Role::Default).await?;
    Ok(Json(Message::new("Card marked as default")))
}

/// Makes a card the backup (not the default card); the previous backup becomes additional.
#[utoipa::path(put, path = "/customer-cards/{id}/mark-as-backup", tag = "payments", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(card_id = id))]
pub async fn mark_as_backup(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Message>, AppError> {
    set_role(&state, &caller, id, Role::Backup).await?;
    Ok(Json(Message::new("Card marked as backup")))
}

/// Removes a card (detached from the customer at Stripe). When it was the default,
/// the backup becomes the default.
#[utoipa::path(delete, path = "/customer-cards/{id}", tag = "payments", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(card_id = id))]
pub async fn delete(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Message>, AppError> {
    let card = owned_card(&state, &caller, id).await?;
    if card.object == "payment_method" {
        state.stripe.detach(&card.stripe_id).await?;
    }
    let mut tx = state.db.pool.begin().await?;
    card_store::delete(&mut tx, &card).await?;
    tx.commit().await?;
    Ok(Json(Message::new("Card deleted")))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CvcView {
    /// True until the card has paid once here: the browser asks for its CVC again.
    pub cvc_required: bool,
}

/// Whether the browser must ask for the card's CVC before paying with it.
#[utoipa::path(get, path = "/users/{id}/customer-cards/require-cvc/{cardId}", tag = "payments",
    params(("id" = i64, Path), ("cardId" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<CvcView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn require_cvc(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((user_id, card_id)): ApiPath<(i64, i64)>,
) -> Result<Json<Data<CvcView>>, AppError> {
    own(&caller, user_id)?;
    let card = owned_card(&state, &caller, card_id).await?;
    Ok(Json(Data::new(CvcView { cvc_required: card.object == "legacy" || card.last_paid_at.is_none() })))
}
