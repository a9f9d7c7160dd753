//! Delivers queued mail through an SMTP relay, when one is configured (lettre).
//!
//! The relay is `VITRINE_SMTP_URL` as lettre reads it: plain `smtp://` to a relay on a
//! private network or a mail catcher, STARTTLS with `?tls=required`, or `smtps://`, with
//! credentials in the URL. A row is claimed by a compare-and-set on its attempt count, so
//! several nodes may run senders without sending one mail twice. A failed attempt waits
//! ([`backoff`]: 30 s, 2 min, 8 min, 32 min) before the next; after [`MAX_ATTEMPTS`] the
//! row stays in the outbox with its last error, for an operator.

use std::time::Duration;

use anyhow::Context;
use lettre::{
    message::{
        header::{ContentType, HeaderName, HeaderValue},
        MultiPart,
    },
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
};

use super::store;
use crate::{state::AppState, store::Db};

/// How often the sender looks for queued mail.
const POLL: Duration = Duration::from_secs(2);
/// After this many failed attempts a message stays in the outbox for an operator.
const MAX_ATTEMPTS: i64 = 5;

pub type Relay = AsyncSmtpTransport<Tokio1Executor>;

/// A relay for `VITRINE_SMTP_URL` (see the module documentation for its forms).
pub fn relay(smtp_url: &str) -> anyhow::Result<Relay> {
    if !(smtp_url.starts_with("smtp://") || smtp_url.starts_with("smtps://")) {
        anyhow::bail!("VITRINE_SMTP_URL must be smtp://host:port or smtps://host:port");
    }
    let builder = AsyncSmtpTransport::<Tokio1Executor>::from_url(smtp_url).context("VITRINE_SMTP_URL")?;
    Ok(builder.timeout(Some(Duration::from_secs(10))).build())
}

/// How long to wait after the `attempts`-th failed attempt: 30 s, then four times longer
/// each time (a relay that is down for a deploy is not hammered, one down for hours is
/// still retried within the hour).
pub fn backoff(attempts: i64) -> Duration {
    let exponent = u32::try_from(attempts.clamp(1, 8) - 1).unwrap_or(0);
    Duration::from_secs(30 * 4u64.pow(exponent))
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

/// Sends every queued message that has attempts left; returns how many were sent.
pub async fn deliver_pending(db: &Db, relay: &Relay, from: &str, now_ms: i64) -> anyhow::Result<usize> {
    let queued = store::queued(&db.pool, MAX_ATTEMPTS, now_ms).await?;
    let mut sent = 0;
    for mail in queued {
        if !store::claim(&db.pool, &mail).await? {
            continue; // another sender has it
        }
        let outcome = async {
            relay.send(message(from, &mail)?).await?;
            anyhow::Ok(())
        }
        .await;
        let (sent_at, error, next_attempt_at) = match outcome {
            Ok(()) => (Some(now_ms), None, None),
            Err(err) => {
                let attempts = mail.attempts + 1;
                let wait = backoff(attempts);
                let gives_up = attempts >= MAX_ATTEMPTS;
                tracing::warn!(mail_id = mail.id, attempts, gives_up, error = %err, retry_in_secs = wait.as_secs(), "smtp delivery failed");
                let wait_ms = i64::try_from(wait.as_millis()).unwrap_or(i64::MAX);
                (None, Some(format!("{err:#}")), Some(now_ms.saturating_add(wait_ms)))
            }
        };
        store::record_attempt(&db.pool, mail.id, sent_at, error, next_attempt_at).await?;
        sent += usize::from(sent_at.is_some());
    }
    Ok(sent)
}

/// The message of an outbox row: multipart/alternative (text, then HTML) when it has an
/// HTML part, plain text otherwise; a launch e-mail carries `List-Unsubscribe` and
/// `List-Unsubscribe-Post` (RFC 8058: the mailbox provider's one-click button POSTs there).
pub fn message(from: &str, mail: &store::Queued) -> anyhow::Result<Message> {
    let mut builder = Message::builder()
        .from(from.parse().context("VITRINE_MAIL_FROM")?)
        .to(mail.to_address.parse().context("recipient address")?)
        .subject(&mail.subject);
    if let Some(target) = &mail.list_unsubscribe {
        let header = |name: &'static str, value: String| HeaderValue::new(HeaderName::new_from_ascii_str(name), value);
        builder = builder
            .raw_header(header("List-Unsubscribe", format!("<{target}>")))
            .raw_header(header("List-Unsubscribe-Post", "List-Unsubscribe=One-Click".to_owned()));
    }
    let message = match &mail.html_body {
        Some(html) => builder.multipart(MultiPart::alternative_plain_html(mail.body.clone(), html.clone()))?,
        None => builder.header(ContentType::TEXT_PLAIN).body(mail.body.clone())?,
    };
    Ok(message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relay_urls_parse() {
        assert!(relay("smtp://127.0.0.1:2525").is_ok());
        assert!(relay("smtp://mail.internal").is_ok());
        assert!(relay("smtp://user:secret@smtp.example.com:587?tls=required").is_ok());
        assert!(relay("smtps://user:secret@smtp.example.com").is_ok());
        assert!(relay("smtp://host:notaport").is_err());
        assert!(relay("http://host").is_err());
    }

    fn queued(html: Option<&str>, unsubscribe: Option<&str>) -> store::Queued {
        store::Queued {
            id: 1,
            to_address: "ana@example.com".into(),
            subject: "Restablecé tu contraseña".into(),
            body: "Hola, Ana Muñoz:".into(),
            html_body: html.map(str::to_owned),
            list_unsubscribe: unsubscribe.map(str::to_owned),
            attempts: 0,
        }
    }

    #[test]
    fn a_message_with_html_is_multipart_alternative() {
        let raw = message("Vitrine <no-reply@vitrine.local>", &queued(Some("<p>Hola</p>"), None)).unwrap().formatted();
        let raw = String::from_utf8(raw).unwrap();
        assert!(raw.contains("Content-Type: multipart/alternative"), "{raw}");
        assert!(raw.contains("Content-Type: text/plain; charset=utf-8"));
        assert!(raw.contains("Content-Type: text/html; charset=utf-8"));
        assert!(!raw.contains("List-Unsubscribe"));
        let plain = message("v@vitrine.local", &queued(None, None)).unwrap().formatted();
        assert!(!String::from_utf8(plain).unwrap().contains("multipart"));
    }

    #[test]
    fn a_launch_mail_has_one_click_unsubscribe() {
        let link = "https://vitrine.example/mail/unsubscribe?user=4&key=k";
        let raw = message("v@vitrine.local", &queued(Some("<p>x</p>"), Some(link))).unwrap().formatted();
        let raw = String::from_utf8(raw).unwrap();
        assert!(raw.contains(&format!("List-Unsubscribe: <{link}>")), "{raw}");
        assert!(raw.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"));
    }

    #[test]
    fn failed_attempts_wait_longer_each_time() {
        let waits: Vec<u64> = (1..=5).map(|n| backoff(n).as_secs()).collect();
        assert_eq!(waits, [30, 120, 480, 1920, 7680]);
        assert_eq!(backoff(100), backoff(8), "bounded");
    }
}
