//! Who wrote or reacted, reactions grouped per emoji, and the macros that declare an
//! area's comment and image-tag views.
//!
//! Areas name the thing a comment or tag hangs on in their own words (`contest_id` and
//! `contest_entry_id`, `project_id` and `project_update_id`), and the API and events
//! show those names. So a view is declared per area with [`comment_view!`] and
//! [`image_tag_view!`]: the area names its keys and its schema, the macro writes the
//! fields every thread shares, and [`store`](super::store) reads all of them alike.

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

/// A row any thread reads: it has an id and an author.
pub trait Written {
    fn id(&self) -> i64;
    fn author(&self) -> &UserSummary;
}

/// A row [`store`](super::store) reads with `sqlx::query_as` on either engine.
pub trait Row: for<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> + Send + Unpin {}
impl<T> Row for T where T: for<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> + Send + Unpin {}

/// Implements [`Written`] for a view whose author is `created_by_user`.
#[doc(hidden)]
#[macro_export]
macro_rules! written_by {
    ($name:ident) => {
        impl $crate::threads::model::Written for $name {
            fn id(&self) -> i64 {
                self.id
            }
            fn author(&self) -> &$crate::threads::model::UserSummary {
                &self.created_by_user
            }
        }
    };
}

/// Declares an area's comment view: `id`, the area's key of the thing the thread hangs
/// on and of the sub-thread (`None`: the thing's own thread), then `comment`,
/// `created_at` and `created_by_user`. Columns are read by [`store::CommentTable`](super::store::CommentTable).
#[macro_export]
macro_rules! comment_view {
    ($(#[$meta:meta])* $name:ident { $parent:ident, $child:ident }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema, sqlx::FromRow)]
        pub struct $name {
            pub id: i64,
            pub $parent: i64,
            pub $child: Option<i64>,
            pub comment: String,
            pub created_at: i64,
            #[sqlx(flatten)]
            pub created_by_user: $crate::threads::model::UserSummary,
        }

        $crate::written_by!($name);
    };
}

/// Declares an area's image-tag view: `id`, the area's key of what is tagged (and,
/// when given, `file_id`: which of its images), then the point, the note, when it was
/// completed and created, and who tagged. Columns are read by [`store::TagTable`](super::store::TagTable).
#[macro_export]
macro_rules! image_tag_view {
    ($(#[$meta:meta])* $name:ident { $target:ident $(, $(#[$file_meta:meta])* file_id)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema, sqlx::FromRow)]
        pub struct $name {
            pub id: i64,
            pub $target: i64,
            $($(#[$file_meta])* pub file_id: Option<i64>,)?
            /// Position as a fraction of the image's width, 0 to 1.
            pub x: f64,
            /// Position as a fraction of the image's height, 0 to 1.
            pub y: f64,
            pub note: String,
            pub completed_at: Option<i64>,
            pub created_at: i64,
            #[sqlx(flatten)]
            pub created_by_user: $crate::threads::model::UserSummary,
        }

        $crate::written_by!($name);
    };
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
