//! One thread model for every area that lets people talk about something: comments
//! (with soft delete), reactions and image tags, and a thread's read state. Contest
//! boards and entries ([`crate::comments`]), the workroom's project and update threads
//! ([`crate::projects::updates`]), bid discussions ([`crate::bids`]) and direct messages
//! ([`crate::messages`]) use it.
//!
//! An area supplies only what is its own: where the thread lives (a table described
//! by [`store::CommentTable`], [`store::ReactionTable`] or [`store::TagTable`] in the
//! area's `store.rs`), who may read, write and delete, which channels hear of a change,
//! and whom to notify. For comments it implements [`comments::CommentThread`] for the
//! thing the thread hangs on (a contest's board or entry, a workroom thread, a bid);
//! for reactions and tags, whose rules are the same everywhere, it describes the target
//! with a [`reactions::Reacted`] or an [`image_tags::Tagged`]. The HTTP handlers of
//! comments, reactions and image tags are written once ([`routes`]): an area invokes
//! `thread_routes!` with its paths, OpenAPI tag and documented failures and the async
//! functions that find what a path names, and says who may react and tag
//! ([`reactions::ReactionTarget`], [`image_tags::TagTarget`]). The request and response
//! types stay in the area, so each keeps its OpenAPI names and its error codes.
//!
//! - [`model`]: who wrote or reacted ([`model::UserSummary`]), reactions grouped per
//!   emoji, and the macros that declare an area's comment and image-tag views.
//! - [`rules`]: the input rules every thread keeps (comment text, emoji, tag points).
//! - [`comments`], [`reactions`], [`image_tags`]: list, write and delete, in one
//!   transaction with the events and notifications, then published.
//! - [`routes`]: the handlers of comments, reactions and image tags, for every area.
//! - [`read_state`]: how far a reader has read, and the receipt the writer gets.
//! - [`events`]: one event on each of a thread's channels.
//! - [`store`]: the SQL of all of it, one dialect for both engines.
//!
//! # Where SQL lives
//! Every area keeps its SQL in its own `store.rs` (`contests/store.rs`,
//! `projects/updates/store.rs`, this module's `store.rs`), and nowhere else: handlers and
//! rules call store functions and never hold a query. An area whose SQL outgrows one file
//! makes `store/` a folder with a `mod.rs`, not a `*_store.rs` beside it.

pub mod comments;
pub mod events;
pub mod image_tags;
pub mod model;
pub mod reactions;
pub mod read_state;
pub mod routes;
pub mod rules;
pub mod store;
