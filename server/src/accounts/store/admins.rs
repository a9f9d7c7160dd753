//! SQL of the operators' CLI (`vitrine-server admin ...`): who the admins are, and an
//! account's type.

use sqlx::{Any, Executor};
use tracing::instrument;

use crate::accounts::model::{UserRow, USER_COLUMNS};

/// Every admin account, active or not, oldest first.
#[instrument(skip_all)]
pub async fn list_admins<'c>(
    db: impl Executor<'c, Database = Any>,
    admin_type: i64,
) -> Result<Vec<UserRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {USER_COLUMNS} FROM app_user u WHERE u.user_type_id = $1 ORDER BY u.id"))
        .bind(admin_type)
        .fetch_all(db)
        .await
}

/// Active admins other than `except`: whether `except` may stop being one.
#[instrument(skip_all, fields(user_id = except))]
pub async fn other_active_admins<'c>(
    db: impl Executor<'c, Database = Any>,
    admin_type: i64,
    except: i64,
) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM app_user WHERE user_type_id = $1 AND is_active = 1 AND id <> $2")
            .bind(admin_type)
            .bind(except)
            .fetch_one(db)
            .await?;
    Ok(count)
}

/// Makes the account of `user_id` one of `user_type_id` (its designer level stays, for a
/// designer made admin and back).
#[instrument(skip_all, fields(user_id))]
pub async fn set_user_type<'c>(
    db: impl Executor<'c, Database = Any>,
    user_id: i64,
    user_type_id: i64,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE app_user SET user_type_id = $1, updated_at = $2 WHERE id = $3")
        .bind(user_type_id)
        .bind(now_ms)
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(())
}
