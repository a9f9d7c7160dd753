//! Who may see and change a project. The REST rules match the hub's
//! (`channels`): a project is seen by its owner, admins and designers;
//! anyone else gets a 404, as if it did not exist.

use super::{model::ProjectRow, store};
use crate::{
    accounts::{domain::UserType, model::UserRow, CurrentUser},
    error::{codes, AppError},
    state::AppState,
};

pub fn may_view(viewer: &CurrentUser, project: &ProjectRow) -> bool {
    may_view_parts(&viewer.user, project.created_by)
}

/// [`may_view`] from the parts: may `user` see a project owned by `owner`?
pub fn may_view_parts(user: &UserRow, owner: i64) -> bool {
    user.is_admin() || user.id == owner || user.user_type() == UserType::Designer
}

/// The project if `viewer` may see it.
pub async fn visible(state: &AppState, viewer: &CurrentUser, id: i64) -> Result<ProjectRow, AppError> {
    store::find(&state.db.pool, id)
        .await?
        .filter(|p| may_view(viewer, p))
        .ok_or_else(|| AppError::not_found(codes::PROJECT_NOT_FOUND))
}

/// The project if `caller` owns it (or, with `admin_too`, is an admin); 404 / 403 otherwise.
pub async fn owned(state: &AppState, caller: &CurrentUser, id: i64, admin_too: bool) -> Result<ProjectRow, AppError> {
    let project = visible(state, caller, id).await?;
    if project.created_by != caller.id() && !(admin_too && caller.is_admin()) {
        return Err(AppError::forbidden(codes::PROJECT_NOT_OWNER));
    }
    Ok(project)
}
