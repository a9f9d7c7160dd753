//! The workroom's threads: comments on the project itself (`/projects/{id}/comments`)
//! and on one update (`/projects/{id}/updates/{updateId}/comments`), through the thread
//! model ([`crate::threads::comments`], handlers by [`thread_routes!`]) with the
//! workroom's rules ([`RoomThread`]).
//!
//! The owner and the assigned designer write, once a bid is approved; admins read and
//! delete (moderation, projects doc section 6). Lists are newest first, 20 a page. Each
//! new comment is `comment.created` on `workroom:{id}` and a notification for the
//! other party: type 20 on the project's thread, 17 on an update's.

use serde::Deserialize;
use serde_json::json;
use sqlx::AnyConnection;
use utoipa::{IntoParams, ToSchema};
use vitrine_protocol::Channel;

use super::{
    model::ProjectCommentView,
    store::{self, COMMENTS},
};
use crate::{
    accounts::CurrentUser,
    error::{codes, AppError},
    notifications::{texts, NewNotification, Text},
    projects::{
        notices,
        room::{enter, Room},
    },
    state::AppState,
    threads::{comments::CommentThread, routes::thread_routes, store::CommentTable},
};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CommentPageQuery {
    /// 1-based page number; newest comments first.
    #[serde(default, deserialize_with = "crate::shared::page::page_number")]
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    /// Accepted for the client's sake: the author is always included.
    pub include: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = UpdateCommentRequest)]
pub struct CommentRequest {
    /// 1 to 5000 characters, trimmed.
    pub comment: Option<String>,
}

/// A thread of the workroom: the project's own (`update_id` None) or one update's.
#[derive(Debug)]
pub struct RoomThread {
    pub room: Room,
    pub update_id: Option<i64>,
}

/// The parties write once a designer is assigned; the author or an admin deletes.
impl CommentThread for RoomThread {
    type Comment = ProjectCommentView;
    type View = ProjectCommentView;
    const TABLE: CommentTable = COMMENTS;

    fn keys(&self) -> (i64, Option<i64>) {
        (self.room.id(), self.update_id)
    }

    fn path(&self) -> String {
        let id = self.room.id();
        match self.update_id {
            Some(update) => format!("/projects/{id}/updates/{update}/comments"),
            None => format!("/projects/{id}/comments"),
        }
    }

    fn channels(&self) -> Vec<Channel> {
        vec![self.room.channel()]
    }

    fn may_write(&self, caller: &CurrentUser) -> Result<(), AppError> {
        self.room.require_party(caller)
    }

    fn may_delete(&self, caller: &CurrentUser, author: i64) -> Result<(), AppError> {
        match caller.is_admin() || caller.id() == author {
            true => Ok(()),
            false => Err(AppError::forbidden(codes::PROJECT_COMMENT_DELETE_FORBIDDEN)),
        }
    }

    fn notice(&self, caller: &CurrentUser, comment: &ProjectCommentView) -> Option<NewNotification> {
        let other = self.room.other_party(caller.id())?;
        let (kind, template) = match self.update_id {
            Some(_) => (notices::UPDATE_COMMENT, texts::PROJECT_UPDATE_COMMENT),
            None => (notices::PROJECT_COMMENT, texts::PROJECT_COMMENT),
        };
        Some(NewNotification {
            user_id: other,
            kind,
            created_by: Some(caller.id()),
            trigger_entity_id: Some(comment.id),
            text: Text::new(template, json!({"username": caller.user.username, "project": self.room.project.title})),
            data: json!({"project_id": self.room.id(), "id": self.update_id, "comment": comment.id}),
        })
    }

    async fn shown(
        &self,
        _: &mut AnyConnection,
        comments: Vec<ProjectCommentView>,
    ) -> Result<Vec<ProjectCommentView>, sqlx::Error> {
        Ok(comments)
    }
}

/// The workroom's thread (`update_id` None: the project's own), the update checked to
/// exist: how the comment handlers find a thread ([`crate::threads::routes`]).
pub async fn thread(
    state: &AppState,
    caller: &CurrentUser,
    id: i64,
    update_id: Option<i64>,
) -> Result<RoomThread, AppError> {
    let room = enter(state, caller, id).await?;
    if let Some(update_id) = update_id {
        store::find(&state.db.pool, id, update_id)
            .await?
            .ok_or_else(|| AppError::not_found(codes::UPDATE_NOT_FOUND))?;
    }
    Ok(RoomThread { room, update_id })
}

thread_routes! {
    reads: signed_in, tag: "project updates", log: project_id;
    comments of ProjectCommentView, body CommentRequest, query CommentPageQuery, found by thread;
    own "/projects/{id}/comments" {
        /// The project's comments, newest first (the owner, the assigned designer, admins).
        list project_list [403, 404];
        /// Comments on the project (its owner or assigned designer); the other is told (type 20).
        create project_create [403, 404, 409, 422];
        /// Deletes a project comment (its author or an admin).
        delete project_delete [403, 404];
    }
    sub "/projects/{id}/updates/{updateId}/comments" ("updateId" update_id) {
        /// An update's comments, newest first.
        list update_list [403, 404];
        /// Comments on an update (the owner or the assigned designer); the other is told (type 17).
        create update_create [403, 404, 422];
        /// Deletes an update's comment (its author or an admin).
        delete update_delete [403, 404];
    }
}
