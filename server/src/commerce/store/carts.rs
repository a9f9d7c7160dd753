//! SQL of the tipping cart ([`crate::commerce::carts`]): `cart_item` rows.
//!
//! Adding an item reads its contest and entry (`contest` is the contests area's table,
//! `contest_entry` the entries area's), but both import commerce, so commerce cannot ask
//! them without a cycle: those two reads are here.

use sqlx::AnyConnection;
use tracing::instrument;

use crate::commerce::carts::CartRow;

/// A cart item with what the cart shows of its contest and entry ([`CartRow`]).
const SELECT: &str = "SELECT ci.id, ci.app_user_id, ci.contest_id, ci.contest_entry_id, ci.trigger_id, ci.price_cents, \
    ci.created_at, c.title AS contest_title, c.is_tip, t.title AS contest_type_title, e.number AS entry_number, \
    u.id AS designer_id, u.username AS designer_username, u.name AS designer_name, u.profile_picture AS designer_picture, ci.is_free_award \
    FROM cart_item ci JOIN contest c ON c.id = ci.contest_id JOIN contest_type t ON t.id = c.contest_type_id \
    JOIN contest_entry e ON e.id = ci.contest_entry_id JOIN app_user u ON u.id = e.created_by";

#[instrument(skip_all, fields(cart_item_id = id))]
pub async fn find(conn: &mut AnyConnection, id: i64) -> Result<Option<CartRow>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} WHERE ci.id = $1")).bind(id).fetch_optional(&mut *conn).await
}

/// `limit` items of the user's cart from `offset`, oldest first.
#[instrument(skip_all, fields(user_id))]
pub async fn page(
    conn: &mut AnyConnection,
    user_id: i64,
    limit: i64,
    offset: i64,
) -> Result<Vec<CartRow>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} WHERE ci.app_user_id = $1 ORDER BY ci.id LIMIT $2 OFFSET $3"))
        .bind(user_id)
        .bind(limit)
        .bind(offset)
        .fetch_all(&mut *conn)
        .await
}

/// The contest's owner, status and tip-only flag, if it exists.
#[instrument(skip_all, fields(contest_id))]
pub async fn contest_owner_status_tip(
    conn: &mut AnyConnection,
    contest_id: i64,
) -> Result<Option<(i64, i64, i64)>, sqlx::Error> {
    sqlx::query_as("SELECT created_by, status_id, is_tip FROM contest WHERE id = $1")
        .bind(contest_id)
        .fetch_optional(&mut *conn)
        .await
}

/// The contest's tip-only flag and winning entry amount, if it exists.
#[instrument(skip_all, fields(contest_id))]
pub async fn contest_tip_terms(conn: &mut AnyConnection, contest_id: i64) -> Result<Option<(i64, i64)>, sqlx::Error> {
    sqlx::query_as("SELECT is_tip, winning_entry_amount_cents FROM contest WHERE id = $1")
        .bind(contest_id)
        .fetch_optional(&mut *conn)
        .await
}

/// The contest an entry is in, if the entry exists.
#[instrument(skip_all, fields(entry_id))]
pub async fn entry_contest(conn: &mut AnyConnection, entry_id: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT contest_id FROM contest_entry WHERE id = $1")
        .bind(entry_id)
        .fetch_optional(&mut *conn)
        .await
}

/// Free awards the user has on a contest: in the cart or already sent.
#[instrument(skip_all, fields(user_id, contest_id))]
pub async fn free_awards_used(conn: &mut AnyConnection, user_id: i64, contest_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT (SELECT COUNT(*) FROM cart_item WHERE app_user_id = $1 AND contest_id = $2 AND is_free_award = 1) \
         + (SELECT COUNT(*) FROM contest_entry_tip WHERE created_by = $1 AND contest_id = $2 AND is_free_award = 1)",
    )
    .bind(user_id)
    .bind(contest_id)
    .fetch_one(&mut *conn)
    .await
}

/// An item to insert.
pub struct NewCartItem {
    pub user_id: i64,
    pub contest_id: i64,
    pub contest_entry_id: i64,
    pub trigger_id: i64,
    pub price_cents: i64,
    pub is_free_award: bool,
}

/// Inserts an item; its id, or None when the entry is already in the user's cart.
#[instrument(skip_all, fields(user_id = item.user_id, contest_entry_id = item.contest_entry_id))]
pub async fn insert(conn: &mut AnyConnection, item: &NewCartItem, now_ms: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO cart_item (app_user_id, contest_id, contest_entry_id, trigger_id, price_cents, is_free_award, \
         created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7) \
         ON CONFLICT (app_user_id, contest_entry_id) DO NOTHING RETURNING id",
    )
    .bind(item.user_id)
    .bind(item.contest_id)
    .bind(item.contest_entry_id)
    .bind(item.trigger_id)
    .bind(item.price_cents)
    .bind(i64::from(item.is_free_award))
    .bind(now_ms)
    .fetch_optional(&mut *conn)
    .await
}

/// Changes an item's price. False when the user has no such item.
#[instrument(skip_all, fields(user_id, cart_item_id = id))]
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

/// Deletes the user's item; false when they have no such item.
#[instrument(skip_all, fields(user_id, cart_item_id = id))]
pub async fn delete_of_user(conn: &mut AnyConnection, user_id: i64, id: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("DELETE FROM cart_item WHERE id = $1 AND app_user_id = $2")
        .bind(id)
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected() != 0)
}

/// Deletes an item (it became a tip).
#[instrument(skip_all, fields(cart_item_id = id))]
pub async fn delete(conn: &mut AnyConnection, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM cart_item WHERE id = $1").bind(id).execute(&mut *conn).await?;
    Ok(())
}

/// (id, price in cents, free-award flag) of every item in the user's cart, oldest first.
#[instrument(skip_all, fields(user_id))]
pub async fn priced_items(conn: &mut AnyConnection, user_id: i64) -> Result<Vec<(i64, i64, i64)>, sqlx::Error> {
    sqlx::query_as("SELECT id, price_cents, is_free_award FROM cart_item WHERE app_user_id = $1 ORDER BY id")
        .bind(user_id)
        .fetch_all(&mut *conn)
        .await
}
