//! Direct messages between users: one row per recipient, announced live with
//! `message.created` on both users' `user:` channels, read receipts (`message.read`)
//! to the sender, and a Message notification (type 3) to the recipient.
//!
//! - [`send`]: `POST /messages` and who may start a conversation.
//! - [`threads`]: the conversation lists, one conversation, unread counters, marking
//!   read, deleting on one side.
//! - [`model`]: rows, views, the e-mail address flag. [`store`]: their SQL.

pub mod channels;
pub mod model;
pub mod send;
pub mod store;
pub mod threads;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(send::send))
        .routes(routes!(threads::list))
        .routes(routes!(threads::clients))
        .routes(routes!(threads::creatives))
        .routes(routes!(threads::thread))
        .routes(routes!(threads::unread))
        .routes(routes!(threads::mark_read))
        .routes(routes!(threads::delete))
}
