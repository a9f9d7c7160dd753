//! The cart's rules for tip-only contests: buying an entry without watermark is an
//! image in the cart; the contest's own minimum; a subscriber's three free awards per
//! contest, which cost nothing and are sent without a payment.

use serde_json::json;

use super::{assert_refused, patch, post, tippable, Tippable};
use crate::helpers::{spawn_app, TestApp};

async fn tip_only(app: &TestApp, prefix: &str, winning_cents: i64) -> Tippable {
    let t = tippable(app, prefix).await;
    sqlx::query("UPDATE contest SET is_tip = 1, winning_entry_amount_cents = $1 WHERE id = $2")
        .bind(winning_cents)
        .bind(t.contest)
        .execute(&app.db.pool)
        .await
        .unwrap();
    t
}

async fn subscribe(app: &TestApp, user_id: i64) {
    sqlx::query("UPDATE app_user SET has_subscribed = 1 WHERE id = $1")
        .bind(user_id)
        .execute(&app.db.pool)
        .await
        .unwrap();
}

fn body(t: &Tippable, entry: i64, price: f64) -> serde_json::Value {
    json!({"price": price, "contest_id": t.contest, "contest_entry_id": entry, "trigger_id": 9})
}

#[tokio::test]
async fn a_tip_is_a_tip_and_an_entry_of_a_tip_only_contest_is_an_image_bought() {
    let app = spawn_app().await;
    let normal = tippable(&app, "rulesnormal").await;
    let tipped = post(&app, "/carts", &body(&normal, normal.entry, 5.0), Some(&normal.owner)).await;
    assert_eq!(
        (tipped.status.as_u16(), tipped.body["message"].as_str()),
        (201, Some("Tip added to cart successfully"))
    );
    assert_eq!(tipped.body["data"]["contest"]["is_tip"], 0);

    let only = tip_only(&app, "rulesimage", 0).await;
    let bought = post(&app, "/carts", &body(&only, only.entry, 5.0), Some(&only.owner)).await;
    assert_eq!(
        (bought.status.as_u16(), bought.body["message"].as_str()),
        (201, Some("Image added to cart successfully"))
    );
    assert_eq!(bought.body["data"]["contest"]["is_tip"], 1);
}

#[tokio::test]
async fn a_tip_only_contest_has_its_own_minimum_for_adding_and_repricing() {
    let app = spawn_app().await;
    // The contest pays its winners $12: an image costs at least that.
    let t = tip_only(&app, "rulesmin", 1_200).await;
    assert_refused(
        &post(&app, "/carts", &body(&t, t.entry, 11.99), Some(&t.owner)).await,
        422,
        "price.min_tip_only",
        "The price must be at least 12.",
    );
    let refused = post(&app, "/carts", &body(&t, t.entry, 11.0), Some(&t.owner)).await;
    assert_eq!(
        (refused.field_code("price"), refused.field_message("price")),
        ("price.min_tip_only", "The price must be at least 12.")
    );
    assert_eq!(app.get("/carts", Some(&t.owner)).await.body["data"]["total"], 0);
    let added = post(&app, "/carts", &body(&t, t.entry, 12.0), Some(&t.owner)).await;
    assert_eq!(added.status, 201, "{}", added.body);
    let path = format!("/carts/{}", added.body["data"]["id"]);
    let lower = patch(&app, &path, &json!({"price": 6}), Some(&t.owner)).await;
    assert_eq!(lower.field_code("price"), "price.min_tip_only");
    assert_eq!(patch(&app, &path, &json!({"price": 20}), Some(&t.owner)).await.status, 200);

    // An ordinary contest keeps the $5 floor whatever its prize.
    let normal = tippable(&app, "rulesminnormal").await;
    sqlx::query("UPDATE contest SET winning_entry_amount_cents = 20000 WHERE id = $1")
        .bind(normal.contest)
        .execute(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(post(&app, "/carts", &body(&normal, normal.entry, 5.0), Some(&normal.owner)).await.status, 201);
}

#[tokio::test]
async fn a_subscriber_has_three_free_awards_per_tip_only_contest_sent_without_payment() {
    let app = spawn_app().await;
    let t = tip_only(&app, "rulesfree", 0).await;
    subscribe(&app, t.owner_id).await;
    let mut entries = vec![t.entry];
    for _ in 0..4 {
        entries.push(crate::entries::submitted(&app, &t.designer, t.contest).await);
    }
    // Free awards: whatever price was sent, $5 to the designer, nothing to pay.
    let mut free = Vec::new();
    for entry in &entries[..3] {
        let added = post(&app, "/carts", &body(&t, *entry, 50.0), Some(&t.owner)).await;
        assert_eq!(added.status, 201, "{}", added.body);
        assert_eq!(
            (added.body["data"]["is_free_award"].as_i64(), added.body["data"]["price_cents"].as_i64()),
            (Some(1), Some(500))
        );
        free.push(added.body["data"]["id"].as_i64().unwrap());
    }
    // The fourth costs a subscriber's tip-only price, $7 at least.
    let cheap = post(&app, "/carts", &body(&t, entries[3], 6.0), Some(&t.owner)).await;
    assert_eq!(cheap.field_message("price"), "The price must be at least 7.");
    let paid = post(&app, "/carts", &body(&t, entries[3], 7.0), Some(&t.owner)).await;
    assert_eq!(paid.body["data"]["is_free_award"], 0);
    patch(&app, &format!("/carts/{}", free[0]), &json!({"price": 9}), Some(&t.owner))
        .await
        .assert_error(409, "cart.free_award.price");

    let totals = app.get("/carts/totals?country_id=20", Some(&t.owner)).await;
    let data = &totals.body["data"];
    assert_eq!((data["subtotal_cents"].as_i64(), data["free_awards_count"].as_i64()), (Some(700), Some(3)));

    // Only clients send awards; the free ones leave the cart as pending $5 tips.
    post(&app, "/carts/free-awards", &json!({}), Some(&t.designer)).await.assert_error(403, "cart.clients_only");
    let sent = post(&app, "/carts/free-awards", &json!({}), Some(&t.owner)).await;
    assert_eq!(sent.body["data"]["sent"], 3, "{}", sent.body);
    let tips: Vec<(i64, i64)> =
        sqlx::query_as("SELECT amount_cents, is_free_award FROM contest_entry_tip WHERE created_by = $1 ORDER BY id")
            .bind(t.owner_id)
            .fetch_all(&app.db.pool)
            .await
            .unwrap();
    assert_eq!(tips, [(500, 1), (500, 1), (500, 1)]);
    let left = app.get("/carts", Some(&t.owner)).await;
    assert_eq!(left.body["data"]["total"], 1, "the paid item waits for the card");
    post(&app, "/carts/free-awards", &json!({}), Some(&t.owner)).await.assert_error(409, "payment.not_due");

    // The three are used up on this contest, even though they left the cart.
    let fifth = post(&app, "/carts", &body(&t, entries[4], 7.0), Some(&t.owner)).await;
    assert_eq!(fifth.body["data"]["is_free_award"], 0);
}
