//! Buying full rights: a client pays the listing's price (never their own figure) through
//! Stripe's payment intents; the paid entry leaves the marketplace and every page
//! watching `marketplace` hears it at once; nobody buys it twice; designers do not buy.

use reqwest::Method;
use serde_json::json;
use vitrine_protocol::{event_type, ServerFrame};

use super::{finished, listed};
use crate::{
    commerce::{assert_refused, next_of},
    payments::{pay, save_card, send, spawn_paying_app, transaction},
    realtime::client::WsClient,
};

fn base(entry: i64) -> String {
    format!("/marketplace-contest-entries/{entry}/payments/stripe/payment-intents")
}

#[tokio::test]
async fn a_client_buys_full_rights_and_the_entry_leaves_the_marketplace_live() {
    let (app, stripe) = spawn_paying_app().await;
    let f = finished(&app, "buy").await;
    listed(&app, &f.seller, f.entry, 120).await;
    let (buyer_id, buyer) = app.client_session("buyclient").await;
    let (_, other) = app.client_session("buyother").await;
    let card = save_card(&app, &stripe, buyer_id, &buyer, "pm_card_visa").await;

    // A second member's marketplace page, watching.
    let mut watcher = WsClient::signed_in(&app, &other).await;
    assert!(matches!(watcher.sub("marketplace", None, None).await, ServerFrame::Subscribed { .. }));
    // Nobody signed out hears it (the marketplace is for members).
    let mut stranger = WsClient::anonymous(&app).await;
    assert!(matches!(stranger.sub("marketplace", None, None).await, ServerFrame::Error { .. }));

    // Designers (the seller too) do not buy.
    for token in [&f.seller, &f.winner] {
        let refused = send(&app, Method::POST, &base(f.entry), json!({"idempotency_key": "designer"}), token).await;
        assert_refused(&refused, 403, "marketplace.purchase.clients_only", "Only clients buy full rights to entries.");
    }
    // The winning entry was never for sale.
    let winning = send(&app, Method::POST, &base(f.winning_entry), json!({"idempotency_key": "w"}), &buyer).await;
    assert_refused(
        &winning,
        409,
        "contest.entry.not_available.purchase",
        "Sorry, this entry is not available for purchase.",
    );
    assert_eq!(stripe.payment_intents_created(), 0, "refusals reach no Stripe");

    // The price is the listing's, whatever the body says.
    let (intent, (status, confirmed)) = pay(&app, &stripe, &base(f.entry), json!({"amount": 1}), card, &buyer).await;
    assert_eq!(status, 200, "{confirmed}");
    assert_eq!(
        (intent["amount_cents"].as_i64(), intent["purpose"].as_str()),
        (Some(12_000), Some("marketplace_purchase"))
    );

    let removed = next_of(&mut watcher, event_type::MARKETPLACE_ENTRY_REMOVED).await;
    assert_eq!(removed.ch, "marketplace");
    assert_eq!(
        removed.data,
        json!({"contest_entry_id": f.entry, "contest_id": f.contest, "user_id": f.seller_id, "reason": "sold"})
    );

    let paid = transaction(&app, &buyer, intent["id"].as_str().unwrap()).await;
    assert_eq!(paid["state"], "paid", "{paid}");
    // Out of every list; the seller sees it sold.
    assert_eq!(app.get("/marketplace-contests/search", Some(&other)).await.body["total"], 0);
    assert_eq!(app.get(&format!("/users/{}/marketplace-entries", f.seller_id), Some(&other)).await.body["total"], 0);
    let stats = app.get(&format!("/users/{}/profile-statistics", f.seller_id), Some(&other)).await;
    assert_eq!(stats.body["data"]["marketplace_count"], 0, "{}", stats.body);
    let mine = app.get("/marketplace-contest-entries", Some(&f.seller)).await;
    assert_eq!(mine.body["data"][0]["status"], "sold", "{}", mine.body);

    // Nobody buys it again, and its listing no longer changes.
    let again = send(&app, Method::POST, &base(f.entry), json!({"idempotency_key": "again"}), &other).await;
    assert_refused(
        &again,
        409,
        "contest.entry.not_available.purchase",
        "Sorry, this entry is not available for purchase.",
    );
    let relist = app
        .put("/marketplace-contest-entries", &json!({"contest_entry_id": f.entry, "sale_price": 10}), &f.seller)
        .await;
    relist.assert_error(409, "marketplace.entry.sold");
}
