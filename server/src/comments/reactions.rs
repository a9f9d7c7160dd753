//! Reactions to an entry: one per user per entry and emoji (1 is like), kept by the
//! thread model ([`crate::threads::reactions`], handlers by [`thread_routes!`]). Liking
//! is for designers and clients (contests doc, section 6); admins only read: the rules
//! are [`Target`](super::access::Target)'s.
//!
//! Adding twice or removing what is not there changes nothing and answers 200, so a
//! double click is harmless. The `entry.reaction` event carries the new count.

use super::access;
use crate::threads::{reactions::ReactionRequest, routes::thread_routes};

thread_routes! {
    reads: public, tag: "reactions", log: contest_id;
    reactions "/contests/{id}/entries/{entryId}/reactions" ("entryId" entry_id), body ReactionRequest,
        found by access::entry {
        /// Reacts to an entry (designers and clients). 201 when added, 200 when it already was.
        add add [401, 403, 404, 422];
        /// Removes the caller's reaction; `emoji_reaction_id` from the query or the body,
        /// like (1) when neither gives one.
        remove remove [401, 404, 422];
        /// Counts per emoji and who reacted, each marked Designer or Contest Holder.
        list list [404];
    }
}
