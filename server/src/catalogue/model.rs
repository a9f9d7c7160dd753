//! Rows of the contest catalogue as stored, and as the API shows them.
//!
//! Flags are 0/1 integers on both sides (as everywhere in the API); money is
//! stored in cents and shown in whole dollars, as the client displays USD
//! without decimals (the migration keeps every amount a whole dollar).

use serde::Serialize;
use utoipa::ToSchema;

use super::contest_types::listing_title;
use crate::accounts::model::FilePath;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ContestTypeRow {
    pub id: i64,
    pub title: String,
    pub launch_brief_slug: String,
    pub has_terms: i64,
    pub participate_terms: Option<String>,
    pub brief_html: String,
    pub only_tip_start: i64,
    pub is_quick_start: i64,
}

/// A contest type with the title it is listed under.
#[derive(Debug, Serialize, ToSchema)]
pub struct ContestTypeView {
    pub id: i64,
    pub title: String,
    /// `title` + ' Contest', except id 9 (as is) and id 32 (+ ' Editing').
    pub listing_title: String,
    pub launch_brief_slug: String,
    pub has_terms: i64,
    /// Shown for acceptance before the brief when `has_terms` is 1.
    pub participate_terms: Option<String>,
    pub brief_html: BriefHtml,
    /// 1: contests of this type start as tip-only contests.
    pub only_tip_start: i64,
    pub is_quick_start: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BriefHtml {
    pub text: String,
}

impl From<ContestTypeRow> for ContestTypeView {
    fn from(row: ContestTypeRow) -> Self {
        Self {
            listing_title: listing_title(row.id, &row.title),
            id: row.id,
            title: row.title,
            launch_brief_slug: row.launch_brief_slug,
            has_terms: row.has_terms,
            participate_terms: row.participate_terms,
            brief_html: BriefHtml { text: row.brief_html },
            only_tip_start: row.only_tip_start,
            is_quick_start: row.is_quick_start,
        }
    }
}

#[derive(Debug, sqlx::FromRow)]
pub struct QuestionRow {
    pub id: i64,
    pub form_field_type_id: i64,
    pub is_required: i64,
    pub is_title: i64,
    pub is_description: i64,
    pub is_quick_start: i64,
    pub title: String,
    pub placeholder: Option<String>,
    pub html_content: Option<String>,
}

#[derive(Debug, sqlx::FromRow)]
pub struct OptionRow {
    pub id: i64,
    pub contest_type_question_id: i64,
    pub title: String,
    pub file_path: Option<String>,
    pub title_left: Option<String>,
    pub title_right: Option<String>,
    pub value: Option<String>,
}

/// A brief question; `form_field_type_id` as in [`super::FieldType`].
#[derive(Debug, Serialize, ToSchema)]
pub struct QuestionView {
    pub id: i64,
    pub form_field_type_id: i64,
    pub is_required: i64,
    /// The answer becomes the contest's title.
    pub is_title: i64,
    /// The answer becomes the contest's description.
    pub is_description: i64,
    /// Asked in the quick-start flow too.
    pub is_quick_start: i64,
    pub title: String,
    pub placeholder: Option<String>,
    pub html_content: Option<String>,
    pub options: Vec<OptionView>,
}

/// A choice of a question; sliders carry `title_left`/`title_right` and a default `value`.
#[derive(Debug, Serialize, ToSchema)]
pub struct OptionView {
    pub id: i64,
    pub title: String,
    pub file: Option<FilePath>,
    pub title_left: Option<String>,
    pub title_right: Option<String>,
    pub value: Option<String>,
}

impl QuestionView {
    pub fn of(row: QuestionRow, options: Vec<OptionView>) -> Self {
        Self {
            id: row.id,
            form_field_type_id: row.form_field_type_id,
            is_required: row.is_required,
            is_title: row.is_title,
            is_description: row.is_description,
            is_quick_start: row.is_quick_start,
            title: row.title,
            placeholder: row.placeholder,
            html_content: row.html_content,
            options,
        }
    }
}

impl From<OptionRow> for OptionView {
    fn from(row: OptionRow) -> Self {
        Self {
            id: row.id,
            title: row.title,
            file: row.file_path.map(|full_path| FilePath { full_path }),
            title_left: row.title_left,
            title_right: row.title_right,
            value: row.value,
        }
    }
}

/// Whole dollars of an amount in cents (amounts are whole dollars by constraint).
fn dollars(cents: i64) -> i64 {
    cents / 100
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PricingRow {
    pub id: i64,
    pub contest_type_id: i64,
    pub name: String,
    pub amount_cents: i64,
    pub winning_entry_amount_cents: i64,
    pub is_recommended: i64,
}

/// A prize package: the client pays `amount`, the winner receives `winning_entry_amount` (USD).
#[derive(Debug, Serialize, ToSchema)]
pub struct PricingView {
    pub id: i64,
    pub contest_type_id: i64,
    pub name: String,
    pub amount: i64,
    pub winning_entry_amount: i64,
    pub is_recommended: i64,
}

impl From<PricingRow> for PricingView {
    fn from(row: PricingRow) -> Self {
        Self {
            id: row.id,
            contest_type_id: row.contest_type_id,
            name: row.name,
            amount: dollars(row.amount_cents),
            winning_entry_amount: dollars(row.winning_entry_amount_cents),
            is_recommended: row.is_recommended,
        }
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct UpgradeRow {
    pub id: i64,
    pub name: String,
    pub description: String,
    pub amount_cents: i64,
    pub is_highlighted: i64,
    pub is_featured: i64,
    pub is_private: i64,
    pub is_blind: i64,
    pub is_notified_via_email: i64,
    pub is_rush: i64,
    pub is_featured_blog_post: i64,
    pub is_recommended: i64,
}

/// An upgrade a contest can buy; exactly one kind flag is 1. `amount` in USD.
#[derive(Debug, Serialize, ToSchema)]
pub struct UpgradeView {
    pub id: i64,
    pub name: String,
    pub description: String,
    pub amount: i64,
    pub is_highlighted: i64,
    pub is_featured: i64,
    pub is_private: i64,
    pub is_blind: i64,
    pub is_notified_via_email: i64,
    pub is_rush: i64,
    pub is_featured_blog_post: i64,
    pub is_recommended: i64,
}

impl From<UpgradeRow> for UpgradeView {
    fn from(row: UpgradeRow) -> Self {
        Self {
            id: row.id,
            name: row.name,
            description: row.description,
            amount: dollars(row.amount_cents),
            is_highlighted: row.is_highlighted,
            is_featured: row.is_featured,
            is_private: row.is_private,
            is_blind: row.is_blind,
            is_notified_via_email: row.is_notified_via_email,
            is_rush: row.is_rush,
            is_featured_blog_post: row.is_featured_blog_post,
            is_recommended: row.is_recommended,
        }
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LengthRow {
    pub id: i64,
    pub name: String,
    pub days: i64,
    pub amount_cents: i64,
    pub is_rush: i64,
}

/// How long a contest accepts entries, and what choosing it costs (USD; 0 for the standard week).
#[derive(Debug, Serialize, ToSchema)]
pub struct LengthView {
    pub id: i64,
    pub name: String,
    pub days: i64,
    pub amount: i64,
    pub is_rush: i64,
}

impl From<LengthRow> for LengthView {
    fn from(row: LengthRow) -> Self {
        Self { id: row.id, name: row.name, days: row.days, amount: dollars(row.amount_cents), is_rush: row.is_rush }
    }
}
