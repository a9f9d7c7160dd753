//! The project categories of the launch page (projects doc, section 7): categories,
//! sub-categories and services with launch slugs, images and budget ranges, and the
//! brief questions of each category. Reading is open to everyone (the launch page
//! shows them before sign-in); creating, editing and deleting is for admins.
//!
//! Edits take the fields given and keep the rest. A slug is made from the title when
//! none is given. Deleting something still in use (sub-categories, services or
//! projects point at it) is refused rather than cascading into live projects.
//!
//! - [`category`], [`sub_categories`], [`services`]: the handlers of each level;
//!   [`store`]: their SQL.
//! - here: the rows and views they share, slugs, and the title-and-slug rule.

pub mod category;
pub mod services;
pub mod store;
pub mod sub_categories;

use serde::Serialize;
use utoipa::ToSchema;

use self::store::Key;
use crate::{
    accounts::model::FilePath,
    error::{codes, AppError, FieldErrors},
    state::AppState,
};

/// The most characters a category, sub-category or service title may have.
const MAX_TITLE: usize = 120;

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct CategoryRow {
    pub id: i64,
    pub title: String,
    pub launch_slug: String,
    pub image_path: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct SubCategoryRow {
    pub id: i64,
    pub project_category_id: i64,
    pub title: String,
    pub launch_slug: String,
    pub image_path: Option<String>,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ServiceRow {
    pub id: i64,
    pub project_category_id: i64,
    pub project_sub_category_id: i64,
    pub title: String,
    pub launch_slug: String,
    pub description: String,
    pub minimum_amount_cents: i64,
    pub maximum_amount_cents: i64,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct QuestionRow {
    pub id: i64,
    pub form_field_type_id: i64,
    pub is_required: i64,
    pub is_title: i64,
    pub is_description: i64,
    pub is_subscription_modal: i64,
    pub title: String,
    pub title_bracket: Option<String>,
    pub placeholder: Option<String>,
    pub html_content: Option<String>,
}

/// A slideshow image: `files.full_path` as the launch page reads it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ServiceImage {
    pub id: i64,
    pub files: FilePath,
}

/// A service as the API shows it; amounts in whole US dollars.
#[derive(Debug, Serialize, ToSchema)]
pub struct ServiceView {
    pub id: i64,
    pub project_category_id: i64,
    pub project_sub_category_id: i64,
    pub title: String,
    pub launch_slug: String,
    pub description: String,
    pub minimum_amount: i64,
    pub maximum_amount: i64,
    pub images: Vec<ServiceImage>,
}

/// A category with, on request, its sub-categories and services.
#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryView {
    #[serde(flatten)]
    pub category: CategoryRow,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sub_categories: Option<Vec<SubCategoryRow>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub services: Option<Vec<ServiceView>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct QuestionOption {
    pub id: i64,
    pub title: String,
    pub file_icon: Option<FilePath>,
    pub value: Option<String>,
    pub title_left: Option<String>,
    pub title_right: Option<String>,
}

/// A brief question of section 3.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ProjectQuestionView)]
pub struct QuestionView {
    pub id: i64,
    pub title: String,
    pub title_bracket: Option<String>,
    pub placeholder: Option<String>,
    pub html_content: Option<String>,
    pub is_required: i64,
    pub is_title: i64,
    pub is_description: i64,
    pub is_subscription_modal: i64,
    pub form_field_type_id: i64,
    pub options: Vec<QuestionOption>,
}

pub(super) async fn service_views(state: &AppState, rows: Vec<ServiceRow>) -> Result<Vec<ServiceView>, AppError> {
    let images = store::service_images(&state.db.pool).await?;
    Ok(rows
        .into_iter()
        .map(|s| ServiceView {
            images: images
                .iter()
                .filter(|(service, ..)| *service == s.id)
                .map(|(_, id, path)| ServiceImage { id: *id, files: FilePath { full_path: path.clone() } })
                .collect(),
            id: s.id,
            project_category_id: s.project_category_id,
            project_sub_category_id: s.project_sub_category_id,
            title: s.title,
            launch_slug: s.launch_slug,
            description: s.description,
            minimum_amount: s.minimum_amount_cents / 100,
            maximum_amount: s.maximum_amount_cents / 100,
        })
        .collect())
}

/// `logo-brand-identity` from 'Logo & Brand Identity'.
pub fn slugify(title: &str) -> String {
    title
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect::<Vec<_>>()
        .join("-")
}

pub(super) fn slug_shape_ok(slug: &str) -> bool {
    !slug.is_empty()
        && slug.len() <= 120
        && slug.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !slug.starts_with('-')
        && !slug.ends_with('-')
}

/// A catalogue title for the document: not blank, at most 120 characters.
fn title_schema() -> utoipa::openapi::schema::Object {
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    ObjectBuilder::new().schema_type(Type::String).pattern(Some(r"\S")).max_length(Some(MAX_TITLE)).build()
}

/// The title and slug of a create or edit: trimmed title (required, at most 120
/// characters), slug given or derived, of the right shape and free in `table`.
pub(super) async fn title_and_slug(
    state: &AppState,
    table: &str,
    title: Option<&str>,
    slug: Option<&str>,
    except: Option<i64>,
    errors: &mut FieldErrors,
) -> Result<(String, String), AppError> {
    let title = title.map(str::trim).unwrap_or_default().to_owned();
    if title.is_empty() {
        errors.add("title", codes::REQUIRED);
    } else if title.chars().count() > MAX_TITLE {
        errors.add("title", codes::TOO_LONG);
    }
    let slug = slug.map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned).unwrap_or_else(|| slugify(&title));
    if !title.is_empty() && !slug_shape_ok(&slug) {
        errors.add("launch_slug", codes::SLUG_FORMAT);
    } else if !slug.is_empty() {
        let mut conn = state.db.pool.acquire().await?;
        if store::slug_taken(&mut conn, table, &slug, except).await? {
            errors.add("launch_slug", codes::SLUG_UNIQUE);
        }
    }
    Ok((title, slug))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_made_from_titles_and_checked_for_shape() {
        assert_eq!(slugify("Logo & Brand Identity"), "logo-brand-identity");
        assert!(slug_shape_ok("web-app-2"));
        for bad in ["", "Web", "-web", "web_app", "web app"] {
            assert!(!slug_shape_ok(bad), "{bad}");
        }
    }
}
