//! Comments on a contest's board and on entries, reactions to entries, and image
//! tags (feedback points on an entry's image): the contest's side of the thread model
//! ([`crate::threads`]), which keeps the SQL, the events and the shared rules.
//!
//! - [`threads`]: board and entry comment threads (list, write, soft delete), notifying
//!   the other party (types 1 and 2).
//! - [`reactions`]: likes and other emoji on an entry, with who reacted.
//! - [`image_tags`]: points with notes on an entry's image, between the contest's
//!   owner and the entry's designer.
//! - [`access`]: what the caller may see, who may write and delete, and where events
//!   go (blind contests keep an entry's feedback to `user:{owner}` and
//!   `user:{designer}`): the thread model's traits for a board or entry.
//! - [`store`]: the entry lookup and where the threads are kept. [`model`]: views.

pub mod access;
pub mod image_tags;
pub mod model;
pub mod reactions;
pub mod store;
pub mod threads;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    threads::router().merge(reactions::router()).merge(image_tags::router())
}
