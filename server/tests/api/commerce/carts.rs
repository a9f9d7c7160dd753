//! The tipping cart: clients only, on their own started contests, at least $5; paged;
//! priced with the state's sales tax; emptied into pending tips when paid; its item
//! count live on the header badge.

use serde_json::json;
use vitrine_protocol::event_type;
use vitrine_server::{
    commerce::carts::{self, PricedItem},
    notifications::badges::{self, WINDOW_MS},
    store::clock::Clock as _,
};

use super::{assert_refused, delete, next_of, patch, post, tippable, watch_user};
use crate::helpers::{spawn_app, TestApp};

/// California (state 5): 7.25 % sales tax.
const CALIFORNIA: i64 = 5;

async fn add(app: &TestApp, token: &str, contest: i64, entry: i64, price: serde_json::Value) -> i64 {
    let body = json!({"price": price, "contest_id": contest, "contest_entry_id": entry, "trigger_id": 9});
    let answer = post(app, "/carts", &body, Some(token)).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    answer.body["data"]["id"].as_i64().unwrap()
}

async fn cart_count(app: &TestApp, user_id: i64) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM cart_item WHERE app_user_id = $1")
        .bind(user_id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn only_a_contests_holder_adds_tips_on_its_entries_to_their_cart() {
    let app = spawn_app().await;
    let t = tippable(&app, "cartrole").await;
    let other = tippable(&app, "cartother").await;
    let (stranger_id, stranger) = app.client_session("cartstranger").await;
    let (_, admin) = app.admin_session("cartadmin").await;
    let body = json!({"price": 10, "contest_id": t.contest, "contest_entry_id": t.entry, "trigger_id": 9});

    assert_refused(
        &post(&app, "/carts", &body, Some(&t.designer)).await,
        403,
        "cart.clients_only",
        "Only clients have a cart.",
    );
    post(&app, "/carts", &body, Some(&admin)).await.assert_error(403, "cart.clients_only");
    post(&app, "/carts", &body, None).await.assert_error(401, "auth.unauthenticated");
    assert_refused(
        &post(&app, "/carts", &body, Some(&stranger)).await,
        403,
        "cart.contest.not_owner",
        "You can tip only on entries of your own contests.",
    );
    let cheap = json!({"price": 4.99, "contest_id": t.contest, "contest_entry_id": t.entry});
    let refused = post(&app, "/carts", &cheap, Some(&t.owner)).await;
    assert_refused(&refused, 422, "price.min", "The price must be at least 5.");
    let foreign_entry = json!({"price": 5, "contest_id": t.contest, "contest_entry_id": other.entry});
    post(&app, "/carts", &foreign_entry, Some(&t.owner)).await.assert_error(422, "contest_entry_id.contest");
    let wrong_trigger = json!({"price": 5, "contest_id": t.contest, "contest_entry_id": t.entry, "trigger_id": 7});
    post(&app, "/carts", &wrong_trigger, Some(&t.owner)).await.assert_error(422, "trigger_id.in");
    post(&app, "/carts", &json!({"price": 5}), Some(&t.owner)).await.assert_error(422, "validation.failed");
    assert_eq!(cart_count(&app, t.owner_id).await + cart_count(&app, stranger_id).await, 0, "refusals wrote nothing");

    let (_, unstarted_owner) = app.client_session("cartunstarted").await;
    let unstarted = crate::contests::launch(&app, &unstarted_owner).await;
    let body_unstarted = json!({"price": 5, "contest_id": unstarted, "contest_entry_id": t.entry});
    post(&app, "/carts", &body_unstarted, Some(&unstarted_owner)).await.assert_error(409, "cart.contest.not_started");

    let added = post(&app, "/carts", &body, Some(&t.owner)).await;
    assert_eq!(added.status, 201, "{}", added.body);
    let item = &added.body["data"];
    assert_eq!((item["price"].as_f64(), item["price_cents"].as_i64()), (Some(10.0), Some(1_000)));
    assert_eq!(item["contest_entry"]["created_by_user"]["id"], t.designer_id);
    assert_eq!(item["contest"]["contest_type_title"], "Logo");
    assert_refused(
        &post(&app, "/carts", &body, Some(&t.owner)).await,
        409,
        "cart.item.exists",
        "This entry is already in your cart.",
    );
}

#[tokio::test]
async fn cart_items_are_paged_changed_and_removed_by_their_owner_only() {
    let app = spawn_app().await;
    let t = tippable(&app, "cartpage").await;
    let (_, stranger) = app.client_session("cartpagestranger").await;
    let mut items = vec![add(&app, &t.owner, t.contest, t.entry, json!(5)).await];
    for _ in 0..10 {
        let entry = crate::entries::submitted(&app, &t.designer, t.contest).await;
        items.push(add(&app, &t.owner, t.contest, entry, json!("6.50")).await);
    }

    let first = app.get("/carts", Some(&t.owner)).await;
    assert_eq!(first.status, 200, "{}", first.body);
    let page = &first.body["data"];
    assert_eq!((page["total"].as_i64(), page["data"].as_array().unwrap().len()), (Some(11), 10));
    assert_eq!(page["next_page_url"], "/carts?page=2");
    let second = app.get("/carts?page=2", Some(&t.owner)).await;
    assert_eq!(second.body["data"]["data"][0]["id"], items[10]);
    assert_eq!(second.body["data"]["next_page_url"], json!(null));
    assert_eq!(app.get("/carts", Some(&stranger)).await.body["data"]["total"], 0, "a cart is its owner's");
    app.get("/carts", Some(&t.designer)).await.assert_error(403, "cart.clients_only");

    let path = format!("/carts/{}", items[0]);
    patch(&app, &path, &json!({"price": 20}), Some(&stranger)).await.assert_error(404, "cart.not_found");
    patch(&app, &path, &json!({"price": 20}), Some(&t.designer)).await.assert_error(403, "cart.clients_only");
    assert_refused(
        &patch(&app, &path, &json!({"price": 4}), Some(&t.owner)).await,
        422,
        "price.min",
        "The price must be at least 5.",
    );
    patch(&app, &path, &json!({}), Some(&t.owner)).await.assert_error(422, "price.min");
    let unchanged = app.get("/carts", Some(&t.owner)).await;
    assert_eq!(unchanged.body["data"]["data"][0]["price_cents"], 500, "a refused change keeps the price");
    let changed = patch(&app, &path, &json!({"price": 20.25}), Some(&t.owner)).await;
    assert_eq!(changed.status, 200, "{}", changed.body);
    assert_eq!(changed.body["data"]["price_cents"], 2_025);

    delete(&app, &path, Some(&stranger)).await.assert_error(404, "cart.not_found");
    let removed = delete(&app, &path, Some(&t.owner)).await;
    assert_eq!(removed.body["message"], "Cart item was deleted successfully");
    delete(&app, &path, Some(&t.owner)).await.assert_error(404, "cart.not_found");
    assert_eq!(cart_count(&app, t.owner_id).await, 10);
}

#[tokio::test]
async fn the_cart_total_adds_the_states_sales_tax() {
    let app = spawn_app().await;
    let t = tippable(&app, "carttax").await;
    let second = crate::entries::submitted(&app, &t.designer, t.contest).await;
    add(&app, &t.owner, t.contest, t.entry, json!(10)).await;
    add(&app, &t.owner, t.contest, second, json!(20.5)).await;

    // $30.50 at 7.25 % is $2.21125: $2.21 of tax, $32.71 to pay.
    let totals = app.get(&format!("/carts/totals?state_id={CALIFORNIA}"), Some(&t.owner)).await;
    assert_eq!(totals.status, 200, "{}", totals.body);
    let data = &totals.body["data"];
    assert_eq!(
        (data["subtotal_cents"].as_i64(), data["tax_cents"].as_i64(), data["payable_cents"].as_i64()),
        (Some(3_050), Some(221), Some(3_271))
    );
    assert_eq!(
        (data["total"].as_f64(), data["tax"].as_f64(), data["payable"].as_f64()),
        (Some(30.5), Some(2.21), Some(32.71))
    );
    assert_eq!(data["tax_percentage"], 7.25);

    // No state given and none on the profile: no tax; the profile's state when it has one.
    let untaxed = app.get("/carts/totals", Some(&t.owner)).await;
    assert_eq!(
        (untaxed.body["data"]["tax_cents"].as_i64(), untaxed.body["data"]["payable_cents"].as_i64()),
        (Some(0), Some(3_050))
    );
    sqlx::query("UPDATE app_user SET country_id = 1, state_id = $1 WHERE id = $2")
        .bind(CALIFORNIA)
        .bind(t.owner_id)
        .execute(&app.db.pool)
        .await
        .unwrap();
    let own = app.get("/carts/totals", Some(&t.owner)).await;
    assert_eq!(
        (own.body["data"]["tax_cents"].as_i64(), own.body["data"]["payable_cents"].as_i64()),
        (Some(221), Some(3_271))
    );

    app.get("/carts/totals?state_id=99999", Some(&t.owner)).await.assert_error(422, "validation.exists");
    app.get("/carts/totals", Some(&t.designer)).await.assert_error(403, "cart.clients_only");
}

/// Badges until one shows `cart_count` = `count` (an earlier, coalesced badge of the
/// entry notifications may come first).
async fn badge_with(watcher: &mut crate::realtime::client::WsClient, count: i64) -> serde_json::Value {
    loop {
        let badge = next_of(watcher, event_type::BADGE).await;
        if badge.data["cart_count"] == count {
            return badge.data;
        }
    }
}

/// Ends the owner's badge window deterministically: sends the badge that is due (the flush
/// loop would too, at a moment of its own: racing it, a change could land just after its push
/// and wait for a window the test's clock never ends), then lets that push's window pass, so
/// the next change is pushed at once.
async fn end_badge_window(app: &TestApp) {
    app.clock.advance_ms(WINDOW_MS);
    badges::flush_due(app.hub(), app.clock.now_ms()).await.unwrap();
    app.clock.advance_ms(WINDOW_MS);
}

#[tokio::test]
async fn the_cart_badge_follows_the_cart_live_and_paying_empties_it_into_pending_tips() {
    let app = spawn_app().await;
    let t = tippable(&app, "cartlive").await;
    let second = crate::entries::submitted(&app, &t.designer, t.contest).await;
    let third = crate::entries::submitted(&app, &t.designer, t.contest).await;
    let (mut watcher, _) = watch_user(&app, &t.owner, t.owner_id).await;
    // The entries' notifications pushed badges; let their window pass.
    end_badge_window(&app).await;

    let first = add(&app, &t.owner, t.contest, t.entry, json!(10)).await;
    assert_eq!(badge_with(&mut watcher, 1).await["unread_notifications_count"], 3);
    // Further changes inside the window are coalesced into one badge at its end.
    let second_item = add(&app, &t.owner, t.contest, second, json!(15)).await;
    let late = add(&app, &t.owner, t.contest, third, json!(7)).await;
    app.clock.advance_ms(WINDOW_MS);
    badge_with(&mut watcher, 3).await;
    let counters = app.get("/notifications/unread/count", Some(&t.owner)).await;
    assert_eq!(counters.body["data"]["cart_count"], 3);

    // The payment covered the first two items only; the third waits for a later one.
    // A price changed after the payment was priced does not change what was paid.
    let mut conn = app.db.pool.acquire().await.unwrap();
    let priced = carts::payable(&mut conn, t.owner_id, None).await.unwrap();
    drop(conn);
    let paid_for = [
        PricedItem { id: first, price_cents: 1_000, is_free_award: false },
        PricedItem { id: second_item, price_cents: 1_500, is_free_award: false },
    ];
    assert_eq!(priced.items[..2], paid_for);
    patch(&app, &format!("/carts/{first}"), &json!({"price": 99}), Some(&t.owner)).await;
    end_badge_window(&app).await;
    let mut unit = app.hub().begin().await.unwrap();
    carts::paid(&mut unit, t.owner_id, "pi_cart_1", &paid_for, app.clock.now_ms()).await.unwrap();
    unit.commit().await.unwrap();
    badge_with(&mut watcher, 1).await;

    let tips: Vec<(i64, i64, i64)> = sqlx::query_as(
        "SELECT contest_entry_id, amount_cents, approval_status_id FROM contest_entry_tip WHERE created_by = $1 ORDER BY id",
    )
    .bind(t.owner_id)
    .fetch_all(&app.db.pool)
    .await
    .unwrap();
    assert_eq!(tips, [(t.entry, 1_000, 1), (second, 1_500, 1)]);
    let left = app.get("/carts", Some(&t.owner)).await;
    assert_eq!(left.body["data"]["data"][0]["id"], late, "the unpaid item stays");

    // A webhook delivered twice tips once.
    let mut unit = app.hub().begin().await.unwrap();
    carts::paid(&mut unit, t.owner_id, "pi_cart_1", &paid_for, app.clock.now_ms()).await.unwrap();
    assert!(unit.appended().is_empty(), "no badge for nothing moved");
    unit.commit().await.unwrap();
    let count: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM contest_entry_tip").fetch_one(&app.db.pool).await.unwrap();
    assert_eq!(count, 2);
}
