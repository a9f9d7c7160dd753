//! The commerce area's purposes: the tipping cart, paid through its intent and the
//! signed webhook, becomes tips pending approval and empties live on the badge (once,
//! however often the webhook comes); a pending subscription is paid by its owner only
//! and becomes active.

use reqwest::Method;
use serde_json::json;
use vitrine_protocol::event_type;
use vitrine_server::notifications::badges::WINDOW_MS;

use super::{pay, save_card, send, spawn_paying_app, transaction};
use crate::commerce::{next_of, tippable, watch_user};

const CART: &str = "/carts/payments/stripe/payment-intents";

fn subscription_base(id: i64) -> String {
    format!("/subscriptions/{id}/payments/stripe/payment-intents")
}

async fn tips_of(app: &crate::helpers::TestApp, user_id: i64) -> Vec<(i64, i64, i64)> {
    sqlx::query_as(
        "SELECT contest_entry_id, amount_cents, approval_status_id FROM contest_entry_tip WHERE created_by = $1 \
         ORDER BY id",
    )
    .bind(user_id)
    .fetch_all(&app.db.pool)
    .await
    .unwrap()
}

/// Badges until one shows `cart_count` = `count` (earlier ones may come first).
async fn badge_with(watcher: &mut crate::realtime::client::WsClient, count: i64) {
    while next_of(watcher, event_type::BADGE).await.data["cart_count"] != count {}
}

#[tokio::test]
async fn a_paid_cart_becomes_pending_tips_once_and_its_badge_empties_live() {
    let (app, stripe) = spawn_paying_app().await;
    let t = tippable(&app, "paycart").await;
    let second = crate::entries::submitted(&app, &t.designer, t.contest).await;
    let card = save_card(&app, &stripe, t.owner_id, &t.owner, "pm_card_visa").await;

    // Nothing in the cart: nothing to pay, nothing reaches Stripe.
    send(&app, Method::POST, CART, json!({"idempotency_key": "empty", "country_id": 20}), &t.owner)
        .await
        .assert_error(409, "payment.not_due");
    assert_eq!(stripe.payment_intents_created(), 0);
    // Only clients pay for a cart.
    send(&app, Method::POST, CART, json!({"idempotency_key": "designer"}), &t.designer)
        .await
        .assert_error(403, "cart.clients_only");

    let (mut watcher, _) = watch_user(&app, &t.owner, t.owner_id).await;
    for (entry, price) in [(t.entry, 10), (second, 15)] {
        let body = json!({"price": price, "contest_id": t.contest, "contest_entry_id": entry, "trigger_id": 9});
        let added = app.send_json(Method::POST, "/carts", &body, Some(&t.owner)).await;
        assert_eq!(added.status, 201, "{}", added.body);
    }
    // The additions' badges are coalesced in their window: once it has passed the
    // basket shows two, and the payment's badge is pushed at once.
    app.clock.advance_ms(WINDOW_MS);
    badge_with(&mut watcher, 2).await;
    app.clock.advance_ms(WINDOW_MS);

    // A country without states: no tax; the amount is the cart's, not the client's.
    let body = json!({"amount": 1, "country_id": 20});
    let (intent, (status, confirmed)) = pay(&app, &stripe, CART, body, card, &t.owner).await;
    assert_eq!(status, 200, "{confirmed}");
    assert_eq!((intent["amount_cents"].as_i64(), intent["purpose"].as_str()), (Some(2_500), Some("cart")));
    assert_eq!(stripe.object(intent["id"].as_str().unwrap()).unwrap()["amount"], 2_500);

    // Should the badge have been coalesced after all, the window's end sends it.
    app.clock.advance_ms(WINDOW_MS);
    badge_with(&mut watcher, 0).await;
    assert_eq!(tips_of(&app, t.owner_id).await, [(t.entry, 1_000, 1), (second, 1_500, 1)]);
    assert_eq!(app.get("/carts", Some(&t.owner)).await.body["data"]["total"], 0, "the cart is empty");
    let paid = transaction(&app, &t.owner, intent["id"].as_str().unwrap()).await;
    assert_eq!(
        (paid["state"].as_str(), paid["trigger_id"].as_i64(), paid["reason_id"].as_i64()),
        (Some("paid"), Some(9), Some(17))
    );

    // Stripe delivers the same event again: still two tips.
    let event = stripe.events().into_iter().find(|e| e.kind == "payment_intent.succeeded").unwrap();
    assert_eq!(stripe.redeliver(&event.id).await, Some(200));
    assert_eq!(tips_of(&app, t.owner_id).await.len(), 2);
}

#[tokio::test]
async fn only_its_owner_pays_for_a_subscription_which_the_payment_activates() {
    let (app, stripe) = spawn_paying_app().await;
    let (owner_id, owner) = app.client_session("paysubowner").await;
    let (stranger_id, stranger) = app.client_session("paysubstranger").await;
    let bought = send(&app, Method::POST, "/subscriptions/purchase", json!({"trigger_id": 2}), &owner).await;
    assert_eq!(bought.status, 201, "{}", bought.body);
    let id = bought.body["data"]["id"].as_i64().unwrap();
    let card = save_card(&app, &stripe, owner_id, &owner, "pm_card_visa").await;
    save_card(&app, &stripe, stranger_id, &stranger, "pm_card_visa").await;

    send(&app, Method::POST, &subscription_base(id), json!({"idempotency_key": "theirs"}), &stranger)
        .await
        .assert_error(403, "payment.forbidden");
    send(&app, Method::POST, &subscription_base(id + 1000), json!({"idempotency_key": "none"}), &owner)
        .await
        .assert_error(404, "subscription.not_found");
    assert_eq!(stripe.payment_intents_created(), 0);
    assert_eq!(app.get("/subscriptions/active", Some(&owner)).await.body["data"], json!([]));

    let (intent, (status, confirmed)) = pay(&app, &stripe, &subscription_base(id), json!({}), card, &owner).await;
    assert_eq!(status, 200, "{confirmed}");
    assert_eq!(intent["amount_cents"], 4_900);
    let active = app.get("/subscriptions/active", Some(&owner)).await;
    assert_eq!(active.body["data"][0]["id"], id, "{}", active.body);
    assert_eq!(active.body["data"][0]["status_id"], 2);
    let paid = transaction(&app, &owner, intent["id"].as_str().unwrap()).await;
    assert_eq!((paid["state"].as_str(), paid["trigger_id"].as_i64()), (Some("paid"), Some(2)));

    // Active now: a second payment is refused.
    send(&app, Method::POST, &subscription_base(id), json!({"idempotency_key": "again"}), &owner)
        .await
        .assert_error(409, "subscription.active");
}

#[tokio::test]
async fn the_cart_payment_needs_a_country_and_its_state_and_charges_that_states_tax() {
    let (app, stripe) = spawn_paying_app().await;
    let t = tippable(&app, "paycarttax").await;
    let card = save_card(&app, &stripe, t.owner_id, &t.owner, "pm_card_visa").await;
    let body = json!({"price": 25, "contest_id": t.contest, "contest_entry_id": t.entry, "trigger_id": 9});
    assert_eq!(app.send_json(Method::POST, "/carts", &body, Some(&t.owner)).await.status, 201);

    let no_country = send(&app, Method::POST, CART, json!({"idempotency_key": "a"}), &t.owner).await;
    no_country.assert_error(422, "validation.required");
    assert_eq!(no_country.field_code("country_id"), "validation.required");
    let unknown = send(&app, Method::POST, CART, json!({"idempotency_key": "b", "country_id": 999}), &t.owner).await;
    assert_eq!(unknown.field_code("country_id"), "validation.exists");
    // The United States has states: one is required, and it must be one of them.
    let no_state = send(&app, Method::POST, CART, json!({"idempotency_key": "c", "country_id": 1}), &t.owner).await;
    assert_eq!(no_state.field_code("state_id"), "validation.required");
    let foreign = json!({"idempotency_key": "d", "country_id": 1, "state_id": 99_999});
    let foreign = send(&app, Method::POST, CART, foreign, &t.owner).await;
    assert_eq!(foreign.field_code("state_id"), "state_id.country");
    assert_eq!(stripe.payment_intents_created(), 0, "nothing reached Stripe");

    // California: $25.00 + 7.25 % = $26.81 (1.8125 rounds to 1.81).
    let (intent, (status, confirmed)) =
        pay(&app, &stripe, CART, json!({"country_id": 1, "state_id": 5}), card, &t.owner).await;
    assert_eq!(status, 200, "{confirmed}");
    assert_eq!(intent["amount_cents"], 2_681);
    assert_eq!(stripe.object(intent["id"].as_str().unwrap()).unwrap()["amount"], 2_681);
    // The tip itself is the item's price; the tax is not the designer's.
    assert_eq!(tips_of(&app, t.owner_id).await, [(t.entry, 2_500, 1)]);
}
