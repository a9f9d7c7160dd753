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
    assert!(mine.body["data"][0]["sold_at"].is_i64(), "a sold listing says when: {}", mine.body);

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

#[tokio::test]
async fn a_purchase_approved_at_paypal_is_executed_the_buyer_owns_it_and_it_leaves_live() {
    use crate::payments::paypal::{create, execute, on_approval_page, spawn_paypal_app};

    let (app, _paypal) = spawn_paypal_app().await;
    let f = finished(&app, "ppbuy").await;
    let listing = listed(&app, &f.seller, f.entry, 120).await;
    // A blind contest: only its holder and designers see its entries, so who reads the
    // image below reads it as a buyer (or while it is for sale), not as a contest viewer.
    crate::entries::make_blind(&app, f.contest).await;
    let (_, buyer) = app.client_session("ppbuyclient").await;
    let (_, other) = app.client_session("ppbuyother").await;
    let image = listing["entry"]["files"]["full_path"].as_str().expect("the listing shows its image").to_owned();
    assert_eq!(app.get(&image, Some(&other)).await.status, 200, "for sale: every member sees it");
    let mut watcher = WsClient::signed_in(&app, &other).await;
    assert!(matches!(watcher.sub("marketplace", None, None).await, ServerFrame::Subscribed { .. }));

    let paypal = format!("/marketplace-contest-entries/{}/payments/paypal", f.entry);
    let refused = send(&app, Method::POST, &paypal, json!({}), &f.seller).await;
    assert_refused(&refused, 403, "marketplace.purchase.clients_only", "Only clients buy full rights to entries.");
    let payment = create(&app, &paypal, json!({"amount": 1}), &buyer).await;
    assert_eq!(
        (payment["amount_cents"].as_i64(), payment["purpose"].as_str()),
        (Some(12_000), Some("marketplace_purchase"))
    );

    // PayPal sends the buyer back to the web client's return page, which is told the route
    // that executes (the web client allows it: web/src/lib/payments/paypal.ts).
    let (location, params) = on_approval_page(&payment, true).await;
    let route: String = form_urlencoded::byte_serialize(paypal.as_bytes()).collect();
    assert!(location.contains(&format!("/payments/paypal/return?route={route}")), "{location}");
    let id = payment["id"].as_str().unwrap();
    execute(&app, &paypal, id, &params["PayerID"], &other).await.assert_error(403, "payment.forbidden");
    assert_eq!(app.get("/marketplace-contests/search", Some(&other)).await.body["total"], 1, "not sold before execute");

    let executed = execute(&app, &paypal, id, &params["PayerID"], &buyer).await;
    assert_eq!(executed.status, 200, "{}", executed.body);
    assert_eq!(executed.body["data"]["state"], "paid");
    let removed = next_of(&mut watcher, event_type::MARKETPLACE_ENTRY_REMOVED).await;
    assert_eq!(removed.data["contest_entry_id"], f.entry);
    assert_eq!(removed.data["reason"], "sold");
    assert_eq!(app.get("/marketplace-contests/search", Some(&other)).await.body["total"], 0);

    // The buyer owns it: among the designs they bought, its image theirs to see.
    let bought = app.get("/marketplace-contest-entries?filter[bought]=1", Some(&buyer)).await;
    assert_eq!(bought.status, 200, "{}", bought.body);
    assert_eq!((bought.body["total"].as_i64(), bought.body["data"][0]["status"].as_str()), (Some(1), Some("sold")));
    assert_eq!(bought.body["data"][0]["contest_entry_id"], f.entry);
    assert_eq!(bought.body["data"][0]["entry"]["files"]["full_path"], image.as_str());
    assert_eq!(app.get(&image, Some(&buyer)).await.status, 200);
    // Sold, it is no longer shown to others: refused to another member, a visitor asked to sign in.
    app.get(&image, Some(&other)).await.assert_error(403, "auth.forbidden");
    app.get(&image, None).await.assert_error(401, "auth.unauthenticated");
    // Nobody else bought it (an admin neither: the filter is the caller's own purchases);
    // the designer's own list shows it sold; a visitor has no purchases to list.
    for token in [&other, &f.seller, &f.admin] {
        let none = app.get("/marketplace-contest-entries?filter[bought]=1", Some(token)).await;
        assert_eq!((none.status.as_u16(), none.body["total"].as_i64()), (200, Some(0)), "{}", none.body);
    }
    assert_eq!(app.get("/marketplace-contest-entries", Some(&f.seller)).await.body["data"][0]["status"], "sold");
    assert_eq!(app.get("/marketplace-contest-entries?filter[bought]=0", Some(&f.seller)).await.body["total"], 1);
    app.get("/marketplace-contest-entries?filter[bought]=1", None).await.assert_error(401, "auth.unauthenticated");
    for wrong in ["2", "-1"] {
        let answer = app.get(&format!("/marketplace-contest-entries?filter[bought]={wrong}"), Some(&buyer)).await;
        answer.assert_error(422, "validation.exists");
        assert_eq!(answer.field_code("filter[bought]"), "validation.exists", "{wrong}: {}", answer.body);
    }
    let word = app.get("/marketplace-contest-entries?filter[bought]=yes", Some(&buyer)).await;
    word.assert_error(422, "request.query_invalid");
    assert!(word.body["error"]["message"].as_str().unwrap().contains("filter[bought]"), "{}", word.body);

    // Executed once: a second return changes nothing.
    execute(&app, &paypal, id, &params["PayerID"], &buyer).await.assert_error(409, "payment.not_open");
}
