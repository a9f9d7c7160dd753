//! The stored entry and the JSON the API shows of it.

use serde::Serialize;
use utoipa::ToSchema;

/// `contest_entry.status_id`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryStatus {
    /// 1: in the running.
    Active = 1,
    /// 2: eliminated by the contest holder.
    Eliminated = 2,
    /// 3: withdrawn by its designer.
    Withdrawn = 3,
}

impl EntryStatus {
    pub fn id(self) -> i64 {
        self as i64
    }

    pub fn from_id(id: i64) -> Option<Self> {
        [Self::Active, Self::Eliminated, Self::Withdrawn].into_iter().find(|s| s.id() == id)
    }

    pub fn name_of(id: i64) -> &'static str {
        match id {
            1 => "active",
            2 => "eliminated",
            _ => "withdrawn",
        }
    }

    /// The names `filter[status]` and `PATCH .../status` take.
    pub fn parse(name: &str) -> Option<Self> {
        match name.trim() {
            "active" => Some(Self::Active),
            "eliminated" => Some(Self::Eliminated),
            _ => None,
        }
    }
}

/// `contest_entry_file.kind` (the contest reads it too: has the winner delivered?).
pub use crate::contests::model::file_kind;

/// The columns [`EntryRow`] reads, over `contest_entry e JOIN app_user u ON u.id = e.created_by`.
pub const ENTRY_COLUMNS: &str = "e.id, e.contest_id, e.created_by, e.number, e.title, e.description, e.status_id, \
    e.rating, e.is_winner, e.awarded_at, e.created_at, e.updated_at, u.username, u.name AS designer_name, \
    u.creative_level_id, u.profile_picture, \
    (SELECT COUNT(*) FROM entry_reaction r WHERE r.contest_entry_id = e.id AND r.emoji_reaction_id = 1) AS likes_count, \
    (SELECT COALESCE(MAX(f.version), 1) FROM contest_entry_file f WHERE f.contest_entry_id = e.id AND f.kind < 3) AS version";

/// The `FROM` part matching [`ENTRY_COLUMNS`].
pub const ENTRY_FROM: &str = "contest_entry e JOIN app_user u ON u.id = e.created_by";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EntryRow {
    pub id: i64,
    pub contest_id: i64,
    pub created_by: i64,
    pub number: i64,
    pub title: Option<String>,
    pub description: Option<String>,
    pub status_id: i64,
    pub rating: Option<i64>,
    pub is_winner: i64,
    pub awarded_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
    pub username: String,
    pub designer_name: String,
    pub creative_level_id: Option<i64>,
    pub profile_picture: Option<String>,
    pub likes_count: i64,
    pub version: i64,
}

/// One file of an entry.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct EntryFileView {
    pub file_id: i64,
    /// 1 main image, 2 other image, 3 final artwork.
    pub kind: i64,
    pub version: i64,
    /// Where the bytes are served (`GET /files/{id}/content`).
    pub full_path: String,
    pub hash: String,
}

/// The designer of an entry, as galleries show them.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EntryDesignerView {
    pub id: i64,
    pub username: String,
    pub name: String,
    pub creative_level_id: Option<i64>,
    pub profile_picture: Option<String>,
}

/// An entry as the API shows it. `rating` appears only for the contest holder and
/// the entry's designer; `files` and `designer` only where details were asked for.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EntryView {
    pub id: i64,
    pub contest_id: i64,
    pub created_by: i64,
    /// `#n` of the entry in its contest.
    pub number: i64,
    pub title: Option<String>,
    pub description: Option<String>,
    pub status_id: i64,
    /// active, eliminated or withdrawn.
    pub status: &'static str,
    pub is_winner: i64,
    pub awarded_at: Option<i64>,
    /// The current version (1 is the submission).
    pub version: i64,
    pub likes_count: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub created_by_user: EntryDesignerView,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating: Option<i64>,
    /// The current version's images (and any final artwork).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub files: Option<Vec<EntryFileView>>,
    /// In a list grouped by designer: how many entries this designer has there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub designer_entries_count: Option<i64>,
}

impl EntryView {
    /// The view without rating or files.
    pub fn of(row: &EntryRow) -> Self {
        Self {
            id: row.id,
            contest_id: row.contest_id,
            created_by: row.created_by,
            number: row.number,
            title: row.title.clone(),
            description: row.description.clone(),
            status_id: row.status_id,
            status: EntryStatus::name_of(row.status_id),
            is_winner: row.is_winner,
            awarded_at: row.awarded_at,
            version: row.version,
            likes_count: row.likes_count,
            created_at: row.created_at,
            updated_at: row.updated_at,
            created_by_user: EntryDesignerView {
                id: row.created_by,
                username: row.username.clone(),
                name: row.designer_name.clone(),
                creative_level_id: row.creative_level_id,
                profile_picture: row.profile_picture.clone(),
            },
            rating: None,
            files: None,
            designer_entries_count: None,
        }
    }

    pub fn with_rating(mut self, rating: Option<i64>) -> Self {
        self.rating = rating;
        self
    }
}
