//! Paying to start a contest: the amount is the server's, the contest goes 1 -> 2
//! live for its watchers once Stripe says the payment succeeded, a declined card is
//! recorded and changes nothing, and nobody pays for someone else's contest.

use reqwest::Method;
use serde_json::{json, Value};
use vitrine_protocol::ServerFrame;
use vitrine_stripe_mock::DECLINING_CARD;

use super::{contest, create_intent, finalize, pay, priced_contest, save_card, send, spawn_paying_app, transaction};
use crate::realtime::client::WsClient;

fn base(contest: i64) -> String {
    format!("/contests/{contest}/payments/stripe/payment-intents")
}

/// Subscribes to `ch` whatever its head, answering the head.
async fn watch(client: &mut WsClient, ch: &str) -> u64 {
    match client.sub(ch, None, None).await {
        ServerFrame::Subscribed { seq, .. } => seq,
        other => panic!("expected subscribed on {ch}, got {other:?}"),
    }
}

/// The next event on `ch` (skipping presence and other channels): (type, data).
async fn next_on(client: &mut WsClient, ch: &str) -> (String, Value) {
    loop {
        match client.expect().await {
            ServerFrame::Event(e) if e.ch == ch => return (e.event_type, e.data),
            _ => continue,
        }
    }
}

#[tokio::test]
async fn a_paid_launch_starts_the_contest_live_for_its_watchers_and_records_the_transaction() {
    let (app, stripe) = spawn_paying_app().await;
    let (owner_id, owner) = app.client_session("payowner").await;
    let (admin_id, admin) = app.admin_session("payadmin").await;
    let (id, total) = priced_contest(&app, &owner, &[]).await;
    let card = save_card(&app, &stripe, owner_id, &owner, "pm_card_visa").await;

    // The owner's page and an admin watch the unpaid contest; the owner their own channel.
    let contest_ch = format!("contest:{id}");
    let user_ch = format!("user:{owner_id}");
    let mut owner_ws = WsClient::signed_in(&app, &owner).await;
    watch(&mut owner_ws, &contest_ch).await;
    watch(&mut owner_ws, &user_ch).await;
    let mut admin_ws = WsClient::signed_in(&app, &admin).await;
    watch(&mut admin_ws, &contest_ch).await;

    // A client-sent amount is ignored: the server prices the launch.
    let intent = create_intent(&app, &base(id), json!({"amount": 1, "amount_cents": 100}), &owner).await;
    assert_eq!(intent["amount"], total, "{intent}");
    assert_eq!(intent["amount_cents"], total * 100);
    assert_eq!(intent["state"], "open");
    assert_eq!(intent["test_mode"], false);
    assert_eq!(stripe.object(intent["id"].as_str().unwrap()).unwrap()["amount"], total * 100);
    assert_eq!(contest(&app, id, &owner).await["status_id"], 1, "nothing starts before the money");

    let finalized = finalize(&app, &base(id), &intent, card, &owner).await;
    assert_eq!(finalized.status, 200, "{}", finalized.body);
    let (status, confirmed) = stripe
        .confirm_payment_intent(intent["id"].as_str().unwrap(), intent["client_secret"].as_str().unwrap(), None)
        .await;
    assert_eq!((status, confirmed["status"].as_str()), (200, Some("succeeded")), "{confirmed}");

    for ws in [&mut owner_ws, &mut admin_ws] {
        let (kind, data) = next_on(ws, &contest_ch).await;
        assert_eq!(
            (kind.as_str(), data["id"].as_i64(), data["status_id"].as_i64()),
            ("contest.status", Some(id), Some(2))
        );
        assert_eq!(data["status_name"], "Active");
    }
    let (kind, data) = next_on(&mut owner_ws, &user_ch).await;
    assert_eq!(
        (kind.as_str(), data["state"].as_str(), data["status_id"].as_i64()),
        ("payment.updated", Some("paid"), Some(2))
    );

    let started = contest(&app, id, &owner).await;
    assert_eq!(started["status_id"], 2);
    assert!(started["submission_ends_at"].as_i64().is_some());
    let paid = transaction(&app, &owner, intent["id"].as_str().unwrap()).await;
    assert_eq!((paid["status_id"].as_i64(), paid["status"].as_str()), (Some(2), Some("Paid")));
    assert_eq!((paid["trigger_id"].as_i64(), paid["reason_id"].as_i64()), (Some(4), Some(7)));
    assert_eq!(paid["amount"], total);
    assert_eq!(paid["purpose"], "contest_launch");
    assert_eq!(stripe.charges(), 1);
    // The card paid once: its CVC is no longer asked.
    let cvc = app.get(&format!("/users/{owner_id}/customer-cards/require-cvc/{card}"), Some(&owner)).await;
    assert_eq!(cvc.body["data"]["cvc_required"], false);
    // Admins see every payment; another client none of these.
    let all = app.get("/transactions", Some(&admin)).await;
    assert!(all.body["data"].as_array().unwrap().iter().any(|t| t["user_id"] == owner_id));
    let (_, other) = app.client_session("payother").await;
    assert_eq!(app.get("/transactions", Some(&other)).await.body["total"], 0);
    assert_ne!(admin_id, owner_id);

    // Paid once: paying again is refused.
    let again = send(&app, Method::POST, &base(id), json!({"idempotency_key": "another"}), &owner).await;
    again.assert_error(409, "contest.already_started");
}

#[tokio::test]
async fn a_declined_card_is_recorded_and_the_contest_stays_unpaid_until_a_good_card_pays() {
    let (app, stripe) = spawn_paying_app().await;
    let (owner_id, owner) = app.client_session("declined").await;
    let (id, _) = priced_contest(&app, &owner, &[]).await;
    let bad = save_card(&app, &stripe, owner_id, &owner, DECLINING_CARD).await;
    let good = save_card(&app, &stripe, owner_id, &owner, "pm_card_mastercard").await;
    let user_ch = format!("user:{owner_id}");
    let mut ws = WsClient::signed_in(&app, &owner).await;
    watch(&mut ws, &user_ch).await;

    let (intent, (status, answer)) = pay(&app, &stripe, &base(id), json!({}), bad, &owner).await;
    assert_eq!(status, 402, "{answer}");
    assert_eq!(answer["error"]["code"], "card_declined");
    let (kind, data) = next_on(&mut ws, &user_ch).await;
    assert_eq!((kind.as_str(), data["state"].as_str()), ("payment.updated", Some("failed")));
    let failed = transaction(&app, &owner, intent["id"].as_str().unwrap()).await;
    assert_eq!((failed["status_id"].as_i64(), failed["state"].as_str()), (Some(1), Some("failed")));
    assert_eq!(failed["failure_message"], "Your card was declined.");
    assert_eq!(contest(&app, id, &owner).await["status_id"], 1);
    assert_eq!(stripe.charges(), 0);

    // The same payment, another card: it goes through and the contest starts.
    let finalized = finalize(&app, &base(id), &intent, good, &owner).await;
    assert_eq!(finalized.status, 200, "{}", finalized.body);
    let (status, _) = stripe
        .confirm_payment_intent(intent["id"].as_str().unwrap(), intent["client_secret"].as_str().unwrap(), None)
        .await;
    assert_eq!(status, 200);
    assert_eq!(contest(&app, id, &owner).await["status_id"], 2);
    assert_eq!(transaction(&app, &owner, intent["id"].as_str().unwrap()).await["state"], "paid");
}

#[tokio::test]
async fn nobody_pays_for_someone_elses_contest_or_with_someone_elses_card() {
    let (app, stripe) = spawn_paying_app().await;
    let (owner_id, owner) = app.client_session("mine").await;
    let (stranger_id, stranger) = app.client_session("notmine").await;
    let (id, _) = priced_contest(&app, &owner, &[]).await;
    let owner_card = save_card(&app, &stripe, owner_id, &owner, "pm_card_visa").await;
    let stranger_card = save_card(&app, &stripe, stranger_id, &stranger, "pm_card_visa").await;

    // Creating for someone else's contest: refused, nothing reaches Stripe.
    send(&app, Method::POST, &base(id), json!({"idempotency_key": "theirs"}), &stranger)
        .await
        .assert_error(403, "contest.edit.forbidden");
    assert_eq!(stripe.payment_intents_created(), 0);
    // Without a key: refused before anything.
    send(&app, Method::POST, &base(id), json!({}), &owner).await.assert_error(422, "idempotency_key.required");
    // A key Stripe's header could not carry (a control character, non-ASCII) is the
    // caller's mistake, refused here; it used to reach the provider and come back 502.
    for key in ["line\nbreak", "tab\tkey", "clé", "\u{7f}"] {
        send(&app, Method::POST, &base(id), json!({"idempotency_key": key}), &owner)
            .await
            .assert_error(422, "idempotency_key.required");
    }
    assert_eq!(stripe.payment_intents_created(), 0);

    // The owner's payment: the stranger can neither re-price nor finalize it...
    let intent = create_intent(&app, &base(id), json!({}), &owner).await;
    let intent_id = intent["id"].as_str().unwrap();
    send(&app, Method::PUT, &format!("{}/{intent_id}", base(id)), json!({}), &stranger)
        .await
        .assert_error(403, "payment.forbidden");
    finalize(&app, &base(id), &intent, stranger_card, &stranger).await.assert_error(403, "payment.forbidden");
    // ...and the owner cannot charge the stranger's card.
    finalize(&app, &base(id), &intent, stranger_card, &owner).await.assert_error(403, "customer_card.forbidden");
    assert!(stripe.object(intent_id).unwrap()["payment_method"].is_null(), "no card was set at Stripe");
    // An intent of another route is not found there.
    send(
        &app,
        Method::PUT,
        &format!("/contests/{id}/extends/payments/stripe/payment-intents/{intent_id}"),
        json!({"days": 2}),
        &owner,
    )
    .await
    .assert_error(404, "payment.not_found");
    assert_eq!(finalize(&app, &base(id), &intent, owner_card, &owner).await.status, 200);
    assert_eq!(contest(&app, id, &owner).await["status_id"], 1);
}

#[tokio::test]
async fn a_launch_its_coupon_covers_whole_starts_without_a_payment_and_is_recorded_at_zero() {
    let (app, stripe) = spawn_paying_app().await;
    let (_, admin) = app.admin_session("freeadmin").await;
    let made = app
        .send_json(
            Method::POST,
            "/contests/types/1/coupons",
            &json!({"code": "ONTHEHOUSE", "percent_off": 100, "usage_limit": 1}),
            Some(&admin),
        )
        .await;
    assert_eq!(made.status, 201, "{}", made.body);
    let (owner_id, owner) = app.client_session("freelauncher").await;
    let (_, stranger) = app.client_session("freestranger").await;

    // With an upgrade beside the package, something is still to pay.
    let id = crate::contests::launch(&app, &owner).await;
    let upgrades = app.get("/contests/types/1/upgrades", None).await.body["data"].clone();
    let featured = upgrades.as_array().unwrap().iter().find(|u| u["is_featured"] == 1).unwrap()["id"].clone();
    let silver = super::silver(&app).await["id"].clone();
    let options = format!("/contests/{id}/options");
    let body = json!({"contest_type_pricing_id": silver, "upgrade_ids": [featured], "coupon_code": "ONTHEHOUSE"});
    let priced = app.put(&options, &body, &owner).await;
    assert!(priced.body["data"]["quote"]["total_cents"].as_i64().unwrap() > 0, "{}", priced.body);
    let free = format!("/contests/{id}/launch/free");
    send(&app, Method::POST, &free, json!(null), &owner).await.assert_error(409, "contest.post.coupon_code");

    // The package alone: the coupon covers it whole. Cards cannot take $0; the free launch can.
    let body = json!({"contest_type_pricing_id": silver, "upgrade_ids": [], "coupon_code": "ONTHEHOUSE"});
    let priced = app.put(&options, &body, &owner).await;
    assert_eq!(priced.body["data"]["quote"]["total_cents"], 0, "{}", priced.body);
    send(&app, Method::POST, &base(id), json!({"idempotency_key": "zero"}), &owner)
        .await
        .assert_error(409, "payment.not_due");
    send(&app, Method::POST, &free, json!(null), &stranger).await.assert_error(403, "contest.edit.forbidden");
    assert_eq!(contest(&app, id, &owner).await["status_id"], 1);

    let started = send(&app, Method::POST, &free, json!(null), &owner).await;
    assert_eq!(
        (started.status.as_u16(), started.body["data"]["status_id"].as_i64()),
        (200, Some(2)),
        "{}",
        started.body
    );
    assert_eq!(started.body["data"]["contest_type_pricing_id"], silver);
    send(&app, Method::POST, &free, json!(null), &owner).await.assert_error(409, "contest.already_started");
    assert_eq!(stripe.payment_intents_created(), 0, "nothing reached Stripe");

    // Recorded as a $0 launch with its coupon, once, and the coupon's one use is spent.
    let payments = app.get("/transactions", Some(&owner)).await.body["data"].clone();
    let payments = payments.as_array().unwrap();
    assert_eq!(payments.len(), 1, "{payments:?}");
    let launch = &payments[0];
    assert_eq!(
        (launch["purpose"].as_str(), launch["amount"].as_i64(), launch["state"].as_str(), launch["provider"].as_str()),
        (Some("contest_launch"), Some(0), Some("paid"), Some("none"))
    );
    assert_eq!(launch["user_id"], owner_id);
    let other = crate::contests::launch(&app, &owner).await;
    let body = json!({"contest_type_pricing_id": silver, "coupon_code": "ONTHEHOUSE"});
    app.put(&format!("/contests/{other}/options"), &body, &owner).await.assert_error(422, "coupon.limit_exceed");
}
