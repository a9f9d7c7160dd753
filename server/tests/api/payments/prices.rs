//! `GET /payments/prices`: what an extension day and an additional design cost, for
//! those who pay (clients, admins), and the same amounts the payments charge.

use serde_json::json;

use super::{create_intent, spawn_paying_app};
use crate::entries::{designer, running_contest};

#[tokio::test]
async fn clients_and_admins_see_the_prices_designers_and_strangers_do_not() {
    let (app, _stripe) = spawn_paying_app().await;
    let running = running_contest(&app, "prc").await;
    let (_, admin) = app.admin_session("prcboss").await;
    let (_, designer_token) = designer(&app, "prcdesigner", 3).await;

    let prices = app.get("/payments/prices", Some(&running.owner)).await;
    assert_eq!(prices.status, 200, "{}", prices.body);
    let day =
        prices.body["data"].as_array().unwrap().iter().find(|p| p["code"] == "contest.extend.day").unwrap().clone();
    let design = prices.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["code"] == "contest.additional_design")
        .unwrap()
        .clone();
    assert_eq!((day["amount"].as_i64(), day["amount_cents"].as_i64()), (Some(10), Some(1000)));
    assert_eq!(design["amount"].as_i64(), Some(100), "the specification's default price of an additional entry");
    assert_eq!(app.get("/payments/prices", Some(&admin)).await.status, 200);

    app.get("/payments/prices", Some(&designer_token)).await.assert_error(403, "payment.prices.forbidden");
    app.get("/payments/prices", None).await.assert_error(401, "auth.unauthenticated");

    // What is shown is what is charged: three days cost three times the day's price.
    let base = format!("/contests/{}/extends/payments/stripe/payment-intents", running.id);
    let intent = create_intent(&app, &base, json!({"days": 3}), &running.owner).await;
    assert_eq!(intent["amount"].as_i64(), Some(3 * day["amount"].as_i64().unwrap()));
}
