//! Rows read by [`store`](super::store) and the JSON the API and the events show.

use serde::Serialize;
use utoipa::ToSchema;

use crate::accounts::model::UserRow;

/// The columns [`UserSummary`] reads from `app_user u`.
pub const USER_COLUMNS: &str = "u.id AS user_id, u.username, u.name, u.profile_picture, u.user_type_id";

/// Who wrote a comment or tag, or reacted.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct UserSummary {
    #[sqlx(rename = "user_id")]
    pub id: i64,
    pub username: String,
    pub name: String,
    pub profile_picture: Option<String>,
    pub user_type_id: i64,
}

impl From<&UserRow> for UserSummary {
    fn from(user: &UserRow) -> Self {
        Self {
            id: user.id,
            username: user.username.clone(),
            name: user.name.clone(),
            profile_picture: user.profile_picture.clone(),
            user_type_id: user.user_type_id,
        }
    }
}

impl UserSummary {
    /// The label shown beside a liker: 'Designer' or 'Contest Holder' (clients).
    pub fn role(&self) -> &'static str {
        match self.user_type_id {
            3 => "Designer",
            2 => "Contest Holder",
            _ => "Admin",
        }
    }
}

/// A comment on a contest's board (`contest_entry_id` null) or on an entry.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct CommentView {
    pub id: i64,
    pub contest_id: i64,
    pub contest_entry_id: Option<i64>,
    pub comment: String,
    pub created_at: i64,
    #[sqlx(flatten)]
    pub created_by_user: UserSummary,
}

/// A point on an entry's image with a note.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct ImageTagView {
    pub id: i64,
    pub contest_entry_id: i64,
    /// Position as a fraction of the image's width, 0 to 1.
    pub x: f64,
    /// Position as a fraction of the image's height, 0 to 1.
    pub y: f64,
    pub note: String,
    pub completed_at: Option<i64>,
    pub created_at: i64,
    #[sqlx(flatten)]
    pub created_by_user: UserSummary,
}

/// One user's reaction, as read with the user.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ReactionRow {
    pub emoji_reaction_id: i64,
    #[sqlx(flatten)]
    pub user: UserSummary,
}

/// A user who reacted, marked Designer or Contest Holder.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Reactor {
    pub id: i64,
    pub username: String,
    pub profile_picture: Option<String>,
    pub user_type_id: i64,
    /// 'Designer' or 'Contest Holder'.
    pub role: &'static str,
    /// Is this the caller?
    pub is_me: bool,
}

impl Reactor {
    pub fn new(user: &UserSummary, viewer_id: Option<i64>) -> Self {
        Self {
            id: user.id,
            username: user.username.clone(),
            profile_picture: user.profile_picture.clone(),
            user_type_id: user.user_type_id,
            role: user.role(),
            is_me: viewer_id == Some(user.id),
        }
    }
}

/// The reactions of one emoji on an entry: how many, and who.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EmojiReactions {
    pub emoji_reaction_id: i64,
    pub count: i64,
    /// Oldest first.
    pub users: Vec<Reactor>,
}

/// Groups `rows` (ordered by emoji, then time) per emoji.
pub fn group_reactions(rows: &[ReactionRow], viewer_id: Option<i64>) -> Vec<EmojiReactions> {
    let mut groups: Vec<EmojiReactions> = Vec::new();
    for row in rows {
        let reactor = Reactor::new(&row.user, viewer_id);
        match groups.last_mut() {
            Some(group) if group.emoji_reaction_id == row.emoji_reaction_id => {
                group.count += 1;
                group.users.push(reactor);
            }
            _ => {
                groups.push(EmojiReactions { emoji_reaction_id: row.emoji_reaction_id, count: 1, users: vec![reactor] })
            }
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(emoji: i64, id: i64, user_type_id: i64) -> ReactionRow {
        ReactionRow {
            emoji_reaction_id: emoji,
            user: UserSummary {
                id,
                username: format!("u{id}"),
                name: String::new(),
                profile_picture: None,
                user_type_id,
            },
        }
    }

    #[test]
    fn reactions_are_grouped_per_emoji_with_role_labels() {
        let groups = group_reactions(&[row(1, 7, 3), row(1, 8, 2), row(2, 7, 3)], Some(8));
        assert_eq!(groups.len(), 2);
        assert_eq!((groups[0].emoji_reaction_id, groups[0].count), (1, 2));
        assert_eq!(groups[0].users[0].role, "Designer");
        assert_eq!(groups[0].users[1].role, "Contest Holder");
        assert!(groups[0].users[1].is_me && !groups[0].users[0].is_me);
        assert_eq!((groups[1].emoji_reaction_id, groups[1].count), (2, 1));
    }
}
