//! SQL of designers' profiles: experience counts, winnings (reviews) and settings.

use sqlx::AnyConnection;

use super::model::{Experience, SettingsRow, WinningRow};

/// Winnings: entries of `user_id` that won a contest (awarded, status 5 and later),
/// with the contest holder and the entry's latest main image.
const WINNINGS: &str = "(SELECT e.id, e.rating, e.contest_id, COALESCE(e.awarded_at, e.updated_at) AS created_at, \
    c.title AS contest_title, ct.title AS contest_type_title, c.created_by AS client_id, u.username AS client_username, \
    u.profile_picture AS client_picture, e.created_by AS designer_id, \
    (SELECT ef.file_id FROM contest_entry_file ef WHERE ef.contest_entry_id = e.id AND ef.kind = 1 \
    ORDER BY ef.version DESC, ef.id DESC LIMIT 1) AS file_id \
    FROM contest_entry e JOIN contest c ON c.id = e.contest_id JOIN contest_type ct ON ct.id = c.contest_type_id \
    JOIN app_user u ON u.id = c.created_by WHERE e.is_winner = 1 AND c.status_id >= 5) w";

/// `-created_at` (default), `created_at`, `-rating`, `rating` (unrated last).
pub fn winnings_order(sort: Option<&str>) -> Option<&'static str> {
    Some(match sort.map(str::trim).unwrap_or("-created_at") {
        "-created_at" | "" => "w.created_at DESC, w.id DESC",
        "created_at" => "w.created_at ASC, w.id ASC",
        "-rating" => "(w.rating IS NULL), w.rating DESC, w.id DESC",
        "rating" => "(w.rating IS NULL), w.rating ASC, w.id DESC",
        _ => return None,
    })
}

pub async fn winnings(
    conn: &mut AnyConnection,
    user_id: i64,
    order: &str,
    page: i64,
    per_page: i64,
) -> Result<(Vec<WinningRow>, i64), sqlx::Error> {
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {WINNINGS} WHERE w.designer_id = $1"))
        .bind(user_id)
        .fetch_one(&mut *conn)
        .await?;
    let rows = sqlx::query_as(&format!(
        "SELECT w.id, w.rating, w.contest_id, w.created_at, w.contest_title, w.contest_type_title, w.client_id, \
         w.client_username, w.client_picture, w.file_id FROM {WINNINGS} WHERE w.designer_id = $1 \
         ORDER BY {order} LIMIT $2 OFFSET $3"
    ))
    .bind(user_id)
    .bind(per_page)
    .bind((page - 1) * per_page)
    .fetch_all(&mut *conn)
    .await?;
    Ok((rows, total))
}

/// The mean of the ratings clients gave `user_id`'s winning entries; None when none is rated.
pub async fn average_rating(conn: &mut AnyConnection, user_id: i64) -> Result<Option<f64>, sqlx::Error> {
    sqlx::query_scalar(&format!(
        "SELECT CAST(AVG(CAST(w.rating AS DOUBLE PRECISION)) AS DOUBLE PRECISION) FROM {WINNINGS} \
         WHERE w.designer_id = $1 AND w.rating IS NOT NULL"
    ))
    .bind(user_id)
    .fetch_one(&mut *conn)
    .await
}

/// Contests won, entries submitted (withdrawn ones not counted), distinct clients who
/// chose them, and repeat clients (who chose them more than once).
pub async fn experience(conn: &mut AnyConnection, user_id: i64) -> Result<Experience, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT (SELECT COUNT(*) FROM {WINNINGS} WHERE w.designer_id = $1) AS won_contests_count, \
         (SELECT COUNT(*) FROM contest_entry e WHERE e.created_by = $1 AND e.status_id <> 3) AS entries_count, \
         (SELECT COUNT(DISTINCT w.client_id) FROM {WINNINGS} WHERE w.designer_id = $1) AS unique_client_count, \
         (SELECT COUNT(*) FROM (SELECT w.client_id FROM {WINNINGS} WHERE w.designer_id = $1 GROUP BY w.client_id \
         HAVING COUNT(*) > 1) r) AS repeat_client_count"
    ))
    .bind(user_id)
    .fetch_one(&mut *conn)
    .await
}

pub async fn winning_count(conn: &mut AnyConnection, user_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {WINNINGS} WHERE w.designer_id = $1"))
        .bind(user_id)
        .fetch_one(&mut *conn)
        .await
}

pub async fn portfolio_count(conn: &mut AnyConnection, user_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM portfolio_item WHERE app_user_id = $1")
        .bind(user_id)
        .fetch_one(&mut *conn)
        .await
}

pub async fn country_name(conn: &mut AnyConnection, country_id: i64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT name FROM country WHERE id = $1").bind(country_id).fetch_optional(&mut *conn).await
}

pub async fn settings(conn: &mut AnyConnection, user_id: i64) -> Result<Option<SettingsRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT language, receives_newsletter, profile_picture, cover_pic, theme FROM app_user WHERE id = $1",
    )
    .bind(user_id)
    .fetch_optional(&mut *conn)
    .await
}

/// A change of settings; None leaves a value as it is; `Some(None)` removes a picture.
#[derive(Debug, Default)]
pub struct SettingsChange {
    pub language: Option<String>,
    pub receives_newsletter: Option<bool>,
    pub profile_picture: Option<Option<String>>,
    pub cover_pic: Option<Option<String>>,
    pub theme: Option<String>,
}

pub async fn update_settings(
    conn: &mut AnyConnection,
    user_id: i64,
    change: &SettingsChange,
    now: i64,
) -> Result<(), sqlx::Error> {
    let current = settings(conn, user_id).await?.ok_or(sqlx::Error::RowNotFound)?;
    sqlx::query(
        "UPDATE app_user SET language = $1, receives_newsletter = $2, profile_picture = $3, cover_pic = $4, \
         theme = $5, updated_at = $6 WHERE id = $7",
    )
    .bind(change.language.clone().unwrap_or(current.language))
    .bind(change.receives_newsletter.map(i64::from).unwrap_or(current.receives_newsletter))
    .bind(change.profile_picture.clone().unwrap_or(current.profile_picture))
    .bind(change.cover_pic.clone().unwrap_or(current.cover_pic))
    .bind(change.theme.clone().unwrap_or(current.theme))
    .bind(now)
    .bind(user_id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Whether file `file_id` is someone's profile picture or cover.
pub async fn is_profile_image(conn: &mut AnyConnection, file_id: i64) -> Result<bool, sqlx::Error> {
    let path = format!("/files/{file_id}/content");
    let found: Option<i64> = sqlx::query_scalar(
        "SELECT id FROM app_user WHERE (profile_picture = $1 OR cover_pic = $1) AND is_active = 1 LIMIT 1",
    )
    .bind(path)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(found.is_some())
}
