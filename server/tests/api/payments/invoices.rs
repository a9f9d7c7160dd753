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
