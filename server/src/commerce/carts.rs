//! The tipping cart: a client's tips (trigger 9) on entries of their own contests,
//! each at least $5; its total with the state's sales tax; and, once paid, its items
//! turned into tips awaiting an admin's approval.
//!
//! Every change of the number of items marks the owner's header badge dirty
//! (`notifications::badges::changed`, coalesced), so the basket count is live.
//!
//! Tip-only contests (where the client buys entries without watermark) have their own
//! minimum ([`minimum_cents`]), and a subscriber's first [`FREE_AWARDS`] items on each
//! of their tip-only contests are free awards: the subscription pays the designer
//! [`FREE_AWARD_CENTS`], the client is charged nothing for them (contests doc, section 9).
//!
//! The payment form names a country and, when the country has states, a state, whose
//! sales tax applies ([`taxed_state`]; projects doc, sections 5 and 9).
//!
//! The payments area calls [`payable`] to price the cart and [`paid`] from the
//! payment webhook; both work in integer cents.

use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use tracing::instrument;
use utoipa::ToSchema;

// Reads and a price change with nothing to decide: the store's own functions.
pub use super::store::carts::{find, set_price};
use super::{
    store::carts::{self as store, NewCartItem},
    tips,
};
use crate::shared::money::tax_cents;
use crate::{
    accounts::store as accounts_store,
    error::{codes, values, AppError, FieldErrors},
    notifications::badges,
    realtime::unit::Unit,
};

/// Payment trigger of a tip cart item (contests doc, section 9).
pub const TIP_TRIGGER: i64 = 9;
/// The smallest price of a cart item: $5 (both documents, section 9).
pub const MIN_PRICE_CENTS: i64 = 500;
/// Items per page of `GET /carts`: the header dropdown shows one page.
pub const PER_PAGE: i64 = 10;
/// Free awards of a subscriber per tip-only contest ("free awards count 3").
pub const FREE_AWARDS: i64 = 3;
/// What a free award pays the designer ("free-award cart amount 5").
pub const FREE_AWARD_CENTS: i64 = 500;
/// A subscriber's price of an award beyond the free ones on a tip-only contest
/// ("subscription tip-only winning amount 7").
pub const SUBSCRIBER_TIP_ONLY_CENTS: i64 = 700;

/// The smallest price of an item on a contest: $5; on a tip-only contest, what the
/// contest pays its winners (its winning entry amount, when above $5), and $7 for
/// subscribers.
pub fn minimum_cents(is_tip: bool, winning_entry_amount_cents: i64, subscribed: bool) -> i64 {
    match (is_tip, subscribed) {
        (false, _) => MIN_PRICE_CENTS,
        (true, true) => SUBSCRIBER_TIP_ONLY_CENTS,
        (true, false) => winning_entry_amount_cents.max(MIN_PRICE_CENTS),
    }
}

/// A cart item with what the cart shows of its contest and entry.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CartRow {
    pub id: i64,
    pub app_user_id: i64,
    pub contest_id: i64,
    pub contest_entry_id: i64,
    pub trigger_id: i64,
    pub price_cents: i64,
    pub created_at: i64,
    pub contest_title: String,
    pub is_tip: i64,
    pub contest_type_title: String,
    pub entry_number: i64,
    pub designer_id: i64,
    pub designer_username: String,
    pub designer_name: String,
    pub designer_picture: Option<String>,
    pub is_free_award: i64,
}

/// One cart item at the price the payment charged for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PricedItem {
    pub id: i64,
    /// For a free award: what the designer receives (the client pays nothing for it).
    pub price_cents: i64,
    #[serde(default)]
    pub is_free_award: bool,
}

/// The cart's total as the payment must charge it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CartTotal {
    /// The items priced, to hand back to [`paid`]: items added or re-priced after this
    /// was computed are not what the client paid for.
    pub items: Vec<PricedItem>,
    /// The items the client pays for (free awards excluded).
    pub subtotal_cents: i64,
    /// Items that are a subscriber's free awards.
    pub free_awards_count: usize,
    /// The state whose tax applies, if any.
    pub state_id: Option<i64>,
    /// The state's `tax_percentage_off` (7.25 means 7.25 %).
    pub tax_percentage: f64,
    pub tax_cents: i64,
    /// `subtotal_cents + tax_cents`.
    pub payable_cents: i64,
}

/// One page of the user's cart, oldest first, and the number of items in all.
pub async fn page(conn: &mut AnyConnection, user_id: i64, page: i64) -> Result<(Vec<CartRow>, i64), sqlx::Error> {
    let rows = store::page(conn, user_id, PER_PAGE, (page - 1) * PER_PAGE).await?;
    let total = super::store::cart_item_count(&mut *conn, user_id).await?;
    Ok((rows, total))
}

/// What the client is adding.
#[derive(Debug, Clone, Copy)]
pub struct NewItem {
    pub contest_id: i64,
    pub contest_entry_id: i64,
    pub price_cents: i64,
}

/// Adds a tip to the cart, after the rules that need the database: the contest is
/// the client's own and started, the entry is in it and not yet in the cart.
/// Returns the item's id; the owner's badge follows in the unit (the basket grows).
#[instrument(skip_all, fields(user_id, contest_id = item.contest_id))]
pub async fn add(unit: &mut Unit, user_id: i64, item: NewItem, now_ms: i64) -> Result<i64, AppError> {
    let conn: &mut AnyConnection = unit;
    let contest = store::contest_owner_status_tip(conn, item.contest_id).await?;
    let (owner, status_id, is_tip) = contest.ok_or_else(|| AppError::field("contest_id", codes::NOT_FOUND_OPTION))?;
    if owner != user_id {
        return Err(AppError::forbidden(codes::CART_CONTEST_NOT_OWNER));
    }
    if status_id < 2 {
        return Err(AppError::conflict(codes::CART_CONTEST_NOT_STARTED));
    }
    let entry_contest = store::entry_contest(conn, item.contest_entry_id).await?;
    if entry_contest != Some(item.contest_id) {
        return Err(AppError::field("contest_entry_id", codes::CART_ENTRY_NOT_IN_CONTEST));
    }
    let subscribed = accounts_store::has_subscribed(&mut *conn, user_id).await?;
    let free =
        is_tip != 0 && subscribed != 0 && store::free_awards_used(conn, user_id, item.contest_id).await? < FREE_AWARDS;
    if !free {
        check_minimum(conn, user_id, item.contest_id, item.price_cents).await?;
    }
    let price_cents = if free { FREE_AWARD_CENTS } else { item.price_cents };
    let new_item = NewCartItem {
        user_id,
        contest_id: item.contest_id,
        contest_entry_id: item.contest_entry_id,
        trigger_id: TIP_TRIGGER,
        price_cents,
        is_free_award: free,
    };
    let inserted = store::insert(conn, &new_item, now_ms).await?;
    let id = inserted.ok_or_else(|| AppError::conflict(codes::CART_ITEM_EXISTS))?;
    badges::changed(unit, user_id, now_ms).await?;
    Ok(id)
}

/// 422 on `price` when `price_cents` is below the contest's minimum for the user
/// ([`minimum_cents`]; the message names it).
pub async fn check_minimum(
    conn: &mut AnyConnection,
    user_id: i64,
    contest_id: i64,
    price_cents: i64,
) -> Result<(), AppError> {
    let Some((is_tip, winning_cents)) = store::contest_tip_terms(conn, contest_id).await? else { return Ok(()) };
    let subscribed = accounts_store::has_subscribed(&mut *conn, user_id).await?;
    let minimum = minimum_cents(is_tip != 0, winning_cents, subscribed != 0);
    if price_cents < minimum {
        let mut errors = FieldErrors::new();
        errors.add_values("price", values::PRICE_AT_LEAST, values::params([("min", (minimum / 100).into())]));
        return Err(AppError::Invalid(errors));
    }
    Ok(())
}

/// Removes an item, the owner's badge following in the unit; false when the user has
/// no such item.
pub async fn remove(unit: &mut Unit, user_id: i64, id: i64, now_ms: i64) -> Result<bool, sqlx::Error> {
    if !store::delete_of_user(unit, user_id, id).await? {
        return Ok(false);
    }
    badges::changed(unit, user_id, now_ms).await?;
    Ok(true)
}

/// The state whose sales tax applies to a payment: the payment form requires
/// `country_id`, and `state_id` when the country has states (which must be one of
/// them); a country without states pays no sales tax. 422 with the field otherwise.
pub async fn taxed_state(
    conn: &mut AnyConnection,
    country_id: Option<i64>,
    state_id: Option<i64>,
) -> Result<Option<i64>, AppError> {
    let country_id = country_id.ok_or_else(|| AppError::field("country_id", codes::REQUIRED))?;
    let has_states = crate::geo::country_has_states(&mut *conn, country_id)
        .await?
        .ok_or_else(|| AppError::field("country_id", codes::NOT_FOUND_OPTION))?;
    if !has_states {
        return Ok(None);
    }
    let state_id = state_id.ok_or_else(|| AppError::field("state_id", codes::REQUIRED))?;
    if !crate::geo::state_in_country(&mut *conn, state_id, country_id).await? {
        return Err(AppError::field("state_id", codes::STATE_NOT_IN_COUNTRY));
    }
    Ok(Some(state_id))
}

/// The user's own state (their sign-up's), for a total asked for without a place.
pub async fn own_state(conn: &mut AnyConnection, user_id: i64) -> Result<Option<i64>, sqlx::Error> {
    accounts_store::state_of(&mut *conn, user_id).await
}

/// The user's cart priced: items, subtotal (free awards cost nothing), the sales tax
/// of `state_id` (none without one) and the payable total. 422 on `state_id` when the
/// state does not exist.
#[instrument(skip_all, fields(user_id, state_id))]
pub async fn payable(conn: &mut AnyConnection, user_id: i64, state_id: Option<i64>) -> Result<CartTotal, AppError> {
    let rows = store::priced_items(conn, user_id).await?;
    let tax_percentage = match state_id {
        Some(id) => crate::geo::state_tax(&mut *conn, id)
            .await?
            .ok_or_else(|| AppError::field("state_id", codes::NOT_FOUND_OPTION))?,
        None => 0.0,
    };
    let items: Vec<PricedItem> = rows
        .into_iter()
        .map(|(id, price_cents, free)| PricedItem { id, price_cents, is_free_award: free != 0 })
        .collect();
    let subtotal: i64 = items.iter().filter(|i| !i.is_free_award).map(|i| i.price_cents).sum();
    let tax = tax_cents(subtotal, tax_percentage);
    Ok(CartTotal {
        free_awards_count: items.iter().filter(|i| i.is_free_award).count(),
        items,
        subtotal_cents: subtotal,
        state_id,
        tax_percentage,
        tax_cents: tax,
        payable_cents: subtotal + tax,
    })
}

/// Sends the user's free awards without a payment (a cart of free awards only costs
/// nothing, so there is nothing to charge): each becomes a tip pending approval, as a
/// paid item does (the badge follows in the unit). Returns how many were sent.
#[instrument(skip_all, fields(user_id))]
pub async fn send_free_awards(unit: &mut Unit, user_id: i64, now_ms: i64) -> Result<usize, AppError> {
    let free: Vec<PricedItem> =
        payable(unit, user_id, None).await?.items.into_iter().filter(|i| i.is_free_award).collect();
    if free.is_empty() {
        return Ok(0);
    }
    let reference = format!("free-award:{user_id}:{now_ms}");
    paid(unit, user_id, &reference, &free, now_ms).await?;
    Ok(free.len())
}

/// The payment of the cart succeeded: each of `items` (as [`payable`] priced them
/// for the payment) still in the user's cart becomes a tip pending approval, at the
/// price paid, and leaves the cart. Call in the webhook's transaction; a second
/// delivery finds the items gone and does nothing.
/// The owner's badge follows in the unit (the basket empties).
#[instrument(skip_all, fields(user_id, payment_ref))]
pub async fn paid(
    unit: &mut Unit,
    user_id: i64,
    payment_ref: &str,
    items: &[PricedItem],
    now_ms: i64,
) -> Result<(), AppError> {
    let conn: &mut AnyConnection = unit;
    let mut moved = 0;
    for priced in items {
        let Some(item) = find(conn, priced.id).await?.filter(|i| i.app_user_id == user_id) else { continue };
        tips::insert_pending(conn, &item, priced.price_cents, priced.is_free_award, payment_ref, now_ms).await?;
        store::delete(conn, item.id).await?;
        moved += 1;
    }
    if moved == 0 {
        return Ok(());
    }
    badges::changed(unit, user_id, now_ms).await?;
    Ok(())
}
