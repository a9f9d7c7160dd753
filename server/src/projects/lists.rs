//! Project lists, 48 a page, newest first, answered as `{data, current_page,
//! per_page, next_page_url, total}` like the contest lists.
//!
//! `GET /projects` depends on who asks: admins see every project and may filter
//! (`filter[status_id]`, `filter[title]`, `filter[username]`, `filter[internal_status_id]`,
//! `project_category_id` given once, repeated, as `project_category_id[]` or comma-separated);
//! a client sees their own projects; a designer the live ones they may bid on.

use axum::{
    extract::{RawQuery, State},
    Json,
};

use super::{
    model::ProjectView,
    status::PER_PAGE,
    store::{self, Bind},
};
use crate::{
    accounts::{domain::UserType, CurrentUser},
    error::{codes, AppError, ErrorEnvelope},
    shared::page::{Page, MAX_PAGE},
    state::AppState,
    store::search::{contains, contains_pattern},
};

/// `%XX` and `+` decoded; invalid escapes are kept as they are.
fn decode(raw: &str) -> String {
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                match u8::from_str_radix(std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("zz"), 16) {
                    Ok(b) => {
                        out.push(b);
                        i += 2;
                    }
                    Err(_) => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The query string as (key, value) pairs, decoded.
pub fn pairs(raw: Option<&str>) -> Vec<(String, String)> {
    raw.unwrap_or_default()
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (decode(k), decode(v))
        })
        .collect()
}

/// `page`, 1 to [`MAX_PAGE`] (1 when absent); anything else is the query error.
pub fn page_of(pairs: &[(String, String)]) -> Result<i64, AppError> {
    match pairs.iter().find(|(k, _)| k == "page") {
        None => Ok(1),
        Some((_, v)) => match v.trim().parse::<i64>() {
            Ok(page @ 1..=MAX_PAGE) => Ok(page),
            _ => Err(AppError::unprocessable(codes::QUERY_INVALID)),
        },
    }
}

/// The admin's filters as a WHERE fragment with its binds.
fn admin_filter(pairs: &[(String, String)]) -> Result<(String, Vec<Bind>), AppError> {
    let mut clauses = vec!["1 = 1".to_owned()];
    let mut binds = Vec::new();
    let int = |v: &str| v.trim().parse::<i64>().map_err(|_| AppError::unprocessable(codes::QUERY_INVALID));
    let mut categories = Vec::new();
    for (key, value) in pairs {
        let value = value.trim();
        if value.is_empty() {
            continue;
        }
        match key.as_str() {
            "filter[status_id]" => {
                binds.push(Bind::Int(int(value)?));
                clauses.push(format!("p.status_id = ${}", binds.len()));
            }
            "filter[internal_status_id]" => {
                binds.push(Bind::Int(int(value)?));
                clauses.push(format!("p.internal_status_id = ${}", binds.len()));
            }
            "filter[title]" => {
                binds.push(Bind::Text(contains_pattern(value)));
                clauses.push(contains("p.title", &format!("${}", binds.len())));
            }
            "filter[username]" => {
                binds.push(Bind::Text(contains_pattern(value)));
                clauses.push(contains("u.username", &format!("${}", binds.len())));
            }
            "project_category_id" | "project_category_id[]" | "filter[project_category_id]" => {
                for id in value.split(',') {
                    categories.push(int(id)?);
                }
            }
            _ => {}
        }
    }
    if !categories.is_empty() {
        let mut slots = Vec::new();
        for id in categories {
            binds.push(Bind::Int(id));
            slots.push(format!("${}", binds.len()));
        }
        clauses.push(format!("p.project_category_id IN ({})", slots.join(", ")));
    }
    Ok((clauses.join(" AND "), binds))
}

async fn answer(
    state: &AppState,
    viewer: &CurrentUser,
    path: &str,
    filter: &str,
    binds: &[Bind],
    page: i64,
) -> Result<Json<Page<ProjectView>>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let (rows, total) = store::page(&mut conn, filter, binds, page, PER_PAGE).await?;
    let next_page_url = (page * PER_PAGE < total).then(|| format!("{path}?page={}", page + 1));
    let admin = viewer.is_admin();
    Ok(Json(Page {
        data: rows.into_iter().map(|r| ProjectView::of(r, admin)).collect(),
        current_page: page,
        per_page: PER_PAGE,
        next_page_url,
        total,
    }))
}

/// Projects: all with filters for admins, a client's own, the live ones for designers.
#[utoipa::path(get, path = "/projects", tag = "projects", security(("bearer" = [])),
    params(("page" = Option<i64>, Query, minimum = 1, maximum = 100000), ("filter[status_id]" = Option<i64>, Query), ("filter[title]" = Option<String>, Query),
        ("filter[username]" = Option<String>, Query), ("project_category_id[]" = Option<Vec<i64>>, Query)),
    responses((status = 200, body = Page<ProjectView>), (status = 401, body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    viewer: CurrentUser,
    RawQuery(raw): RawQuery,
) -> Result<Json<Page<ProjectView>>, AppError> {
    let pairs = pairs(raw.as_deref());
    let page = page_of(&pairs)?;
    // The filters are read for everyone, so that what the document forbids is refused
    // whoever asks; only admins' lists apply them.
    let admin = admin_filter(&pairs)?;
    let (filter, binds) = match viewer.user.user_type() {
        UserType::Admin => admin,
        UserType::Client => ("p.created_by = $1".to_owned(), vec![Bind::Int(viewer.id())]),
        UserType::Designer => ("p.status_id = 1".to_owned(), vec![]),
    };
    answer(&state, &viewer, "/projects", &filter, &binds, page).await
}

/// Projects under way (statuses 1-5, not yet completed): a client's own; the ones
/// a designer's bid was approved on (2-5); for admins, all of them.
#[utoipa::path(get, path = "/projects/active", tag = "projects", security(("bearer" = [])), params(("page" = Option<i64>, Query, minimum = 1, maximum = 100000)),
    responses((status = 200, body = Page<ProjectView>), (status = 401, body = ErrorEnvelope)))]
pub async fn active(
    State(state): State<AppState>,
    viewer: CurrentUser,
    RawQuery(raw): RawQuery,
) -> Result<Json<Page<ProjectView>>, AppError> {
    let page = page_of(&pairs(raw.as_deref()))?;
    let (filter, binds) = match viewer.user.user_type() {
        UserType::Admin => ("p.status_id BETWEEN 1 AND 5", vec![]),
        UserType::Client => ("p.created_by = $1 AND p.status_id BETWEEN 1 AND 5", vec![Bind::Int(viewer.id())]),
        UserType::Designer => (
            "p.status_id BETWEEN 2 AND 5 AND EXISTS (SELECT 1 FROM bid ab WHERE ab.id = p.approved_bid_id AND ab.created_by = $1)",
            vec![Bind::Int(viewer.id())],
        ),
    };
    answer(&state, &viewer, "/projects/active", filter, &binds, page).await
}

/// Projects whose timeline ran out, awaiting an admin's verification (status 3, admins).
#[utoipa::path(get, path = "/projects/verify", tag = "projects", security(("bearer" = [])), params(("page" = Option<i64>, Query, minimum = 1, maximum = 100000)),
    responses((status = 200, body = Page<ProjectView>), (status = 403, body = ErrorEnvelope)))]
pub async fn verify(
    State(state): State<AppState>,
    viewer: CurrentUser,
    RawQuery(raw): RawQuery,
) -> Result<Json<Page<ProjectView>>, AppError> {
    viewer.require_admin()?;
    let page = page_of(&pairs(raw.as_deref()))?;
    answer(&state, &viewer, "/projects/verify", "p.status_id = 3", &[], page).await
}

/// Delivered projects whose designers are to be credited (status 5, pending credit; admins).
#[utoipa::path(get, path = "/projects/credit", tag = "projects", security(("bearer" = [])), params(("page" = Option<i64>, Query, minimum = 1, maximum = 100000)),
    responses((status = 200, body = Page<ProjectView>), (status = 403, body = ErrorEnvelope)))]
pub async fn credit(
    State(state): State<AppState>,
    viewer: CurrentUser,
    RawQuery(raw): RawQuery,
) -> Result<Json<Page<ProjectView>>, AppError> {
    viewer.require_admin()?;
    let page = page_of(&pairs(raw.as_deref()))?;
    answer(&state, &viewer, "/projects/credit", "p.status_id = 5", &[], page).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_pairs_are_decoded_and_categories_collected() {
        let pairs = pairs(Some("project_category_id%5B%5D=1&project_category_id[]=2&filter%5Btitle%5D=Logo+X&page=2"));
        assert_eq!(pairs[0], ("project_category_id[]".to_owned(), "1".to_owned()));
        assert_eq!(pairs[2].1, "Logo X");
        assert_eq!(page_of(&pairs).unwrap(), 2);
        let (filter, binds) = admin_filter(&pairs).unwrap();
        assert!(filter.ends_with("p.project_category_id IN ($2, $3)"), "{filter}");
        assert_eq!(binds.len(), 3);
        assert!(admin_filter(&[("filter[status_id]".into(), "x".into())]).is_err());
        assert_eq!(decode("100%"), "100%");
    }
}
