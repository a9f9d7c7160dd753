//! Saved cards: set up and stored through Stripe, listed default, backup and others,
//! their roles changed and removed by their owner only; the CVC question.

use reqwest::Method;
use serde_json::{json, Value};

use super::{save_card, send, spawn_paying_app};

async fn cards(app: &crate::helpers::TestApp, user: i64, token: &str) -> Vec<Value> {
    let list = app.get(&format!("/users/{user}/customer-cards"), Some(token)).await;
    assert_eq!(list.status, 200, "{}", list.body);
    list.body["data"].as_array().unwrap().clone()
}

fn roles(list: &[Value]) -> Vec<(i64, String)> {
    list.iter().map(|c| (c["id"].as_i64().unwrap(), c["role"].as_str().unwrap().to_owned())).collect()
}

#[tokio::test]
async fn a_client_saves_cards_and_chooses_one_default_and_one_backup() {
    let (app, stripe) = spawn_paying_app().await;
    let (user, token) = app.client_session("cardholder").await;
    let visa = save_card(&app, &stripe, user, &token, "pm_card_visa").await;
    let master = save_card(&app, &stripe, user, &token, "pm_card_mastercard").await;
    let amex = save_card(&app, &stripe, user, &token, "pm_card_amex").await;

    let list = cards(&app, user, &token).await;
    assert_eq!(
        roles(&list),
        vec![(visa, "default".into()), (master, "additional".into()), (amex, "additional".into())]
    );
    let first = &list[0];
    assert_eq!(
        (first["object"].as_str(), first["brand"].as_str(), first["last4"].as_str()),
        (Some("payment_method"), Some("visa"), Some("4242"))
    );
    assert_eq!((first["exp_month"].as_i64(), first["exp_year"].as_i64()), (Some(12), Some(2034)));
    assert_eq!((first["default_source"].as_i64(), first["backup_source"].as_i64()), (Some(1), Some(0)));
    let cvc = app.get(&format!("/users/{user}/customer-cards/require-cvc/{master}"), Some(&token)).await;
    assert_eq!(cvc.body["data"]["cvc_required"], true, "never paid with here");

    let backup =
        send(&app, Method::PUT, &format!("/customer-cards/{master}/mark-as-backup"), json!(null), &token).await;
    assert_eq!((backup.status.as_u16(), backup.body["message"].as_str()), (200, Some("Card marked as backup")));
    let default =
        send(&app, Method::PUT, &format!("/customer-cards/{amex}/mark-as-default"), json!(null), &token).await;
    assert_eq!((default.status.as_u16(), default.body["message"].as_str()), (200, Some("Card marked as default")));
    assert_eq!(
        roles(&cards(&app, user, &token).await),
        vec![(amex, "default".into()), (master, "backup".into()), (visa, "additional".into())]
    );
    // The backup becoming the default stops being the backup; the default can't be the backup.
    send(&app, Method::PUT, &format!("/customer-cards/{master}/mark-as-default"), json!(null), &token).await;
    assert_eq!(
        roles(&cards(&app, user, &token).await),
        vec![(master, "default".into()), (visa, "additional".into()), (amex, "additional".into())]
    );
    send(&app, Method::PUT, &format!("/customer-cards/{master}/mark-as-backup"), json!(null), &token)
        .await
        .assert_error(409, "customer_card.is_default");

    // Removing the default: it leaves Stripe's customer, and the backup takes its place.
    send(&app, Method::PUT, &format!("/customer-cards/{visa}/mark-as-backup"), json!(null), &token).await;
    let pm = cards(&app, user, &token).await;
    assert_eq!(pm.len(), 3);
    let removed = send(&app, Method::DELETE, &format!("/customer-cards/{master}"), json!(null), &token).await;
    assert_eq!((removed.status.as_u16(), removed.body["message"].as_str()), (200, Some("Card deleted")));
    assert_eq!(roles(&cards(&app, user, &token).await), vec![(visa, "default".into()), (amex, "additional".into())]);
    send(&app, Method::DELETE, &format!("/customer-cards/{master}"), json!(null), &token)
        .await
        .assert_error(404, "customer_card.not_found");
}

#[tokio::test]
async fn only_the_owner_sees_and_changes_their_cards() {
    let (app, stripe) = spawn_paying_app().await;
    let (owner, owner_token) = app.client_session("cardowner").await;
    let (_, other) = app.client_session("cardthief").await;
    let (_, admin) = app.admin_session("cardadmin").await;
    let card = save_card(&app, &stripe, owner, &owner_token, "pm_card_visa").await;
    let second = save_card(&app, &stripe, owner, &owner_token, "pm_card_mastercard").await;
    let before = cards(&app, owner, &owner_token).await;

    for token in [&other, &admin] {
        app.get(&format!("/users/{owner}/customer-cards"), Some(token))
            .await
            .assert_error(403, "customer_card.forbidden");
        app.get(&format!("/users/{owner}/customer-cards/require-cvc/{card}"), Some(token))
            .await
            .assert_error(403, "customer_card.forbidden");
        send(&app, Method::POST, &format!("/users/{owner}/customer-cards/stripe/setup-intents"), json!(null), token)
            .await
            .assert_error(403, "customer_card.forbidden");
        send(
            &app,
            Method::POST,
            &format!("/users/{owner}/customer-cards/stripe/payment-method"),
            json!({"payment_method": "pm_card_visa"}),
            token,
        )
        .await
        .assert_error(403, "customer_card.forbidden");
        send(&app, Method::PUT, &format!("/customer-cards/{second}/mark-as-default"), json!(null), token)
            .await
            .assert_error(403, "customer_card.forbidden");
        send(&app, Method::PUT, &format!("/customer-cards/{second}/mark-as-backup"), json!(null), token)
            .await
            .assert_error(403, "customer_card.forbidden");
        send(&app, Method::DELETE, &format!("/customer-cards/{card}"), json!(null), token)
            .await
            .assert_error(403, "customer_card.forbidden");
    }
    app.get(&format!("/users/{owner}/customer-cards"), None).await.assert_error(401, "auth.unauthenticated");
    assert_eq!(cards(&app, owner, &owner_token).await, before, "nothing changed");
    let pm = stripe.events();
    assert!(pm.is_empty(), "no event at Stripe either");
}

#[tokio::test]
async fn a_payment_method_that_is_not_a_saved_card_is_refused_and_nothing_is_stored() {
    let (app, stripe) = spawn_paying_app().await;
    let (user, token) = app.client_session("badcard").await;
    let (other, other_token) = app.client_session("badcardother").await;
    let path = format!("/users/{user}/customer-cards/stripe/payment-method");
    for body in [json!({}), json!({"payment_method": "tok_visa"}), json!({"payment_method": "pm_unknown"})] {
        send(&app, Method::POST, &path, body, &token).await.assert_error(422, "payment_method.invalid");
    }
    // A card saved by someone else cannot be claimed.
    let theirs = save_card(&app, &stripe, other, &other_token, "pm_card_visa").await;
    let theirs_pm: String = sqlx::query_scalar("SELECT stripe_id FROM customer_card WHERE id = $1")
        .bind(theirs)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    send(&app, Method::POST, &path, json!({"payment_method": theirs_pm}), &token)
        .await
        .assert_error(422, "payment_method.invalid");
    assert!(cards(&app, user, &token).await.is_empty());
}
