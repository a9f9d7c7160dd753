//! Profile rows and views: the profile information with its expansions, statistics,
//! winnings (the Reviews tab) and settings.

use std::collections::BTreeMap;

use serde::Serialize;
use utoipa::ToSchema;

use crate::accounts::model::{FilePath, UserView};

#[derive(Debug, Clone, Default, Serialize, ToSchema, sqlx::FromRow)]
pub struct Experience {
    pub won_contests_count: i64,
    /// Entries submitted, withdrawn ones not counted.
    pub entries_count: i64,
    /// Distinct clients who chose them as winner.
    pub unique_client_count: i64,
    /// Clients who chose them as winner more than once (the About tab's Repeat Clients).
    pub repeat_client_count: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ProfileCountry)]
pub struct Country {
    pub id: i64,
    pub name: String,
}

/// The profile information: the public user, and what `include` asked for.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileView {
    #[serde(flatten)]
    pub user: UserView,
    /// The cover image (`include=cover_pic`; also on the user).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cover: Option<FilePath>,
    /// The mean of the ratings clients gave the user's winning entries, 1 to 5
    /// (`include=average_rating`); null when none is rated.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<f64>)]
    pub average_rating: Option<Option<f64>>,
    /// `include=experience`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub won_contests_count: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entries_count: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unique_client_count: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repeat_client_count: Option<i64>,
    /// `include=qualifications`: the key/value pairs shown as Qualifications.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub qualifications: Option<BTreeMap<String, String>>,
    pub country: Option<Country>,
}

/// `GET /users/{id}/profile-statistics`; `wining_count` is spelled as the specification spells it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileStatistics {
    pub portfolio_count: i64,
    pub marketplace_count: i64,
    pub wining_count: i64,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct WinningRow {
    pub id: i64,
    pub rating: Option<i64>,
    pub contest_id: i64,
    pub created_at: i64,
    pub contest_title: String,
    pub contest_type_title: String,
    pub client_id: i64,
    pub client_username: String,
    pub client_picture: Option<String>,
    pub file_id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct WinningContest {
    pub id: i64,
    pub title: String,
    pub contest_type_title: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct WinningFile {
    pub full_path: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct WinningEntry {
    pub id: i64,
    pub files: Option<WinningFile>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct WinningClient {
    pub id: i64,
    pub username: String,
    pub profile_picture: Option<FilePath>,
}

/// A winning (review): the contest the entry won, the client who held it and the
/// rating they gave the winner (public once the entry won).
#[derive(Debug, Serialize, ToSchema)]
pub struct WinningView {
    pub id: i64,
    /// 1 to 5; null when the client has not rated the winner.
    pub rating: Option<i64>,
    pub contest_id: i64,
    pub contest: WinningContest,
    pub contest_entry: WinningEntry,
    /// The contest holder.
    pub created_by_user: WinningClient,
    /// When the entry was awarded (epoch ms).
    pub created_at: i64,
}

impl WinningView {
    pub fn of(row: WinningRow) -> Self {
        Self {
            id: row.id,
            rating: row.rating,
            contest_id: row.contest_id,
            contest: WinningContest {
                id: row.contest_id,
                title: row.contest_title,
                contest_type_title: row.contest_type_title,
            },
            contest_entry: WinningEntry {
                id: row.id,
                files: row.file_id.map(|id| WinningFile { full_path: format!("/files/{id}/content") }),
            },
            created_by_user: WinningClient {
                id: row.client_id,
                username: row.client_username,
                profile_picture: row.client_picture.map(|full_path| FilePath { full_path }),
            },
            created_at: row.created_at,
        }
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SettingsRow {
    pub language: String,
    pub receives_newsletter: i64,
    pub profile_picture: Option<String>,
    pub cover_pic: Option<String>,
    pub theme: String,
}

/// The themes a user chooses from (projects doc, section 9: A to H, default A).
pub const THEMES: [&str; 8] = ["A", "B", "C", "D", "E", "F", "G", "H"];

/// A user's settings (only they and admins see them).
#[derive(Debug, Serialize, ToSchema)]
pub struct SettingsView {
    /// `en` or `es`.
    pub language: String,
    /// 1 or 0.
    pub receives_newsletter: i64,
    pub profile_picture: Option<FilePath>,
    pub cover_pic: Option<FilePath>,
    /// The web client's colour scheme: `A` (the default) to `H`.
    pub theme: String,
}

impl SettingsView {
    pub fn of(row: SettingsRow) -> Self {
        Self {
            language: row.language,
            receives_newsletter: row.receives_newsletter,
            profile_picture: row.profile_picture.map(|full_path| FilePath { full_path }),
            cover_pic: row.cover_pic.map(|full_path| FilePath { full_path }),
            theme: row.theme,
        }
    }
}
