//! SQL of the contest catalogue: contest types, their brief questions, and what
//! contests cost. Other areas read packages and lengths through [`find_pricing`]
//! and [`find_length`].

use std::collections::HashMap;

use sqlx::{Any, AnyPool, Executor};
use tracing::instrument;

use super::model::{
    ContestTypeRow, LengthRow, OptionRow, OptionView, PricingRow, QuestionRow, QuestionView, UpgradeRow,
};
use crate::store::search::{contains, contains_pattern};

const TYPE_COLUMNS: &str =
    "id, title, launch_brief_slug, has_terms, participate_terms, brief_html, only_tip_start, is_quick_start";

/// Which contest types a list shows.
#[derive(Debug, Default)]
pub struct TypeFilter<'a> {
    /// Case-insensitive substring of the title.
    pub title_contains: Option<&'a str>,
    /// Only the types the category switcher offers: quick start or tip-only start.
    pub category_switcher: bool,
}

#[instrument(skip_all)]
pub async fn contest_types<'c>(
    db: impl Executor<'c, Database = Any>,
    filter: &TypeFilter<'_>,
) -> Result<Vec<ContestTypeRow>, sqlx::Error> {
    // The table holds a few dozen rows: filtering them needs no index.
    sqlx::query_as(&format!(
        "SELECT {TYPE_COLUMNS} FROM contest_type \
         WHERE ($1 IS NULL OR {}) \
           AND ($2 = 0 OR is_quick_start = 1 OR only_tip_start = 1) \
         ORDER BY position, id",
        contains("title", "$1")
    ))
    .bind(filter.title_contains.map(contains_pattern))
    .bind(i64::from(filter.category_switcher))
    .fetch_all(db)
    .await
}

#[instrument(skip_all, fields(contest_type_id = id))]
pub async fn find_type<'c>(
    db: impl Executor<'c, Database = Any>,
    id: i64,
) -> Result<Option<ContestTypeRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {TYPE_COLUMNS} FROM contest_type WHERE id = $1")).bind(id).fetch_optional(db).await
}

#[instrument(skip_all, fields(slug))]
pub async fn find_type_by_slug<'c>(
    db: impl Executor<'c, Database = Any>,
    slug: &str,
) -> Result<Option<ContestTypeRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {TYPE_COLUMNS} FROM contest_type WHERE launch_brief_slug = $1"))
        .bind(slug)
        .fetch_optional(db)
        .await
}

/// Writes the editable columns of a contest type (the slug and id never change:
/// launch URLs and contests depend on them).
#[instrument(skip_all, fields(contest_type_id = row.id))]
pub async fn update_type<'c>(db: impl Executor<'c, Database = Any>, row: &ContestTypeRow) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE contest_type SET title = $2, has_terms = $3, participate_terms = $4, brief_html = $5, \
         only_tip_start = $6, is_quick_start = $7 WHERE id = $1",
    )
    .bind(row.id)
    .bind(&row.title)
    .bind(row.has_terms)
    .bind(row.participate_terms.as_deref())
    .bind(&row.brief_html)
    .bind(row.only_tip_start)
    .bind(row.is_quick_start)
    .execute(db)
    .await?;
    Ok(())
}

/// The brief questions of a type in display order, each with its options in order.
#[instrument(skip_all, fields(contest_type_id, quick_start_only))]
pub async fn questions(
    pool: &AnyPool,
    contest_type_id: i64,
    quick_start_only: bool,
) -> Result<Vec<QuestionView>, sqlx::Error> {
    let questions: Vec<QuestionRow> = sqlx::query_as(
        "SELECT id, form_field_type_id, is_required, is_title, is_description, is_quick_start, title, placeholder, html_content \
         FROM contest_type_question WHERE contest_type_id = $1 AND ($2 = 0 OR is_quick_start = 1) ORDER BY position, id",
    )
    .bind(contest_type_id)
    .bind(i64::from(quick_start_only))
    .fetch_all(pool)
    .await?;
    let options: Vec<OptionRow> = sqlx::query_as(
        "SELECT o.id, o.contest_type_question_id, o.title, o.file_path, o.title_left, o.title_right, o.value \
         FROM contest_type_question_option o JOIN contest_type_question q ON q.id = o.contest_type_question_id \
         WHERE q.contest_type_id = $1 ORDER BY o.contest_type_question_id, o.position, o.id",
    )
    .bind(contest_type_id)
    .fetch_all(pool)
    .await?;
    let mut by_question: HashMap<i64, Vec<OptionView>> = HashMap::new();
    for option in options {
        by_question.entry(option.contest_type_question_id).or_default().push(option.into());
    }
    Ok(questions
        .into_iter()
        .map(|q| {
            let options = by_question.remove(&q.id).unwrap_or_default();
            QuestionView::of(q, options)
        })
        .collect())
}

const PRICING_COLUMNS: &str = "id, contest_type_id, name, amount_cents, winning_entry_amount_cents, is_recommended";

/// The prize packages of a type, cheapest first.
#[instrument(skip_all, fields(contest_type_id))]
pub async fn pricings<'c>(
    db: impl Executor<'c, Database = Any>,
    contest_type_id: i64,
) -> Result<Vec<PricingRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {PRICING_COLUMNS} FROM contest_type_pricing WHERE contest_type_id = $1 ORDER BY position, id"
    ))
    .bind(contest_type_id)
    .fetch_all(db)
    .await
}

/// One package by id, for the launch options step.
#[instrument(skip_all, fields(contest_type_pricing_id = id))]
pub async fn find_pricing<'c>(
    db: impl Executor<'c, Database = Any>,
    id: i64,
) -> Result<Option<PricingRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {PRICING_COLUMNS} FROM contest_type_pricing WHERE id = $1"))
        .bind(id)
        .fetch_optional(db)
        .await
}

/// A package's price in cents and its contest type, if the package exists.
#[instrument(skip_all, fields(contest_type_pricing_id = id))]
pub async fn pricing_price_and_type<'c>(
    db: impl Executor<'c, Database = Any>,
    id: i64,
) -> Result<Option<(i64, i64)>, sqlx::Error> {
    sqlx::query_as("SELECT amount_cents, contest_type_id FROM contest_type_pricing WHERE id = $1")
        .bind(id)
        .fetch_optional(db)
        .await
}

/// The upgrades a type offers, in the modal's order.
#[instrument(skip_all, fields(contest_type_id))]
pub async fn upgrades<'c>(
    db: impl Executor<'c, Database = Any>,
    contest_type_id: i64,
) -> Result<Vec<UpgradeRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT u.id, u.name, u.description, u.amount_cents, u.is_highlighted, u.is_featured, u.is_private, u.is_blind, \
         u.is_notified_via_email, u.is_rush, u.is_featured_blog_post, u.is_recommended \
         FROM contest_type_upgrade tu JOIN contest_upgrade u ON u.id = tu.contest_upgrade_id \
         WHERE tu.contest_type_id = $1 ORDER BY u.position, u.id",
    )
    .bind(contest_type_id)
    .fetch_all(db)
    .await
}

const LENGTH_COLUMNS: &str = "id, name, days, amount_cents, is_rush";

/// Every contest length, longest (the free standard week) first.
#[instrument(skip_all)]
pub async fn lengths<'c>(db: impl Executor<'c, Database = Any>) -> Result<Vec<LengthRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {LENGTH_COLUMNS} FROM contest_length ORDER BY position, id")).fetch_all(db).await
}

/// One length by id, for the launch options step and the worker's deadlines.
#[instrument(skip_all, fields(contest_length_id = id))]
pub async fn find_length<'c>(db: impl Executor<'c, Database = Any>, id: i64) -> Result<Option<LengthRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {LENGTH_COLUMNS} FROM contest_length WHERE id = $1"))
        .bind(id)
        .fetch_optional(db)
        .await
}
