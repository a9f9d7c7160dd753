//! `GET /admin/marketplace-sales`: full rights bought, for admins only, with what sold,
//! the buyer, the designer, the amount and the date; filtered and paged.

use serde_json::json;

use crate::{
    marketplace::{finished, listed},
    payments::{pay, save_card, spawn_paying_app},
};

#[tokio::test]
async fn admins_see_each_sale_with_buyer_designer_amount_and_date() {
    let (app, stripe) = spawn_paying_app().await;
    let f = finished(&app, "sale").await;
    listed(&app, &f.seller, f.entry, 120).await;
    let unsold = finished(&app, "saleunsold").await;
    listed(&app, &unsold.seller, unsold.entry, 80).await;
    let (buyer_id, buyer) = app.client_session("salebuyer").await;

    // The wrong roles: a client (the buyer), a designer (the seller).
    for token in [&buyer, &f.seller] {
        app.get("/admin/marketplace-sales", Some(token)).await.assert_error(403, "auth.forbidden");
    }
    let empty = app.get("/admin/marketplace-sales", Some(&f.admin)).await;
    assert_eq!((empty.status.as_u16(), empty.body["total"].as_i64()), (200, Some(0)), "{}", empty.body);

    let card = save_card(&app, &stripe, buyer_id, &buyer, "pm_card_visa").await;
    let base = format!("/marketplace-contest-entries/{}/payments/stripe/payment-intents", f.entry);
    let (intent, (status, _)) = pay(&app, &stripe, &base, json!({}), card, &buyer).await;
    assert_eq!(status, 200);

    let sales = app.get("/admin/marketplace-sales", Some(&f.admin)).await;
    assert_eq!(sales.status, 200, "{}", sales.body);
    assert_eq!(sales.body["total"], 1, "only the sold listing: {}", sales.body);
    let sale = &sales.body["data"][0];
    assert_eq!(sale["contest_entry_id"], f.entry);
    assert_eq!(sale["title"], "Moon bean mark");
    assert_eq!(sale["contest_id"], f.contest);
    assert_eq!((sale["buyer"]["id"].as_i64(), sale["designer"]["id"].as_i64()), (Some(buyer_id), Some(f.seller_id)));
    assert_eq!((sale["amount"].as_f64(), sale["amount_cents"].as_i64()), (Some(120.0), Some(12_000)));
    assert_eq!((sale["provider"].as_str(), sale["payment_state"].as_str()), (Some("stripe"), Some("paid")));
    assert_eq!(sale["payment_transaction_id"], intent["transaction_id"]);
    assert!(sale["sold_at"].as_i64().unwrap() > 0);

    // Filters: the designer's and the buyer's own; a day range; a bad date.
    let of = |q: String| {
        let app = &app;
        let admin = f.admin.clone();
        async move { app.get(&format!("/admin/marketplace-sales?{q}"), Some(&admin)).await }
    };
    assert_eq!(of(format!("filter[designer_id]={}", f.seller_id)).await.body["total"], 1);
    assert_eq!(of(format!("filter[designer_id]={}", unsold.seller_id)).await.body["total"], 0);
    assert_eq!(of(format!("filter[buyer_id]={buyer_id}")).await.body["total"], 1);
    assert_eq!(of("filter[to]=2000-01-01".into()).await.body["total"], 0);
    assert_eq!(of("filter[from]=2000-01-01".into()).await.body["total"], 1);
    of("filter[from]=yesterday".into()).await.assert_error(422, "date.format");
}
