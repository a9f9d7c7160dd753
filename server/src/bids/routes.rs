//! Placing, listing, reading, withdrawing and approving bids.
//!
//! Only designers bid, once per project, while it is live. The owner and admins see
//! every bid of a project; a designer sees their own (`my-bids`, `GET /bids/{id}`).
//! Approving is the admin's manual approval, or a subscribed owner's free start of a
//! subscription project (card and PayPal approvals belong to the payments area): the
//! bid is approved, the project becomes paid, both parties hear.

use axum::{extract::State, http::StatusCode, Json};
use serde::Deserialize;
use serde_json::json;
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};
use vitrine_protocol::{event_type, BidGone};

use super::{
    access::{visible_bid, BidRef},
    events::{self, on_bid},
    model::BidView,
    store,
    transitions::{BidAction, BID},
};
use crate::{
    accounts::{domain::UserType, CurrentUser},
    api::{loose_id, Data, Message},
    error::{codes, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope, FieldErrors},
    notifications::{notify, texts, NewNotification, Text},
    projects::{
        access::visible,
        events as project_events,
        lifecycle::status_text,
        model::ProjectView,
        notices, queue,
        status::{timeline_ends_at, ProjectStatus},
        store as projects,
    },
    realtime::unit::Unit,
    shared::{page::Page, transitions::Actor},
    state::AppState,
};

const PER_PAGE: i64 = 20;
const MAX_DESCRIPTION: usize = 5000;
const MAX_AMOUNT: i64 = 1_000_000;

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct BidRequest {
    /// Whole US dollars, 1 to 1000000.
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>)]
    pub amount: Option<i64>,
    /// What the designer offers, 1 to 5000 characters.
    pub description: Option<String>,
    /// Files the designer uploaded to show with the bid.
    #[serde(default)]
    pub file_ids: Vec<i64>,
}

async fn view(state: &AppState, bid: super::model::BidRow) -> Result<BidView, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let files = store::files(&mut conn, bid.id).await?;
    Ok(BidView::of(bid, files))
}

/// A designer bids on a live project; its owner is notified (type 11).
#[utoipa::path(post, path = "/projects/{id}/bids", tag = "bids", params(("id" = i64, Path)), request_body = BidRequest, security(("bearer" = [])),
    responses((status = 201, body = Data<BidView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id, user_id = caller.id()))]
pub async fn place(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<BidRequest>,
) -> Result<(StatusCode, Json<Data<BidView>>), AppError> {
    let project = visible(&state, &caller, id).await?;
    if caller.user.user_type() != UserType::Designer {
        return Err(AppError::forbidden(codes::BID_DESIGNERS_ONLY));
    }
    if project.status() != ProjectStatus::Live {
        return Err(AppError::conflict(codes::PROJECT_NOT_LIVE));
    }
    let mut errors = FieldErrors::new();
    match req.amount {
        None => errors.add("amount", codes::REQUIRED),
        Some(amount) if !(1..=MAX_AMOUNT).contains(&amount) => errors.add("amount", codes::BID_AMOUNT_RANGE),
        Some(_) => {}
    }
    let description = req.description.as_deref().map(str::trim).unwrap_or_default();
    if description.is_empty() {
        errors.add("description", codes::REQUIRED);
    } else if description.chars().count() > MAX_DESCRIPTION {
        errors.add("description", codes::TOO_LONG);
    }
    let mut conn = state.db.pool.acquire().await?;
    if !req.file_ids.is_empty()
        && !crate::files::store::foreign_files(&mut conn, caller.id(), &req.file_ids).await?.is_empty()
    {
        errors.add("file_ids", codes::NOT_FOUND_OPTION);
    }
    let existing = store::find_by(&mut conn, id, caller.id()).await?;
    drop(conn);
    if existing.is_some() {
        return Err(AppError::conflict(codes::BID_EXISTS));
    }
    errors.into_result()?;
    let amount_cents = req.amount.unwrap_or(0) * 100;
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    let bid_id = store::insert(&mut tx, id, caller.id(), amount_cents, description, &req.file_ids, now).await?;
    let bid = store::find(&mut *tx, bid_id).await?.ok_or_else(|| anyhow::anyhow!("bid {bid_id} vanished"))?;
    let files = store::files(&mut tx, bid_id).await?;
    let bid = BidView::of(bid, files);
    on_bid(&mut tx, bid_id, event_type::BID_CREATED, &bid, now).await?;
    events::count_on_project(&mut tx, id, bid_id, event_type::BID_CREATED, now).await?;
    let n = NewNotification {
        user_id: project.created_by,
        kind: notices::NEW_BID,
        created_by: Some(caller.id()),
        trigger_entity_id: Some(bid_id),
        text: Text::new(
            texts::BID_CREATED,
            json!({"username": caller.user.username, "amount": bid.amount, "project": project.title}),
        ),
        data: json!({"project_id": id, "bid_id": bid_id}),
    };
    notify(&mut tx, n, now).await?;
    tx.commit().await?;
    tracing::info!(bid_id, "bid placed");
    Ok((StatusCode::CREATED, Json(Data::new(bid))))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BidListQuery {
    #[serde(default, deserialize_with = "crate::shared::page::page_number")]
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    /// `amount`, `-amount`, `created_at` or `-created_at` (newest first, the default).
    #[param(pattern = r"^(amount|-amount|created_at|-created_at)?$")]
    pub sort: Option<String>,
    /// Only bidders whose username contains this (any case).
    #[serde(rename = "filter[username]")]
    #[param(rename = "filter[username]")]
    pub username: Option<String>,
}

/// The bids on a project (its owner and admins).
#[utoipa::path(get, path = "/projects/{id}/bids", tag = "bids", params(("id" = i64, Path), BidListQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<BidView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<BidListQuery>,
) -> Result<Json<Page<BidView>>, AppError> {
    let project = visible(&state, &caller, id).await?;
    if !caller.is_admin() && caller.id() != project.created_by {
        return Err(AppError::forbidden(codes::BID_LIST_FORBIDDEN));
    }
    let order =
        store::order_by(query.sort.as_deref()).ok_or_else(|| AppError::field("sort", codes::NOT_FOUND_OPTION))?;
    let page = query.page.unwrap_or(1).max(1);
    let username = query.username.as_deref().map(str::trim).filter(|u| !u.is_empty());
    let mut conn = state.db.pool.acquire().await?;
    let (rows, total) = store::page(&mut conn, id, username, order, page, PER_PAGE).await?;
    drop(conn);
    let mut data = Vec::with_capacity(rows.len());
    for row in rows {
        data.push(view(&state, row).await?);
    }
    let next_page_url = (page * PER_PAGE < total).then(|| format!("/projects/{id}/bids?page={}", page + 1));
    Ok(Json(Page { data, current_page: page, per_page: PER_PAGE, next_page_url, total }))
}

/// The caller's own bids on a project (designers): at most one.
#[utoipa::path(get, path = "/projects/{id}/my-bids", tag = "bids", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<BidView>>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn my_bids(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<Vec<BidView>>>, AppError> {
    visible(&state, &caller, id).await?;
    if caller.user.user_type() != UserType::Designer {
        return Err(AppError::forbidden(codes::BID_DESIGNERS_ONLY));
    }
    let mut conn = state.db.pool.acquire().await?;
    let mine = store::find_by(&mut conn, id, caller.id()).await?;
    drop(conn);
    let mut data = Vec::new();
    if let Some(bid) = mine {
        data.push(view(&state, bid).await?);
    }
    Ok(Json(Data::new(data)))
}

/// One bid (the project's owner, the bidder, admins).
#[utoipa::path(get, path = "/bids/{bidId}", tag = "bids", params(("bidId" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<BidView>), (status = 404, body = ErrorEnvelope)))]
pub async fn show(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(bid_id): ApiPath<i64>,
) -> Result<Json<Data<BidView>>, AppError> {
    let found = visible_bid(&state, &caller, bid_id, None).await?;
    Ok(Json(Data::new(view(&state, found.bid).await?)))
}

/// Withdraws a bid (the bidder) or removes it (admins); an approved bid stays, a queued
/// one takes its project out of the queue. The owner is told (type 19) and watchers of
/// the project see the new count.
#[utoipa::path(delete, path = "/bids/{bidId}", tag = "bids", params(("bidId" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(bid_id))]
pub async fn delete(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(bid_id): ApiPath<i64>,
) -> Result<Json<Message>, AppError> {
    let BidRef { bid, project } = visible_bid(&state, &caller, bid_id, None).await?;
    // Its designer withdraws it, an admin removes it (`transitions::BID`); nobody else.
    let action = match caller.id() == bid.bidder.id {
        true => BidAction::Withdraw,
        false => BidAction::Remove,
    };
    let actor = match (caller.id() == bid.bidder.id, caller.is_admin()) {
        (true, _) => Actor::Designer,
        (false, true) => Actor::Admin,
        (false, false) => Actor::Owner,
    };
    if !BID.may(action, actor) {
        return Err(AppError::forbidden(codes::BID_DELETE_FORBIDDEN));
    }
    if BID.next(action, bid.status_id).is_none() {
        return Err(AppError::conflict(codes::BID_APPROVED));
    }
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    if !store::delete(&mut tx, bid_id).await? {
        return Err(AppError::conflict(codes::BID_APPROVED));
    }
    let gone = BidGone { id: bid_id, project_id: project.id };
    on_bid(&mut tx, bid_id, event_type::BID_DELETED, &gone, now).await?;
    events::count_on_project(&mut tx, project.id, bid_id, event_type::BID_DELETED, now).await?;
    // The bid waiting in the owner's queue is gone: the project leaves the queue.
    if project.queued_bid_id == Some(bid_id) {
        queue::leave(&mut tx, project.id, now).await?;
    }
    if caller.id() != project.created_by {
        let n = NewNotification {
            user_id: project.created_by,
            kind: notices::BID_WITHDRAWN,
            created_by: Some(caller.id()),
            trigger_entity_id: Some(bid_id),
            text: Text::new(texts::BID_WITHDRAWN, json!({"username": bid.bidder.username, "project": project.title})),
            data: json!({"project_id": project.id, "bid_id": bid_id}),
        };
        notify(&mut tx, n, now).await?;
    }
    tx.commit().await?;
    Ok(Json(Message::new("Bid deleted")))
}

/// An admin approves a bid by hand (card payment will do the same), or a subscribed
/// owner approves one on a subscription project (free): the bid is approved, the live
/// project becomes active and assigned (1 -> 2) and its timeline starts
/// (`timeline_ends_at`, the timers are woken to look at it); the bidder (type 14) and
/// the owner (type 15) are told. While another subscription project of the owner's is
/// under way (2-5) the choice waits in their queue instead (`projects::queue`): the
/// answer is the project still live with its `queued_bid_id`, and it starts when the
/// one under way is completed.
#[utoipa::path(post, path = "/projects/{id}/approve/manually/{bidId}", tag = "bids", params(("id" = i64, Path), ("bidId" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = Data<ProjectView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(project_id = id, bid_id))]
pub async fn approve(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath((id, bid_id)): ApiPath<(i64, i64)>,
) -> Result<Json<Data<ProjectView>>, AppError> {
    let BidRef { bid, project } = visible_bid(&state, &caller, bid_id, Some(id)).await?;
    if !caller.is_admin() {
        crate::projects::queue::may_start_project_free(&caller.user, &project)?;
    }
    if project.status() != ProjectStatus::Live {
        return Err(AppError::conflict(codes::PROJECT_NOT_LIVE));
    }
    if BID.next(BidAction::Approve, bid.status_id).is_none() {
        return Err(AppError::conflict(codes::BID_APPROVED));
    }
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    if !caller.is_admin() && queue::under_way(&mut tx, project.created_by, project.id).await? {
        let queued = queue::enqueue(&mut tx, &project, bid.id, now).await?;
        tx.commit().await?;
        return Ok(Json(Data::new(ProjectView::of(queued, false))));
    }
    let (active, ends_at) = approve_in(&mut tx, &project, &bid, Some(caller.id()), now).await?;
    tx.commit().await?;
    // A timeline deadline was scheduled: let the timers look again.
    if ends_at.is_some() {
        state.realtime.wake_timers().await;
    }
    Ok(Json(Data::new(ProjectView::of(active, caller.is_admin()))))
}

/// Approves `bid` inside the caller's transaction: the bid is approved, the live
/// project becomes active and assigned (1 -> 2) with its timeline deadline, and the
/// bidder (type 14) and the owner (type 15) are told. `by` is the admin who approved
/// by hand, None for a card payment. Answers the project as it is now and the timeline
/// deadline (the timers must look again).
pub async fn approve_in(
    unit: &mut Unit,
    project: &crate::projects::model::ProjectRow,
    bid: &super::model::BidRow,
    by: Option<i64>,
    now: i64,
) -> Result<(crate::projects::model::ProjectRow, Option<i64>), AppError> {
    let (id, bid_id) = (project.id, bid.id);
    let subscription = project.is_subscription == 1;
    let ends_at = timeline_ends_at(now, project.timeline, project.timeline_range_end.as_deref(), subscription);
    if !projects::approve(unit, id, bid_id, ends_at, now).await? {
        return Err(AppError::conflict(codes::PROJECT_NOT_LIVE));
    }
    let action = if by.is_some() { BidAction::Approve } else { BidAction::Pay };
    let to = BID.next(action, bid.status_id).ok_or_else(|| AppError::conflict(codes::BID_APPROVED))?;
    store::set_status(unit, bid_id, to, now).await?;
    let approved = store::find(&mut **unit, bid_id).await?.ok_or_else(|| AppError::not_found(codes::BID_NOT_FOUND))?;
    let files = store::files(unit, bid_id).await?;
    let active = projects::find(&mut **unit, id).await?.ok_or_else(|| AppError::not_found(codes::PROJECT_NOT_FOUND))?;
    on_bid(unit, bid_id, event_type::BID_UPDATED, &BidView::of(approved, files), now).await?;
    project_events::status_changed(unit, &active, now).await?;
    let data = json!({"project_id": id, "bid_id": bid_id});
    let tells = [
        (bid.bidder.id, notices::BID_APPROVED, Text::new(texts::BID_APPROVED, json!({"project": project.title}))),
        (project.created_by, notices::STATUS_CHANGED, status_text(&project.title, ProjectStatus::Active)),
    ];
    for (user_id, kind, text) in tells {
        let n = NewNotification {
            user_id,
            kind,
            created_by: by,
            trigger_entity_id: Some(bid_id),
            text,
            data: data.clone(),
        };
        notify(unit, n, now).await?;
    }
    Ok((active, ends_at))
}
