//! The workroom of an assigned project ([`super::room`]): the designer's updates (work
//! in progress) and the comments, reactions, image tags, ratings and reviews around
//! them, and the project's own comments (projects doc, section 7, Updates and Project
//! comments).
//!
//! - [`routes`]: post, list and read updates; other files; the owner's rating and
//!   review status; one-time download links to an update's files.
//! - [`comments`]: the project's thread and each update's.
//! - [`feedback`]: reactions and image tags on an update.
//!
//! Comments, reactions and tags are the thread model's ([`crate::threads`]): this area
//! says who may write (the parties, once assigned), whom to tell, and that events go to
//! `workroom:{id}`.
//! - [`store`]: SQL of updates, and where the threads are kept. [`model`]: rows and
//!   views. [`events`]: `workroom:{id}`.
//!
//! Live: everything on `workroom:{id}` (the owner, the assigned designer, admins);
//! notifications 16 (an update), 17 (a comment on an update) and 20 (a comment on the
//! project) on the other party's `user:{id}`.

pub mod comments;
pub mod events;
pub mod feedback;
pub mod model;
pub mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::create, routes::list))
        .routes(routes!(routes::show))
        .routes(routes!(routes::other_files))
        .routes(routes!(routes::rate))
        .routes(routes!(routes::review))
        .routes(routes!(routes::download_token))
        .merge(comments::router())
        .merge(feedback::router())
}
