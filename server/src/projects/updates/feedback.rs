//! The owner's and the designer's feedback on an update: reactions (emoji 1 is like,
//! up to 6) and image tags (a point on the update's image with a note), kept by the
//! thread model ([`crate::threads`], handlers by [`thread_routes!`]). The two parties
//! write; admins read, and delete tags ([`UpdateIn`]'s rules). Every change is an event
//! on `workroom:{id}`: `project.update.reaction`, `image_tag.created|completed|deleted`.

use serde::Deserialize;
use utoipa::ToSchema;
use vitrine_protocol::event_type;

use super::{
    model::UpdateTagView,
    store::{self, REACTIONS, TAGS},
};
use crate::{
    accounts::CurrentUser,
    api::loose_id,
    error::{codes, AppError},
    projects::room::{enter, Room},
    state::AppState,
    threads::{
        image_tags::{checked_tag, TagTarget, Tagged},
        reactions::{Reacted, ReactionRequest, ReactionTarget},
        routes::thread_routes,
        rules::Point,
    },
};

/// An update of the room's project, with the ids of its files.
#[derive(Debug)]
pub struct UpdateIn {
    pub room: Room,
    pub update_id: i64,
    pub files: Vec<i64>,
}

/// An update's reactions: the two parties react; everyone in the workroom reads.
impl ReactionTarget for UpdateIn {
    /// `project.update.reaction` on `workroom:{id}`.
    fn reacted(&self) -> Reacted {
        let (parent, channels) = (("project_id", self.room.id()), vec![self.room.channel()]);
        Reacted {
            table: REACTIONS,
            parent,
            target: self.update_id,
            event: event_type::PROJECT_UPDATE_REACTION,
            channels,
        }
    }

    fn may_react(&self, caller: &CurrentUser) -> Result<(), AppError> {
        self.room.require_party(caller)
    }

    fn may_unreact(&self, caller: &CurrentUser) -> Result<(), AppError> {
        self.room.require_party(caller)
    }
}

/// An update's image tags: the two parties tag and complete; everyone in the workroom
/// reads; the tag's author or an admin deletes.
impl TagTarget for UpdateIn {
    type Tag = UpdateTagView;
    type Request = TagRequest;

    /// On `workroom:{id}`.
    fn tagged(&self) -> Tagged {
        Tagged { table: TAGS, target: self.update_id, channels: vec![self.room.channel()] }
    }

    fn may_tag(&self, caller: &CurrentUser) -> Result<(), AppError> {
        self.room.require_party(caller)
    }

    fn may_read_tags(&self, _caller: &CurrentUser) -> Result<(), AppError> {
        Ok(())
    }

    /// The point and the note, and `file_id` one of the update's files when given.
    fn checked_tag(&self, req: &TagRequest) -> Result<(Point, Option<i64>), AppError> {
        let point = checked_tag(req.x, req.y, req.note.as_deref(), |errors| {
            if req.file_id.is_some_and(|f| !self.files.contains(&f)) {
                errors.add("file_id", codes::NOT_FOUND_OPTION);
            }
        })?;
        Ok((point, req.file_id))
    }
}

/// Update `update_id` of the room and its files (404 when it is not the project's): what
/// the reaction and image-tag handlers act on ([`crate::threads::routes`]).
pub async fn update_in(state: &AppState, caller: &CurrentUser, id: i64, update_id: i64) -> Result<UpdateIn, AppError> {
    let room = enter(state, caller, id).await?;
    store::find(&state.db.pool, id, update_id).await?.ok_or_else(|| AppError::not_found(codes::UPDATE_NOT_FOUND))?;
    let mut conn = state.db.pool.acquire().await?;
    let files = store::files(&mut conn, update_id).await?.into_iter().map(|f| f.file.id).collect();
    Ok(UpdateIn { room, update_id, files })
}

// ---- Image tags ----

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct TagRequest {
    /// Fraction of the image's width, 0 to 1.
    pub x: Option<f64>,
    /// Fraction of the image's height, 0 to 1.
    pub y: Option<f64>,
    /// 1 to 1000 characters, trimmed.
    pub note: Option<String>,
    /// The update's image the point is on, if it shows several.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub file_id: Option<i64>,
}

thread_routes! {
    reads: signed_in, tag: "project updates", log: project_id;
    reactions "/projects/{id}/updates/{updateId}/reactions" ("updateId" update_id), body ReactionRequest,
        found by update_in {
        /// Reacts to an update (the owner or the assigned designer). 201 when added, 200 when it already was.
        add react [403, 404, 422];
        /// Takes back the caller's reaction; `emoji_reaction_id` from the query or the body, like when neither.
        remove unreact [403, 404, 422];
        /// Counts per emoji and who reacted (everyone in the workroom).
        list reactions [403, 404, 422] by ReactionRequest;
    }
    image_tags "/projects/{id}/updates/{updateId}/image-tags" ("updateId" update_id) of UpdateTagView, body TagRequest,
        found by update_in {
        /// Tags a point of the update's image (the owner or the assigned designer).
        create tag [403, 404, 422];
        /// The update's tags, oldest first (everyone in the workroom).
        list tags [403, 404];
        /// Marks a tag done (the owner or the assigned designer); 409 when it already is.
        complete complete_tag [403, 404, 409];
        /// Deletes a tag (its author or an admin).
        delete delete_tag [403, 404];
    }
}
