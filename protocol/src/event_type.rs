//! The `type` strings of the events the product publishes.
//!
//! Each constant says on which channel the event usually appears. The shape of
//! `data` belongs to the area that publishes the event, not to this crate; the
//! publish API accepts other types too (the load harness uses its own on `bench:`).

macro_rules! event_types {
    ($($(#[$doc:meta])* $name:ident = $value:literal;)*) => {
        $($(#[$doc])* pub const $name: &str = $value;)*

        /// Every type above, in documentation order.
        pub const ALL: &[&str] = &[$($name),*];
    };
}

event_types! {
    /// `contest:{id}`: a designer submitted an entry.
    ENTRY_CREATED = "entry.created";
    /// `contest:{id}`: an entry changed (withdrawn, eliminated, marked winner, ...).
    ENTRY_UPDATED = "entry.updated";
    /// `contest:{id}`: an entry was removed.
    ENTRY_DELETED = "entry.deleted";
    /// `contest:{id}` or `workroom:{id}`: a comment was posted on a board, an entry, a
    /// project or one of its updates.
    COMMENT_CREATED = "comment.created";
    /// `contest:{id}` or `workroom:{id}`: a comment was removed.
    COMMENT_DELETED = "comment.deleted";
    /// `contest:{id}`: a reaction on an entry was added or taken back; carries the new counts.
    ENTRY_REACTION = "entry.reaction";
    /// `user:{id}` of the contest owner and the entry's designer: the owner's star rating
    /// (ratings are private to those two).
    ENTRY_RATED = "entry.rated";
    /// `user:{id}` of a contest's owner and an entry's designer, or `workroom:{id}`: a
    /// feedback point was placed on an entry's or an update's image.
    IMAGE_TAG_CREATED = "image_tag.created";
    /// As `image_tag.created`: a feedback point was marked done.
    IMAGE_TAG_COMPLETED = "image_tag.completed";
    /// As `image_tag.created`: a feedback point was removed.
    IMAGE_TAG_DELETED = "image_tag.deleted";
    /// `contest:{id}`: the contest moved to another status.
    CONTEST_STATUS = "contest.status";
    /// `contest:{id}`: the brief, prizes or deadlines changed.
    CONTEST_UPDATED = "contest.updated";
    /// `project:{id}`: a designer placed a bid (the count only); `bid:{id}`: the bid itself.
    BID_CREATED = "bid.created";
    /// `project:{id}` and `bid:{id}`: a bid was withdrawn or removed.
    BID_DELETED = "bid.deleted";
    /// `bid:{id}`: the bid changed (approved, say); carries the bid as it is now.
    BID_UPDATED = "bid.updated";
    /// `bid:{id}`: a message in the discussion of one bid.
    BID_COMMENT_CREATED = "bid.comment.created";
    /// `project:{id}`: the project moved to another status.
    PROJECT_STATUS = "project.status";
    /// `project:{id}`: the brief, budget or timeline changed.
    PROJECT_UPDATED = "project.updated";
    /// `workroom:{id}`: the assigned designer posted an update (work in progress).
    PROJECT_UPDATE_CREATED = "project.update.created";
    /// `workroom:{id}`: an update changed (its status, the owner's rating, other files).
    PROJECT_UPDATE_UPDATED = "project.update.updated";
    /// `workroom:{id}`: a reaction on an update was added or taken back, with the new count.
    PROJECT_UPDATE_REACTION = "project.update.reaction";
    /// `user:{id}`: a direct message arrived.
    MESSAGE_CREATED = "message.created";
    /// `user:{id}`: the other party read messages.
    MESSAGE_READ = "message.read";
    /// `user:{id}`: a notification for this user.
    NOTIFICATION_CREATED = "notification.created";
    /// `user:{id}`: the unread counters shown in the header changed.
    BADGE = "badge";
    /// `user:{id}` of the payer: a payment was paid, declined or refunded; carries the
    /// payment as `GET /transactions` lists it.
    PAYMENT_UPDATED = "payment.updated";
    /// `court`: an entry was reported; carries the report as the court lists it.
    REPORT_CREATED = "report.created";
    /// `court`: a second report on an entry joined its open case; carries the case as the
    /// court lists it, with every report it gathers.
    REPORT_JOINED = "report.joined";
    /// `court`: a juror voted on a report; carries the running tally.
    REPORT_VOTE = "report.vote";
    /// `court`: an admin judged a report (copied: the entry is eliminated; not copied: closed).
    REPORT_JUDGED = "report.judged";
    /// `user:{id}` of the subscriber: a subscription became active or was cancelled.
    SUBSCRIPTION_UPDATED = "subscription.updated";
    /// `user:{id}` of the tipping client: an admin approved or rejected their tip.
    TIP_UPDATED = "tip.updated";
    /// `user:{id}` of a designer: work of theirs was credited or a payout to them was
    /// recorded, so what they are owed or were paid changed; carries `designer_id` (the
    /// earnings screen reads the ledger again).
    EARNINGS_UPDATED = "earnings.updated";
    /// `marketplace`: an entry left the marketplace (bought, hidden or withdrawn); carries
    /// `contest_entry_id`, `contest_id` and `reason` (`sold` or `withdrawn`).
    MARKETPLACE_ENTRY_REMOVED = "marketplace.entry.removed";
    /// `marketplace`: an entry is for sale (newly listed, put back on sale, or its listing
    /// changed); carries `contest_entry_id`, `contest_id` and the designer's `user_id`, for
    /// pages to fetch it as they fetch any listing.
    MARKETPLACE_ENTRY_LISTED = "marketplace.entry.listed";
    /// `community`: a designer or client did something the community feed shows (an
    /// entry, a win, a showcase, a like); carries the activity as the feed lists it.
    COMMUNITY_ACTIVITY = "community.activity";
    /// `broadcast`: an admin published a banner or changed one that is shown; carries the banner.
    BANNER_PUBLISHED = "banner.published";
    /// `broadcast`: a banner was taken down (deleted or deactivated); carries its id.
    BANNER_WITHDRAWN = "banner.withdrawn";
    /// `admin`: the counts of what waits for an admin changed; carries them as `GET /dashboard` does.
    ADMIN_QUEUE = "admin.queue";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_are_unique_lowercase_dotted_words() {
        let mut seen = std::collections::HashSet::new();
        for ty in ALL {
            assert!(seen.insert(ty), "duplicate {ty}");
            let words_ok =
                ty.split('.').all(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'));
            assert!(words_ok, "{ty}");
        }
    }

    /// Every event a client can receive is described in the protocol document.
    #[test]
    fn every_type_is_documented() {
        let doc = include_str!("../../docs/protocol.md");
        let missing: Vec<_> = ALL.iter().filter(|ty| !doc.contains(&format!("`{ty}`"))).collect();
        assert!(missing.is_empty(), "not in docs/protocol.md: {missing:?}");
    }
}
