//! The stored message, the JSON the API shows of it and of a conversation, and the
//! e-mail address check the server records for admins.

use serde::Serialize;
use utoipa::ToSchema;

use crate::accounts::model::FilePath;

/// The columns [`MessageRow`] reads, for `SELECT {MESSAGE_COLUMNS} FROM message m`.
pub const MESSAGE_COLUMNS: &str = "m.id, m.sender_id, m.recipient_id, m.body, m.contest_id, \
    CAST(m.trigger_id AS BIGINT) AS trigger_id, CAST(m.has_email_address AS BIGINT) AS has_email_address, \
    m.read_at, m.created_at";

/// One `message` row, as one side of the conversation may see it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MessageRow {
    pub id: i64,
    pub sender_id: i64,
    pub recipient_id: i64,
    pub body: String,
    pub contest_id: Option<i64>,
    pub trigger_id: i64,
    pub has_email_address: i64,
    pub read_at: Option<i64>,
    pub created_at: i64,
}

/// A message as the API and the `message.created` event show it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MessageView {
    pub id: i64,
    pub sender_id: i64,
    pub recipient_id: i64,
    pub message: String,
    pub contest_id: Option<i64>,
    pub trigger_id: i64,
    /// 1 when the text contains an e-mail address.
    pub has_email_address: i64,
    /// Epoch milliseconds when the recipient read it; null while unread.
    pub read_at: Option<i64>,
    pub created_at: i64,
}

impl From<MessageRow> for MessageView {
    fn from(row: MessageRow) -> Self {
        Self {
            id: row.id,
            sender_id: row.sender_id,
            recipient_id: row.recipient_id,
            message: row.body,
            contest_id: row.contest_id,
            trigger_id: row.trigger_id,
            has_email_address: row.has_email_address,
            read_at: row.read_at,
            created_at: row.created_at,
        }
    }
}

/// The other party of a conversation.
#[derive(Debug, Serialize, ToSchema)]
pub struct Correspondent {
    pub id: i64,
    pub username: String,
    pub name: String,
    /// 1 admin, 2 client, 3 designer.
    pub user_type_id: i64,
    pub profile_picture: Option<FilePath>,
}

/// One conversation in the caller's list.
#[derive(Debug, Serialize, ToSchema)]
pub struct ConversationView {
    pub user: Correspondent,
    /// The newest message the caller has not deleted.
    pub last_message: MessageView,
    /// Messages from the other user the caller has not read (nor deleted).
    pub unread_count: i64,
}

/// A conversation row: the other user, the last visible message, the unread count.
#[derive(Debug, sqlx::FromRow)]
pub struct ConversationRow {
    pub other_id: i64,
    pub username: String,
    pub name: String,
    pub user_type_id: i64,
    pub profile_picture: Option<String>,
    pub unread_count: i64,
    #[sqlx(flatten)]
    pub last: MessageRow,
}

impl From<ConversationRow> for ConversationView {
    fn from(row: ConversationRow) -> Self {
        Self {
            user: Correspondent {
                id: row.other_id,
                username: row.username,
                name: row.name,
                user_type_id: row.user_type_id,
                profile_picture: row.profile_picture.map(|full_path| FilePath { full_path }),
            },
            last_message: row.last.into(),
            unread_count: row.unread_count,
        }
    }
}

/// Whether `text` contains something shaped like an e-mail address
/// (`local@domain.tld`). Deliberately loose: it flags for a human to look at.
pub fn contains_email_address(text: &str) -> bool {
    let is_local = |c: char| c.is_alphanumeric() || "._%+-".contains(c);
    let is_domain = |c: char| c.is_alphanumeric() || ".-".contains(c);
    text.match_indices('@').any(|(at, _)| {
        let local_ok = text[..at].chars().next_back().is_some_and(is_local);
        let domain: String = text[at + 1..].chars().take_while(|c| is_domain(*c)).collect();
        let domain = domain.trim_end_matches(['.', '-']);
        let tld_ok = domain.rsplit_once('.').is_some_and(|(name, tld)| {
            !name.is_empty() && tld.chars().count() >= 2 && tld.chars().all(char::is_alphabetic)
        });
        local_ok && tld_ok
    })
}

/// The first `n` characters of `text`, for notification previews.
pub fn preview(text: &str, n: usize) -> String {
    text.chars().take(n).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn e_mail_addresses_are_spotted_in_running_text() {
        assert!(contains_email_address("write to jane.doe+work@example.co.uk please"));
        assert!(contains_email_address("me@mail.com."));
        assert!(contains_email_address("Ünïcode@bücher.de"));
        assert!(!contains_email_address("meet @ noon"));
        assert!(!contains_email_address("@handle on social"));
        assert!(!contains_email_address("a@b"));
        assert!(!contains_email_address("x@host.1"));
        assert!(!contains_email_address("no address here"));
    }

    #[test]
    fn previews_cut_at_characters_not_bytes() {
        assert_eq!(preview("héllo", 2), "hé");
        assert_eq!(preview("hi", 200), "hi");
    }
}
