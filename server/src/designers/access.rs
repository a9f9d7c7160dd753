//! Who may see and change a designer's preferences and portfolio.

use crate::{
    accounts::{domain::UserType, model::UserRow, store::find_user, CurrentUser},
    error::{catalogue, AppError},
    state::AppState,
};

/// Designer `id`: 404 when there is no such user, 403 when they are not a designer.
pub async fn designer(state: &AppState, id: i64) -> Result<UserRow, AppError> {
    let user = find_user(&state.db.pool, id).await?.ok_or_else(|| AppError::not_found(catalogue::USER_NOT_FOUND))?;
    if user.user_type() != UserType::Designer {
        return Err(AppError::forbidden(catalogue::DESIGNERS_ONLY));
    }
    Ok(user)
}

/// 403 unless `caller` is user `id` or an admin.
pub fn require_self(caller: &CurrentUser, id: i64) -> Result<(), AppError> {
    match caller.id() == id || caller.is_admin() {
        true => Ok(()),
        false => Err(AppError::forbidden(catalogue::DESIGNER_SELF_ONLY)),
    }
}
