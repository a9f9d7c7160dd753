//! SQL of saved cards and of users' Stripe customers.

use sqlx::{Any, AnyConnection, Executor, FromRow};
use tracing::instrument;

#[derive(Debug, Clone, FromRow)]
pub struct CardRow {
    pub id: i64,
    pub app_user_id: i64,
    pub object: String,
    pub stripe_id: String,
    pub brand: String,
    pub last4: String,
    pub exp_month: i64,
    pub exp_year: i64,
    pub is_default: i64,
    pub is_backup: i64,
    pub last_paid_at: Option<i64>,
    pub created_at: i64,
}

const COLUMNS: &str = "id, app_user_id, object, stripe_id, brand, last4, CAST(exp_month AS BIGINT) AS exp_month, \
    CAST(exp_year AS BIGINT) AS exp_year, CAST(is_default AS BIGINT) AS is_default, \
    CAST(is_backup AS BIGINT) AS is_backup, last_paid_at, created_at";

/// The card as Stripe described it when it was saved.
pub struct NewCard<'a> {
    pub user_id: i64,
    pub object: &'a str,
    pub stripe_id: &'a str,
    pub brand: &'a str,
    pub last4: &'a str,
    pub exp_month: i64,
    pub exp_year: i64,
}

pub async fn customer_of<'c>(
    db: impl Executor<'c, Database = Any>,
    user_id: i64,
) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT stripe_customer_id FROM stripe_customer WHERE app_user_id = $1")
        .bind(user_id)
        .fetch_optional(db)
        .await
}

/// Records the user's customer; the one already recorded wins a race.
pub async fn save_customer(
    conn: &mut AnyConnection,
    user_id: i64,
    customer: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO stripe_customer (app_user_id, stripe_customer_id, created_at) VALUES ($1, $2, $3) \
         ON CONFLICT (app_user_id) DO NOTHING",
    )
    .bind(user_id)
    .bind(customer)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn find<'c>(db: impl Executor<'c, Database = Any>, id: i64) -> Result<Option<CardRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {COLUMNS} FROM customer_card WHERE id = $1")).bind(id).fetch_optional(db).await
}

pub async fn find_by_stripe_id<'c>(
    db: impl Executor<'c, Database = Any>,
    stripe_id: &str,
) -> Result<Option<CardRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {COLUMNS} FROM customer_card WHERE stripe_id = $1"))
        .bind(stripe_id)
        .fetch_optional(db)
        .await
}

/// A user's cards: the default, the backup, then the others oldest first.
#[instrument(skip_all, fields(user_id))]
pub async fn of_user<'c>(db: impl Executor<'c, Database = Any>, user_id: i64) -> Result<Vec<CardRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM customer_card WHERE app_user_id = $1 ORDER BY is_default DESC, is_backup DESC, id"
    ))
    .bind(user_id)
    .fetch_all(db)
    .await
}

/// Saves a card; the user's first card becomes the default.
pub async fn insert(conn: &mut AnyConnection, card: &NewCard<'_>, now: i64) -> Result<i64, sqlx::Error> {
    let has_default: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM customer_card WHERE app_user_id = $1 AND is_default = 1")
            .bind(card.user_id)
            .fetch_one(&mut *conn)
            .await?;
    sqlx::query_scalar(
        "INSERT INTO customer_card (app_user_id, object, stripe_id, brand, last4, exp_month, exp_year, is_default, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
    )
    .bind(card.user_id)
    .bind(card.object)
    .bind(card.stripe_id)
    .bind(card.brand)
    .bind(card.last4)
    .bind(card.exp_month)
    .bind(card.exp_year)
    .bind(i64::from(has_default == 0))
    .bind(now)
    .fetch_one(conn)
    .await
}

/// Which role a card takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Default,
    Backup,
}

/// Gives `card` the role, taking it from the card that had it (which becomes an
/// additional card); the card drops its other role. Run inside a transaction: the
/// unique indexes hold one default and one backup per user at every statement.
pub async fn set_role(conn: &mut AnyConnection, card: &CardRow, role: Role) -> Result<(), sqlx::Error> {
    let column = match role {
        Role::Default => "is_default",
        Role::Backup => "is_backup",
    };
    sqlx::query(&format!("UPDATE customer_card SET {column} = 0 WHERE app_user_id = $1 AND {column} = 1"))
        .bind(card.app_user_id)
        .execute(&mut *conn)
        .await?;
    sqlx::query("UPDATE customer_card SET is_default = $1, is_backup = $2 WHERE id = $3")
        .bind(i64::from(role == Role::Default))
        .bind(i64::from(role == Role::Backup))
        .bind(card.id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Removes a card; when it was the default, the backup (if any) becomes the default.
pub async fn delete(conn: &mut AnyConnection, card: &CardRow) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM customer_card WHERE id = $1").bind(card.id).execute(&mut *conn).await?;
    if card.is_default == 1 {
        sqlx::query("UPDATE customer_card SET is_default = 1, is_backup = 0 WHERE app_user_id = $1 AND is_backup = 1")
            .bind(card.app_user_id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// Notes a successful payment with the card (its CVC is no longer asked).
pub async fn mark_paid(conn: &mut AnyConnection, card_id: i64, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE customer_card SET last_paid_at = $1 WHERE id = $2")
        .bind(now)
        .bind(card_id)
        .execute(conn)
        .await?;
    Ok(())
}
