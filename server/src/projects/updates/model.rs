//! Stored updates, comments and image tags of a workroom, and the JSON the API and
//! the `workroom:{id}` events show of them (comments and tags declared with the thread
//! model's macros, [`crate::threads::model`]).

use serde::Serialize;
use utoipa::ToSchema;

use crate::{projects::model::BidFileInfo, threads::model::UserSummary};

/// An update's review status, set by the project's owner.
pub mod status {
    pub const AWAITING_REVIEW: i64 = 1;
    pub const APPROVED: i64 = 2;
    pub const CHANGES_REQUESTED: i64 = 3;

    /// The name of a stored status (the CHECK constraint admits 1-3 only).
    pub fn name(id: i64) -> &'static str {
        match id {
            APPROVED => "Approved",
            CHANGES_REQUESTED => "Changes requested",
            _ => "Awaiting review",
        }
    }
}

/// The columns [`UpdateRow`] reads: `FROM project_update pu JOIN app_user u ON u.id = pu.created_by`.
pub const UPDATE_COLUMNS: &str = "pu.id, pu.project_id, pu.description, pu.status_id, pu.rating, pu.created_at, \
    pu.updated_at, (SELECT COUNT(*) FROM project_comment pc WHERE pc.project_update_id = pu.id \
    AND pc.deleted_at IS NULL) AS comments_count, u.id AS user_id, u.username, u.name, u.profile_picture, u.user_type_id";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct UpdateRow {
    pub id: i64,
    pub project_id: i64,
    pub description: String,
    pub status_id: i64,
    pub rating: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
    pub comments_count: i64,
    #[sqlx(flatten)]
    pub designer: UserSummary,
}

/// A file of an update as read with its role.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct UpdateFileRow {
    pub is_other: i64,
    #[sqlx(flatten)]
    pub file: BidFileInfo,
}

/// The designer's update on an assigned project.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UpdateView {
    pub id: i64,
    pub project_id: i64,
    pub description: String,
    /// 1 awaiting review, 2 approved, 3 changes requested.
    pub status_id: i64,
    pub status: &'static str,
    /// The owner's stars, 1 to 5; null until rated.
    pub rating: Option<i64>,
    /// The work shown, in the order attached.
    pub files: Vec<BidFileInfo>,
    /// Sources and the like, added with `other_files`.
    pub other_files: Vec<BidFileInfo>,
    pub comments_count: i64,
    pub created_by_user: UserSummary,
    pub created_at: i64,
    pub updated_at: i64,
}

impl UpdateView {
    pub fn of(row: UpdateRow, files: Vec<UpdateFileRow>) -> Self {
        let (other, shown): (Vec<_>, Vec<_>) = files.into_iter().partition(|f| f.is_other != 0);
        Self {
            status: status::name(row.status_id),
            id: row.id,
            project_id: row.project_id,
            description: row.description,
            status_id: row.status_id,
            rating: row.rating,
            files: shown.into_iter().map(|f| f.file).collect(),
            other_files: other.into_iter().map(|f| f.file).collect(),
            comments_count: row.comments_count,
            created_by_user: row.designer,
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

crate::comment_view! {
    /// A comment on the project (`project_update_id` null) or on one of its updates.
    ProjectCommentView { project_id, project_update_id }
}

crate::image_tag_view! {
    /// A point on an update's image with a note.
    UpdateTagView {
        project_update_id,
        /// The image the point is on, when the update shows several.
        file_id
    }
}
