//! Reading conversations: the caller's list (all, with clients, with creatives), one
//! conversation, the unread counters, marking read (the thread model's read state,
//! [`crate::threads::read_state`]), and deleting a message on the caller's side.
//!
//! Every path is the caller's own view: `/messages/users/{id}` is the caller's
//! conversation with user `id`, so a third user only ever sees their own (usually
//! empty) conversation and never anyone else's messages.

use axum::{extract::State, Json};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};

use super::{
    model::{ConversationView, MessageView},
    store,
};
use crate::{
    accounts::{domain::UserType, store::find_user, CurrentUser},
    api::{loose_id, Data, Message},
    error::{codes, ApiPath, ApiQuery, AppError, ErrorEnvelope},
    notifications::badges,
    shared::page::{Page, PageQuery},
    state::AppState,
    threads::read_state::{self, Marked, Reading},
};

pub const PER_PAGE: i64 = 20;

fn page_of(query: &PageQuery) -> i64 {
    query.page.unwrap_or(1).max(1)
}

async fn conversations(
    state: &AppState,
    caller: &CurrentUser,
    with: Option<UserType>,
    path: &str,
    page: i64,
) -> Result<Json<Page<ConversationView>>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let (rows, total) = store::conversations(&mut conn, caller.id(), with.map(UserType::id), page, PER_PAGE).await?;
    Ok(Json(Page {
        data: rows.into_iter().map(ConversationView::from).collect(),
        current_page: page,
        per_page: PER_PAGE,
        next_page_url: (page * PER_PAGE < total).then(|| format!("{path}?page={}", page + 1)),
        total,
    }))
}

/// The caller's conversations, 20 a page, the one with the newest message first.
#[utoipa::path(get, path = "/messages/users", tag = "messages", params(PageQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<ConversationView>), (status = 401, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = caller.id()))]
pub async fn list(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<Page<ConversationView>>, AppError> {
    conversations(&state, &caller, None, "/messages/users", page_of(&query)).await
}

/// The caller's conversations with clients, as `/messages/users`.
#[utoipa::path(get, path = "/messages/clients", tag = "messages", params(PageQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<ConversationView>), (status = 401, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = caller.id()))]
pub async fn clients(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<Page<ConversationView>>, AppError> {
    conversations(&state, &caller, Some(UserType::Client), "/messages/clients", page_of(&query)).await
}

/// The caller's conversations with creatives (designers), as `/messages/users`.
#[utoipa::path(get, path = "/messages/creatives", tag = "messages", params(PageQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<ConversationView>), (status = 401, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = caller.id()))]
pub async fn creatives(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<Page<ConversationView>>, AppError> {
    conversations(&state, &caller, Some(UserType::Designer), "/messages/creatives", page_of(&query)).await
}

/// The caller's conversation with user `id`, 20 a page, NEWEST FIRST: page 1 is what a
/// chat shows on opening, later pages go back in time as the reader scrolls up.
/// Messages the caller deleted are left out. 404 when the user does not exist.
#[utoipa::path(get, path = "/messages/users/{id}", tag = "messages", params(("id" = i64, Path), PageQuery),
    security(("bearer" = [])),
    responses((status = 200, body = Page<MessageView>), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = caller.id(), other_id = id))]
pub async fn thread(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<Page<MessageView>>, AppError> {
    let page = page_of(&query);
    let mut conn = state.db.pool.acquire().await?;
    if find_user(&mut *conn, id).await?.is_none() {
        return Err(AppError::not_found(codes::USER_NOT_FOUND));
    }
    let (rows, total) = store::thread(&mut conn, caller.id(), id, page, PER_PAGE).await?;
    Ok(Json(Page {
        data: rows.into_iter().map(MessageView::from).collect(),
        current_page: page,
        per_page: PER_PAGE,
        next_page_url: (page * PER_PAGE < total).then(|| format!("/messages/users/{id}?page={}", page + 1)),
        total,
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UnreadQuery {
    /// Count only the messages from this user.
    #[serde(rename = "filter[user_id]", default, deserialize_with = "loose_id")]
    #[param(rename = "filter[user_id]", value_type = Option<i64>)]
    pub user_id: Option<i64>,
}

/// Unread messages from one correspondent.
#[derive(Debug, Serialize, ToSchema)]
pub struct UnreadFrom {
    pub user_id: i64,
    pub count: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UnreadCounters {
    /// All unread messages (the header's badge).
    pub count: i64,
    /// Per conversation, by the other user's id; conversations with none unread are left out.
    pub conversations: Vec<UnreadFrom>,
}

/// The caller's unread messages: the total and per conversation.
#[utoipa::path(get, path = "/messages/unread", tag = "messages", params(UnreadQuery), security(("bearer" = [])),
    responses((status = 200, body = Data<UnreadCounters>), (status = 401, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = caller.id()))]
pub async fn unread(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiQuery(query): ApiQuery<UnreadQuery>,
) -> Result<Json<Data<UnreadCounters>>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let counts = store::unread_counts(&mut conn, caller.id(), query.user_id).await?;
    let conversations: Vec<UnreadFrom> =
        counts.into_iter().map(|(user_id, count)| UnreadFrom { user_id, count }).collect();
    let count = conversations.iter().map(|c| c.count).sum();
    Ok(Json(Data::new(UnreadCounters { count, conversations })))
}

/// What marking a conversation read did.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReadAnswer {
    pub message: String,
    /// How many messages went from unread to read.
    pub marked: u64,
    /// The newest message now read, when any was marked.
    pub up_to: Option<i64>,
}

/// Marks read everything user `id` sent the caller. The sender learns it from a
/// `message.read` event `{by, up_to}` on their `user:` channel; the caller's other tabs
/// from a `badge` event. A message already read keeps its `read_at`.
#[utoipa::path(put, path = "/messages/users/{id}/read", tag = "messages", params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = ReadAnswer), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = caller.id(), other_id = id))]
pub async fn mark_read(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<ReadAnswer>, AppError> {
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    if find_user(&mut *tx, id).await?.is_none() {
        return Err(AppError::not_found(codes::USER_NOT_FOUND));
    }
    let reading = Reading { table: store::READ, reader: caller.id(), writer: id };
    let Marked { marked, up_to } = read_state::mark_read(&mut tx, &reading, now).await?;
    if up_to.is_some() {
        badges::changed(&mut tx, caller.id(), now).await?;
    }
    tx.commit().await?;
    Ok(Json(ReadAnswer { message: "Messages marked as read".into(), marked, up_to }))
}

/// Deletes a message on the caller's side only: the other party still sees it.
/// 404 for a message that is not the caller's (or that they already deleted).
#[utoipa::path(delete, path = "/messages/{id}", tag = "messages", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = caller.id(), message_id = id))]
pub async fn delete(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Message>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    if !store::delete_for(&mut conn, caller.id(), id, state.now_ms()).await? {
        return Err(AppError::not_found(codes::MESSAGE_NOT_FOUND));
    }
    Ok(Json(Message::new("Message deleted")))
}
