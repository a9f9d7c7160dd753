//! Cart calls (clients only): add a tip (or, on a tip-only contest, an entry bought
//! without watermark), list by page, change a price, remove an item, the total with
//! tax for the payment form, and sending a subscriber's free awards.

use axum::{extract::State, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};

use super::carts::{self, CartRow, CartTotal, NewItem, MIN_PRICE_CENTS, PER_PAGE, TIP_TRIGGER};
use crate::shared::money::as_dollars;
use crate::{
    accounts::{domain::UserType, model::FilePath, CurrentUser},
    api::{loose_id, Data, Message},
    error::{codes, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope, FieldErrors},
    shared::page::Page,
    shared::page::PageQuery,
    state::AppState,
};

/// Only clients have a cart (and pay for it: [`super::payable`]).
pub(crate) fn client_only(caller: &CurrentUser) -> Result<(), AppError> {
    match caller.user.user_type() {
        UserType::Client => Ok(()),
        _ => Err(AppError::forbidden(codes::CART_CLIENTS_ONLY)),
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CartUser {
    pub id: i64,
    pub name: String,
    pub username: String,
    pub profile_picture: Option<FilePath>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CartEntry {
    pub id: i64,
    pub number: i64,
    pub created_by_user: CartUser,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CartContest {
    pub id: i64,
    pub title: String,
    pub is_tip: i64,
    pub contest_type_title: String,
}

/// A cart item (projects doc, section 3).
#[derive(Debug, Serialize, ToSchema)]
pub struct CartItemView {
    pub id: i64,
    /// US dollars.
    pub price: f64,
    pub price_cents: i64,
    pub title: String,
    pub trigger_id: i64,
    pub contest_id: i64,
    pub contest_entry_id: i64,
    pub contest_entry: CartEntry,
    pub contest: CartContest,
    /// 1: a subscriber's free award (its price is what the designer receives; the
    /// client pays nothing for it, and it cannot be re-priced).
    pub is_free_award: i64,
    pub created_at: i64,
}

impl From<CartRow> for CartItemView {
    fn from(r: CartRow) -> Self {
        Self {
            id: r.id,
            price: as_dollars(r.price_cents),
            price_cents: r.price_cents,
            title: format!("Tip for {} - Entry #{}", r.designer_username, r.entry_number),
            trigger_id: r.trigger_id,
            contest_id: r.contest_id,
            contest_entry_id: r.contest_entry_id,
            contest_entry: CartEntry {
                id: r.contest_entry_id,
                number: r.entry_number,
                created_by_user: CartUser {
                    id: r.designer_id,
                    name: r.designer_name,
                    username: r.designer_username,
                    profile_picture: r.designer_picture.map(|full_path| FilePath { full_path }),
                },
            },
            contest: CartContest {
                id: r.contest_id,
                title: r.contest_title,
                is_tip: r.is_tip,
                contest_type_title: r.contest_type_title,
            },
            is_free_award: r.is_free_award,
            created_at: r.created_at,
        }
    }
}

/// The item added, and the toast the cart shows: buying an entry of a tip-only contest
/// is buying the image without watermark, anything else is a tip (projects doc, section 8).
#[derive(Debug, Serialize, ToSchema)]
pub struct CartAdded {
    pub data: CartItemView,
    /// 'Image added to cart successfully' or 'Tip added to cart successfully'.
    pub message: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CartRequest {
    /// US dollars and whole cents, 5 to 10,000.
    #[serde(default, deserialize_with = "price_input")]
    #[schema(required = true, value_type = f64, minimum = 5, maximum = 10_000, multiple_of = 0.01)]
    pub price: Option<PriceInput>,
    #[serde(default, deserialize_with = "loose_id")]
    pub contest_id: Option<i64>,
    #[serde(default, deserialize_with = "loose_id")]
    pub contest_entry_id: Option<i64>,
    /// 9: a tip cart item (the only kind).
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>, minimum = 9, maximum = 9)]
    pub trigger_id: Option<i64>,
}

/// The largest price of one cart item: $10,000. A tip is a thank-you on top of a prize, and
/// a larger figure is far likelier a typo (or a test of what the checkout lets through) than
/// a gift; it gets its own message rather than "at least 5".
const MAX_PRICE_CENTS: i64 = 1_000_000;

/// A cart price as sent: whole cents, or what is wrong with it, so that each mistake is
/// answered with its own message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PriceInput {
    Cents(i64),
    /// More than two decimals ($5.001).
    Fractional,
    /// Not a number, or negative.
    Invalid,
}

/// Reads `price` as a number or numeric text of dollars.
fn price_input<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<PriceInput>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Number(f64),
        Text(String),
        Other(serde::de::IgnoredAny),
    }
    let dollars = match Option::<Raw>::deserialize(deserializer)? {
        None => return Ok(None),
        Some(Raw::Number(n)) => Some(n),
        Some(Raw::Text(s)) => s.trim().parse::<f64>().ok(),
        Some(Raw::Other(_)) => None,
    };
    Ok(Some(match dollars {
        Some(d) if d.is_finite() && d >= 0.0 => {
            let cents = (d * 100.0).round();
            // 12.34 is within a float's rounding error of whole cents; 12.345 is not.
            if (d * 100.0 - cents).abs() > 1e-6 {
                PriceInput::Fractional
            } else {
                // Saturates for absurd figures, which the maximum then refuses.
                PriceInput::Cents(cents as i64)
            }
        }
        _ => PriceInput::Invalid,
    }))
}

fn check_price(price: Option<PriceInput>, errors: &mut FieldErrors) -> i64 {
    match price {
        Some(PriceInput::Cents(cents)) if cents > MAX_PRICE_CENTS => errors.add("price", codes::CART_PRICE_MAX),
        Some(PriceInput::Cents(cents)) if cents >= MIN_PRICE_CENTS => return cents,
        Some(PriceInput::Fractional) => errors.add("price", codes::CART_PRICE_CENTS),
        _ => errors.add("price", codes::CART_PRICE_MIN),
    }
    0
}

/// Adds a tip on an entry of one of the caller's contests to their cart.
#[utoipa::path(post, path = "/carts", tag = "commerce", request_body = CartRequest, security(("bearer" = [])),
    responses((status = 201, body = CartAdded), (status = 403, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = caller.id()))]
pub async fn add(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiJson(req): ApiJson<CartRequest>,
) -> Result<(StatusCode, Json<CartAdded>), AppError> {
    client_only(&caller)?;
    let mut errors = FieldErrors::new();
    let price_cents = check_price(req.price, &mut errors);
    for (field, value) in [("contest_id", req.contest_id), ("contest_entry_id", req.contest_entry_id)] {
        if value.is_none() {
            errors.add(field, codes::REQUIRED);
        }
    }
    if req.trigger_id.is_some_and(|t| t != TIP_TRIGGER) {
        errors.add("trigger_id", codes::CART_TRIGGER_IN);
    }
    errors.into_result()?;
    let (Some(contest_id), Some(contest_entry_id)) = (req.contest_id, req.contest_entry_id) else {
        return Err(AppError::field("contest_id", codes::REQUIRED));
    };
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    let item = NewItem { contest_id, contest_entry_id, price_cents };
    let id = carts::add(&mut tx, caller.id(), item, now).await?;
    let row = carts::find(&mut tx, id).await?.ok_or_else(|| anyhow::anyhow!("cart item {id} vanished"))?;
    tx.commit().await?;
    let message = match row.is_tip {
        0 => "Tip added to cart successfully",
        _ => "Image added to cart successfully",
    };
    Ok((StatusCode::CREATED, Json(CartAdded { data: row.into(), message: message.to_owned() })))
}

/// The caller's cart, 10 items a page (`data.data`, `data.total`, `data.next_page_url`).
#[utoipa::path(get, path = "/carts", tag = "commerce", params(PageQuery), security(("bearer" = [])),
    responses((status = 200, body = Data<Page<CartItemView>>), (status = 403, body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<Data<Page<CartItemView>>>, AppError> {
    client_only(&caller)?;
    let page = query.page.unwrap_or(1).max(1);
    let mut conn = state.db.pool.acquire().await?;
    let (rows, total) = carts::page(&mut conn, caller.id(), page).await?;
    Ok(Json(Data::new(Page {
        data: rows.into_iter().map(CartItemView::from).collect(),
        current_page: page,
        per_page: PER_PAGE,
        next_page_url: (page * PER_PAGE < total).then(|| format!("/carts?page={}", page + 1)),
        total,
    })))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct PriceChange {
    /// US dollars and whole cents, 5 to 10,000.
    #[serde(default, deserialize_with = "price_input")]
    #[schema(required = true, value_type = f64, minimum = 5, maximum = 10_000, multiple_of = 0.01)]
    pub price: Option<PriceInput>,
}

/// Changes the price of one of the caller's cart items (at least $5, and a tip-only
/// contest's own minimum; a free award keeps its price: 409).
#[utoipa::path(patch, path = "/carts/{id}", tag = "commerce", params(("id" = i64, Path)), request_body = PriceChange, security(("bearer" = [])),
    responses((status = 200, body = Data<CartItemView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
pub async fn update(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<PriceChange>,
) -> Result<Json<Data<CartItemView>>, AppError> {
    client_only(&caller)?;
    let mut errors = FieldErrors::new();
    let price_cents = check_price(req.price, &mut errors);
    errors.into_result()?;
    let mut conn = state.db.pool.acquire().await?;
    let item = carts::find(&mut conn, id)
        .await?
        .filter(|i| i.app_user_id == caller.id())
        .ok_or_else(|| AppError::not_found(codes::CART_ITEM_NOT_FOUND))?;
    if item.is_free_award != 0 {
        return Err(AppError::conflict(codes::CART_FREE_AWARD_PRICE));
    }
    carts::check_minimum(&mut conn, caller.id(), item.contest_id, price_cents).await?;
    if !carts::set_price(&mut conn, caller.id(), id, price_cents, state.now_ms()).await? {
        return Err(AppError::not_found(codes::CART_ITEM_NOT_FOUND));
    }
    let row = carts::find(&mut conn, id).await?.ok_or_else(|| AppError::not_found(codes::CART_ITEM_NOT_FOUND))?;
    Ok(Json(Data::new(row.into())))
}

/// Removes one of the caller's cart items.
#[utoipa::path(delete, path = "/carts/{id}", tag = "commerce", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn remove(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Message>, AppError> {
    client_only(&caller)?;
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    if !carts::remove(&mut tx, caller.id(), id, now).await? {
        return Err(AppError::not_found(codes::CART_ITEM_NOT_FOUND));
    }
    tx.commit().await?;
    Ok(Json(Message::new("Cart item was deleted successfully")))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TotalQuery {
    /// The country chosen on the payment form: with it, `state_id` follows the payment
    /// form's rule (required when the country has states).
    #[serde(default, deserialize_with = "loose_id")]
    #[param(value_type = Option<crate::geo::CountryDoc>, inline)]
    pub country_id: Option<i64>,
    /// The state chosen on the payment form (1 to 51, the US states); the caller's own
    /// state when neither is sent.
    #[serde(default, deserialize_with = "loose_id")]
    #[param(value_type = Option<i64>, minimum = 1, maximum = 51)]
    pub state_id: Option<i64>,
}

/// The cart's total for the payment form: subtotal, the state's sales tax, payable.
#[derive(Debug, Serialize, ToSchema)]
pub struct TotalView {
    pub items_count: usize,
    /// US dollars.
    pub total: f64,
    pub tax: f64,
    pub payable: f64,
    #[serde(flatten)]
    pub cents: CartTotal,
}

/// The caller's cart total with sales tax (payable = total + tax).
#[utoipa::path(get, path = "/carts/totals", tag = "commerce", params(TotalQuery), security(("bearer" = [])),
    responses((status = 200, body = Data<TotalView>), (status = 403, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
pub async fn total(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiQuery(query): ApiQuery<TotalQuery>,
) -> Result<Json<Data<TotalView>>, AppError> {
    client_only(&caller)?;
    let mut conn = state.db.pool.acquire().await?;
    let taxed = match (query.country_id, query.state_id) {
        (Some(_), _) => carts::taxed_state(&mut conn, query.country_id, query.state_id).await?,
        (None, Some(state_id)) => Some(state_id),
        (None, None) => carts::own_state(&mut conn, caller.id()).await?,
    };
    let cents = carts::payable(&mut conn, caller.id(), taxed).await?;
    Ok(Json(Data::new(TotalView {
        items_count: cents.items.len(),
        total: as_dollars(cents.subtotal_cents),
        tax: as_dollars(cents.tax_cents),
        payable: as_dollars(cents.payable_cents),
        cents,
    })))
}

/// How many free awards were sent.
#[derive(Debug, Serialize, ToSchema)]
pub struct FreeAwardsSent {
    pub sent: usize,
    pub message: String,
}

/// Sends the caller's free awards (a subscriber's first three awards on each tip-only
/// contest), which cost nothing and so need no payment: they become tips pending
/// approval and leave the cart. Paid items stay for the card payment.
#[utoipa::path(post, path = "/carts/free-awards", tag = "commerce", security(("bearer" = [])),
    responses((status = 200, body = Data<FreeAwardsSent>), (status = 403, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = caller.id()))]
pub async fn send_free_awards(
    State(state): State<AppState>,
    caller: CurrentUser,
) -> Result<Json<Data<FreeAwardsSent>>, AppError> {
    client_only(&caller)?;
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    let sent = carts::send_free_awards(&mut tx, caller.id(), now).await?;
    if sent == 0 {
        return Err(AppError::conflict(codes::PAYMENT_NOT_DUE));
    }
    tx.commit().await?;
    Ok(Json(Data::new(FreeAwardsSent { sent, message: "Payment Successful".to_owned() })))
}
