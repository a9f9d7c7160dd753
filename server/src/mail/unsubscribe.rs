//! The opt-out of launch e-mails (the Email Blast), decided in docs/spec-decisions.md:
//! each launch e-mail links to `/mail/unsubscribe?user={id}&key={key}`, where `key` is a
//! random per-user key stored with the user (made with their first launch e-mail). It
//! only unsubscribes, so it is kept as it is rather than digested.
//!
//! Opening the link (GET) shows a page asking to confirm, in the user's language, so that a
//! mail scanner following links unsubscribes nobody; its button (POST) sets
//! `receives_launch_mail` to 0. The same POST is the one-click target of the message's
//! `List-Unsubscribe` header (RFC 8058). An unknown user or key answers 404 with the page
//! in English, telling nothing.

use axum::{
    extract::{Query, State},
    http::{header, StatusCode},
    response::{IntoResponse, Response},
};
use rand::RngCore;
use serde::Deserialize;

use super::{store, templates, Mail};
use crate::{error::AppError, shared::locale::Language, state::AppState};

/// The page's path, under the public URL.
pub const PATH: &str = "/mail/unsubscribe";

#[derive(Debug, Deserialize)]
pub struct UnsubscribeQuery {
    pub user: Option<i64>,
    pub key: Option<String>,
}

/// The unsubscribe link of user `user_id` under `link_base`, making their key if needed.
pub async fn link(conn: &mut sqlx::AnyConnection, link_base: &str, user_id: i64) -> Result<String, sqlx::Error> {
    let mut bytes = [0u8; 24];
    rand::thread_rng().fill_bytes(&mut bytes);
    let key = store::unsubscribe_key(conn, user_id, &hex::encode(bytes)).await?;
    Ok(format!("{link_base}{PATH}?user={user_id}&key={key}"))
}

/// `GET /mail/unsubscribe`: the page asking to confirm.
pub async fn ask(State(state): State<AppState>, Query(query): Query<UnsubscribeQuery>) -> Result<Response, AppError> {
    let (user, key) = (query.user.unwrap_or_default(), query.key.unwrap_or_default());
    let language = store::unsubscriber_language(&state.db.pool, user, &key).await?;
    Ok(page(language.as_deref(), false))
}

/// `POST /mail/unsubscribe`: opts out, from the page's button or a mailbox's one-click.
pub async fn confirm(
    State(state): State<AppState>,
    Query(query): Query<UnsubscribeQuery>,
) -> Result<Response, AppError> {
    let (user, key) = (query.user.unwrap_or_default(), query.key.unwrap_or_default());
    let language = store::unsubscriber_language(&state.db.pool, user, &key).await?;
    if language.is_some() && store::opt_out_of_launch_mail(&state.db.pool, user, &key).await? {
        tracing::info!(user_id = user, "unsubscribed from launch e-mails");
    }
    Ok(page(language.as_deref(), true))
}

/// The page in `language` (none: an unknown link, 404).
fn page(language: Option<&str>, done: bool) -> Response {
    let status = if language.is_some() { StatusCode::OK } else { StatusCode::NOT_FOUND };
    let language = Language::from_code(language.unwrap_or("en"));
    match templates::render(&Mail::Unsubscribe { done: done && status == StatusCode::OK }, language) {
        Ok(rendered) => (
            status,
            [(header::CONTENT_TYPE, "text/html; charset=utf-8"), (header::CACHE_CONTROL, "no-store")],
            rendered.html,
        )
            .into_response(),
        Err(err) => AppError::Internal(anyhow::anyhow!("unsubscribe page: {err:#}")).into_response(),
    }
}
