//! SQL of showcases (`external_showcase`).

use serde::Serialize;
use sqlx::{Any, AnyConnection, Executor};
use tracing::instrument;
use utoipa::ToSchema;

use crate::accounts::model::FilePath;

const SELECT: &str =
    "SELECT s.id, s.app_user_id, s.title, s.description, s.url, s.file_id, s.is_hidden, s.created_at, \
    s.updated_at, u.username, u.name, u.profile_picture, u.creative_level_id \
    FROM external_showcase s JOIN app_user u ON u.id = s.app_user_id";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ShowcaseRow {
    pub id: i64,
    pub app_user_id: i64,
    pub title: String,
    pub description: String,
    pub url: Option<String>,
    pub file_id: Option<i64>,
    pub is_hidden: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub username: String,
    pub name: String,
    pub profile_picture: Option<String>,
    pub creative_level_id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ShowcaseDesigner {
    pub id: i64,
    pub username: String,
    pub name: String,
    pub profile_picture: Option<FilePath>,
    pub creative_level_id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ShowcaseFile {
    pub id: i64,
    pub full_path: String,
}

/// A showcase: a designer's piece of outside work (the external portfolio).
#[derive(Debug, Serialize, ToSchema)]
pub struct ShowcaseView {
    pub id: i64,
    pub title: String,
    pub description: String,
    /// Where the work lives outside Vitrine, if the designer gave a link.
    pub url: Option<String>,
    /// The image (demo showcases may have none).
    pub file: Option<ShowcaseFile>,
    pub created_by_user: ShowcaseDesigner,
    /// 1 when an admin took it off the external portfolio (only its designer and admins see it).
    pub is_hidden: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

impl From<ShowcaseRow> for ShowcaseView {
    fn from(r: ShowcaseRow) -> Self {
        Self {
            id: r.id,
            title: r.title,
            description: r.description,
            url: r.url,
            file: r.file_id.map(|id| ShowcaseFile { id, full_path: format!("/files/{id}/content") }),
            created_by_user: ShowcaseDesigner {
                id: r.app_user_id,
                username: r.username,
                name: r.name,
                profile_picture: r.profile_picture.map(|full_path| FilePath { full_path }),
                creative_level_id: r.creative_level_id,
            },
            is_hidden: r.is_hidden,
            created_at: r.created_at,
            updated_at: r.updated_at,
        }
    }
}

pub async fn find(conn: &mut AnyConnection, id: i64) -> Result<Option<ShowcaseRow>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} WHERE s.id = $1")).bind(id).fetch_optional(&mut *conn).await
}

/// Which showcases a list shows.
#[derive(Debug, Clone, Copy)]
pub struct ListFilter {
    /// One designer's only.
    pub user_id: Option<i64>,
    /// The viewer: their own hidden showcases show.
    pub viewer_id: i64,
    /// Every hidden showcase shows (admins).
    pub all_hidden: bool,
}

/// One page, newest first, and the count.
pub async fn page(
    conn: &mut AnyConnection,
    filter: ListFilter,
    page: i64,
    per_page: i64,
) -> Result<(Vec<ShowcaseRow>, i64), sqlx::Error> {
    const WHERE: &str =
        "WHERE ($1 IS NULL OR s.app_user_id = $1) AND (s.is_hidden = 0 OR $2 = 1 OR s.app_user_id = $3)";
    let rows = sqlx::query_as(&format!("{SELECT} {WHERE} ORDER BY s.id DESC LIMIT $4 OFFSET $5"))
        .bind(filter.user_id)
        .bind(i64::from(filter.all_hidden))
        .bind(filter.viewer_id)
        .bind(per_page)
        .bind((page - 1) * per_page)
        .fetch_all(&mut *conn)
        .await?;
    let total = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM external_showcase s {WHERE}"))
        .bind(filter.user_id)
        .bind(i64::from(filter.all_hidden))
        .bind(filter.viewer_id)
        .fetch_one(&mut *conn)
        .await?;
    Ok((rows, total))
}

/// The fields a designer writes.
#[derive(Debug, Clone)]
pub struct ShowcaseFields {
    pub title: String,
    pub description: String,
    pub url: Option<String>,
    /// None only for a showcase made without a picture (the demo's), which keeps none.
    pub file_id: Option<i64>,
}

pub async fn insert(
    conn: &mut AnyConnection,
    user_id: i64,
    fields: &ShowcaseFields,
    now_ms: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO external_showcase (app_user_id, title, description, url, file_id, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id",
    )
    .bind(user_id)
    .bind(&fields.title)
    .bind(&fields.description)
    .bind(&fields.url)
    .bind(fields.file_id)
    .bind(now_ms)
    .fetch_one(&mut *conn)
    .await
}

pub async fn update(
    conn: &mut AnyConnection,
    id: i64,
    fields: &ShowcaseFields,
    is_hidden: i64,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE external_showcase SET title = $1, description = $2, url = $3, file_id = $4, is_hidden = $5, \
         updated_at = $6 WHERE id = $7",
    )
    .bind(&fields.title)
    .bind(&fields.description)
    .bind(&fields.url)
    .bind(fields.file_id)
    .bind(is_hidden)
    .bind(now_ms)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Whether file `file_id` is the image of a showcase not hidden by an admin.
#[instrument(skip_all, fields(file_id))]
pub async fn is_visible_image<'c>(db: impl Executor<'c, Database = Any>, file_id: i64) -> Result<bool, sqlx::Error> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT id FROM external_showcase WHERE file_id = $1 AND is_hidden = 0 LIMIT 1")
            .bind(file_id)
            .fetch_optional(db)
            .await?;
    Ok(found.is_some())
}
