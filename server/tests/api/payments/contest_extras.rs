//! Paying for more on a running contest: upgrades appear live, the prize grows by
//! one of the offered amounts, an additional design is paid and its designer told.

use reqwest::Method;
use serde_json::{json, Value};
use vitrine_protocol::ServerFrame;

use super::{contest, create_intent, pay, save_card, send, spawn_paying_app, transaction};
use crate::{
    entries::{designer, running_contest, submitted},
    realtime::client::WsClient,
};

async fn logo_upgrades(app: &crate::helpers::TestApp) -> Vec<Value> {
    app.get("/contests/types/1/upgrades", None).await.body["data"].as_array().unwrap().clone()
}

#[tokio::test]
async fn paid_upgrades_appear_live_and_cost_what_the_catalogue_says() {
    let (app, stripe) = spawn_paying_app().await;
    let running = running_contest(&app, "upg").await;
    let (_, stranger) = app.client_session("upgstranger").await;
    let card = save_card(&app, &stripe, running.owner_id, &running.owner, "pm_card_visa").await;
    let upgrades = logo_upgrades(&app).await;
    let featured = upgrades.iter().find(|u| u["is_featured"] == 1).unwrap();
    let highlighted = upgrades.iter().find(|u| u["is_highlighted"] == 1).unwrap();
    let base = format!("/contests/{}/upgrades/payments/stripe/payment-intents", running.id);
    let ch = format!("contest:{}", running.id);
    // A designer watches the (public, running) contest page.
    let (_, watcher) = designer(&app, "upgwatcher", 2).await;
    let mut ws = WsClient::signed_in(&app, &watcher).await;
    assert!(matches!(ws.sub(&ch, None, None).await, ServerFrame::Subscribed { .. }));

    send(&app, Method::POST, &base, json!({"idempotency_key": "u1", "upgrade_ids": [featured["id"]]}), &stranger)
        .await
        .assert_error(403, "contest.edit.forbidden");
    send(&app, Method::POST, &base, json!({"idempotency_key": "u2", "upgrade_ids": [987654]}), &running.owner)
        .await
        .assert_error(422, "validation.exists");
    send(&app, Method::POST, &base, json!({"idempotency_key": "u3", "upgrade_ids": []}), &running.owner)
        .await
        .assert_error(422, "validation.required");

    // Priced, then re-priced before paying (one upgrade more).
    let intent = create_intent(&app, &base, json!({"upgrade_ids": [featured["id"]]}), &running.owner).await;
    assert_eq!(intent["amount"], featured["amount"]);
    let path = format!("{base}/{}", intent["id"].as_str().unwrap());
    let both = json!({"upgrade_ids": [featured["id"], highlighted["id"]]});
    let updated = send(&app, Method::PUT, &path, both.clone(), &running.owner).await;
    let expected = featured["amount"].as_i64().unwrap() + highlighted["amount"].as_i64().unwrap();
    assert_eq!(
        (updated.status.as_u16(), updated.body["data"]["amount"].as_i64()),
        (200, Some(expected)),
        "{}",
        updated.body
    );
    assert_eq!(stripe.object(intent["id"].as_str().unwrap()).unwrap()["amount"], expected * 100);
    super::finalize(&app, &base, &intent, card, &running.owner).await;
    let (status, _) = stripe
        .confirm_payment_intent(intent["id"].as_str().unwrap(), intent["client_secret"].as_str().unwrap(), None)
        .await;
    assert_eq!(status, 200);

    let data = loop {
        match ws.expect().await {
            ServerFrame::Event(e) if e.ch == ch && e.event_type == "contest.updated" => break e.data,
            _ => continue,
        }
    };
    assert_eq!((data["is_featured"].as_i64(), data["is_highlighted"].as_i64()), (Some(1), Some(1)));
    let now = contest(&app, running.id, &running.owner).await;
    assert_eq!((now["is_featured"].as_i64(), now["detail"]["is_highlighted"].as_i64()), (Some(1), Some(1)));
    let paid = transaction(&app, &running.owner, intent["id"].as_str().unwrap()).await;
    assert_eq!(
        (paid["trigger_id"].as_i64(), paid["reason_id"].as_i64(), paid["amount"].as_i64()),
        (Some(5), Some(9), Some(expected))
    );
    // Bought once: buying it again is refused.
    send(&app, Method::POST, &base, json!({"idempotency_key": "u4", "upgrade_ids": [featured["id"]]}), &running.owner)
        .await
        .assert_error(422, "upgrade_ids.already");
}

#[tokio::test]
async fn the_prize_grows_by_one_of_the_offered_amounts() {
    let (app, stripe) = spawn_paying_app().await;
    let running = running_contest(&app, "prize").await;
    let card = save_card(&app, &stripe, running.owner_id, &running.owner, "pm_card_visa").await;
    let before = contest(&app, running.id, &running.owner).await["detail"]["winning_entry_amount"].as_i64().unwrap();
    let base = format!("/contests/{}/increase-prize/payments/stripe/payment-intents", running.id);
    for amount in [json!(30), json!(0), json!(1001)] {
        send(
            &app,
            Method::POST,
            &base,
            json!({"idempotency_key": format!("p{amount}"), "amount": amount}),
            &running.owner,
        )
        .await
        .assert_error(422, "amount.in");
    }
    send(&app, Method::POST, &base, json!({"idempotency_key": "pnone"}), &running.owner)
        .await
        .assert_error(422, "validation.required");
    // The contests area reads the amount from the body (payments names no purpose's field):
    // one of the wrong type is refused as in any body, naming the field.
    let refused =
        send(&app, Method::POST, &base, json!({"idempotency_key": "ptext", "amount": "lots"}), &running.owner).await;
    refused.assert_error(422, "request.body_invalid");
    let message = refused.body["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("amount"), "the refusal names the field: {message}");
    assert_eq!(stripe.payment_intents_created(), 0);

    let (intent, (status, _)) = pay(&app, &stripe, &base, json!({"amount": 75}), card, &running.owner).await;
    assert_eq!((status, intent["amount"].as_i64()), (200, Some(75)));
    let after = contest(&app, running.id, &running.owner).await["detail"]["winning_entry_amount"].as_i64().unwrap();
    assert_eq!(after, before + 75);
}

#[tokio::test]
async fn a_paid_additional_design_tells_its_designer() {
    let (app, stripe) = spawn_paying_app().await;
    let running = running_contest(&app, "extra").await;
    let (_, alice) = designer(&app, "extraalice", 2).await;
    let (bob_id, bob) = designer(&app, "extrabob", 2).await;
    let winner = submitted(&app, &alice, running.id).await;
    let bobs = submitted(&app, &bob, running.id).await;
    let award = format!("/contests/{}/entries/{winner}/award-winners", running.id);
    assert_eq!(send(&app, Method::POST, &award, json!({}), &running.owner).await.status, 200);
    let card = save_card(&app, &stripe, running.owner_id, &running.owner, "pm_card_visa").await;
    let base = format!("/contests/{}/entries/{bobs}/payments/stripe/payment-intents", running.id);

    // Not before the holder asked to buy it.
    send(&app, Method::POST, &base, json!({"idempotency_key": "early"}), &running.owner)
        .await
        .assert_error(409, "contest.entry.not_available.purchase");
    let buy = format!("/contests/{}/additional-entries", running.id);
    let bought = send(&app, Method::POST, &buy, json!({"contest_entry_id": bobs}), &running.owner).await;
    assert_eq!(bought.status, 201, "{}", bought.body);
    send(&app, Method::POST, &base, json!({"idempotency_key": "bob"}), &bob)
        .await
        .assert_error(403, "contest.edit.forbidden");

    let (intent, (status, _)) = pay(&app, &stripe, &base, json!({}), card, &running.owner).await;
    assert_eq!((status, intent["amount"].as_i64()), (200, Some(100)));
    let list =
        app.get(&format!("/contests/additional-entries?filter[contest_id]={}", running.id), Some(&running.owner)).await;
    assert_eq!(list.body["data"][0]["status"], "paid", "{}", list.body);
    let told: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM notification WHERE app_user_id = $1 AND notification_type_id = 8")
            .bind(bob_id)
            .fetch_one(&app.db.pool)
            .await
            .unwrap();
    assert_eq!(told, 1);
    let paid = transaction(&app, &running.owner, intent["id"].as_str().unwrap()).await;
    assert_eq!(
        (paid["trigger_id"].as_i64(), paid["reason_id"].as_i64(), paid["subject_id"].as_i64()),
        (Some(7), Some(8), Some(bobs))
    );
}
