//! SQL of designers' project preferences and the images shown with preferred services.

use sqlx::AnyConnection;
use tracing::instrument;

use crate::designers::model::{PortfolioFile, Preferred};

/// The three kinds of preference and their tables (constants of the code).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PreferenceKind {
    Category,
    SubCategory,
    Service,
}

impl PreferenceKind {
    pub fn column(self) -> &'static str {
        match self {
            Self::Category => "project_category_id",
            Self::SubCategory => "project_sub_category_id",
            Self::Service => "project_service_id",
        }
    }

    fn table(self) -> &'static str {
        match self {
            Self::Category => "project_category",
            Self::SubCategory => "project_sub_category",
            Self::Service => "project_service",
        }
    }
}

/// One stored preference: its row id, kind and what it names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PreferenceRef {
    pub id: i64,
    pub app_user_id: i64,
    pub kind: PreferenceKind,
    pub target: i64,
}

/// The user's preferences of one kind, in the order chosen, with their images.
#[instrument(skip_all, fields(user_id))]
pub async fn preferred(
    conn: &mut AnyConnection,
    user_id: i64,
    kind: PreferenceKind,
) -> Result<Vec<Preferred>, sqlx::Error> {
    let (column, table) = (kind.column(), kind.table());
    let rows: Vec<(i64, i64, String, String)> = sqlx::query_as(&format!(
        "SELECT dp.id, t.id, t.title, t.launch_slug FROM designer_preference dp JOIN {table} t ON t.id = dp.{column} \
         WHERE dp.app_user_id = $1 ORDER BY dp.id"
    ))
    .bind(user_id)
    .fetch_all(&mut *conn)
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for (preference_id, id, title, launch_slug) in rows {
        let images = images(conn, preference_id).await?;
        out.push(Preferred { preference_id, id, title, launch_slug, images });
    }
    Ok(out)
}

/// The images of a preference, in the order added.
pub async fn images(conn: &mut AnyConnection, preference_id: i64) -> Result<Vec<PortfolioFile>, sqlx::Error> {
    let ids: Vec<i64> = sqlx::query_scalar(
        "SELECT file_id FROM designer_preference_image WHERE designer_preference_id = $1 ORDER BY position",
    )
    .bind(preference_id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(ids.into_iter().map(|id| PortfolioFile { id, full_path: format!("/files/{id}/content") }).collect())
}

/// Which of `ids` name no row of the kind's table.
pub async fn unknown(conn: &mut AnyConnection, kind: PreferenceKind, ids: &[i64]) -> Result<Vec<i64>, sqlx::Error> {
    let mut missing = Vec::new();
    for id in ids {
        let found: Option<i64> = sqlx::query_scalar(&format!("SELECT id FROM {} WHERE id = $1", kind.table()))
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?;
        if found.is_none() {
            missing.push(*id);
        }
    }
    Ok(missing)
}

/// A preference row: its id and its category, sub-category and service columns.
type PreferenceColumns = (i64, Option<i64>, Option<i64>, Option<i64>);

/// Every preference of the user.
pub async fn all(conn: &mut AnyConnection, user_id: i64) -> Result<Vec<PreferenceRef>, sqlx::Error> {
    let rows: Vec<PreferenceColumns> = sqlx::query_as(
        "SELECT id, project_category_id, project_sub_category_id, project_service_id FROM designer_preference \
         WHERE app_user_id = $1 ORDER BY id",
    )
    .bind(user_id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows
        .into_iter()
        .filter_map(|(id, category, sub, service)| {
            let (kind, target) = match (category, sub, service) {
                (Some(c), _, _) => (PreferenceKind::Category, c),
                (_, Some(s), _) => (PreferenceKind::SubCategory, s),
                (_, _, Some(s)) => (PreferenceKind::Service, s),
                // The CHECK constraint sets exactly one.
                _ => return None,
            };
            Some(PreferenceRef { id, app_user_id: user_id, kind, target })
        })
        .collect())
}

/// Preference `id` of the user.
pub async fn find(conn: &mut AnyConnection, user_id: i64, id: i64) -> Result<Option<PreferenceRef>, sqlx::Error> {
    Ok(all(conn, user_id).await?.into_iter().find(|p| p.id == id))
}

/// The user's preference for `target` of `kind`, added if missing; answers it and
/// whether it was added.
pub async fn add(
    conn: &mut AnyConnection,
    user_id: i64,
    kind: PreferenceKind,
    target: i64,
) -> Result<(PreferenceRef, bool), sqlx::Error> {
    if let Some(found) = all(conn, user_id).await?.into_iter().find(|p| p.kind == kind && p.target == target) {
        return Ok((found, false));
    }
    let id: i64 = sqlx::query_scalar(&format!(
        "INSERT INTO designer_preference (app_user_id, {}) VALUES ($1, $2) RETURNING id",
        kind.column()
    ))
    .bind(user_id)
    .bind(target)
    .fetch_one(&mut *conn)
    .await?;
    Ok((PreferenceRef { id, app_user_id: user_id, kind, target }, true))
}

pub async fn remove(conn: &mut AnyConnection, id: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("DELETE FROM designer_preference WHERE id = $1").bind(id).execute(&mut *conn).await?;
    Ok(done.rows_affected() == 1)
}

/// Makes the user's preferences exactly `chosen` (ids per kind): those kept keep
/// their images, the others go, the new ones are added.
#[instrument(skip_all, fields(user_id))]
pub async fn replace(
    conn: &mut AnyConnection,
    user_id: i64,
    chosen: &[(PreferenceKind, Vec<i64>)],
) -> Result<(), sqlx::Error> {
    let wanted = |p: &PreferenceRef| chosen.iter().any(|(kind, ids)| *kind == p.kind && ids.contains(&p.target));
    for stale in all(conn, user_id).await?.into_iter().filter(|p| !wanted(p)) {
        remove(conn, stale.id).await?;
    }
    for (kind, ids) in chosen {
        for id in ids {
            add(conn, user_id, *kind, *id).await?;
        }
    }
    Ok(())
}

/// Adds images after those already there.
pub async fn add_images(conn: &mut AnyConnection, preference_id: i64, file_ids: &[i64]) -> Result<(), sqlx::Error> {
    let start: i64 = sqlx::query_scalar(
        "SELECT COALESCE(MAX(position), -1) + 1 FROM designer_preference_image WHERE designer_preference_id = $1",
    )
    .bind(preference_id)
    .fetch_one(&mut *conn)
    .await?;
    for (offset, file_id) in (0i64..).zip(file_ids) {
        sqlx::query(
            "INSERT INTO designer_preference_image (designer_preference_id, file_id, position) VALUES ($1, $2, $3) \
             ON CONFLICT (designer_preference_id, file_id) DO NOTHING",
        )
        .bind(preference_id)
        .bind(file_id)
        .bind(start + offset)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

pub async fn remove_image(conn: &mut AnyConnection, preference_id: i64, file_id: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("DELETE FROM designer_preference_image WHERE designer_preference_id = $1 AND file_id = $2")
        .bind(preference_id)
        .bind(file_id)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// All project categories, each marked whether the user prefers it.
pub async fn categories_marked(
    conn: &mut AnyConnection,
    user_id: i64,
) -> Result<Vec<(i64, String, String, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT pc.id, pc.title, pc.launch_slug, \
         CAST(CASE WHEN EXISTS (SELECT 1 FROM designer_preference dp WHERE dp.app_user_id = $1 \
         AND dp.project_category_id = pc.id) THEN 1 ELSE 0 END AS BIGINT) \
         FROM project_category pc ORDER BY pc.id",
    )
    .bind(user_id)
    .fetch_all(&mut *conn)
    .await
}
