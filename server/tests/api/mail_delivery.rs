//! The mail outbox delivered over SMTP: a password-reset link leaves through lettre to a
//! local SMTP server on loopback (a mail catcher, as Mailpit is in compose), and a relay that
//! refuses is retried after a back-off, not at once.

use serde_json::json;
use vitrine_server::mail::{catcher::Catcher, sender};

use crate::helpers::{spawn_app, TestApp};

const FROM: &str = "Vitrine <no-reply@vitrine.local>";

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
    catcher.refuse_next(1);
    let relay = sender::relay(&format!("smtp://127.0.0.1:{}", catcher.start().await.unwrap())).unwrap();

    // The relay refuses: nothing sent, the error kept, the next attempt 30 s later.
    assert_eq!(sender::deliver_pending(&app.db, &relay, FROM, queued_at).await.unwrap(), 0);
    let (_, sent_at, attempts, error, next) = outbox_row(&app, to).await;
    assert_eq!((sent_at, attempts, next), (None, 1, Some(queued_at + 30_000)));
    assert!(error.as_deref().is_some_and(|e| e.contains("try again later")), "{error:?}");

    // Before the back-off ends the row is left alone, even though the relay is back.
    assert_eq!(sender::deliver_pending(&app.db, &relay, FROM, queued_at + 29_000).await.unwrap(), 0);
    assert_eq!(outbox_row(&app, to).await.2, 1, "no attempt inside the back-off");
    assert!(catcher.received().is_empty());

    // Then it is delivered once, with its link.
    assert_eq!(sender::deliver_pending(&app.db, &relay, FROM, queued_at + 30_000).await.unwrap(), 1);
    let (_, sent_at, attempts, _, next) = outbox_row(&app, to).await;
    assert_eq!((sent_at, attempts, next), (Some(queued_at + 30_000), 2, None));
    assert_eq!(sender::deliver_pending(&app.db, &relay, FROM, queued_at + 90_000).await.unwrap(), 0, "sent once");
    let received = catcher.received();
    assert_eq!(received.len(), 1, "{received:?}");
    assert!(received[0].contains(&format!("To: {to}")), "{}", received[0]);
    assert!(received[0].contains("/password/reset/"), "the reset link arrives: {}", received[0]);
}
