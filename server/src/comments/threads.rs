//! Comments on a contest's board and on one entry: list, write, delete, through the
//! thread model ([`crate::threads::comments`], handlers by [`thread_routes!`]) with the
//! contest's rules ([`Target`](super::access::Target)).
//!
//! Lists are newest first, 20 a page (`data, current_page, per_page, next_page_url,
//! total`): the board reads like a feed and the newest remark is what people come for.
//! Deleting is soft (`deleted_at`); the author, an admin, or the contest's owner (who
//! moderates their own contest) may delete.

use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use super::{access, model::CommentView};
use crate::threads::routes::thread_routes;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CommentPageQuery {
    /// 1-based page number; newest comments first.
    #[serde(default, deserialize_with = "crate::shared::page::page_number")]
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CommentRequest {
    /// 1 to 5000 characters, trimmed.
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 5000)]
    pub comment: Option<String>,
}

thread_routes! {
    reads: public, tag: "comments", log: contest_id;
    comments of CommentView, body CommentRequest, query CommentPageQuery, found by access::thread;
    own "/contests/{id}/comments" {
        /// The contest's board comments, newest first.
        list board_list [404];
        /// Writes a comment on the contest's board; the owner is notified (type 1) unless they wrote it.
        create board_create [401, 404, 422];
        /// Deletes a board comment (its author, the contest's owner or an admin).
        delete board_delete [401, 403, 404];
    }
    sub "/contests/{id}/entries/{entryId}/comments" ("entryId" entry_id) {
        /// An entry's comments, newest first.
        list entry_list [404];
        /// Writes a comment on an entry; the other party (owner or designer) is notified (type 2).
        create entry_create [401, 404, 422];
        /// Deletes an entry comment (its author, the contest's owner or an admin).
        delete entry_delete [401, 403, 404];
    }
}
