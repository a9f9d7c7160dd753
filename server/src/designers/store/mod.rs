//! SQL of designers' portfolios, and which files their profiles show; [`preferences`]:
//! the projects they prefer. One dialect for both engines.

pub mod preferences;

use sqlx::{Any, AnyConnection, Executor};
use tracing::instrument;

use super::model::{CategoryCount, LikeRatingStats, OwnReaction, PortfolioRow};
use crate::{
    projects::store::Bind,
    store::search::{contains, contains_pattern},
};

// ---- Portfolios ----

/// Items with their computed columns, as a derived table `x` to filter and sort on.
/// A contest entry's rating is public only once it won (winnings show it in Reviews).
const ITEMS: &str = "(SELECT pi.id, pi.app_user_id, pi.portfolio_type_id, pi.title, pi.description, pi.contest_type_id, \
    ct.title AS category_title, pi.contest_entry_id, e.contest_id, c.title AS contest_title, \
    CASE WHEN e.is_winner = 1 THEN e.rating ELSE NULL END AS rating, \
    (SELECT COUNT(*) FROM entry_reaction r WHERE r.contest_entry_id = pi.contest_entry_id AND r.emoji_reaction_id = 1) \
    AS like_reactions_count, \
    COALESCE(pi.file_id, (SELECT ef.file_id FROM contest_entry_file ef WHERE ef.contest_entry_id = e.id AND ef.kind = 1 \
    ORDER BY ef.version DESC, ef.id DESC LIMIT 1)) AS shown_file_id, pi.created_at \
    FROM portfolio_item pi JOIN contest_type ct ON ct.id = pi.contest_type_id \
    LEFT JOIN contest_entry e ON e.id = pi.contest_entry_id LEFT JOIN contest c ON c.id = e.contest_id) x";

/// Filters of the portfolio list, each optional.
#[derive(Debug, Default, Clone)]
pub struct PortfolioFilter {
    pub portfolio_type_id: Option<i64>,
    pub category_id: Option<i64>,
    /// Lower-cased words the title contains.
    pub q: Option<String>,
    pub min_rating: Option<i64>,
    pub min_likes: Option<i64>,
}

impl PortfolioFilter {
    /// The WHERE fragment over `x` and its binds, after `$1` (the user).
    fn clause(&self) -> (String, Vec<Bind>) {
        let mut parts = vec!["x.app_user_id = $1".to_owned()];
        let mut binds = Vec::new();
        let mut add = |sql: &str, bind: Bind| {
            binds.push(bind);
            parts.push(sql.replace('?', &format!("${}", binds.len() + 1)));
        };
        if let Some(t) = self.portfolio_type_id {
            add("x.portfolio_type_id = ?", Bind::Int(t));
        }
        if let Some(c) = self.category_id {
            add("x.contest_type_id = ?", Bind::Int(c));
        }
        if let Some(q) = &self.q {
            add(&contains("x.title", "?"), Bind::Text(contains_pattern(q)));
        }
        if let Some(r) = self.min_rating {
            add("x.rating >= ?", Bind::Int(r));
        }
        if let Some(l) = self.min_likes {
            add("x.like_reactions_count >= ?", Bind::Int(l));
        }
        (parts.join(" AND "), binds)
    }
}

/// Sort orders: `-created_at` (default), `created_at`, `-rating`, `rating`, `-likes`, `likes`.
pub fn order_by(sort: Option<&str>) -> Option<&'static str> {
    Some(match sort.map(str::trim).unwrap_or("-created_at") {
        "-created_at" | "" => "x.id DESC",
        "created_at" => "x.id ASC",
        "-rating" => "(x.rating IS NULL), x.rating DESC, x.id DESC",
        "rating" => "(x.rating IS NULL), x.rating ASC, x.id DESC",
        "-likes" => "x.like_reactions_count DESC, x.id DESC",
        "likes" => "x.like_reactions_count ASC, x.id DESC",
        _ => return None,
    })
}

macro_rules! bind_all {
    ($query:expr, $binds:expr) => {{
        let mut query = $query;
        for bind in $binds {
            query = match bind {
                Bind::Int(v) => query.bind(*v),
                Bind::Text(v) => query.bind(v.clone()),
            };
        }
        query
    }};
}

/// A page of the user's items matching `filter`, and how many match.
#[instrument(skip_all, fields(user_id))]
pub async fn page(
    conn: &mut AnyConnection,
    user_id: i64,
    filter: &PortfolioFilter,
    order: &str,
    page: i64,
    per_page: i64,
) -> Result<(Vec<PortfolioRow>, i64), sqlx::Error> {
    let (clause, binds) = filter.clause();
    let count_sql = format!("SELECT COUNT(*) FROM {ITEMS} WHERE {clause}");
    let total: i64 = bind_all!(sqlx::query_scalar(&count_sql).bind(user_id), &binds).fetch_one(&mut *conn).await?;
    let n = binds.len() + 1;
    let rows_sql =
        format!("SELECT x.* FROM {ITEMS} WHERE {clause} ORDER BY {order} LIMIT ${} OFFSET ${}", n + 1, n + 2);
    let rows = bind_all!(sqlx::query_as(&rows_sql).bind(user_id), &binds)
        .bind(per_page)
        .bind((page - 1) * per_page)
        .fetch_all(&mut *conn)
        .await?;
    Ok((rows, total))
}

/// Item `item_id` of user `user_id`.
pub async fn find(conn: &mut AnyConnection, user_id: i64, item_id: i64) -> Result<Option<PortfolioRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT x.* FROM {ITEMS} WHERE x.app_user_id = $1 AND x.id = $2"))
        .bind(user_id)
        .bind(item_id)
        .fetch_optional(&mut *conn)
        .await
}

/// The viewer's reactions to a contest entry.
pub async fn own_reactions(
    conn: &mut AnyConnection,
    entry_id: i64,
    viewer: i64,
) -> Result<Vec<OwnReaction>, sqlx::Error> {
    sqlx::query_as(
        "SELECT emoji_reaction_id FROM entry_reaction WHERE contest_entry_id = $1 AND app_user_id = $2 \
         ORDER BY emoji_reaction_id",
    )
    .bind(entry_id)
    .bind(viewer)
    .fetch_all(&mut *conn)
    .await
}

/// The categories of the user's portfolio with their item counts, by title.
pub async fn categories(conn: &mut AnyConnection, user_id: i64) -> Result<Vec<CategoryCount>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT x.contest_type_id AS id, x.category_title AS title, COUNT(*) AS count FROM {ITEMS} \
         WHERE x.app_user_id = $1 GROUP BY x.contest_type_id, x.category_title ORDER BY x.category_title"
    ))
    .bind(user_id)
    .fetch_all(&mut *conn)
    .await
}

pub async fn stats(conn: &mut AnyConnection, user_id: i64) -> Result<LikeRatingStats, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT COUNT(*) AS portfolio_count, CAST(COALESCE(SUM(x.like_reactions_count), 0) AS BIGINT) AS like_reactions_count, \
         CAST(COALESCE(MAX(x.like_reactions_count), 0) AS BIGINT) AS max_like_reactions_count, COUNT(x.rating) AS rated_count, \
         CAST(AVG(x.rating) AS DOUBLE PRECISION) AS average_rating FROM {ITEMS} WHERE x.app_user_id = $1"
    ))
    .bind(user_id)
    .fetch_one(&mut *conn)
    .await
}

/// An entry that may go into `designer`'s portfolio: theirs, in a paid contest that
/// is neither private nor blind. Answers its contest's title and type.
pub async fn publishable_entry(
    conn: &mut AnyConnection,
    designer: i64,
    entry_id: i64,
) -> Result<Option<(String, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT c.title, c.contest_type_id FROM contest_entry e JOIN contest c ON c.id = e.contest_id \
         WHERE e.id = $1 AND e.created_by = $2 AND c.status_id >= 2 AND c.is_private = 0 AND c.is_blind = 0",
    )
    .bind(entry_id)
    .bind(designer)
    .fetch_optional(&mut *conn)
    .await
}

/// A new item's fields.
#[derive(Debug)]
pub struct NewItem<'a> {
    pub user_id: i64,
    pub portfolio_type_id: i64,
    pub title: &'a str,
    pub description: &'a str,
    pub category_id: i64,
    pub file_id: Option<i64>,
    pub contest_entry_id: Option<i64>,
}

pub async fn insert(conn: &mut AnyConnection, item: &NewItem<'_>, now: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO portfolio_item (app_user_id, portfolio_type_id, title, description, contest_type_id, file_id, \
         contest_entry_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id",
    )
    .bind(item.user_id)
    .bind(item.portfolio_type_id)
    .bind(item.title)
    .bind(item.description)
    .bind(item.category_id)
    .bind(item.file_id)
    .bind(item.contest_entry_id)
    .bind(now)
    .fetch_one(&mut *conn)
    .await
}

pub async fn update(
    conn: &mut AnyConnection,
    item_id: i64,
    title: &str,
    description: &str,
    category_id: i64,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE portfolio_item SET title = $1, description = $2, contest_type_id = $3, updated_at = $4 WHERE id = $5",
    )
    .bind(title)
    .bind(description)
    .bind(category_id)
    .bind(now)
    .bind(item_id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub async fn delete(conn: &mut AnyConnection, item_id: i64) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query("DELETE FROM portfolio_item WHERE id = $1").bind(item_id).execute(&mut *conn).await?.rows_affected()
        == 1)
}

pub async fn category_exists(conn: &mut AnyConnection, id: i64) -> Result<bool, sqlx::Error> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT id FROM contest_type WHERE id = $1").bind(id).fetch_optional(&mut *conn).await?;
    Ok(found.is_some())
}

/// Whether file `file_id` is shown on someone's profile: a portfolio item's, or work
/// shown with a preferred service.
#[instrument(skip_all, fields(file_id))]
pub async fn is_profile_file<'c>(db: impl Executor<'c, Database = Any>, file_id: i64) -> Result<bool, sqlx::Error> {
    let found: Option<i64> = sqlx::query_scalar(
        "SELECT file_id FROM portfolio_item WHERE file_id = $1 \
         UNION SELECT file_id FROM designer_preference_image WHERE file_id = $1 LIMIT 1",
    )
    .bind(file_id)
    .fetch_optional(db)
    .await?;
    Ok(found.is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filters_number_their_placeholders_after_the_user() {
        let filter = PortfolioFilter {
            portfolio_type_id: Some(2),
            q: Some("logo".into()),
            min_likes: Some(3),
            ..PortfolioFilter::default()
        };
        let (clause, binds) = filter.clause();
        assert_eq!(
            clause,
            format!(
                "x.app_user_id = $1 AND x.portfolio_type_id = $2 AND {} AND x.like_reactions_count >= $4",
                contains("x.title", "$3")
            )
        );
        assert_eq!(binds.len(), 3);
        assert_eq!(PortfolioFilter::default().clause().0, "x.app_user_id = $1");
    }

    #[test]
    fn only_known_sorts_are_accepted() {
        for sort in [
            None,
            Some(""),
            Some("-created_at"),
            Some("created_at"),
            Some("-rating"),
            Some("rating"),
            Some("-likes"),
            Some("likes"),
        ] {
            assert!(order_by(sort).is_some(), "{sort:?}");
        }
        assert_eq!(order_by(Some("best")), None);
        assert_eq!(order_by(Some("x.id; DROP TABLE file")), None);
    }
}
