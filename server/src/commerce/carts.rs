//! The tipping cart: a client's tips (trigger 9) on entries of their own contests,
//! each at least $5; its total with the state's sales tax; and, once paid, its items
//! turned into tips awaiting an admin's approval.
//!
//! Every change of the number of items marks the owner's header badge dirty
//! (`notifications::badges::changed`, coalesced), so the basket count is live.
//!
//! The payments area calls [`payable`] to price the cart and [`paid`] from the
//! payment webhook; both work in integer cents.

use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use tracing::instrument;
use utoipa::ToSchema;
use vitrine_protocol::EventFrame;

use super::{money::tax_cents, tips};
use crate::{
    error::{catalogue, AppError},
    notifications::badges,
};

/// Payment trigger of a tip cart item (contests doc, section 9).
pub const TIP_TRIGGER: i64 = 9;
/// The smallest price of a cart item: $5 (both documents, section 9).
pub const MIN_PRICE_CENTS: i64 = 500;
/// Items per page of `GET /carts`: the header dropdown shows one page.
pub const PER_PAGE: i64 = 10;

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
}

const SELECT: &str = "SELECT ci.id, ci.app_user_id, ci.contest_id, ci.contest_entry_id, ci.trigger_id, ci.price_cents, \
    ci.created_at, c.title AS contest_title, c.is_tip, t.title AS contest_type_title, e.number AS entry_number, \
    u.id AS designer_id, u.username AS designer_username, u.name AS designer_name, u.profile_picture AS designer_picture \
    FROM cart_item ci JOIN contest c ON c.id = ci.contest_id JOIN contest_type t ON t.id = c.contest_type_id \
    JOIN contest_entry e ON e.id = ci.contest_entry_id JOIN app_user u ON u.id = e.created_by";

/// One cart item at the price the payment charged for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PricedItem {
    pub id: i64,
    pub price_cents: i64,
}

/// The cart's total as the payment must charge it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CartTotal {
    /// The items priced, to hand back to [`paid`]: items added or re-priced after this
    /// was computed are not what the client paid for.
    pub items: Vec<PricedItem>,
    pub subtotal_cents: i64,
    /// The state whose tax applies, if any.
    pub state_id: Option<i64>,
    /// The state's `tax_percentage_off` (7.25 means 7.25 %).
    pub tax_percentage: f64,
    pub tax_cents: i64,
    /// `subtotal_cents + tax_cents`.
    pub payable_cents: i64,
}

pub async fn find(conn: &mut AnyConnection, id: i64) -> Result<Option<CartRow>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} WHERE ci.id = $1")).bind(id).fetch_optional(&mut *conn).await
}

/// One page of the user's cart, oldest first, and the number of items in all.
pub async fn page(conn: &mut AnyConnection, user_id: i64, page: i64) -> Result<(Vec<CartRow>, i64), sqlx::Error> {
    let rows = sqlx::query_as(&format!("{SELECT} WHERE ci.app_user_id = $1 ORDER BY ci.id LIMIT $2 OFFSET $3"))
        .bind(user_id)
        .bind(PER_PAGE)
        .bind((page - 1) * PER_PAGE)
        .fetch_all(&mut *conn)
        .await?;
    let total = sqlx::query_scalar("SELECT COUNT(*) FROM cart_item WHERE app_user_id = $1")
        .bind(user_id)
        .fetch_one(&mut *conn)
        .await?;
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
/// Returns the item's id and the badge event, if one is due now.
#[instrument(skip_all, fields(user_id, contest_id = item.contest_id))]
pub async fn add(
    conn: &mut AnyConnection,
    user_id: i64,
    item: NewItem,
    now_ms: i64,
) -> Result<(i64, Vec<EventFrame>), AppError> {
    let contest: Option<(i64, i64)> = sqlx::query_as("SELECT created_by, status_id FROM contest WHERE id = $1")
        .bind(item.contest_id)
        .fetch_optional(&mut *conn)
        .await?;
    let (owner, status_id) = contest.ok_or_else(|| AppError::field("contest_id", catalogue::NOT_FOUND_OPTION))?;
    if owner != user_id {
        return Err(AppError::forbidden(catalogue::CART_CONTEST_NOT_OWNER));
    }
    if status_id < 2 {
        return Err(AppError::conflict(catalogue::CART_CONTEST_NOT_STARTED));
    }
    let entry_contest: Option<i64> = sqlx::query_scalar("SELECT contest_id FROM contest_entry WHERE id = $1")
        .bind(item.contest_entry_id)
        .fetch_optional(&mut *conn)
        .await?;
    if entry_contest != Some(item.contest_id) {
        return Err(AppError::field("contest_entry_id", catalogue::CART_ENTRY_NOT_IN_CONTEST));
    }
    let inserted: Option<i64> = sqlx::query_scalar(
        "INSERT INTO cart_item (app_user_id, contest_id, contest_entry_id, trigger_id, price_cents, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (app_user_id, contest_entry_id) DO NOTHING RETURNING id",
    )
    .bind(user_id)
    .bind(item.contest_id)
    .bind(item.contest_entry_id)
    .bind(TIP_TRIGGER)
    .bind(item.price_cents)
    .bind(now_ms)
    .fetch_optional(&mut *conn)
    .await?;
    let id = inserted.ok_or_else(|| AppError::conflict(catalogue::CART_ITEM_EXISTS))?;
    let events = badges::changed(conn, user_id, now_ms).await?.into_iter().collect();
    Ok((id, events))
}

/// Changes an item's price. False when the user has no such item.
pub async fn set_price(
    conn: &mut AnyConnection,
    user_id: i64,
    id: i64,
    price_cents: i64,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("UPDATE cart_item SET price_cents = $1, updated_at = $2 WHERE id = $3 AND app_user_id = $4")
        .bind(price_cents)
        .bind(now_ms)
        .bind(id)
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Removes an item; None when the user has no such item, else the badge event if due now.
pub async fn remove(
    conn: &mut AnyConnection,
    user_id: i64,
    id: i64,
    now_ms: i64,
) -> Result<Option<Vec<EventFrame>>, sqlx::Error> {
    let done = sqlx::query("DELETE FROM cart_item WHERE id = $1 AND app_user_id = $2")
        .bind(id)
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    if done.rows_affected() == 0 {
        return Ok(None);
    }
    Ok(Some(badges::changed(conn, user_id, now_ms).await?.into_iter().collect()))
}

/// The state's sales-tax percentage; None when there is no such state.
pub async fn state_tax(conn: &mut AnyConnection, state_id: i64) -> Result<Option<f64>, sqlx::Error> {
    sqlx::query_scalar("SELECT tax_percentage_off FROM state WHERE id = $1")
        .bind(state_id)
        .fetch_optional(&mut *conn)
        .await
}

/// The user's cart priced: items, subtotal, the sales tax of `state_id` (the state
/// the payment form names; the user's own state when None; no tax without either)
/// and the payable total. 422 on `state_id` when the state does not exist.
#[instrument(skip_all, fields(user_id, state_id))]
pub async fn payable(conn: &mut AnyConnection, user_id: i64, state_id: Option<i64>) -> Result<CartTotal, AppError> {
    let items: Vec<(i64, i64)> =
        sqlx::query_as("SELECT id, price_cents FROM cart_item WHERE app_user_id = $1 ORDER BY id")
            .bind(user_id)
            .fetch_all(&mut *conn)
            .await?;
    let state_id = match state_id {
        Some(id) => Some(id),
        None => sqlx::query_scalar::<_, Option<i64>>("SELECT state_id FROM app_user WHERE id = $1")
            .bind(user_id)
            .fetch_optional(&mut *conn)
            .await?
            .flatten(),
    };
    let tax_percentage = match state_id {
        Some(id) => {
            state_tax(conn, id).await?.ok_or_else(|| AppError::field("state_id", catalogue::NOT_FOUND_OPTION))?
        }
        None => 0.0,
    };
    let subtotal: i64 = items.iter().map(|(_, price)| price).sum();
    let tax = tax_cents(subtotal, tax_percentage);
    Ok(CartTotal {
        items: items.into_iter().map(|(id, price_cents)| PricedItem { id, price_cents }).collect(),
        subtotal_cents: subtotal,
        state_id,
        tax_percentage,
        tax_cents: tax,
        payable_cents: subtotal + tax,
    })
}

/// The payment of the cart succeeded: each of `items` (as [`payable`] priced them
/// for the payment) still in the user's cart becomes a tip pending approval, at the
/// price paid, and leaves the cart. Call in the webhook's transaction; a second
/// delivery finds the items gone and does nothing.
/// Returns the events to publish after commit (the owner's badge: the basket empties).
#[instrument(skip_all, fields(user_id, payment_ref))]
pub async fn paid(
    conn: &mut AnyConnection,
    user_id: i64,
    payment_ref: &str,
    items: &[PricedItem],
    now_ms: i64,
) -> Result<Vec<EventFrame>, AppError> {
    let mut moved = 0;
    for priced in items {
        let Some(item) = find(conn, priced.id).await?.filter(|i| i.app_user_id == user_id) else { continue };
        tips::insert_pending(conn, &item, priced.price_cents, payment_ref, now_ms).await?;
        sqlx::query("DELETE FROM cart_item WHERE id = $1").bind(item.id).execute(&mut *conn).await?;
        moved += 1;
    }
    if moved == 0 {
        return Ok(Vec::new());
    }
    Ok(badges::changed(conn, user_id, now_ms).await?.into_iter().collect())
}
