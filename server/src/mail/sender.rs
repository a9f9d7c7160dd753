//! Delivers queued mail through an SMTP relay, when one is configured (lettre).
//!
//! Plain SMTP to a relay (a local MTA, or a provider's relay on a private network)
//! that owns TLS to the outside world. A row is claimed by a compare-and-set on its
//! attempt count, so several nodes may run senders without sending one mail twice.

use std::time::Duration;

use anyhow::Context;
use lettre::{message::header::ContentType, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use crate::{state::AppState, store::Db};

/// How often the sender looks for queued mail.
const POLL: Duration = Duration::from_secs(2);
/// After this many failed attempts a message stays in the outbox for an operator.
const MAX_ATTEMPTS: i64 = 5;

pub type Relay = AsyncSmtpTransport<Tokio1Executor>;

/// A relay for `smtp://host:port`.
pub fn relay(smtp_url: &str) -> anyhow::Result<Relay> {
    let addr = smtp_url.strip_prefix("smtp://").context("VITRINE_SMTP_URL must be smtp://host:port")?;
    let (host, port) = addr.trim_end_matches('/').rsplit_once(':').unwrap_or((addr, "25"));
    let port: u16 = port.parse().context("VITRINE_SMTP_URL port")?;
    Ok(AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host)
        .port(port)
        .timeout(Some(Duration::from_secs(10)))
        .build())
}

/// Runs until `shutdown` fires.
pub async fn run(state: AppState, relay: Relay, mut shutdown: tokio::sync::watch::Receiver<bool>) {
    loop {
        if let Err(err) = deliver_pending(&state.db, &relay, &state.settings.mail_from, state.now_ms()).await {
            tracing::warn!(error = %err, "mail delivery pass failed");
        }
        tokio::select! {
            _ = tokio::time::sleep(POLL) => {}
            _ = shutdown.changed() => return,
        }
    }
}

#[derive(sqlx::FromRow)]
struct Queued {
    id: i64,
    to_address: String,
    subject: String,
    body: String,
    attempts: i64,
}

/// Sends every queued message that has attempts left; returns how many were sent.
pub async fn deliver_pending(db: &Db, relay: &Relay, from: &str, now_ms: i64) -> anyhow::Result<usize> {
    let queued: Vec<Queued> = sqlx::query_as(
        "SELECT id, to_address, subject, body, attempts FROM mail_outbox \
         WHERE sent_at IS NULL AND attempts < $1 ORDER BY id LIMIT 50",
    )
    .bind(MAX_ATTEMPTS)
    .fetch_all(&db.pool)
    .await?;
    let mut sent = 0;
    for mail in queued {
        let claimed =
            sqlx::query("UPDATE mail_outbox SET attempts = $1 WHERE id = $2 AND attempts = $3 AND sent_at IS NULL")
                .bind(mail.attempts + 1)
                .bind(mail.id)
                .bind(mail.attempts)
                .execute(&db.pool)
                .await?;
        if claimed.rows_affected() != 1 {
            continue; // another sender has it
        }
        let outcome = async {
            let message = Message::builder()
                .from(from.parse().context("VITRINE_MAIL_FROM")?)
                .to(mail.to_address.parse().context("recipient address")?)
                .subject(&mail.subject)
                .header(ContentType::TEXT_PLAIN)
                .body(mail.body.clone())?;
            relay.send(message).await?;
            anyhow::Ok(())
        }
        .await;
        let (sent_at, error) = match outcome {
            Ok(()) => (Some(now_ms), None),
            Err(err) => {
                tracing::warn!(mail_id = mail.id, error = %err, "smtp delivery failed");
                (None, Some(format!("{err:#}")))
            }
        };
        sqlx::query("UPDATE mail_outbox SET sent_at = $1, last_error = $2 WHERE id = $3")
            .bind(sent_at)
            .bind(error)
            .bind(mail.id)
            .execute(&db.pool)
            .await?;
        sent += usize::from(sent_at.is_some());
    }
    Ok(sent)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relay_urls_parse() {
        assert!(relay("smtp://127.0.0.1:2525").is_ok());
        assert!(relay("smtp://mail.internal").is_ok());
        assert!(relay("smtp://host:notaport").is_err());
        assert!(relay("http://host").is_err());
    }
}
