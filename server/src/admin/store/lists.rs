//! SQL of the admin's list of users, read with their flag and designer tags (admin's own
//! tables). The list of contests and the search box read other areas' tables only: their
//! stores answer them (`contests::store::all`, each area's `search`).

use sqlx::AnyConnection;
use tracing::instrument;

use crate::{
    admin::lists::AdminUser,
    store::{search::contains, Backend},
};

/// The aggregate joining tag names with ", " in each dialect.
fn names_joined(backend: Backend) -> &'static str {
    match backend {
        Backend::Sqlite => "GROUP_CONCAT(t.name, ', ')",
        Backend::Postgres => "STRING_AGG(t.name, ', ')",
    }
}

/// One page of users, newest first, and how many match; `q` is a `contains_pattern`.
#[instrument(skip_all)]
pub async fn users(
    conn: &mut AnyConnection,
    backend: Backend,
    user_type_id: Option<i64>,
    q: Option<String>,
    limit: i64,
    offset: i64,
) -> Result<(i64, Vec<AdminUser>), sqlx::Error> {
    let filter = format!(
        "($1 IS NULL OR u.user_type_id = $1) AND ($2 IS NULL OR {} OR {} OR {})",
        contains("u.username", "$2"),
        contains("u.name", "$2"),
        contains("u.email", "$2")
    );
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM app_user u WHERE {filter}"))
        .bind(user_type_id)
        .bind(q.clone())
        .fetch_one(&mut *conn)
        .await?;
    let rows = sqlx::query_as(&format!(
        "SELECT u.id, u.username, u.name, u.email, u.user_type_id, u.creative_level_id, u.is_active, u.has_subscribed, \
         CASE WHEN EXISTS (SELECT 1 FROM client_flag f WHERE f.app_user_id = u.id) THEN 1 ELSE 0 END AS is_flagged, \
         (SELECT {agg} FROM user_tag ut JOIN tag t ON t.id = ut.tag_id WHERE ut.app_user_id = u.id) AS tags, u.created_at \
         FROM app_user u WHERE {filter} ORDER BY u.id DESC LIMIT $3 OFFSET $4",
        agg = names_joined(backend)
    ))
    .bind(user_type_id)
    .bind(q)
    .bind(limit)
    .bind(offset)
    .fetch_all(&mut *conn)
    .await?;
    Ok((total, rows))
}
