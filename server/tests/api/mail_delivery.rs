//! The mail outbox delivered over SMTP: a password-reset link leaves through lettre to a
//! local SMTP server on loopback (a mail catcher, as Mailpit is in compose), and a relay that
//! refuses is retried after a back-off, not at once.

use std::sync::{
    atomic::{AtomicUsize, Ordering},
    Arc, Mutex,
};

use serde_json::json;
use tokio::{
    io::{AsyncBufReadExt, AsyncWriteExt, BufReader},
    net::TcpListener,
};
use vitrine_server::mail::sender;

use crate::helpers::{spawn_app, TestApp};

const FROM: &str = "Vitrine <no-reply@vitrine.local>";

/// A mail catcher speaking enough SMTP for a client: greeting, EHLO/HELO, MAIL, RCPT,
/// DATA, RSET, NOOP, QUIT. It answers `451` to the next `refusals` RCPTs (a relay that is
/// down), and keeps each accepted message's DATA.
#[derive(Clone, Default)]
struct Catcher {
    received: Arc<Mutex<Vec<String>>>,
    refusals: Arc<AtomicUsize>,
}

impl Catcher {
    async fn start(&self) -> u16 {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let catcher = self.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                tokio::spawn(catcher.clone().session(socket));
            }
        });
        port
    }

    async fn session(self, socket: tokio::net::TcpStream) {
        let (read, mut write) = socket.into_split();
        let mut lines = BufReader::new(read).lines();
        let _ = write.write_all(b"220 catcher ESMTP\r\n").await;
        while let Ok(Some(line)) = lines.next_line().await {
            let verb = line.split_whitespace().next().unwrap_or("").to_ascii_uppercase();
            let reply: &[u8] = match verb.as_str() {
                "EHLO" => b"250-catcher\r\n250 8BITMIME\r\n",
                "HELO" | "MAIL" | "RSET" | "NOOP" => b"250 OK\r\n",
                "RCPT" => {
                    let refuse = self.refusals.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1));
                    if refuse.is_ok() {
                        b"451 4.3.0 try again later\r\n"
                    } else {
                        b"250 OK\r\n"
                    }
                }
                "DATA" => {
                    let _ = write.write_all(b"354 end with <CRLF>.<CRLF>\r\n").await;
                    let mut data = String::new();
                    while let Ok(Some(line)) = lines.next_line().await {
                        if line == "." {
                            break;
                        }
                        data.push_str(&line);
                        data.push('\n');
                    }
                    self.received.lock().unwrap().push(data);
                    b"250 queued\r\n"
                }
                "QUIT" => {
                    let _ = write.write_all(b"221 bye\r\n").await;
                    return;
                }
                _ => b"502 not implemented\r\n",
            };
            if write.write_all(reply).await.is_err() {
                return;
            }
        }
    }
}

async fn outbox_row(app: &TestApp, to: &str) -> (i64, Option<i64>, i64, Option<String>, Option<i64>) {
    sqlx::query_as(
        "SELECT created_at, sent_at, attempts, last_error, next_attempt_at FROM mail_outbox WHERE to_address = $1",
    )
    .bind(to)
    .fetch_one(&app.db.pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn a_reset_link_reaches_the_mail_catcher_after_the_relay_comes_back() {
    let app = spawn_app().await;
    app.client_session("mailbox").await;
    let to = "mailbox@example.com";
    let asked = app.post("/password/email", &json!({"email": to})).await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    let (queued_at, ..) = outbox_row(&app, to).await;

    let catcher = Catcher::default();
    catcher.refusals.store(1, Ordering::SeqCst);
    let relay = sender::relay(&format!("smtp://127.0.0.1:{}", catcher.start().await)).unwrap();

    // The relay refuses: nothing sent, the error kept, the next attempt 30 s later.
    assert_eq!(sender::deliver_pending(&app.db, &relay, FROM, queued_at).await.unwrap(), 0);
    let (_, sent_at, attempts, error, next) = outbox_row(&app, to).await;
    assert_eq!((sent_at, attempts, next), (None, 1, Some(queued_at + 30_000)));
    assert!(error.as_deref().is_some_and(|e| e.contains("try again later")), "{error:?}");

    // Before the back-off ends the row is left alone, even though the relay is back.
    assert_eq!(sender::deliver_pending(&app.db, &relay, FROM, queued_at + 29_000).await.unwrap(), 0);
    assert_eq!(outbox_row(&app, to).await.2, 1, "no attempt inside the back-off");
    assert!(catcher.received.lock().unwrap().is_empty());

    // Then it is delivered once, with its link.
    assert_eq!(sender::deliver_pending(&app.db, &relay, FROM, queued_at + 30_000).await.unwrap(), 1);
    let (_, sent_at, attempts, _, next) = outbox_row(&app, to).await;
    assert_eq!((sent_at, attempts, next), (Some(queued_at + 30_000), 2, None));
    assert_eq!(sender::deliver_pending(&app.db, &relay, FROM, queued_at + 90_000).await.unwrap(), 0, "sent once");
    let received = catcher.received.lock().unwrap().clone();
    assert_eq!(received.len(), 1, "{received:?}");
    assert!(received[0].contains(&format!("To: {to}")), "{}", received[0]);
    assert!(received[0].contains("/password/reset/"), "the reset link arrives: {}", received[0]);
}
