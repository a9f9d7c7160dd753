//! List paging every area's lists share.

use serde::{Deserialize, Serialize};
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

/// `?page=`: which page of a list (the first when absent).
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// 1-based page number.
    pub page: Option<i64>,
}
