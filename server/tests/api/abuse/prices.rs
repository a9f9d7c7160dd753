//! Messages that mislead: a tip too large or in fractions of a cent is refused with what is
//! actually wrong, not "at least 5", and the cart does not change.

use serde_json::{json, Value};

use crate::commerce::{assert_refused, patch, post, tippable};
use crate::helpers::TestApp;

async fn cart_prices(app: &TestApp, user_id: i64) -> Vec<i64> {
    sqlx::query_scalar("SELECT price_cents FROM cart_item WHERE app_user_id = $1 ORDER BY id")
        .bind(user_id)
        .fetch_all(&app.db.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_tip_too_large_or_in_fractions_of_a_cent_is_refused_with_its_own_code() {
    let app = crate::helpers::spawn_app().await;
    let t = tippable(&app, "abprice").await;
    let body =
        |price: Value| json!({"price": price, "contest_id": t.contest, "contest_entry_id": t.entry, "trigger_id": 9});

    for (price, code) in [
        (json!(10_000_000), "price.max"),
        (json!(10_000.01), "price.max"),
        (json!(1e300), "price.max"),
        (json!(5.001), "price.cents"),
        (json!("12.345"), "price.cents"),
        (json!(4.99), "price.min"),
    ] {
        let refused = post(&app, "/carts", &body(price.clone()), Some(&t.owner)).await;
        refused.assert_error(422, code);
        assert_eq!(refused.field_code("price"), code, "{price}: {}", refused.body);
    }
    let cart = app.get("/carts", Some(&t.owner)).await;
    assert_eq!(cart.body["data"]["total"], 0, "nothing was added");

    // The largest tip is accepted; re-pricing it past the maximum is refused and keeps it.
    let added = post(&app, "/carts", &body(json!(10_000)), Some(&t.owner)).await;
    assert_eq!(added.status, 201, "{}", added.body);
    let path = format!("/carts/{}", added.body["data"]["id"]);
    let too_much = patch(&app, &path, &json!({"price": 10_000_000}), Some(&t.owner)).await;
    assert_refused(&too_much, 422, "price.max", "The price may be at most 10,000.");
    let fraction = patch(&app, &path, &json!({"price": 5.001}), Some(&t.owner)).await;
    assert_refused(
        &fraction,
        422,
        "price.cents",
        "The price must be in dollars and whole cents (at most two decimals).",
    );
    assert_eq!(cart_prices(&app, t.owner_id).await, vec![1_000_000], "the price did not change");
}
