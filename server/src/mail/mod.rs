//! Outgoing mail. Every message is written to the `mail_outbox` table inside the
//! caller's transaction (so a rolled-back action sends nothing) and logged; when an
//! SMTP relay is configured, [`sender`] delivers queued rows and marks them sent.
//!
//! The log line at `info` names the recipient and subject only: bodies hold reset and
//! sign-in links, which are credentials. At `debug` for this module the body is logged too,
//! which `make run` turns on so a developer without a relay can follow the links.
//!
//! [`store`] holds the outbox's SQL. [`catcher`] is a mail catcher on loopback for the
//! suites that follow a mailed link.

pub mod catcher;
pub mod sender;
pub mod store;

use sqlx::{Any, Executor};
use tracing::instrument;

/// Queues one message.
#[instrument(skip_all, fields(to = to))]
pub async fn queue<'c>(
    db: impl Executor<'c, Database = Any>,
    to: &str,
    subject: &str,
    body: &str,
    now_ms: i64,
) -> Result<i64, sqlx::Error> {
    let id = store::insert(db, to, subject, body, now_ms).await?;
    tracing::info!(mail_id = id, to, subject, "mail queued in the outbox");
    tracing::debug!(mail_id = id, to, subject, "mail body:\n{body}");
    Ok(id)
}
