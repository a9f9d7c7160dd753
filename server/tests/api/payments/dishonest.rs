//! What a dishonest or unlucky payer tries (issue #50): each sequence either settles
//! exactly what was priced, or is refused and refunded. Nothing is applied that was not
//! paid for, and nothing is charged twice for one thing.

use std::time::Duration;

use reqwest::Method;
use serde_json::{json, Value};

use super::{contest, create_intent, finalize, priced_contest, save_card, send, silver, spawn_paying_app};
use crate::{entries::running_contest, helpers::TestApp};

async fn logo_upgrades(app: &TestApp) -> Vec<Value> {
    app.get("/contests/types/1/upgrades", None).await.body["data"].as_array().unwrap().clone()
}

/// The states of the payments recorded for `contest_id`, oldest first, once none is
/// left paid-but-refund-pending: a refused effect is refunded after its settlement
/// commits, and Stripe's `charge.refunded` comes back to the webhook.
async fn settled_states(app: &TestApp, contest_id: i64, refunds: usize) -> Vec<String> {
    let mut states = Vec::new();
    for _ in 0..100 {
        states = sqlx::query_scalar("SELECT state FROM payment_transaction WHERE contest_id = $1 ORDER BY id")
            .bind(contest_id)
            .fetch_all(&app.db.pool)
            .await
            .unwrap();
        if states.iter().filter(|s: &&String| s.as_str() == "refunded").count() >= refunds {
            break;
        }
        // The refund's own webhook is a second request the first one does not wait for.
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    states
}

/// Confirms `intent` (created at `base`) with `card`, as Stripe.js does in the browser.
async fn confirm(
    app: &TestApp,
    stripe: &vitrine_stripe_mock::StripeMock,
    base: &str,
    intent: &Value,
    card: i64,
    token: &str,
) {
    let finalized = finalize(app, base, intent, card, token).await;
    assert_eq!(finalized.status, 200, "{}", finalized.body);
    let (status, body) = stripe
        .confirm_payment_intent(intent["id"].as_str().unwrap(), intent["client_secret"].as_str().unwrap(), None)
        .await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn a_launch_starts_with_the_options_it_priced_not_the_ones_chosen_after() {
    let (app, stripe) = spawn_paying_app().await;
    let (owner_id, owner) = app.client_session("switcher").await;
    let (id, total) = priced_contest(&app, &owner, &[]).await;
    let card = save_card(&app, &stripe, owner_id, &owner, "pm_card_visa").await;
    let base = format!("/contests/{id}/payments/stripe/payment-intents");
    let intent = create_intent(&app, &base, json!({}), &owner).await;
    assert_eq!(intent["amount"], total);

    // In another tab: the dearest package and every upgrade but Rush.
    let pricings = app.get("/contests/types/1/pricings", None).await.body["data"].clone();
    let dearest = pricings.as_array().unwrap().iter().max_by_key(|p| p["amount"].as_i64()).unwrap().clone();
    let all: Vec<Value> =
        logo_upgrades(&app).await.iter().filter(|u| u["is_rush"] == 0).map(|u| u["id"].clone()).collect();
    let body = json!({"contest_type_pricing_id": dearest["id"], "upgrade_ids": all});
    let dear = app.put(&format!("/contests/{id}/options"), &body, &owner).await;
    assert_eq!(dear.status, 200, "{}", dear.body);
    assert!(dear.body["data"]["quote"]["total_cents"].as_i64().unwrap() > total * 100);

    // The old intent, priced for Silver alone, is paid.
    confirm(&app, &stripe, &base, &intent, card, &owner).await;
    let started = contest(&app, id, &owner).await;
    assert_eq!(started["status_id"], 2, "{started}");
    let silver = silver(&app).await;
    assert_eq!(started["contest_type_pricing_id"], silver["id"], "the package paid for");
    assert_eq!(started["detail"]["winning_entry_amount"], silver["winning_entry_amount"], "{started}");
    let flags = ["is_featured", "is_private", "is_blind", "is_notified_via_email", "is_featured_blog_post"];
    for flag in flags {
        assert_eq!(started[flag], 0, "{flag} was not paid for: {started}");
    }
    assert_eq!(started["detail"]["is_highlighted"], 0);
    assert_eq!(stripe.charges(), 1);
    assert_eq!(settled_states(&app, id, 0).await, ["paid"]);
}

#[tokio::test]
async fn a_coupon_with_one_use_priced_into_three_launches_discounts_only_the_first_paid() {
    let (app, stripe) = spawn_paying_app().await;
    let (_, admin) = app.admin_session("couponadmin").await;
    let made = app
        .send_json(
            Method::POST,
            "/contests/types/1/coupons",
            &json!({"code": "ONLYONCE", "amount_off": 50, "usage_limit": 1}),
            Some(&admin),
        )
        .await;
    assert_eq!(made.status, 201, "{}", made.body);
    let (owner_id, owner) = app.client_session("couponhoarder").await;
    let card = save_card(&app, &stripe, owner_id, &owner, "pm_card_visa").await;
    // Priced into three launches while the coupon still had its use.
    let mut launches = Vec::new();
    for _ in 0..3 {
        let id = crate::contests::launch(&app, &owner).await;
        let body = json!({"contest_type_pricing_id": silver(&app).await["id"], "coupon_code": "ONLYONCE"});
        let priced = app.put(&format!("/contests/{id}/options"), &body, &owner).await;
        assert_eq!(priced.status, 200, "{}", priced.body);
        let base = format!("/contests/{id}/payments/stripe/payment-intents");
        let intent = create_intent(&app, &base, json!({}), &owner).await;
        launches.push((id, base, intent));
    }
    // Paid one after another: the first takes the coupon's use, the others are refunded.
    for (id, base, intent) in &launches {
        confirm(&app, &stripe, base, intent, card, &owner).await;
        let _ = id;
    }
    let (first, _, _) = &launches[0];
    assert_eq!(contest(&app, *first, &owner).await["status_id"], 2);
    assert_eq!(settled_states(&app, *first, 0).await, ["paid"]);
    for (id, _, _) in &launches[1..] {
        assert_eq!(contest(&app, *id, &owner).await["status_id"], 1, "not started: its discount was not due");
        assert_eq!(settled_states(&app, *id, 1).await, ["refunded"]);
    }
    let used: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM coupon_redemption r JOIN contest_type_coupon c ON c.id = r.contest_type_coupon_id \
         WHERE c.code = 'ONLYONCE'",
    )
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    assert_eq!(used, 1);
    let notes: Vec<Option<String>> =
        sqlx::query_scalar("SELECT failure_message FROM payment_transaction WHERE state = 'refunded' ORDER BY id")
            .fetch_all(&app.db.pool)
            .await
            .unwrap();
    assert_eq!(notes.len(), 2);
    assert!(notes.iter().all(|n| n.as_deref().unwrap_or_default().contains("coupon.limit_exceed")), "{notes:?}");
}

#[tokio::test]
async fn two_intents_for_one_upgrade_confirmed_apart_apply_it_once_and_refund_the_second() {
    let (app, stripe) = spawn_paying_app().await;
    let running = running_contest(&app, "twiceupg").await;
    let card = save_card(&app, &stripe, running.owner_id, &running.owner, "pm_card_visa").await;
    let featured = logo_upgrades(&app).await.into_iter().find(|u| u["is_featured"] == 1).unwrap();
    let base = format!("/contests/{}/upgrades/payments/stripe/payment-intents", running.id);
    let body = json!({"upgrade_ids": [featured["id"]]});
    let first = create_intent(&app, &base, body.clone(), &running.owner).await;
    let second = create_intent(&app, &base, body, &running.owner).await;
    confirm(&app, &stripe, &base, &first, card, &running.owner).await;
    confirm(&app, &stripe, &base, &second, card, &running.owner).await;

    assert_eq!(contest(&app, running.id, &running.owner).await["is_featured"], 1);
    assert_eq!(stripe.charges(), 2);
    assert_eq!(settled_states(&app, running.id, 1).await, ["paid", "refunded"]);
}

#[tokio::test]
async fn racing_direct_charges_for_one_upgrade_apply_it_once_and_refund_the_rest() {
    let (app, stripe) = spawn_paying_app().await;
    let running = running_contest(&app, "raceupg").await;
    let card = save_card(&app, &stripe, running.owner_id, &running.owner, "pm_card_visa").await;
    let highlighted = logo_upgrades(&app).await.into_iter().find(|u| u["is_highlighted"] == 1).unwrap();
    let path = format!("/contests/{}/upgrades/payments/stripe", running.id);
    let charge = |key: &'static str| {
        let body = json!({"customer_card_id": card, "idempotency_key": key, "upgrade_ids": [highlighted["id"]]});
        send(&app, Method::POST, &path, body, &running.owner)
    };
    let (a, b, c) = tokio::join!(charge("race-a"), charge("race-b"), charge("race-c"));
    for answer in [&a, &b, &c] {
        assert_eq!(answer.status, 201, "{}", answer.body);
    }
    assert_eq!(contest(&app, running.id, &running.owner).await["detail"]["is_highlighted"], 1);
    let states = settled_states(&app, running.id, 2).await;
    assert_eq!(states.iter().filter(|s| *s == "paid").count(), 1, "{states:?}");
    assert_eq!(states.iter().filter(|s| *s == "refunded").count(), 2, "{states:?}");
}

#[tokio::test]
async fn racing_direct_charges_with_one_key_all_answer_the_one_payment() {
    let (app, stripe) = spawn_paying_app().await;
    let running = running_contest(&app, "onekey").await;
    let card = save_card(&app, &stripe, running.owner_id, &running.owner, "pm_card_visa").await;
    let featured = logo_upgrades(&app).await.into_iter().find(|u| u["is_featured"] == 1).unwrap();
    let path = format!("/contests/{}/upgrades/payments/stripe", running.id);
    let body = json!({"customer_card_id": card, "idempotency_key": "one-click", "upgrade_ids": [featured["id"]]});
    let charge = || send(&app, Method::POST, &path, body.clone(), &running.owner);
    let answers = futures::future::join_all((0..5).map(|_| charge())).await;
    for answer in &answers {
        assert_eq!(answer.status, 201, "{}", answer.body);
        assert_eq!(answer.body["data"]["transaction_id"], answers[0].body["data"]["transaction_id"]);
        assert_eq!(answer.body["data"]["state"], "paid", "{}", answer.body);
    }
    assert_eq!(stripe.payment_intents_created(), 1);
    assert_eq!(stripe.charges(), 1);
    assert_eq!(settled_states(&app, running.id, 0).await, ["paid"]);
    assert_eq!(contest(&app, running.id, &running.owner).await["is_featured"], 1);
}
