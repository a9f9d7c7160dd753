//! SQL of the marketplace. One dialect for both engines.

use sqlx::AnyConnection;
use tracing::instrument;

use super::model::{ListingRow, MarketplaceContest, TermView, UserCategory};
use crate::{
    projects::store::Bind,
    store::search::{contains, contains_pattern},
};

/// Listings with their entry's image, contest and designer, as `x`.
const LISTINGS: &str = "(SELECT m.contest_entry_id, m.contest_id, m.app_user_id, m.marketplace_category_id, \
    mc.title AS category_title, m.title, m.description, m.sale_price_cents, m.is_hidden, m.sold_to, m.sold_at, \
    m.created_at, u.username, u.is_active AS user_active, c.title AS contest_title, c.contest_type_id, \
    ct.title AS contest_type_title, \
    (SELECT ef.file_id FROM contest_entry_file ef WHERE ef.contest_entry_id = m.contest_entry_id AND ef.kind = 1 \
    ORDER BY ef.version DESC, ef.id DESC LIMIT 1) AS file_id \
    FROM marketplace_entry m JOIN app_user u ON u.id = m.app_user_id JOIN contest c ON c.id = m.contest_id \
    JOIN contest_type ct ON ct.id = c.contest_type_id \
    LEFT JOIN marketplace_category mc ON mc.id = m.marketplace_category_id) x";

const COLUMNS: &str = "x.contest_entry_id, x.contest_id, x.app_user_id, x.marketplace_category_id, x.category_title, \
    x.title, x.description, x.sale_price_cents, x.is_hidden, x.sold_to, x.sold_at, x.created_at, x.username, \
    x.contest_title, x.contest_type_id, x.contest_type_title, x.file_id";

/// For sale now: not sold, not hidden, its designer's account active.
pub const AVAILABLE: &str = "x.sold_at IS NULL AND x.is_hidden = 0 AND x.user_active = 1";

/// Which listings a page asks for.
#[derive(Debug, Default, Clone)]
pub struct ListingFilter {
    pub user_id: Option<i64>,
    pub contest_id: Option<i64>,
    pub category_id: Option<i64>,
    /// Bought by this user.
    pub sold_to: Option<i64>,
    /// Only those for sale now; else every listing (the designer's own, admins).
    pub available_only: bool,
}

impl ListingFilter {
    fn clause(&self) -> (String, Vec<Bind>) {
        let mut parts = vec!["1 = 1".to_owned()];
        let mut binds = Vec::new();
        let mut add = |sql: &str, bind: Bind| {
            binds.push(bind);
            parts.push(sql.replace('?', &format!("${}", binds.len())));
        };
        if let Some(u) = self.user_id {
            add("x.app_user_id = ?", Bind::Int(u));
        }
        if let Some(c) = self.contest_id {
            add("x.contest_id = ?", Bind::Int(c));
        }
        if let Some(c) = self.category_id {
            add("x.marketplace_category_id = ?", Bind::Int(c));
        }
        if let Some(buyer) = self.sold_to {
            add("x.sold_to = ?", Bind::Int(buyer));
        }
        if self.available_only {
            parts.push(AVAILABLE.to_owned());
        }
        (parts.join(" AND "), binds)
    }
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

/// `-created_at` (newest first, the default) or `created_at`.
pub fn order_by(sort: Option<&str>) -> Option<&'static str> {
    Some(match sort.map(str::trim).unwrap_or("-created_at") {
        "-created_at" | "" => "x.created_at DESC, x.contest_entry_id DESC",
        "created_at" => "x.created_at ASC, x.contest_entry_id ASC",
        "-price" => "x.sale_price_cents DESC, x.contest_entry_id DESC",
        "price" => "x.sale_price_cents ASC, x.contest_entry_id DESC",
        _ => return None,
    })
}

/// A page of listings and how many match.
pub async fn page(
    conn: &mut AnyConnection,
    filter: &ListingFilter,
    order: &str,
    page: i64,
    per_page: i64,
) -> Result<(Vec<ListingRow>, i64), sqlx::Error> {
    let (clause, binds) = filter.clause();
    let count_sql = format!("SELECT COUNT(*) FROM {LISTINGS} WHERE {clause}");
    let total: i64 = bind_all!(sqlx::query_scalar(&count_sql), &binds).fetch_one(&mut *conn).await?;
    let n = binds.len();
    let sql =
        format!("SELECT {COLUMNS} FROM {LISTINGS} WHERE {clause} ORDER BY {order} LIMIT ${} OFFSET ${}", n + 1, n + 2);
    let rows = bind_all!(sqlx::query_as(&sql), &binds)
        .bind(per_page)
        .bind((page - 1) * per_page)
        .fetch_all(&mut *conn)
        .await?;
    Ok((rows, total))
}

/// The tags of the listings of `entry_ids`: (entry, tag) pairs, by entry then tag.
pub async fn tags_of(conn: &mut AnyConnection, entry_ids: &[i64]) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    if entry_ids.is_empty() {
        return Ok(Vec::new());
    }
    let marks: Vec<String> = (1..=entry_ids.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT contest_entry_id, marketplace_tag_id FROM marketplace_entry_tag WHERE contest_entry_id IN ({}) \
         ORDER BY contest_entry_id, marketplace_tag_id",
        marks.join(", ")
    );
    let mut query = sqlx::query_as(&sql);
    for id in entry_ids {
        query = query.bind(id);
    }
    query.fetch_all(&mut *conn).await
}

pub async fn find(conn: &mut AnyConnection, entry_id: i64) -> Result<Option<ListingRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {COLUMNS} FROM {LISTINGS} WHERE x.contest_entry_id = $1"))
        .bind(entry_id)
        .fetch_optional(&mut *conn)
        .await
}

/// Whether entry `entry_id` is for sale now.
pub async fn is_available(conn: &mut AnyConnection, entry_id: i64) -> Result<bool, sqlx::Error> {
    let found: Option<i64> = sqlx::query_scalar(&format!(
        "SELECT x.contest_entry_id FROM {LISTINGS} WHERE x.contest_entry_id = $1 AND {AVAILABLE}"
    ))
    .bind(entry_id)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(found.is_some())
}

/// An entry as listing needs it: (designer, contest status, is_winner, entry status, contest title).
pub async fn entry_facts(
    conn: &mut AnyConnection,
    entry_id: i64,
) -> Result<Option<(i64, i64, i64, i64, i64, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT e.created_by, e.contest_id, c.status_id, e.is_winner, e.status_id, COALESCE(e.title, c.title) \
         FROM contest_entry e JOIN contest c ON c.id = e.contest_id WHERE e.id = $1",
    )
    .bind(entry_id)
    .fetch_optional(&mut *conn)
    .await
}

/// A listing's fields, as saved.
#[derive(Debug)]
pub struct Listing<'a> {
    pub entry_id: i64,
    pub contest_id: i64,
    pub user_id: i64,
    pub category_id: Option<i64>,
    pub title: &'a str,
    pub description: &'a str,
    pub sale_price_cents: i64,
    pub is_hidden: bool,
}

/// Lists an entry or changes its unsold listing.
pub async fn upsert(conn: &mut AnyConnection, l: &Listing<'_>, now: i64) -> Result<(), sqlx::Error> {
    let updated = sqlx::query(
        "UPDATE marketplace_entry SET marketplace_category_id = $1, title = $2, description = $3, \
         sale_price_cents = $4, is_hidden = $5, updated_at = $6 WHERE contest_entry_id = $7 AND sold_at IS NULL",
    )
    .bind(l.category_id)
    .bind(l.title)
    .bind(l.description)
    .bind(l.sale_price_cents)
    .bind(i64::from(l.is_hidden))
    .bind(now)
    .bind(l.entry_id)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if updated == 0 {
        sqlx::query(
            "INSERT INTO marketplace_entry (contest_entry_id, contest_id, app_user_id, marketplace_category_id, title, \
             description, sale_price_cents, is_hidden, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)",
        )
        .bind(l.entry_id)
        .bind(l.contest_id)
        .bind(l.user_id)
        .bind(l.category_id)
        .bind(l.title)
        .bind(l.description)
        .bind(l.sale_price_cents)
        .bind(i64::from(l.is_hidden))
        .bind(now)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

pub async fn replace_tags(conn: &mut AnyConnection, entry_id: i64, tag_ids: &[i64]) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM marketplace_entry_tag WHERE contest_entry_id = $1")
        .bind(entry_id)
        .execute(&mut *conn)
        .await?;
    for tag in tag_ids {
        sqlx::query("INSERT INTO marketplace_entry_tag (contest_entry_id, marketplace_tag_id) VALUES ($1, $2)")
            .bind(entry_id)
            .bind(*tag)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// Marks an available listing sold; false when it was not available (sold meanwhile).
pub async fn mark_sold(
    conn: &mut AnyConnection,
    entry_id: i64,
    buyer: i64,
    transaction_id: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query(
        "UPDATE marketplace_entry SET sold_to = $1, sold_at = $2, payment_transaction_id = $3, updated_at = $2 \
         WHERE contest_entry_id = $4 AND sold_at IS NULL AND is_hidden = 0",
    )
    .bind(buyer)
    .bind(now)
    .bind(transaction_id)
    .bind(entry_id)
    .execute(&mut *conn)
    .await?
    .rows_affected()
        == 1)
}

/// The categories of a designer's entries for sale, with counts.
pub async fn user_categories(conn: &mut AnyConnection, user_id: i64) -> Result<Vec<UserCategory>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT x.marketplace_category_id, x.category_title AS title, COUNT(*) AS count FROM {LISTINGS} \
         WHERE x.app_user_id = $1 AND x.marketplace_category_id IS NOT NULL AND {AVAILABLE} \
         GROUP BY x.marketplace_category_id, x.category_title ORDER BY x.category_title"
    ))
    .bind(user_id)
    .fetch_all(&mut *conn)
    .await
}

/// How many entries of `user_id` are for sale now.
pub async fn available_count(conn: &mut AnyConnection, user_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {LISTINGS} WHERE x.app_user_id = $1 AND {AVAILABLE}"))
        .bind(user_id)
        .fetch_one(&mut *conn)
        .await
}

/// Search of contests with entries for sale.
#[derive(Debug, Default, Clone)]
pub struct ContestSearch {
    pub contest_type_ids: Vec<i64>,
    /// Lower-cased words of the contest's or a listing's title.
    pub q: Option<String>,
    /// Also listings hidden from the marketplace (admins).
    pub include_hidden: bool,
}

pub async fn search_contests(
    conn: &mut AnyConnection,
    search: &ContestSearch,
    newest_first: bool,
    page: i64,
    per_page: i64,
) -> Result<(Vec<MarketplaceContest>, i64), sqlx::Error> {
    let mut parts = vec![if search.include_hidden {
        "x.sold_at IS NULL AND x.user_active = 1".to_owned()
    } else {
        AVAILABLE.to_owned()
    }];
    let mut binds = Vec::new();
    if !search.contest_type_ids.is_empty() {
        let marks: Vec<String> = search
            .contest_type_ids
            .iter()
            .map(|id| {
                binds.push(Bind::Int(*id));
                format!("${}", binds.len())
            })
            .collect();
        parts.push(format!("x.contest_type_id IN ({})", marks.join(", ")));
    }
    if let Some(q) = &search.q {
        binds.push(Bind::Text(contains_pattern(q)));
        let n = binds.len();
        parts.push(format!(
            "({} OR {})",
            contains("x.contest_title", &format!("${n}")),
            contains("x.title", &format!("${n}"))
        ));
    }
    let clause = parts.join(" AND ");
    let grouped = format!(
        "SELECT x.contest_id AS id, x.contest_title AS title, x.contest_type_id, x.contest_type_title, \
         COUNT(*) AS marketplace_entries_count, CAST(MIN(x.sale_price_cents) / 100 AS BIGINT) AS min_sale_price, \
         MAX(x.created_at) AS listed_at FROM {LISTINGS} WHERE {clause} \
         GROUP BY x.contest_id, x.contest_title, x.contest_type_id, x.contest_type_title"
    );
    let count_sql = format!("SELECT COUNT(*) FROM ({grouped}) g");
    let total: i64 = bind_all!(sqlx::query_scalar(&count_sql), &binds).fetch_one(&mut *conn).await?;
    let order = if newest_first { "g.listed_at DESC, g.id DESC" } else { "g.listed_at ASC, g.id ASC" };
    let n = binds.len();
    // The cover: the image of the contest's newest listing that shows one.
    let sql = format!(
        "SELECT g.*, (SELECT y.file_id FROM {} WHERE y.contest_id = g.id AND y.file_id IS NOT NULL AND {} \
         ORDER BY y.created_at DESC, y.contest_entry_id DESC LIMIT 1) AS cover_file_id \
         FROM ({grouped}) g ORDER BY {order} LIMIT ${} OFFSET ${}",
        LISTINGS.replace(") x", ") y"),
        clause.replace("x.", "y.").replace(" x ", " y "),
        n + 1,
        n + 2
    );
    let rows = bind_all!(sqlx::query_as(&sql), &binds)
        .bind(per_page)
        .bind((page - 1) * per_page)
        .fetch_all(&mut *conn)
        .await?;
    Ok((rows, total))
}

/// Whether file `file_id` is the image of an entry for sale now, or (for `buyer`) of one
/// they bought.
pub async fn shows_file(conn: &mut AnyConnection, file_id: i64, buyer: Option<i64>) -> Result<bool, sqlx::Error> {
    let found: Option<i64> = sqlx::query_scalar(&format!(
        "SELECT x.contest_entry_id FROM {LISTINGS} WHERE x.file_id = $1 AND (({AVAILABLE}) OR x.sold_to = $2) LIMIT 1"
    ))
    .bind(file_id)
    // No buyer: an id no user has.
    .bind(buyer.unwrap_or(0))
    .fetch_optional(&mut *conn)
    .await?;
    Ok(found.is_some())
}

// ---- Categories and tags (`table` is one of the two constants below) ----

pub const CATEGORIES: &str = "marketplace_category";
pub const TAGS: &str = "marketplace_tag";

pub async fn terms(conn: &mut AnyConnection, table: &str, active_only: bool) -> Result<Vec<TermView>, sqlx::Error> {
    let filter = if active_only { "WHERE is_active = 1" } else { "" };
    sqlx::query_as(&format!("SELECT id, title, is_active, created_at FROM {table} {filter} ORDER BY title"))
        .fetch_all(&mut *conn)
        .await
}

pub async fn term(conn: &mut AnyConnection, table: &str, id: i64) -> Result<Option<TermView>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT id, title, is_active, created_at FROM {table} WHERE id = $1"))
        .bind(id)
        .fetch_optional(&mut *conn)
        .await
}

pub async fn insert_term(
    conn: &mut AnyConnection,
    table: &str,
    title: &str,
    active: bool,
    now: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(&format!(
        "INSERT INTO {table} (title, is_active, created_at, updated_at) VALUES ($1, $2, $3, $3) RETURNING id"
    ))
    .bind(title)
    .bind(i64::from(active))
    .bind(now)
    .fetch_one(&mut *conn)
    .await
}

pub async fn update_term(
    conn: &mut AnyConnection,
    table: &str,
    id: i64,
    title: &str,
    active: bool,
    now: i64,
) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query(&format!("UPDATE {table} SET title = $1, is_active = $2, updated_at = $3 WHERE id = $4"))
        .bind(title)
        .bind(i64::from(active))
        .bind(now)
        .bind(id)
        .execute(&mut *conn)
        .await?
        .rows_affected()
        == 1)
}

/// How many of `ids` are active rows of `table`.
pub async fn active_terms(conn: &mut AnyConnection, table: &str, ids: &[i64]) -> Result<usize, sqlx::Error> {
    let mut n = 0;
    for id in ids {
        if term(conn, table, *id).await?.is_some_and(|t| t.is_active == 1) {
            n += 1;
        }
    }
    Ok(n)
}

// ---- Sales (the admin's list) ----

/// The sales, as `x`: a sold listing with its contest, designer, buyer and payment.
const SALES: &str = "(SELECT m.contest_entry_id, m.contest_id, c.title AS contest_title, m.title, \
    m.sale_price_cents, m.sold_at, m.payment_transaction_id, \
    d.id AS designer_id, d.username AS designer_username, d.name AS designer_name, \
    b.id AS buyer_id, b.username AS buyer_username, b.name AS buyer_name, \
    t.amount_cents AS paid_cents, t.provider, t.state AS payment_state, \
    (SELECT ef.file_id FROM contest_entry_file ef WHERE ef.contest_entry_id = m.contest_entry_id AND ef.kind = 1 \
    ORDER BY ef.version DESC, ef.id DESC LIMIT 1) AS file_id \
    FROM marketplace_entry m JOIN contest c ON c.id = m.contest_id JOIN app_user d ON d.id = m.app_user_id \
    JOIN app_user b ON b.id = m.sold_to LEFT JOIN payment_transaction t ON t.id = m.payment_transaction_id \
    WHERE m.sold_at IS NOT NULL) x";

/// A sold listing with its contest, designer, buyer and payment.
#[derive(Debug, sqlx::FromRow)]
pub struct SaleRow {
    pub contest_entry_id: i64,
    pub contest_id: i64,
    pub contest_title: String,
    pub title: String,
    pub sale_price_cents: i64,
    pub sold_at: i64,
    pub payment_transaction_id: Option<i64>,
    pub designer_id: i64,
    pub designer_username: String,
    pub designer_name: String,
    pub buyer_id: i64,
    pub buyer_username: String,
    pub buyer_name: String,
    pub paid_cents: Option<i64>,
    pub provider: Option<String>,
    pub payment_state: Option<String>,
    pub file_id: Option<i64>,
}

/// The admin's filters of the sales list (sale times in epoch ms, `sold_before` excluded).
#[derive(Debug, Default)]
pub struct SalesFilter {
    pub designer_id: Option<i64>,
    pub buyer_id: Option<i64>,
    pub sold_from: Option<i64>,
    pub sold_before: Option<i64>,
}

/// One page of sales, newest first, and how many match.
#[instrument(skip_all)]
pub async fn sales(
    conn: &mut AnyConnection,
    filter: &SalesFilter,
    limit: i64,
    offset: i64,
) -> Result<(i64, Vec<SaleRow>), sqlx::Error> {
    let mut clause = vec!["1 = 1".to_owned()];
    let mut binds = Vec::new();
    let mut add = |sql: &str, bind: i64| {
        binds.push(bind);
        clause.push(sql.replace('?', &format!("${}", binds.len())));
    };
    if let Some(id) = filter.designer_id {
        add("x.designer_id = ?", id);
    }
    if let Some(id) = filter.buyer_id {
        add("x.buyer_id = ?", id);
    }
    if let Some(ms) = filter.sold_from {
        add("x.sold_at >= ?", ms);
    }
    if let Some(ms) = filter.sold_before {
        add("x.sold_at < ?", ms);
    }
    let clause = clause.join(" AND ");
    let count_sql = format!("SELECT COUNT(*) FROM {SALES} WHERE {clause}");
    let mut count = sqlx::query_scalar::<_, i64>(&count_sql);
    for bind in &binds {
        count = count.bind(*bind);
    }
    let total = count.fetch_one(&mut *conn).await?;
    let n = binds.len();
    let sql = format!(
        "SELECT x.* FROM {SALES} WHERE {clause} ORDER BY x.sold_at DESC, x.contest_entry_id DESC LIMIT ${} OFFSET ${}",
        n + 1,
        n + 2
    );
    let mut rows = sqlx::query_as::<_, SaleRow>(&sql);
    for bind in &binds {
        rows = rows.bind(*bind);
    }
    let rows = rows.bind(limit).bind(offset).fetch_all(&mut *conn).await?;
    Ok((total, rows))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filters_number_their_placeholders_in_order() {
        let filter =
            ListingFilter { user_id: Some(3), category_id: Some(2), available_only: true, ..Default::default() };
        let (clause, binds) = filter.clause();
        assert_eq!(clause, format!("1 = 1 AND x.app_user_id = $1 AND x.marketplace_category_id = $2 AND {AVAILABLE}"));
        assert_eq!(binds.len(), 2);
    }

    #[test]
    fn only_known_sorts_are_accepted() {
        for sort in [None, Some(""), Some("-created_at"), Some("created_at"), Some("price"), Some("-price")] {
            assert!(order_by(sort).is_some(), "{sort:?}");
        }
        assert_eq!(order_by(Some("x.title; DROP TABLE file")), None);
    }
}
