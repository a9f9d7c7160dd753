//! Mail in the recipient's language (#52): a user whose settings say Spanish gets a Spanish
//! reset mail, text and HTML parts, with the link absolute on the public URL; an English
//! user on the same server gets the English one; the relay receives both parts.

use serde_json::json;
use vitrine_server::{
    mail::{catcher::Catcher, sender},
    store::clock::Clock as _,
};

use crate::helpers::{spawn_app_with, TestApp};

const PUBLIC_URL: &str = "https://vitrine.example";

/// The newest message queued to `address`: (subject, text, HTML).
async fn last_mail(app: &TestApp, address: &str) -> (String, String, String) {
    sqlx::query_as("SELECT subject, body, html_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1")
        .bind(address)
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
}

/// Registers a client named `name` whose settings say `language`.
async fn user_in(app: &TestApp, username: &str, name: &str, language: &str) -> String {
    let mut payload = TestApp::client_payload(username);
    payload["name"] = json!(name);
    let id = app.register(&payload).await;
    let token = app.token(username).await;
    let changed = app.put(&format!("/users/{id}/settings"), &json!({"language": language}), &token).await;
    assert_eq!(changed.status, 200, "{}", changed.body);
    format!("{username}@example.com")
}

#[tokio::test]
async fn a_spanish_user_gets_a_spanish_reset_mail_and_an_english_one_an_english_mail() {
    let app = spawn_app_with(|s| s.public_url = Some(format!("{PUBLIC_URL}/"))).await;
    let spanish = user_in(&app, "munoz", "Ana Muñoz", "es").await;
    let english = user_in(&app, "smith", "Ann Smith", "en").await;
    for to in [&spanish, &english] {
        let asked = app.post("/password/email", &json!({"email": to})).await;
        assert_eq!(asked.status, 200, "{}", asked.body);
    }

    let (subject, text, html) = last_mail(&app, &spanish).await;
    assert_eq!(subject, "Restablecé tu contraseña de Vitrine");
    assert!(text.starts_with("Hola, Ana Muñoz:\n"), "{text}");
    assert!(text.contains("vence en 60 minutos"), "{text}");
    let link = text.split_whitespace().find(|w| w.contains("/password/reset/")).expect("a link").to_owned();
    assert!(link.starts_with(&format!("{PUBLIC_URL}/password/reset/")), "absolute on the public URL: {link}");
    assert!(html.contains("<html lang=\"es\">") && html.contains("Hola, Ana Muñoz:"), "{html}");
    assert!(html.contains(&format!("href=\"{link}\"")), "{html}");
    // The link works.
    let token = link.rsplit('/').next().unwrap();
    assert_eq!(app.get(&format!("/password/reset/{token}"), None).await.status, 200);

    let (subject, text, html) = last_mail(&app, &english).await;
    assert_eq!(subject, "Reset your Vitrine password");
    assert!(text.starts_with("Hello Ann Smith,\n") && text.contains("expires in 60 minutes"), "{text}");
    assert!(text.contains(&format!("{PUBLIC_URL}/password/reset/")) && html.contains("<html lang=\"en\">"));

    // The relay gets both parts as alternatives, the subject encoded for its accents.
    let catcher = Catcher::default();
    let relay = sender::relay(&format!("smtp://127.0.0.1:{}", catcher.start().await.unwrap())).unwrap();
    let sent = sender::deliver_pending(&app.db, &relay, "Vitrine <no-reply@vitrine.local>", app.clock.now_ms());
    assert_eq!(sent.await.unwrap(), 2);
    let received = catcher.received();
    let to_spanish = received.iter().find(|m| m.contains(&format!("To: {spanish}"))).expect("sent to the Spanish user");
    assert!(to_spanish.contains("Content-Type: multipart/alternative"), "{to_spanish}");
    assert!(to_spanish.contains("Content-Type: text/plain; charset=utf-8"), "{to_spanish}");
    assert!(to_spanish.contains("Content-Type: text/html; charset=utf-8"), "{to_spanish}");
    assert!(to_spanish.contains("Subject: =?utf-8?"), "{to_spanish}");
}
