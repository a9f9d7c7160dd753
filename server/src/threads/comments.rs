//! A thread's comments: a page of them, writing one, deleting one (soft).
//!
//! The area implements [`CommentThread`] for what the thread hangs on, with its rules
//! (who may write and delete), its channels and its notification; these functions
//! keep the order every thread follows: the area's permission, then the text's rules,
//! then one transaction with the comment, its event and the notification, then the
//! events published after commit.

use std::future::Future;

use axum::{http::StatusCode, Json};
use serde::Serialize;
use sqlx::AnyConnection;
use vitrine_protocol::{event_type, Channel};

use super::{
    events::append_all,
    model::{Row, Written},
    rules::checked_comment,
    store::{self, CommentTable},
};
use crate::{
    accounts::CurrentUser,
    api::{Data, Message},
    error::{codes, AppError},
    notifications::{notify, NewNotification},
    shared::page::Page,
    state::AppState,
};

/// What a comment thread hangs on, as its area sees it.
pub trait CommentThread {
    /// A comment as read (see [`crate::comment_view!`]).
    type Comment: Row + Written;
    /// A comment as the API and the events show it: most areas show the row as read.
    type View: Serialize + Send;
    /// Where the comments are kept.
    const TABLE: CommentTable;
    /// Comments a page.
    const PER_PAGE: i64 = 20;
    /// The event a new comment is.
    const CREATED: &'static str = event_type::COMMENT_CREATED;

    /// The thing's id, and the sub-thread's (None: the thing's own thread).
    fn keys(&self) -> (i64, Option<i64>);
    /// The list's path, for `next_page_url`.
    fn path(&self) -> String;
    /// Where events about the thread go.
    fn channels(&self) -> Vec<Channel>;
    /// Whether `caller` may write here (beyond reading).
    fn may_write(&self, caller: &CurrentUser) -> Result<(), AppError>;
    /// Whether `caller` may delete a comment `author` wrote.
    fn may_delete(&self, caller: &CurrentUser, author: i64) -> Result<(), AppError>;
    /// Whom to tell of `comment`, which `caller` just wrote.
    fn notice(&self, caller: &CurrentUser, comment: &Self::Comment) -> Option<NewNotification>;
    /// The comments as shown, read within `conn`'s transaction when there is one.
    fn shown(
        &self,
        conn: &mut AnyConnection,
        comments: Vec<Self::Comment>,
    ) -> impl Future<Output = Result<Vec<Self::View>, sqlx::Error>> + Send;
}

/// The `comment.deleted` payload: the comment as it was, and when it went.
#[derive(Debug, Serialize)]
struct DeletedComment<'a, C> {
    #[serde(flatten)]
    comment: &'a C,
    deleted_at: i64,
}

/// Page `page` (1 when absent or below) of the thread's comments.
pub async fn list<T: CommentThread>(
    state: &AppState,
    thread: &T,
    page: Option<i64>,
) -> Result<Json<Page<T::View>>, AppError> {
    let page = page.unwrap_or(1).max(1);
    let (parent, child) = thread.keys();
    let mut conn = state.db.pool.acquire().await?;
    let (rows, total) = store::comment_page(&mut conn, &T::TABLE, parent, child, page, T::PER_PAGE).await?;
    let data = thread.shown(&mut conn, rows).await?;
    let next_page_url = (page * T::PER_PAGE < total).then(|| format!("{}?page={}", thread.path(), page + 1));
    Ok(Json(Page { data, current_page: page, per_page: T::PER_PAGE, next_page_url, total }))
}

/// Writes `caller`'s comment, announces it and tells the other party.
pub async fn create<T: CommentThread>(
    state: &AppState,
    caller: &CurrentUser,
    thread: &T,
    text: Option<&str>,
) -> Result<T::View, AppError> {
    thread.may_write(caller)?;
    let text = checked_comment(text)?;
    let (parent, child) = thread.keys();
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    let row: T::Comment = store::insert_comment(&mut tx, &T::TABLE, parent, child, caller.id(), &text, now).await?;
    let (id, notification) = (row.id(), thread.notice(caller, &row));
    let comment = thread.shown(&mut tx, vec![row]).await?.pop().ok_or(sqlx::Error::RowNotFound)?;
    append_all(&mut tx, &thread.channels(), T::CREATED, &comment, now).await?;
    if let Some(notification) = notification {
        notify(&mut tx, notification, now).await?;
    }
    tx.commit().await?;
    tracing::info!(comment_id = id, "comment written");
    Ok(comment)
}

/// [`create`], answered 201 with the comment.
pub async fn created<T: CommentThread>(
    state: &AppState,
    caller: &CurrentUser,
    thread: &T,
    text: Option<&str>,
) -> Result<(StatusCode, Json<Data<T::View>>), AppError> {
    let comment = create(state, caller, thread, text).await?;
    Ok((StatusCode::CREATED, Json(Data::new(comment))))
}

/// Soft-deletes comment `comment_id` of the thread and announces it.
pub async fn delete<T: CommentThread>(
    state: &AppState,
    caller: &CurrentUser,
    thread: &T,
    comment_id: i64,
) -> Result<Json<Message>, AppError> {
    let (parent, child) = thread.keys();
    let mut conn = state.db.pool.acquire().await?;
    let row: T::Comment = store::find_comment(&mut conn, &T::TABLE, parent, child, comment_id)
        .await?
        .ok_or_else(|| AppError::not_found(codes::COMMENT_NOT_FOUND))?;
    let author = row.author().id;
    let comment = thread.shown(&mut conn, vec![row]).await?.pop().ok_or(sqlx::Error::RowNotFound)?;
    drop(conn);
    thread.may_delete(caller, author)?;
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    if !store::delete_comment(&mut tx, &T::TABLE, comment_id, now).await? {
        return Err(AppError::not_found(codes::COMMENT_NOT_FOUND));
    }
    let payload = DeletedComment { comment: &comment, deleted_at: now };
    append_all(&mut tx, &thread.channels(), event_type::COMMENT_DELETED, &payload, now).await?;
    tx.commit().await?;
    Ok(Json(Message::new("Comment deleted")))
}
