//! Where the contest's threads are kept: comments on boards and entries, reactions to
//! entries, image tags on entries. Their SQL is the thread model's
//! ([`crate::threads::store`]); an entry is found by the entries area's store.

use crate::threads::store::{CommentTable, ReactionTable, TagTable};

/// Comments on a board (`contest_entry_id` null) or an entry, newest first, soft-deleted.
pub const COMMENTS: CommentTable = CommentTable::feed("contest_comment", "contest_id", "contest_entry_id");

/// Reactions to entries.
pub const REACTIONS: ReactionTable = ReactionTable { table: "entry_reaction", target: "contest_entry_id" };

/// Image tags on entries (one image an entry).
pub const TAGS: TagTable = TagTable { table: "image_tag", target: "contest_entry_id", per_file: false };
