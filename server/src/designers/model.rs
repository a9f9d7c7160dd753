//! Portfolio rows and the JSON the API shows of preferences and portfolios.

use serde::Serialize;
use utoipa::ToSchema;

use crate::projects::model::Named;

/// `portfolio_type_id`: 1 an additional item (an upload of the designer's), 2 a contest entry.
pub const ADDITIONAL: i64 = 1;
pub const CONTEST_ENTRY: i64 = 2;

/// One preferred category, sub-category or service.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Preferred {
    /// The preference's own id (`DELETE /users/{id}/preferences/{prefId}`).
    pub preference_id: i64,
    /// The category's, sub-category's or service's id.
    pub id: i64,
    pub title: String,
    pub launch_slug: String,
    /// Work the designer shows with a preferred service (empty for the others).
    pub images: Vec<PortfolioFile>,
}

/// A designer's project preferences.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PreferencesView {
    pub categories: Vec<Preferred>,
    pub sub_categories: Vec<Preferred>,
    pub services: Vec<Preferred>,
}

/// A project category, marked whether the caller prefers it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CategoryChoice {
    #[serde(flatten)]
    pub category: Named,
    /// 1 when the caller prefers it, else 0.
    pub is_preferred: i64,
}

/// An image a designer shows with one of their preferred services.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ServiceWork {
    pub preference_id: i64,
    pub project_service: Named,
    pub file: PortfolioFile,
}

/// A portfolio item as read, with what is computed of it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PortfolioRow {
    pub id: i64,
    pub app_user_id: i64,
    pub portfolio_type_id: i64,
    pub title: String,
    pub description: String,
    pub contest_type_id: i64,
    pub category_title: String,
    pub contest_entry_id: Option<i64>,
    pub contest_id: Option<i64>,
    pub contest_title: Option<String>,
    pub rating: Option<i64>,
    pub like_reactions_count: i64,
    pub shown_file_id: Option<i64>,
    pub created_at: i64,
}

/// The category of an item: a contest type.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PortfolioCategory {
    pub id: i64,
    pub title: String,
}

/// The image an item shows.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PortfolioFile {
    pub id: i64,
    pub full_path: String,
}

/// The contest of an entry item.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PortfolioContest {
    pub id: i64,
    pub title: String,
    pub contest_type_title: String,
}

/// One of the caller's reactions to an entry item.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct OwnReaction {
    pub emoji_reaction_id: i64,
}

/// A portfolio card (contests doc, section 3, portfolio item).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PortfolioView {
    pub id: i64,
    pub user_id: i64,
    /// 1 Additional Portfolio, 2 Contest Entry.
    pub portfolio_type_id: i64,
    pub portfolio_type: &'static str,
    pub title: String,
    pub description: String,
    pub category: PortfolioCategory,
    pub portfolio_file: Option<PortfolioFile>,
    pub contest: Option<PortfolioContest>,
    pub contest_id: Option<i64>,
    pub contest_entry_id: Option<i64>,
    /// The client's stars of a winning entry (winners' ratings are public in Reviews);
    /// null for other items.
    pub rating: Option<i64>,
    /// Likes of an entry item; additional items take no reactions.
    pub like_reactions_count: i64,
    /// The caller's own reactions to the entry.
    pub auth_user_reactions: Vec<OwnReaction>,
    pub created_at: i64,
}

impl PortfolioView {
    pub fn of(row: PortfolioRow, mine: Vec<OwnReaction>) -> Self {
        let contest = match (row.contest_id, row.contest_title) {
            (Some(id), Some(title)) => {
                Some(PortfolioContest { id, title, contest_type_title: row.category_title.clone() })
            }
            _ => None,
        };
        Self {
            id: row.id,
            user_id: row.app_user_id,
            portfolio_type_id: row.portfolio_type_id,
            portfolio_type: if row.portfolio_type_id == CONTEST_ENTRY {
                "Contest Entry"
            } else {
                "Additional Portfolio"
            },
            title: row.title,
            description: row.description,
            category: PortfolioCategory { id: row.contest_type_id, title: row.category_title },
            portfolio_file: row.shown_file_id.map(|id| PortfolioFile { id, full_path: format!("/files/{id}/content") }),
            contest,
            contest_id: row.contest_id,
            contest_entry_id: row.contest_entry_id,
            rating: row.rating,
            like_reactions_count: row.like_reactions_count,
            auth_user_reactions: mine,
            created_at: row.created_at,
        }
    }
}

/// A category of a designer's portfolio, with how many items it has.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct CategoryCount {
    pub id: i64,
    pub title: String,
    pub count: i64,
}

/// The like and rating figures of a portfolio (for the filters' ranges).
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct LikeRatingStats {
    pub portfolio_count: i64,
    pub like_reactions_count: i64,
    pub max_like_reactions_count: i64,
    pub rated_count: i64,
    /// Mean of the public ratings, null when none.
    pub average_rating: Option<f64>,
}
