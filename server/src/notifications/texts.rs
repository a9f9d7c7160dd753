//! What each notification says: a key and the English template it is worded from, in one list.
//! The list is committed as `web/src/features/notifications/texts.gen.json` (the test below
//! fails while it is stale; `make gen-texts` rewrites it), and the web client's catalogue words
//! every key in English and Spanish (its `texts.test.ts` fails while one is missing or the
//! English drifts from the template).
//!
//! A template names its values in braces (`{username}`); [`super::Text::new`] fills them.

/// A notification's key and its English template.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Template {
    pub key: &'static str,
    pub english: &'static str,
}

macro_rules! texts {
    ($($name:ident = $key:literal, $english:literal;)*) => {
        $(pub const $name: Template = Template { key: $key, english: $english };)*
        /// Every template, for the generated list and the uniqueness test.
        pub const ALL: &[Template] = &[$($name),*];
    };
}

texts! {
    ADDITIONAL_BOUGHT = "additional.bought", "Your entry #{number} in {contest} was bought as an additional design: upload its final files";
    ADDITIONAL_UPLOADED = "additional.uploaded", "{username} uploaded the final files of entry #{number} in {contest}";
    ARTWORK_ACCEPTED = "artwork.accepted", "{username} accepted your final files for {contest}";
    ARTWORK_UPLOADED = "artwork.uploaded", "{username} uploaded the final files for {contest}";
    BID_APPROVED = "bid.approved", "Your bid on {project} was approved";
    BID_COMMENT = "bid.comment", "{username} commented on the bid on {project}";
    BID_CREATED = "bid.created", "{username} bid ${amount} on {project}";
    BID_WITHDRAWN = "bid.withdrawn", "The bid of {username} on {project} was withdrawn";
    COMMENT_ON_CONTEST = "comment.on_contest", "{username} commented on your contest {contest}";
    COMMENT_ON_ENTRY_IN_CONTEST = "comment.on_entry_in_contest", "{username} commented on an entry in your contest {contest}";
    COMMENT_ON_YOUR_ENTRY = "comment.on_your_entry", "{username} commented on your entry in {contest}";
    CONTEST_VERIFIED_HOLDER = "contest.verified_holder", "{contest} is verified; the winner is preparing your final files";
    CONTEST_VERIFIED_WINNER = "contest.verified_winner", "{contest} is verified: upload your final files within 48 hours";
    COURT_ELIMINATED_COPY = "court.eliminated_copy", "The design court found that entry #{number} in {contest} copied your entry; it has been eliminated";
    COURT_ELIMINATED_IN_CONTEST = "court.eliminated_in_contest", "The design court eliminated entry #{number} in {contest} of your contest";
    COURT_ELIMINATED_YOURS = "court.eliminated_yours", "The design court found that your entry #{number} in {contest} breaks the rules; it has been eliminated";
    ENTRY_SUBMITTED = "entry.submitted", "{username} submitted entry #{number} to {contest}";
    ENTRY_WON = "entry.won", "Your entry #{number} won {contest}";
    MESSAGE_SENT = "message.sent", "{username} sent you a message";
    PROJECT_BUDGET_INCREASED = "project.budget_increased", "The budget of {project} was increased to ${amount}";
    PROJECT_COMMENT = "project.comment", "{username} commented on {project}";
    PROJECT_FILES_ACCEPTED = "project.files_accepted", "{username} accepted the final files of {project}";
    PROJECT_INVITED = "project.invited", "{username} invited you to the project {project}";
    PROJECT_STATUS = "project.status", "{project} is now {status}";
    PROJECT_TIMELINE_ENDED = "project.timeline_ended", "The timeline of {project} has ended: it awaits verification";
    PROJECT_UPDATE_COMMENT = "project.update_comment", "{username} commented on an update of {project}";
    PROJECT_UPDATE_POSTED = "project.update_posted", "{username} posted an update on {project}";
    PROJECT_VERIFIED = "project.verified", "{project} is verified: the final files are due within 48 hours";
    TIP_APPROVED = "tip.approved", "{username} sent you a ${amount} tip for entry #{number} in {contest}";
}

/// The committed list, relative to the workspace root.
pub const FILE: &str = "web/src/features/notifications/texts.gen.json";

/// The complete text of [`FILE`]: `{key: english template}`.
pub fn document() -> String {
    let map: serde_json::Map<String, serde_json::Value> =
        ALL.iter().map(|t| (t.key.to_owned(), serde_json::Value::from(t.english))).collect();
    let mut text = serde_json::to_string_pretty(&map).expect("the templates serialise");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notification_texts_match_the_committed_file() {
        crate::generated_file::assert_committed(FILE, &document(), "UPDATE_TEXTS", "the templates", "make gen-texts");
    }

    #[test]
    fn keys_are_unique_and_dotted() {
        let mut seen = std::collections::HashSet::new();
        for template in ALL {
            assert!(seen.insert(template.key), "duplicate key {}", template.key);
            assert!(template.key.contains('.'), "{} is not area.event", template.key);
        }
    }
}
