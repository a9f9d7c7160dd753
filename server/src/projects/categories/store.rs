//! SQL of the project catalogue: categories, sub-categories, services, their images
//! and brief questions.

use sqlx::{Any, AnyConnection, Executor};

use super::{CategoryRow, QuestionRow, ServiceRow, SubCategoryRow};

const CATEGORY: &str = "SELECT id, title, launch_slug, image_path FROM project_category";
const SUB_CATEGORY: &str = "SELECT id, project_category_id, title, launch_slug, image_path FROM project_sub_category";
const SERVICE: &str = "SELECT id, project_category_id, project_sub_category_id, title, launch_slug, description, \
    minimum_amount_cents, maximum_amount_cents FROM project_service";

pub async fn categories<'c>(db: impl Executor<'c, Database = Any>) -> Result<Vec<CategoryRow>, sqlx::Error> {
    sqlx::query_as(&format!("{CATEGORY} ORDER BY position, id")).fetch_all(db).await
}

/// One category by id or by slug.
pub async fn category<'c>(
    db: impl Executor<'c, Database = Any>,
    key: Key<'_>,
) -> Result<Option<CategoryRow>, sqlx::Error> {
    key.fetch(db, CATEGORY).await
}

pub async fn sub_categories<'c>(
    db: impl Executor<'c, Database = Any>,
    category_id: Option<i64>,
) -> Result<Vec<SubCategoryRow>, sqlx::Error> {
    sqlx::query_as(&format!("{SUB_CATEGORY} WHERE ($1 IS NULL OR project_category_id = $1) ORDER BY position, id"))
        .bind(category_id)
        .fetch_all(db)
        .await
}

pub async fn sub_category<'c>(
    db: impl Executor<'c, Database = Any>,
    key: Key<'_>,
) -> Result<Option<SubCategoryRow>, sqlx::Error> {
    key.fetch(db, SUB_CATEGORY).await
}

pub async fn services<'c>(
    db: impl Executor<'c, Database = Any>,
    category_id: Option<i64>,
    sub_category_id: Option<i64>,
) -> Result<Vec<ServiceRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{SERVICE} WHERE ($1 IS NULL OR project_category_id = $1) AND ($2 IS NULL OR project_sub_category_id = $2) \
         ORDER BY position, id"
    ))
    .bind(category_id)
    .bind(sub_category_id)
    .fetch_all(db)
    .await
}

pub async fn service<'c>(
    db: impl Executor<'c, Database = Any>,
    key: Key<'_>,
) -> Result<Option<ServiceRow>, sqlx::Error> {
    key.fetch(db, SERVICE).await
}

/// Images of services: (service id, image id, path), in slideshow order.
pub async fn service_images<'c>(db: impl Executor<'c, Database = Any>) -> Result<Vec<(i64, i64, String)>, sqlx::Error> {
    sqlx::query_as("SELECT project_service_id, id, file_path FROM project_service_image ORDER BY position, id")
        .fetch_all(db)
        .await
}

/// A row looked up by id or by launch slug.
#[derive(Debug, Clone, Copy)]
pub enum Key<'a> {
    Id(i64),
    Slug(&'a str),
}

impl Key<'_> {
    async fn fetch<'c, T>(self, db: impl Executor<'c, Database = Any>, select: &str) -> Result<Option<T>, sqlx::Error>
    where
        T: for<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> + Send + Unpin,
    {
        match self {
            Key::Id(id) => sqlx::query_as(&format!("{select} WHERE id = $1")).bind(id).fetch_optional(db).await,
            Key::Slug(slug) => {
                sqlx::query_as(&format!("{select} WHERE launch_slug = $1")).bind(slug).fetch_optional(db).await
            }
        }
    }
}

/// Is `slug` taken in `table` by a row other than `except`?
pub async fn slug_taken(
    conn: &mut AnyConnection,
    table: &str,
    slug: &str,
    except: Option<i64>,
) -> Result<bool, sqlx::Error> {
    let found: Option<i64> =
        sqlx::query_scalar(&format!("SELECT id FROM {table} WHERE launch_slug = $1 AND ($2 IS NULL OR id <> $2)"))
            .bind(slug)
            .bind(except)
            .fetch_optional(&mut *conn)
            .await?;
    Ok(found.is_some())
}

/// How many rows of `table` point at `id` through `column`.
pub async fn uses(conn: &mut AnyConnection, table: &str, column: &str, id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table} WHERE {column} = $1"))
        .bind(id)
        .fetch_one(&mut *conn)
        .await
}

pub async fn insert_category(
    conn: &mut AnyConnection,
    title: &str,
    slug: &str,
    image: Option<&str>,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO project_category (title, launch_slug, image_path, position) \
         VALUES ($1, $2, $3, (SELECT COALESCE(MAX(position), 0) + 1 FROM project_category)) RETURNING id",
    )
    .bind(title)
    .bind(slug)
    .bind(image)
    .fetch_one(&mut *conn)
    .await
}

pub async fn update_category(conn: &mut AnyConnection, row: &CategoryRow) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE project_category SET title = $1, launch_slug = $2, image_path = $3 WHERE id = $4")
        .bind(&row.title)
        .bind(&row.launch_slug)
        .bind(row.image_path.as_deref())
        .bind(row.id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

pub async fn insert_sub_category(conn: &mut AnyConnection, row: &SubCategoryRow) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO project_sub_category (project_category_id, title, launch_slug, image_path, position) \
         VALUES ($1, $2, $3, $4, (SELECT COALESCE(MAX(position), 0) + 1 FROM project_sub_category)) RETURNING id",
    )
    .bind(row.project_category_id)
    .bind(&row.title)
    .bind(&row.launch_slug)
    .bind(row.image_path.as_deref())
    .fetch_one(&mut *conn)
    .await
}

pub async fn update_sub_category(conn: &mut AnyConnection, row: &SubCategoryRow) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE project_sub_category SET project_category_id = $1, title = $2, launch_slug = $3, image_path = $4 WHERE id = $5",
    )
    .bind(row.project_category_id)
    .bind(&row.title)
    .bind(&row.launch_slug)
    .bind(row.image_path.as_deref())
    .bind(row.id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub async fn insert_service(conn: &mut AnyConnection, row: &ServiceRow) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO project_service (project_category_id, project_sub_category_id, title, launch_slug, description, \
         minimum_amount_cents, maximum_amount_cents, position) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, (SELECT COALESCE(MAX(position), 0) + 1 FROM project_service)) RETURNING id",
    )
    .bind(row.project_category_id)
    .bind(row.project_sub_category_id)
    .bind(&row.title)
    .bind(&row.launch_slug)
    .bind(&row.description)
    .bind(row.minimum_amount_cents)
    .bind(row.maximum_amount_cents)
    .fetch_one(&mut *conn)
    .await
}

pub async fn update_service(conn: &mut AnyConnection, row: &ServiceRow) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE project_service SET project_category_id = $1, project_sub_category_id = $2, title = $3, launch_slug = $4, \
         description = $5, minimum_amount_cents = $6, maximum_amount_cents = $7 WHERE id = $8",
    )
    .bind(row.project_category_id)
    .bind(row.project_sub_category_id)
    .bind(&row.title)
    .bind(&row.launch_slug)
    .bind(&row.description)
    .bind(row.minimum_amount_cents)
    .bind(row.maximum_amount_cents)
    .bind(row.id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Replaces a service's slideshow.
pub async fn replace_images(conn: &mut AnyConnection, service_id: i64, paths: &[String]) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM project_service_image WHERE project_service_id = $1")
        .bind(service_id)
        .execute(&mut *conn)
        .await?;
    for (position, path) in paths.iter().enumerate() {
        sqlx::query("INSERT INTO project_service_image (project_service_id, file_path, position) VALUES ($1, $2, $3)")
            .bind(service_id)
            .bind(path)
            .bind(i64::try_from(position).unwrap_or(0))
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

pub async fn delete_row(conn: &mut AnyConnection, table: &str, id: i64) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query(&format!("DELETE FROM {table} WHERE id = $1")).bind(id).execute(&mut *conn).await?.rows_affected()
        == 1)
}

/// The brief questions of a category, in order.
pub async fn questions<'c>(
    db: impl Executor<'c, Database = Any>,
    category_id: i64,
) -> Result<Vec<QuestionRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, form_field_type_id, is_required, is_title, is_description, is_subscription_modal, title, title_bracket, \
         placeholder, html_content FROM project_question WHERE project_category_id = $1 ORDER BY position",
    )
    .bind(category_id)
    .fetch_all(db)
    .await
}

/// Options of a category's questions: (question id, option id, title, file, left, right, value).
pub type OptionRow = (i64, i64, String, Option<String>, Option<String>, Option<String>, Option<String>);

pub async fn question_options<'c>(
    db: impl Executor<'c, Database = Any>,
    category_id: i64,
) -> Result<Vec<OptionRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT o.project_question_id, o.id, o.title, o.file_path, o.title_left, o.title_right, o.value \
         FROM project_question_option o JOIN project_question q ON q.id = o.project_question_id \
         WHERE q.project_category_id = $1 ORDER BY o.position",
    )
    .bind(category_id)
    .fetch_all(db)
    .await
}
