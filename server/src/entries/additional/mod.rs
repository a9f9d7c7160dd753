//! Additional entries: the contest holder buys a design besides the winner's.
//!
//! A purchase walks 1 requested -> 2 paid -> 3 files uploaded -> 4 credited. Paying is
//! the payments area's (a card payment, or an admin recording a manual transaction
//! through `PATCH .../contest-statuses`); the designer is told when it is paid (type 8)
//! and uploads the final files through the same `POST .../artworks` as a winner, which
//! tells the holder (type 10).
//!
//! - `POST /contests/{id}/additional-entries`: the holder asks to buy an entry.
//! - `GET /contests/additional-entries`: admins see every purchase, a client theirs, a
//!   designer the ones of their designs.
//! - `PATCH /contests/{id}/additional-entries/{entryId}/contest-statuses`: admins.
//! - [`payable`]: the purchase as the payments area sells it; [`payment_routes`]: its
//!   payment routes (`/contests/{id}/entries/{entryId}/payments/...`).

pub mod payable;
pub mod payment_routes;
pub mod store;

use axum::{extract::State, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use serde_json::json;
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};

use super::{model::EntryRow, model::EntryStatus, visible_entry};
use crate::{
    accounts::{domain::UserType, CurrentUser},
    api::{loose_id, Data},
    contests::{self, model::ContestRow, status::ContestStatus},
    error::{codes, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope},
    notifications::{notify, texts, NewNotification, NotificationType, Text},
    payments,
    realtime::unit::Unit,
    shared::page::Page,
    state::AppState,
};
use store::{Filter, Party};

pub const PER_PAGE: i64 = 48;

/// `additional_entry.status_id`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AdditionalStatus {
    Requested = 1,
    Paid = 2,
    Uploaded = 3,
    Credited = 4,
}

impl AdditionalStatus {
    pub fn id(self) -> i64 {
        self as i64
    }

    fn name_of(id: i64) -> &'static str {
        match id {
            1 => "requested",
            2 => "paid",
            3 => "uploaded",
            _ => "credited",
        }
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AdditionalRow {
    pub id: i64,
    pub contest_id: i64,
    pub contest_title: String,
    pub contest_entry_id: i64,
    pub entry_number: i64,
    pub client_id: i64,
    pub designer_id: i64,
    pub designer_username: String,
    pub amount_cents: i64,
    pub status_id: i64,
    pub paid_at: Option<i64>,
    pub uploaded_at: Option<i64>,
    pub credited_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

/// A purchase as the API shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AdditionalEntryView {
    pub id: i64,
    pub contest_id: i64,
    pub contest_title: String,
    pub contest_entry_id: i64,
    /// `#n` of the entry in its contest.
    pub entry_number: i64,
    pub client_id: i64,
    pub designer_id: i64,
    pub designer_username: String,
    /// Whole dollars, as the specification's amounts.
    pub amount: i64,
    pub amount_cents: i64,
    pub status_id: i64,
    /// requested, paid, uploaded or credited.
    pub status: &'static str,
    pub paid_at: Option<i64>,
    pub uploaded_at: Option<i64>,
    pub credited_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

impl From<AdditionalRow> for AdditionalEntryView {
    fn from(row: AdditionalRow) -> Self {
        Self {
            id: row.id,
            contest_id: row.contest_id,
            contest_title: row.contest_title,
            contest_entry_id: row.contest_entry_id,
            entry_number: row.entry_number,
            client_id: row.client_id,
            designer_id: row.designer_id,
            designer_username: row.designer_username,
            amount: row.amount_cents / 100,
            amount_cents: row.amount_cents,
            status_id: row.status_id,
            status: AdditionalStatus::name_of(row.status_id),
            paid_at: row.paid_at,
            uploaded_at: row.uploaded_at,
            credited_at: row.credited_at,
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = AdditionalDesignPurchaseRequest)]
pub struct PurchaseRequest {
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub contest_entry_id: Option<i64>,
}

/// The holder asks to buy an entry other than the winner's, once the submission
/// period is over. The purchase waits for payment (status 1).
#[utoipa::path(post, path = "/contests/{id}/additional-entries", tag = "entries", params(("id" = i64, Path)),
    request_body = PurchaseRequest, security(("bearer" = [])),
    responses((status = 201, body = Data<AdditionalEntryView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = id))]
pub async fn purchase(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<PurchaseRequest>,
) -> Result<(StatusCode, Json<Data<AdditionalEntryView>>), AppError> {
    let contest = contests::launch::owned(&state, &caller, id).await?;
    let entry_id = req.contest_entry_id.ok_or_else(|| AppError::field("contest_entry_id", codes::REQUIRED))?;
    if contest.status() < ContestStatus::Deciding {
        return Err(AppError::conflict(codes::ADDITIONAL_NOT_OPEN));
    }
    let entry = purchasable(&state, &caller, &contest, entry_id).await?;
    let now = state.now_ms();
    let mut conn = state.db.pool.acquire().await?;
    // The price of an additional design (contests doc, section 9: default 100), as
    // `GET /payments/prices` shows it.
    let price = payments::prices::amount_cents(&mut *conn, payments::prices::code::ADDITIONAL_DESIGN).await?;
    store::insert(&mut conn, contest.id, entry.id, caller.id(), entry.created_by, price, now)
        .await?
        .ok_or_else(|| AppError::conflict(codes::ADDITIONAL_EXISTS))?;
    let row =
        store::find_by_entry(&mut conn, contest.id, entry.id).await?.ok_or_else(|| anyhow::anyhow!("vanished"))?;
    Ok((StatusCode::CREATED, Json(Data::new(row.into()))))
}

/// An entry of `contest` the holder may buy: not withdrawn, not the winner.
async fn purchasable(
    state: &AppState,
    caller: &CurrentUser,
    contest: &ContestRow,
    entry_id: i64,
) -> Result<EntryRow, AppError> {
    let entry = visible_entry(state, Some(caller), contest, entry_id)
        .await
        .map_err(|_| AppError::field("contest_entry_id", codes::NOT_FOUND_OPTION))?;
    if entry.status_id == EntryStatus::Withdrawn.id() {
        return Err(AppError::field("contest_entry_id", codes::NOT_FOUND_OPTION));
    }
    if entry.is_winner != 0 {
        return Err(AppError::field("contest_entry_id", codes::ADDITIONAL_WINNER));
    }
    Ok(entry)
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    #[serde(default, deserialize_with = "crate::shared::page::page_number")]
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    /// 1 requested, 2 paid, 3 uploaded, 4 credited.
    #[serde(default, rename = "filter[status_id]", deserialize_with = "loose_id")]
    #[param(rename = "filter[status_id]", value_type = Option<i64>, minimum = 1, maximum = 4)]
    pub status_id: Option<i64>,
    #[serde(default, rename = "filter[contest_id]", deserialize_with = "loose_id")]
    #[param(rename = "filter[contest_id]", value_type = Option<i64>)]
    pub contest_id: Option<i64>,
}

/// Purchases of additional entries, newest first, 48 a page: admins see all, a client
/// what they bought, a designer what was bought of theirs.
#[utoipa::path(get, path = "/contests/additional-entries", tag = "entries", params(ListQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<AdditionalEntryView>), (status = 401, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<Page<AdditionalEntryView>>, AppError> {
    let party = match caller.user.user_type() {
        _ if caller.is_admin() => Party::All,
        UserType::Designer => Party::Designer(caller.id()),
        _ => Party::Client(caller.id()),
    };
    if query.status_id.is_some_and(|s| !(1..=4).contains(&s)) {
        return Err(AppError::field("filter[status_id]", codes::NOT_FOUND_OPTION));
    }
    let filter = Filter { party, status_id: query.status_id, contest_id: query.contest_id };
    let page = query.page.unwrap_or(1).max(1);
    let mut conn = state.db.pool.acquire().await?;
    let (rows, total) = store::page(&mut conn, &filter, page, PER_PAGE).await?;
    let next_page_url = (page * PER_PAGE < total).then(|| format!("/contests/additional-entries?page={}", page + 1));
    Ok(Json(Page {
        data: rows.into_iter().map(AdditionalEntryView::from).collect(),
        current_page: page,
        per_page: PER_PAGE,
        next_page_url,
        total,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = AdditionalDesignStatusChange)]
pub struct StatusChange {
    /// 2 paid (a manual transaction) or 4 credited.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(required = true, value_type = AdditionalStatusDoc, inline)]
    pub status_id: Option<i64>,
}

crate::api::enum_doc!(
    /// What an admin sets an additional design to: 2 paid or 4 credited.
    pub AdditionalStatusDoc: i64 = [2_i64, 4]
);

/// An admin records a purchase as paid (1 -> 2, a manual transaction; the designer is
/// told) or credits the designer once the files are in (3 -> 4).
#[utoipa::path(patch, path = "/contests/{id}/additional-entries/{entryId}/contest-statuses", tag = "entries",
    params(("id" = i64, Path), ("entryId" = i64, Path)), request_body = StatusChange, security(("bearer" = [])),
    responses((status = 200, body = Data<AdditionalEntryView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(contest_id = ids.0, entry_id = ids.1))]
pub async fn set_status(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(ids): ApiPath<(i64, i64)>,
    ApiJson(req): ApiJson<StatusChange>,
) -> Result<Json<Data<AdditionalEntryView>>, AppError> {
    caller.require_admin()?;
    let to = match req.status_id {
        None => return Err(AppError::field("status_id", codes::REQUIRED)),
        Some(2) => AdditionalStatus::Paid,
        Some(4) => AdditionalStatus::Credited,
        Some(_) => return Err(AppError::field("status_id", codes::NOT_FOUND_OPTION)),
    };
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    let row = store::find_by_entry(&mut tx, ids.0, ids.1)
        .await?
        .ok_or_else(|| AppError::not_found(codes::ADDITIONAL_NOT_FOUND))?;
    match to {
        AdditionalStatus::Paid => {
            paid(&mut tx, &row, now).await?;
            // The money came outside Vitrine: a manual transaction of the design's price,
            // paid by the contest's holder, on their transactions and invoice.
            let quote = payable::manual_quote(&row);
            payments::manual::record(&mut tx, row.client_id, payable::KIND.name, &quote, now).await?;
        }
        _ => {
            let from = AdditionalStatus::Uploaded.id();
            if !store::transition(&mut tx, row.id, from, to.id(), now).await? {
                return Err(AppError::conflict(codes::ADDITIONAL_STATUS_CHANGE));
            }
            // Credited: the designer is owed the price its payment held for them.
            let work = payable::work(&row);
            let held = payments::ledger::Funding::Held(work.clone());
            payments::ledger::credit(&mut tx, row.designer_id, &work, row.amount_cents, held, now).await?;
            payments::ledger::announce(&mut tx, row.designer_id, now).await?;
        }
    }
    let row = store::find_by_entry(&mut tx, ids.0, ids.1).await?.ok_or_else(|| anyhow::anyhow!("vanished"))?;
    tx.commit().await?;
    Ok(Json(Data::new(row.into())))
}

/// Marks a requested purchase paid and tells the designer (type 8), inside the
/// payer's transaction; the payments area calls this when a card payment succeeds.
pub async fn paid(unit: &mut Unit, row: &AdditionalRow, now: i64) -> Result<(), AppError> {
    let (from, to) = (AdditionalStatus::Requested.id(), AdditionalStatus::Paid.id());
    if !store::transition(unit, row.id, from, to, now).await? {
        return Err(AppError::conflict(codes::ADDITIONAL_STATUS_CHANGE));
    }
    let notification = NewNotification {
        user_id: row.designer_id,
        kind: NotificationType::AdditionalEntry,
        created_by: Some(row.client_id),
        trigger_entity_id: Some(row.contest_entry_id),
        text: Text::new(texts::ADDITIONAL_BOUGHT, json!({"number": row.entry_number, "contest": row.contest_title})),
        data: json!({"contest_id": row.contest_id, "contest_entry_id": row.contest_entry_id, "additional_entry_id": row.id}),
    };
    Ok(notify(unit, notification, now).await?)
}

/// The designer delivered the final files of a paid additional entry (2 -> 3): the
/// holder is told (type 10). False when the entry is not a paid additional entry.
pub async fn delivered(
    unit: &mut Unit,
    contest: &ContestRow,
    entry: &EntryRow,
    designer: &CurrentUser,
    now: i64,
) -> Result<bool, AppError> {
    let Some(row) = store::find_by_entry(unit, contest.id, entry.id).await? else {
        return Ok(false);
    };
    let (from, to) = (AdditionalStatus::Paid.id(), AdditionalStatus::Uploaded.id());
    if !store::transition(unit, row.id, from, to, now).await? {
        return Ok(false);
    }
    let notification = NewNotification {
        user_id: row.client_id,
        kind: NotificationType::Uploaded,
        created_by: Some(designer.id()),
        trigger_entity_id: Some(entry.id),
        text: Text::new(
            texts::ADDITIONAL_UPLOADED,
            json!({"username": designer.user.username, "number": row.entry_number, "contest": row.contest_title}),
        ),
        data: json!({"contest_id": row.contest_id, "contest_entry_id": entry.id, "additional_entry_id": row.id}),
    };
    notify(unit, notification, now).await?;
    Ok(true)
}
