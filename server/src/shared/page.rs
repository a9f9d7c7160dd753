//! List paging every area's lists share.

use serde::{de::Error as _, Deserialize, Deserializer, Serialize};
use utoipa::{IntoParams, ToSchema};

/// A page of a list: `data, current_page, next_page_url, total` (contests doc, section 3).
#[derive(Debug, Serialize, ToSchema)]
pub struct Page<T> {
    pub data: Vec<T>,
    pub current_page: i64,
    pub per_page: i64,
    pub next_page_url: Option<String>,
    pub total: i64,
}

/// The highest `?page=` a list reads: far past any list's end, and low enough that
/// `(page - 1) * per_page` cannot overflow. The lists' query parameters declare it as their
/// `maximum` (the attribute takes a literal: keep `100000` there in step with this).
pub const MAX_PAGE: i64 = 100_000;

/// Reads `?page=`: an integer from 1 to [`MAX_PAGE`] (as a number or its decimal text), or
/// absent. Anything else is a `request.query_invalid` answer, as the document declares.
pub fn page_number<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<i64>, D::Error> {
    bounded(deserializer, "page", MAX_PAGE)
}

/// The most rows any list answers at once; a list's `?per_page=` declares it as its `maximum`.
pub const MAX_PER_PAGE: i64 = 100;

/// Reads `?per_page=`: an integer from 1 to [`MAX_PER_PAGE`], or absent. More is refused, not
/// quietly read as the maximum: the document declares the bound, and an answer shorter than
/// what was asked for would read as the end of the list.
pub fn per_page_number<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<i64>, D::Error> {
    bounded(deserializer, "per_page", MAX_PER_PAGE)
}

/// An integer query value from 1 to `max` (as a number or its decimal text), or absent.
fn bounded<'de, D: Deserializer<'de>>(deserializer: D, name: &str, max: i64) -> Result<Option<i64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Int(i64),
        Text(String),
    }
    let value = match Option::<Raw>::deserialize(deserializer)? {
        None => return Ok(None),
        Some(Raw::Int(i)) => Some(i),
        Some(Raw::Text(s)) => s.trim().parse::<i64>().ok(),
    };
    match value {
        Some(value) if (1..=max).contains(&value) => Ok(Some(value)),
        _ => Err(D::Error::custom(format!("{name} must be an integer from 1 to {max}"))),
    }
}

/// `?page=`: which page of a list (the first when absent).
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// 1-based page number.
    #[serde(default, deserialize_with = "crate::shared::page::page_number")]
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// As the handlers read it: axum's query extractor.
    fn page_of(query: &str) -> Result<Option<i64>, axum::extract::rejection::QueryRejection> {
        #[derive(Deserialize)]
        struct Q {
            #[serde(default, deserialize_with = "page_number")]
            page: Option<i64>,
        }
        let uri: axum::http::Uri = format!("/list?{query}").parse().unwrap();
        axum::extract::Query::<Q>::try_from_uri(&uri).map(|q| q.0.page)
    }

    #[test]
    fn a_page_is_read_from_one_to_the_maximum() {
        assert_eq!(page_of("").unwrap(), None);
        assert_eq!(page_of("page=1").unwrap(), Some(1));
        assert_eq!(page_of("page=100000").unwrap(), Some(MAX_PAGE));
        for bad in ["page=0", "page=-3", "page=100001", "page=9223372036854775807", "page=two"] {
            assert!(page_of(bad).is_err(), "{bad} should be refused");
        }
    }
}
