//! The direct card charges (`POST .../payments/stripe`), the contest's purchase-design
//! intents and the older card-token store: each by its payer only, with the same
//! effects and hub events as the payment-intent flow, charged once per idempotency key.

use reqwest::Method;
use serde_json::{json, Value};
use vitrine_protocol::ServerFrame;

use super::{contest, create_intent, finalize, save_card, send, spawn_paying_app, transaction};
use crate::{
    commerce::tippable,
    entries::{designer, running_contest, submitted},
    marketplace::{finished, listed},
    realtime::client::WsClient,
};

async fn logo_upgrades(app: &crate::helpers::TestApp) -> Vec<Value> {
    app.get("/contests/types/1/upgrades", None).await.body["data"].as_array().unwrap().clone()
}

#[tokio::test]
async fn upgrades_charged_directly_appear_live_once_whatever_the_retries() {
    let (app, stripe) = spawn_paying_app().await;
    let running = running_contest(&app, "dupg").await;
    let (stranger_id, stranger) = app.client_session("dupgstranger").await;
    let card = save_card(&app, &stripe, running.owner_id, &running.owner, "pm_card_visa").await;
    let strangers_card = save_card(&app, &stripe, stranger_id, &stranger, "pm_card_visa").await;
    let featured = logo_upgrades(&app).await.into_iter().find(|u| u["is_featured"] == 1).unwrap();
    let path = format!("/contests/{}/upgrades/payments/stripe", running.id);
    let ch = format!("contest:{}", running.id);
    let (_, watcher) = designer(&app, "dupgwatcher", 2).await;
    let mut ws = WsClient::signed_in(&app, &watcher).await;
    assert!(matches!(ws.sub(&ch, None, None).await, ServerFrame::Subscribed { .. }));

    let body =
        |card: i64| json!({"upgrade_ids": [featured["id"]], "customer_card_id": card, "idempotency_key": "up-1"});
    // The wrong role (another client, a designer), someone else's card, no card.
    send(&app, Method::POST, &path, body(strangers_card), &stranger).await.assert_error(403, "contest.edit.forbidden");
    send(&app, Method::POST, &path, body(card), &watcher).await.assert_error(403, "contest.edit.forbidden");
    send(&app, Method::POST, &path, body(strangers_card), &running.owner)
        .await
        .assert_error(403, "customer_card.forbidden");
    send(&app, Method::POST, &path, json!({"upgrade_ids": [featured["id"]]}), &running.owner)
        .await
        .assert_error(422, "validation.required");
    assert_eq!(stripe.payment_intents_created(), 0);

    let paid = send(&app, Method::POST, &path, body(card), &running.owner).await;
    assert_eq!(paid.status, 201, "{}", paid.body);
    let data = &paid.body["data"];
    assert_eq!(
        (data["state"].as_str(), data["purpose"].as_str(), data["amount"].as_i64(), data["customer_card_id"].as_i64()),
        (Some("paid"), Some("contest_upgrade"), featured["amount"].as_i64(), Some(card))
    );
    let event = loop {
        match ws.expect().await {
            ServerFrame::Event(e) if e.ch == ch && e.event_type == "contest.updated" => break e.data,
            _ => continue,
        }
    };
    assert_eq!(event["is_featured"], 1);
    assert_eq!(contest(&app, running.id, &running.owner).await["is_featured"], 1);
    let recorded = transaction(&app, &running.owner, data["id"].as_str().unwrap()).await;
    assert_eq!((recorded["trigger_id"].as_i64(), recorded["reason_id"].as_i64()), (Some(5), Some(9)));

    // A retry with the same key is the same payment: charged once.
    let again = send(&app, Method::POST, &path, body(card), &running.owner).await;
    assert_eq!((again.status.as_u16(), &again.body["data"]["id"]), (201, &data["id"]));
    assert_eq!((stripe.payment_intents_created(), stripe.charges()), (1, 1));
    // Bought once: buying it again is refused.
    let twice = json!({"upgrade_ids": [featured["id"]], "customer_card_id": card});
    send(&app, Method::POST, &path, twice, &running.owner).await.assert_error(422, "upgrade_ids.already");
}

#[tokio::test]
async fn a_declined_card_is_402_and_the_extension_is_charged_directly_by_its_holder_only() {
    let (app, stripe) = spawn_paying_app().await;
    let running = running_contest(&app, "dext").await;
    let (_, stranger) = app.client_session("dextstranger").await;
    let card = save_card(&app, &stripe, running.owner_id, &running.owner, "pm_card_visa").await;
    let declining =
        save_card(&app, &stripe, running.owner_id, &running.owner, vitrine_stripe_mock::DECLINING_CARD).await;
    let path = format!("/contests/{}/extends/payments/stripe", running.id);
    send(&app, Method::POST, &path, json!({"days": 3, "customer_card_id": card}), &stranger)
        .await
        .assert_error(403, "contest.edit.forbidden");
    send(&app, Method::POST, &path, json!({"days": 11, "customer_card_id": card}), &running.owner)
        .await
        .assert_error(422, "days.between");
    let before = contest(&app, running.id, &running.owner).await["submission_ends_at"].as_i64().unwrap();

    let declined = send(
        &app,
        Method::POST,
        &path,
        json!({"days": 3, "customer_card_id": declining, "idempotency_key": "d"}),
        &running.owner,
    )
    .await;
    declined.assert_error(402, "payment.card_declined");
    let failed: (String,) = sqlx::query_as("SELECT state FROM payment_transaction WHERE idempotency_key = 'd'")
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(failed.0, "failed");
    assert_eq!(contest(&app, running.id, &running.owner).await["submission_ends_at"].as_i64(), Some(before));

    let paid = send(&app, Method::POST, &path, json!({"days": "3", "customer_card_id": card}), &running.owner).await;
    assert_eq!((paid.status.as_u16(), paid.body["data"]["state"].as_str()), (201, Some("paid")), "{}", paid.body);
    let after = contest(&app, running.id, &running.owner).await["submission_ends_at"].as_i64().unwrap();
    assert_eq!(after - before, 3 * 86_400_000);
}

#[tokio::test]
async fn an_additional_design_is_charged_directly_by_the_holder_not_its_designer() {
    let (app, stripe) = spawn_paying_app().await;
    let running = running_contest(&app, "dadd").await;
    let (_, alice) = designer(&app, "daddalice", 2).await;
    let (_, bob) = designer(&app, "daddbob", 2).await;
    let winner = submitted(&app, &alice, running.id).await;
    let bobs = submitted(&app, &bob, running.id).await;
    let award = format!("/contests/{}/entries/{winner}/award-winners", running.id);
    assert_eq!(send(&app, Method::POST, &award, json!({}), &running.owner).await.status, 200);
    let card = save_card(&app, &stripe, running.owner_id, &running.owner, "pm_card_visa").await;
    let path = format!("/contests/{}/entries/{bobs}/payments/stripe", running.id);
    send(&app, Method::POST, &path, json!({"customer_card_id": card}), &running.owner)
        .await
        .assert_error(409, "contest.entry.not_available.purchase");
    let buy = format!("/contests/{}/additional-entries", running.id);
    assert_eq!(send(&app, Method::POST, &buy, json!({"contest_entry_id": bobs}), &running.owner).await.status, 201);
    send(&app, Method::POST, &path, json!({"customer_card_id": card}), &bob)
        .await
        .assert_error(403, "contest.edit.forbidden");

    let paid = send(&app, Method::POST, &path, json!({"customer_card_id": card}), &running.owner).await;
    assert_eq!((paid.status.as_u16(), paid.body["data"]["amount"].as_i64()), (201, Some(100)), "{}", paid.body);
    let list =
        app.get(&format!("/contests/additional-entries?filter[contest_id]={}", running.id), Some(&running.owner)).await;
    assert_eq!(list.body["data"][0]["status"], "paid", "{}", list.body);
}

#[tokio::test]
async fn the_cart_charged_directly_becomes_tips_and_must_be_the_cart_the_payer_saw() {
    let (app, stripe) = spawn_paying_app().await;
    let t = tippable(&app, "dcart").await;
    let card = save_card(&app, &stripe, t.owner_id, &t.owner, "pm_card_visa").await;
    const CART: &str = "/carts/payments/stripe";
    send(&app, Method::POST, CART, json!({"country_id": 20, "customer_card_id": card}), &t.designer)
        .await
        .assert_error(403, "cart.clients_only");
    send(&app, Method::POST, CART, json!({"country_id": 20, "customer_card_id": card}), &t.owner)
        .await
        .assert_error(409, "payment.not_due");
    let item = json!({"price": 12, "contest_id": t.contest, "contest_entry_id": t.entry, "trigger_id": 9});
    let added = app.send_json(Method::POST, "/carts", &item, Some(&t.owner)).await;
    assert_eq!(added.status, 201, "{}", added.body);
    let item_id = added.body["data"]["id"].as_i64().unwrap();
    // Items the payer did not see (another tab's cart) are not charged.
    send(
        &app,
        Method::POST,
        CART,
        json!({"country_id": 20, "customer_card_id": card, "items": [item_id + 1000]}),
        &t.owner,
    )
    .await
    .assert_error(409, "cart.changed");

    let body = json!({"country_id": 20, "customer_card_id": card, "items": [item_id]});
    let paid = send(&app, Method::POST, CART, body, &t.owner).await;
    assert_eq!(paid.status, 201, "{}", paid.body);
    assert_eq!(
        (paid.body["data"]["amount_cents"].as_i64(), paid.body["data"]["state"].as_str()),
        (Some(1_200), Some("paid"))
    );
    let tips: Vec<(i64, i64)> =
        sqlx::query_as("SELECT contest_entry_id, amount_cents FROM contest_entry_tip WHERE created_by = $1")
            .bind(t.owner_id)
            .fetch_all(&app.db.pool)
            .await
            .unwrap();
    assert_eq!(tips, [(t.entry, 1_200)]);
    assert_eq!(app.get("/carts", Some(&t.owner)).await.body["data"]["total"], 0, "the cart is empty");
}

#[tokio::test]
async fn full_rights_are_bought_under_the_contests_purchase_design_path() {
    let (app, stripe) = spawn_paying_app().await;
    let f = finished(&app, "pdes").await;
    listed(&app, &f.seller, f.entry, 120).await;
    let other = finished(&app, "pdesother").await;
    let (buyer_id, buyer) = app.client_session("pdesbuyer").await;
    let card = save_card(&app, &stripe, buyer_id, &buyer, "pm_card_visa").await;
    let base = format!("/contests/{}/purchase-design/payments/stripe/payment-intents", f.contest);

    let refused =
        send(&app, Method::POST, &base, json!({"idempotency_key": "s", "entry_id": f.entry}), &f.seller).await;
    refused.assert_error(403, "marketplace.purchase.clients_only");
    send(&app, Method::POST, &base, json!({"idempotency_key": "n"}), &buyer)
        .await
        .assert_error(422, "validation.required");
    // An entry of another contest is not found under this one.
    listed(&app, &other.seller, other.entry, 90).await;
    send(&app, Method::POST, &base, json!({"idempotency_key": "o", "entry_id": other.entry}), &buyer)
        .await
        .assert_error(404, "contest.entry.not_found");

    let intent = create_intent(&app, &base, json!({"entry_id": f.entry}), &buyer).await;
    assert_eq!((intent["amount"].as_i64(), intent["purpose"].as_str()), (Some(120), Some("marketplace_purchase")));
    // Re-priced without naming the entry again: still the same entry.
    let update = format!("{base}/{}", intent["id"].as_str().unwrap());
    let updated = send(&app, Method::PUT, &update, json!({}), &buyer).await;
    assert_eq!(
        (updated.status.as_u16(), updated.body["data"]["amount"].as_i64()),
        (200, Some(120)),
        "{}",
        updated.body
    );
    send(&app, Method::PUT, &update, json!({"entry_id": other.entry}), &buyer)
        .await
        .assert_error(409, "idempotency_key.reused");
    // Under another contest's path the payment is not found.
    let elsewhere = format!("/contests/{}/purchase-design/payments/stripe/payment-intents", other.contest);
    let finalized_elsewhere = finalize(&app, &elsewhere, &intent, card, &buyer).await;
    finalized_elsewhere.assert_error(404, "payment.not_found");
    let finalized = finalize(&app, &base, &intent, card, &buyer).await;
    assert_eq!(finalized.status, 200, "{}", finalized.body);
    let (status, _) = stripe
        .confirm_payment_intent(intent["id"].as_str().unwrap(), intent["client_secret"].as_str().unwrap(), None)
        .await;
    assert_eq!(status, 200);
    let paid = transaction(&app, &buyer, intent["id"].as_str().unwrap()).await;
    assert_eq!(paid["state"], "paid", "{paid}");
    let sold: (Option<i64>,) =
        sqlx::query_as("SELECT CAST(sold_to AS BIGINT) FROM marketplace_entry WHERE contest_entry_id = $1")
            .bind(f.entry)
            .fetch_one(&app.db.pool)
            .await
            .unwrap();
    assert_eq!(sold.0, Some(buyer_id));
}

#[tokio::test]
async fn a_card_saved_from_a_token_is_the_owners_legacy_card_and_pays() {
    let (app, _stripe) = spawn_paying_app().await;
    let running = running_contest(&app, "tok").await;
    let (_, stranger) = app.client_session("tokstranger").await;
    let path = format!("/users/{}/customer-cards", running.owner_id);
    send(&app, Method::POST, &path, json!({"token": "tok_visa"}), &stranger)
        .await
        .assert_error(403, "customer_card.forbidden");
    for bad in [json!({}), json!({"token": "pm_card_visa"}), json!({"token": "tok_unknown"})] {
        send(&app, Method::POST, &path, bad, &running.owner).await.assert_error(422, "payment_method.invalid");
    }

    let saved =
        send(&app, Method::POST, &path, json!({"token": "tok_mastercard", "trigger_id": 5}), &running.owner).await;
    assert_eq!(saved.status, 201, "{}", saved.body);
    let card = &saved.body["data"];
    assert_eq!(
        (card["object"].as_str(), card["brand"].as_str(), card["last4"].as_str(), card["role"].as_str()),
        (Some("legacy"), Some("mastercard"), Some("4444"), Some("default"))
    );
    // Stripe.js's whole answer stands for the token.
    let second = send(
        &app,
        Method::POST,
        &path,
        json!({"token_response": {"id": "tok_amex", "card": {"last4": "0000"}}}),
        &running.owner,
    )
    .await;
    assert_eq!((second.status.as_u16(), second.body["data"]["last4"].as_str()), (201, Some("8431")), "{}", second.body);
    let listed = app.get(&path, Some(&running.owner)).await;
    assert_eq!(listed.body["data"].as_array().unwrap().len(), 2);
    let card_id = card["id"].as_i64().unwrap();
    let cvc = app.get(&format!("{path}/require-cvc/{card_id}"), Some(&running.owner)).await;
    assert_eq!(cvc.body["data"]["cvc_required"], true);

    let extend = format!("/contests/{}/extends/payments/stripe", running.id);
    let paid = send(&app, Method::POST, &extend, json!({"days": 1, "customer_card_id": card_id}), &running.owner).await;
    assert_eq!((paid.status.as_u16(), paid.body["data"]["state"].as_str()), (201, Some("paid")), "{}", paid.body);
    // A legacy card's CVC is asked at every payment.
    let cvc = app.get(&format!("{path}/require-cvc/{card_id}"), Some(&running.owner)).await;
    assert_eq!(cvc.body["data"]["cvc_required"], true);
}
