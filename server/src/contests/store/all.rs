//! Every contest as the admin console lists and searches them (`admin::lists`).

use sqlx::{Any, AnyConnection, Executor, FromRow};
use tracing::instrument;

use crate::store::search::{contains, SearchHitRow};

/// A contest in the admin's list: its type, its client, its flags, its entry count.
#[derive(Debug, FromRow)]
pub struct ListedContest {
    pub id: i64,
    pub title: String,
    pub contest_type_id: i64,
    pub contest_type_title: String,
    pub status_id: i64,
    pub internal_status_id: Option<i64>,
    pub created_by: i64,
    pub client_username: String,
    pub winning_entry_amount_cents: i64,
    pub is_quick_start: i64,
    pub is_tip: i64,
    pub is_highlighted: i64,
    pub is_featured: i64,
    pub is_private: i64,
    pub is_blind: i64,
    /// The Featured Blog Post upgrade: the contest is owed a post on the blog.
    pub is_featured_blog_post: i64,
    pub extends_disabled: i64,
    pub entries_count: i64,
    pub created_at: i64,
    pub submission_ends_at: Option<i64>,
}

/// The admin's filters of the contest list; `q` is a `contains_pattern` already.
#[derive(Debug)]
pub struct Filter {
    pub status_id: Option<i64>,
    pub internal_status_id: Option<i64>,
    pub quick_start: bool,
    pub tip: bool,
    /// Only contests that bought the Featured Blog Post upgrade (the blog's to-do list).
    pub blog_post: bool,
    pub q: Option<String>,
    pub approval_status_id: Option<i64>,
}

/// One page of contests, newest first, and how many match.
#[instrument(skip_all)]
pub async fn page(
    conn: &mut AnyConnection,
    f: &Filter,
    limit: i64,
    offset: i64,
) -> Result<(i64, Vec<ListedContest>), sqlx::Error> {
    let filter = format!(
        "($1 IS NULL OR c.status_id = $1) AND ($2 IS NULL OR c.internal_status_id = $2) \
        AND ($3 = 0 OR c.is_quick_start = 1) AND ($4 = 0 OR c.is_tip = 1) \
        AND ($5 IS NULL OR {} OR {}) AND ($6 IS NULL OR c.approval_status_id = $6) \
        AND ($7 = 0 OR c.is_featured_blog_post = 1)",
        contains("c.title", "$5"),
        contains("u.username", "$5")
    );
    let from = "FROM contest c JOIN contest_type t ON t.id = c.contest_type_id JOIN app_user u ON u.id = c.created_by";
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) {from} WHERE {filter}"))
        .bind(f.status_id)
        .bind(f.internal_status_id)
        .bind(i64::from(f.quick_start))
        .bind(i64::from(f.tip))
        .bind(f.q.clone())
        .bind(f.approval_status_id)
        .bind(i64::from(f.blog_post))
        .fetch_one(&mut *conn)
        .await?;
    let rows: Vec<ListedContest> = sqlx::query_as(&format!(
        "SELECT c.id, c.title, c.contest_type_id, t.title AS contest_type_title, c.status_id, c.internal_status_id, \
         c.created_by, u.username AS client_username, c.winning_entry_amount_cents, c.is_quick_start, c.is_tip, \
         c.is_highlighted, c.is_featured, c.is_private, c.is_blind, c.is_featured_blog_post, c.extends_disabled, \
         (SELECT COUNT(*) FROM contest_entry e WHERE e.contest_id = c.id) AS entries_count, c.created_at, c.submission_ends_at \
         {from} WHERE {filter} ORDER BY c.id DESC LIMIT $8 OFFSET $9"
    ))
    .bind(f.status_id)
    .bind(f.internal_status_id)
    .bind(i64::from(f.quick_start))
    .bind(i64::from(f.tip))
    .bind(f.q.clone())
    .bind(f.approval_status_id)
    .bind(i64::from(f.blog_post))
    .bind(limit)
    .bind(offset)
    .fetch_all(&mut *conn)
    .await?;
    Ok((total, rows))
}

/// Contests whose title holds the text (the admin's search): at most 48, newest first;
/// `like` is a `contains_pattern`, `id` matches the id.
#[instrument(skip_all)]
pub async fn search<'c>(
    db: impl Executor<'c, Database = Any>,
    like: &str,
    id: i64,
) -> Result<Vec<SearchHitRow>, sqlx::Error> {
    let sql = format!(
        "SELECT 'contest' AS kind, c.id, c.title, u.username AS subtitle, c.id AS contest_id, c.status_id \
        FROM contest c JOIN app_user u ON u.id = c.created_by \
        WHERE c.id = $2 OR {} ORDER BY c.id DESC LIMIT 48",
        contains("c.title", "$1")
    );
    sqlx::query_as(&sql).bind(like).bind(id).fetch_all(db).await
}
