//! Marketplace rows and the JSON the API shows of them (contests doc, section 3:
//! marketplace item and category).

use serde::Serialize;
use utoipa::ToSchema;

/// One `marketplace_entry` with what the listing shows of its entry, contest and designer.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ListingRow {
    pub contest_entry_id: i64,
    pub contest_id: i64,
    pub app_user_id: i64,
    pub marketplace_category_id: Option<i64>,
    pub category_title: Option<String>,
    pub title: String,
    pub description: String,
    pub sale_price_cents: i64,
    pub is_hidden: i64,
    pub sold_to: Option<i64>,
    pub sold_at: Option<i64>,
    pub created_at: i64,
    pub username: String,
    pub contest_title: String,
    pub contest_type_id: i64,
    pub contest_type_title: String,
    pub file_id: Option<i64>,
}

impl ListingRow {
    /// For sale now: neither sold nor hidden.
    pub fn is_available(&self) -> bool {
        self.sold_at.is_none() && self.is_hidden == 0
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ListingFile {
    pub id: i64,
    pub full_path: String,
    /// A stable name of the image (its file id), for the purchase page's `image_filename`.
    pub hash: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ListingUser {
    pub id: i64,
    pub username: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ListingEntry {
    pub id: i64,
    pub files: Option<ListingFile>,
    pub created_by_user: ListingUser,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ListingContest {
    pub id: i64,
    pub title: String,
    pub contest_type_id: i64,
    pub contest_type_title: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CategoryRef {
    pub id: i64,
    pub title: String,
}

/// A marketplace item: an entry for sale (or sold, to its designer, buyer and admins).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ListingView {
    pub contest_entry_id: i64,
    pub contest_id: i64,
    pub title: String,
    pub description: String,
    /// Whole US dollars.
    pub sale_price: i64,
    pub sale_price_cents: i64,
    pub marketplace_category_id: Option<i64>,
    pub category: Option<CategoryRef>,
    pub entry: ListingEntry,
    pub contest: ListingContest,
    /// available, hidden or sold.
    pub status: &'static str,
    /// When it was sold (epoch ms); None while it is not.
    pub sold_at: Option<i64>,
    /// The tags its designer gave it (`GET /marketplace-tags`).
    pub marketplace_tag_ids: Vec<i64>,
    pub created_at: i64,
}

impl ListingView {
    /// The listing without its tags ([`ListingView::with_tags`] adds them).
    pub fn of(row: ListingRow) -> Self {
        let status = match (row.sold_at, row.is_hidden) {
            (Some(_), _) => "sold",
            (None, 0) => "available",
            (None, _) => "hidden",
        };
        Self {
            contest_entry_id: row.contest_entry_id,
            contest_id: row.contest_id,
            title: row.title,
            description: row.description,
            sale_price: row.sale_price_cents / 100,
            sale_price_cents: row.sale_price_cents,
            marketplace_category_id: row.marketplace_category_id,
            category: match (row.marketplace_category_id, row.category_title) {
                (Some(id), Some(title)) => Some(CategoryRef { id, title }),
                _ => None,
            },
            entry: ListingEntry {
                id: row.contest_entry_id,
                files: row.file_id.map(|id| ListingFile {
                    id,
                    full_path: format!("/files/{id}/content"),
                    hash: format!("entry-{}-file-{id}", row.contest_entry_id),
                }),
                created_by_user: ListingUser { id: row.app_user_id, username: row.username },
            },
            contest: ListingContest {
                id: row.contest_id,
                title: row.contest_title,
                contest_type_id: row.contest_type_id,
                contest_type_title: row.contest_type_title,
            },
            status,
            sold_at: row.sold_at,
            marketplace_tag_ids: Vec::new(),
            created_at: row.created_at,
        }
    }
}

impl ListingView {
    /// The views of `rows` with their tags, from `tags` ((entry, tag) pairs).
    pub fn with_tags(rows: Vec<ListingRow>, tags: &[(i64, i64)]) -> Vec<Self> {
        rows.into_iter()
            .map(|row| {
                let mut view = Self::of(row);
                view.marketplace_tag_ids =
                    tags.iter().filter(|(entry, _)| *entry == view.contest_entry_id).map(|(_, tag)| *tag).collect();
                view
            })
            .collect()
    }
}

/// A marketplace category or tag (admins keep both).
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct TermView {
    pub id: i64,
    pub title: String,
    pub is_active: i64,
    pub created_at: i64,
}

/// A category of a designer's For Sale tab, with how many entries it has for sale.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct UserCategory {
    pub marketplace_category_id: i64,
    pub title: String,
    pub count: i64,
}

/// A contest with entries for sale (`/marketplace-contests/search`).
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct MarketplaceContest {
    pub id: i64,
    pub title: String,
    pub contest_type_id: i64,
    pub contest_type_title: String,
    /// Entries of the contest for sale now (hidden ones too, for admins asking for them).
    pub marketplace_entries_count: i64,
    /// The lowest sale price, whole US dollars.
    pub min_sale_price: i64,
    /// When its newest listing was made (epoch ms).
    pub listed_at: i64,
    /// The image of its newest listing.
    #[sqlx(skip)]
    pub cover: Option<ListingFile>,
    #[serde(skip)]
    pub cover_file_id: Option<i64>,
}
