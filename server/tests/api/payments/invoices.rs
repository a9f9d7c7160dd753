//! A contest's invoice: a one-time link for its creator (or an admin) once something
//! was paid, answering a PDF.

use reqwest::Method;
use serde_json::json;

use super::{pay, priced_contest, save_card, send, spawn_paying_app};

#[tokio::test]
async fn the_creator_downloads_the_invoice_once_per_link() {
    let (app, stripe) = spawn_paying_app().await;
    let (owner_id, owner) = app.client_session("invoiced").await;
    let (_, other) = app.client_session("notinvoiced").await;
    let (_, admin) = app.admin_session("invoiceadmin").await;
    let (id, total) = priced_contest(&app, &owner, &[]).await;
    let token_path = format!("/contests/{id}/invoices/download/token");

    send(&app, Method::POST, &token_path, json!(null), &owner).await.assert_error(409, "invoice.not_available");
    let card = save_card(&app, &stripe, owner_id, &owner, "pm_card_visa").await;
    pay(&app, &stripe, &format!("/contests/{id}/payments/stripe/payment-intents"), json!({}), card, &owner).await;
    send(&app, Method::POST, &token_path, json!(null), &other).await.assert_error(403, "contest.edit.forbidden");
    assert_eq!(send(&app, Method::POST, &token_path, json!(null), &admin).await.status, 201);

    let issued = send(&app, Method::POST, &token_path, json!(null), &owner).await;
    assert_eq!(issued.status, 201, "{}", issued.body);
    let token = issued.body["data"]["token"].as_str().unwrap().to_owned();
    let url = app.url(&format!("/contests/{id}/invoices/download?token={token}"));
    let response = app.client.get(&url).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    let pdf = response.bytes().await.unwrap();
    assert!(pdf.starts_with(b"%PDF-1.4") && pdf.ends_with(b"%%EOF\n"));
    let text = String::from_utf8_lossy(&pdf);
    assert!(text.contains(&format!("Total paid: ${total}.00 USD")), "{text}");

    assert_eq!(app.client.get(&url).send().await.unwrap().status(), 410, "a link works once");
    let wrong = app.client.get(app.url(&format!("/contests/{id}/invoices/download?token=nope"))).send().await.unwrap();
    assert_eq!(wrong.status(), 404);
}

/// The invoice PDF of contest `id` for `token`'s holder.
async fn invoice_pdf(app: &crate::helpers::TestApp, id: i64, token: &str) -> Vec<u8> {
    let issued = send(app, Method::POST, &format!("/contests/{id}/invoices/download/token"), json!(null), token).await;
    assert_eq!(issued.status, 201, "{}", issued.body);
    let link = format!("/contests/{id}/invoices/download?token={}", issued.body["data"]["token"].as_str().unwrap());
    app.client.get(app.url(&link)).send().await.unwrap().bytes().await.unwrap().to_vec()
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|window| window == needle)
}

#[tokio::test]
async fn the_invoice_is_in_the_payers_language_with_their_accents_intact() {
    let (app, stripe) = spawn_paying_app().await;
    let mut payer = crate::helpers::TestApp::client_payload("munoz");
    payer["name"] = json!("Ana Muñoz");
    let spanish_id = app.register(&payer).await;
    let spanish = app.token("munoz").await;
    let set = app.put(&format!("/users/{spanish_id}/settings"), &json!({"language": "es"}), &spanish).await;
    assert_eq!(set.status, 200, "{}", set.body);
    let (english_id, english) = app.client_session("english").await;

    for (user, token) in [(spanish_id, &spanish), (english_id, &english)] {
        let (id, _) = priced_contest(&app, token, &[]).await;
        let card = save_card(&app, &stripe, user, token, "pm_card_visa").await;
        pay(&app, &stripe, &format!("/contests/{id}/payments/stripe/payment-intents"), json!({}), card, token).await;
        let pdf = invoice_pdf(&app, id, token).await;
        let text = String::from_utf8_lossy(&pdf);
        if user == spanish_id {
            // "Muñoz" in WinAnsiEncoding: ñ is byte 0xF1, octal 361 in the PDF string.
            assert!(contains(&pdf, b"Facturado a: Ana Mu\\361oz <munoz@example.com>"), "{text}");
            assert!(contains(&pdf, b"(Vitrine - Factura)") && text.contains("Total pagado: US$ "), "{text}");
            assert!(!text.contains("Mu?oz") && !text.contains("Billed to"), "{text}");
        } else {
            assert!(contains(&pdf, b"(Vitrine - Invoice)") && text.contains("Billed to: Client english"), "{text}");
            assert!(text.contains("Total paid: $") && !text.contains("Factura"), "{text}");
        }
    }
}
