//! Marketplace sales (projects doc, section 2: the admin menu's "Marketplace Sales"):
//! every entry whose full rights were bought, newest sale first, with what sold (the
//! entry, its contest, its image), the buyer, the designer, the amount paid and when,
//! and the payment it was paid with. The specification shows the menu entry only; this
//! is what an operator checks a sale against (the buyer's payment, the designer to pay).
//! Filters: one designer, one buyer, a sale date range.

use axum::{extract::State, Json};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{
    accounts::CurrentUser,
    api::loose_id,
    error::{codes, ApiQuery, AppError, ErrorEnvelope, FieldErrors},
    marketplace::store::{self, SaleRow},
    projects::rules::parse_date,
    shared::money::as_dollars,
    shared::page::Page,
    state::AppState,
};

pub const PER_PAGE: i64 = 24;

/// A member of a sale.
#[derive(Debug, Serialize, ToSchema)]
pub struct SaleUser {
    pub id: i64,
    pub username: String,
    pub name: String,
}

/// One sale of full rights.
#[derive(Debug, Serialize, ToSchema)]
pub struct Sale {
    pub contest_entry_id: i64,
    /// The listing's title: what sold.
    pub title: String,
    pub contest_id: i64,
    pub contest_title: String,
    /// The entry's latest image, if it has one.
    pub image_url: Option<String>,
    pub designer: SaleUser,
    pub buyer: SaleUser,
    /// What the buyer paid, whole US dollars (the listing's price when no payment is linked).
    pub amount: f64,
    pub amount_cents: i64,
    /// Milliseconds since the epoch.
    pub sold_at: i64,
    pub payment_transaction_id: Option<i64>,
    /// stripe or paypal.
    pub provider: Option<String>,
    /// The payment's state: paid, or refunded when the money went back.
    pub payment_state: Option<String>,
}

impl From<SaleRow> for Sale {
    fn from(r: SaleRow) -> Self {
        let amount_cents = r.paid_cents.unwrap_or(r.sale_price_cents);
        Self {
            contest_entry_id: r.contest_entry_id,
            title: r.title,
            contest_id: r.contest_id,
            contest_title: r.contest_title,
            image_url: r.file_id.map(|id| format!("/files/{id}/content")),
            designer: SaleUser { id: r.designer_id, username: r.designer_username, name: r.designer_name },
            buyer: SaleUser { id: r.buyer_id, username: r.buyer_username, name: r.buyer_name },
            amount: as_dollars(amount_cents),
            amount_cents,
            sold_at: r.sold_at,
            payment_transaction_id: r.payment_transaction_id,
            provider: r.provider,
            payment_state: r.payment_state,
        }
    }
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SalesQuery {
    #[serde(default, deserialize_with = "crate::shared::page::page_number")]
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    /// One designer's sales.
    #[serde(rename = "filter[designer_id]", default, deserialize_with = "loose_id")]
    #[param(rename = "filter[designer_id]", value_type = Option<i64>)]
    pub designer_id: Option<i64>,
    /// One buyer's purchases.
    #[serde(rename = "filter[buyer_id]", default, deserialize_with = "loose_id")]
    #[param(rename = "filter[buyer_id]", value_type = Option<i64>)]
    pub buyer_id: Option<i64>,
    /// Sold on or after this day (YYYY-MM-DD, UTC).
    #[serde(rename = "filter[from]")]
    #[param(rename = "filter[from]", value_type = Option<crate::api::DayDoc>, inline)]
    pub from: Option<String>,
    /// Sold on or before this day (YYYY-MM-DD, UTC).
    #[serde(rename = "filter[to]")]
    #[param(rename = "filter[to]", value_type = Option<crate::api::DayDoc>, inline)]
    pub to: Option<String>,
}

const DAY_MS: i64 = 86_400_000;

/// Milliseconds at the start of `day` (YYYY-MM-DD, UTC; nothing around it, as declared).
fn day_start_ms(day: &str) -> Option<i64> {
    parse_date(day).map(|days| days * DAY_MS)
}

/// Every sale of full rights in the marketplace, newest first, 24 a page (admins).
#[utoipa::path(get, path = "/admin/marketplace-sales", tag = "admin", params(SalesQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<Sale>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope),
        (status = 422, body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiQuery(query): ApiQuery<SalesQuery>,
) -> Result<Json<Page<Sale>>, AppError> {
    caller.require_admin()?;
    let mut errors = FieldErrors::new();
    let mut day = |field: &'static str, value: &Option<String>| match value.as_deref().filter(|v| !v.trim().is_empty())
    {
        None => None,
        Some(v) => {
            let ms = day_start_ms(v);
            if ms.is_none() {
                errors.add(field, codes::DATE_FORMAT);
            }
            ms
        }
    };
    let from = day("filter[from]", &query.from);
    let to = day("filter[to]", &query.to);
    errors.into_result()?;

    let filter = store::SalesFilter {
        designer_id: query.designer_id,
        buyer_id: query.buyer_id,
        sold_from: from,
        sold_before: to.map(|ms| ms + DAY_MS),
    };
    let page = query.page.unwrap_or(1).max(1);
    let mut conn = state.db.pool.acquire().await?;
    let (total, rows) = store::sales(&mut conn, &filter, PER_PAGE, (page - 1) * PER_PAGE).await?;
    let mut next = format!("/admin/marketplace-sales?page={}", page + 1);
    for (name, value) in [("designer_id", query.designer_id), ("buyer_id", query.buyer_id)] {
        if let Some(v) = value {
            next.push_str(&format!("&filter[{name}]={v}"));
        }
    }
    for (name, value) in [("from", &query.from), ("to", &query.to)] {
        if let Some(v) = value.as_deref().filter(|v| !v.trim().is_empty()) {
            next.push_str(&format!("&filter[{name}]={}", v.trim()));
        }
    }
    Ok(Json(Page {
        data: rows.into_iter().map(Sale::from).collect(),
        current_page: page,
        per_page: PER_PAGE,
        next_page_url: (page * PER_PAGE < total).then_some(next),
        total,
    }))
}
