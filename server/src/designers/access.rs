//! Who may see and change a designer's preferences and portfolio (reading a designer's
//! public profile needs no account; changing it needs the designer or an admin).

use crate::{
    accounts::{domain::UserType, model::UserRow, store::find_user, CurrentUser},
    error::{codes, AppError},
    state::AppState,
};

/// Designer `id`: 404 when there is no such user, 403 when they are not a designer.
pub async fn designer(state: &AppState, id: i64) -> Result<UserRow, AppError> {
    let user = find_user(&state.db.pool, id).await?.ok_or_else(|| AppError::not_found(codes::USER_NOT_FOUND))?;
    if user.user_type() != UserType::Designer {
        return Err(AppError::forbidden(codes::DESIGNERS_ONLY));
    }
    Ok(user)
}

/// Designer `id` as a profile reader sees them: anyone, signed in or not, reads an active
/// designer's public profile (contests doc, section 5: anonymous visitors may view
/// profiles); a deactivated one only its owner and admins (404 for everyone else).
pub async fn readable_designer(state: &AppState, id: i64, viewer: Option<&CurrentUser>) -> Result<UserRow, AppError> {
    let user = designer(state, id).await?;
    let privileged = viewer.is_some_and(|v| v.is_admin() || v.id() == id);
    if !user.is_active() && !privileged {
        return Err(AppError::not_found(codes::USER_NOT_FOUND));
    }
    Ok(user)
}

/// 403 unless `caller` is user `id` or an admin.
pub fn require_self(caller: &CurrentUser, id: i64) -> Result<(), AppError> {
    match caller.id() == id || caller.is_admin() {
        true => Ok(()),
        false => Err(AppError::forbidden(codes::DESIGNER_SELF_ONLY)),
    }
}
