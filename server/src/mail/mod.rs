//! Outgoing mail. Every message is written to the `mail_outbox` table inside the
//! caller's transaction (so a rolled-back action sends nothing) and logged; when an
//! SMTP relay is configured, [`sender`] delivers queued rows and marks them sent.
//!
//! The log line at `info` names the recipient and subject only: bodies hold reset and
//! sign-in links, which are credentials. At `debug` for this module the body is logged too,
//! which `make run` turns on so a developer without a relay can follow the links.
//!
//! What a message says is rendered from [`templates`] in the recipient's language (text and
//! HTML parts, both kept in the outbox and sent as multipart/alternative). [`store`] holds
//! the outbox's SQL. [`unsubscribe`] is the opt-out of launch e-mails (the Email Blast).
//! [`catcher`] is a mail catcher on loopback for the suites that follow a mailed link.

pub mod catcher;
pub mod sender;
pub mod store;
pub mod templates;
pub mod unsubscribe;

use sqlx::{Any, Executor};
use tracing::instrument;

pub use templates::Mail;

use crate::shared::locale::Language;

/// Renders `mail` in `language` and queues it to `to`. A template that fails to render
/// (a bug the templates' unit tests are there to catch) fails the caller's transaction.
#[instrument(skip_all, fields(to = to))]
pub async fn queue<'c>(
    db: impl Executor<'c, Database = Any>,
    to: &str,
    mail: &Mail,
    language: Language,
    now_ms: i64,
) -> Result<i64, sqlx::Error> {
    let rendered = templates::render(mail, language).map_err(|err| sqlx::Error::Encode(Box::new(err)))?;
    let list_unsubscribe = match mail {
        Mail::EmailBlast { unsubscribe, .. } => Some(unsubscribe.as_str()),
        _ => None,
    };
    let id = store::insert(db, to, &rendered, list_unsubscribe, now_ms).await?;
    let subject = rendered.subject.as_str();
    tracing::info!(mail_id = id, to, subject, language = language.code(), "mail queued in the outbox");
    tracing::debug!(mail_id = id, to, subject, "mail body:\n{}", rendered.text);
    Ok(id)
}
