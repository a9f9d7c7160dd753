//! Designers are owed what tips and sales earn them (issue #50): an approved tip and a
//! marketplace design sold appear on the designer's earnings and the admin's payouts owed,
//! line by line, and leave them for the paid ones once an admin pays them out.

use reqwest::Method;
use serde_json::{json, Value};

use super::{pay, save_card, spawn_paying_app};
use crate::{
    commerce::tippable,
    helpers::TestApp,
    marketplace::{finished, listed},
};

/// The designer's earnings as their screen reads them.
async fn earnings(app: &TestApp, designer_id: i64, token: &str) -> Value {
    let answer = app.get(&format!("/users/{designer_id}/transactions/earnings"), Some(token)).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.body["data"].clone()
}

/// The admin's owed payouts (status 1) or paid ones (2), as (kind, source, designer, cents).
async fn payouts(app: &TestApp, admin: &str, status: i64) -> Vec<(String, i64, i64, i64)> {
    let answer = app.get(&format!("/admin/transactions/outgoing?filter[status_id]={status}"), Some(admin)).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let n = |k: &str| p[k].as_i64().unwrap();
            (p["kind"].as_str().unwrap().to_owned(), n("source_id"), n("designer_id"), n("amount_cents"))
        })
        .collect()
}

#[tokio::test]
async fn an_approved_tip_is_owed_to_its_designer_and_paid_out_once() {
    let (app, stripe) = spawn_paying_app().await;
    let (_, admin) = app.admin_session("tipadmin").await;
    let t = tippable(&app, "owedtip").await;
    let card = save_card(&app, &stripe, t.owner_id, &t.owner, "pm_card_visa").await;
    let body = json!({"price": 37, "contest_id": t.contest, "contest_entry_id": t.entry, "trigger_id": 9});
    let added = app.send_json(Method::POST, "/carts", &body, Some(&t.owner)).await;
    assert_eq!(added.status, 201, "{}", added.body);
    let (_, (status, confirmed)) =
        pay(&app, &stripe, "/carts/payments/stripe/payment-intents", json!({"country_id": 20}), card, &t.owner).await;
    assert_eq!(status, 200, "{confirmed}");
    let tip: i64 = sqlx::query_scalar("SELECT id FROM contest_entry_tip WHERE created_by = $1")
        .bind(t.owner_id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();

    // Pending approval: not owed yet.
    assert_eq!(earnings(&app, t.designer_id, &t.designer).await["owed_cents"], 0);
    let decided = app
        .send_json(
            Method::PATCH,
            &format!("/contest-entry-tips/{tip}"),
            &json!({"approval_status_id": 2}),
            Some(&admin),
        )
        .await;
    assert_eq!(decided.status, 200, "{}", decided.body);

    let owed = earnings(&app, t.designer_id, &t.designer).await;
    assert_eq!((owed["owed_cents"].as_i64(), owed["paid_cents"].as_i64()), (Some(3_700), Some(0)), "{owed}");
    assert_eq!(owed["payouts"][0]["kind"], "tip");
    assert!(payouts(&app, &admin, 1).await.contains(&("tip".into(), tip, t.designer_id, 3_700)));

    let body = json!({"kind": "tip", "source_id": tip, "reference": "PP-TIP-1"});
    let marked = app.send_json(Method::POST, "/admin/transactions/outgoing/mark-paid", &body, Some(&admin)).await;
    assert_eq!(marked.status, 201, "{}", marked.body);
    let again = app.send_json(Method::POST, "/admin/transactions/outgoing/mark-paid", &body, Some(&admin)).await;
    again.assert_error(409, "payout.not_owed");
    let paid = earnings(&app, t.designer_id, &t.designer).await;
    assert_eq!((paid["owed_cents"].as_i64(), paid["paid_cents"].as_i64()), (Some(0), Some(3_700)), "{paid}");
    assert!(!payouts(&app, &admin, 1).await.iter().any(|p| p.0 == "tip" && p.1 == tip));
    assert!(payouts(&app, &admin, 2).await.contains(&("tip".into(), tip, t.designer_id, 3_700)));
    let books = super::ledger::books(&app, &admin).await;
    assert_eq!((books.get("designer"), books.get("paid_out")), (Some(&0), Some(&3_700)), "{books:?}");
}

#[tokio::test]
async fn a_design_sold_in_the_marketplace_is_owed_to_the_designer_who_made_it() {
    let (app, stripe) = spawn_paying_app().await;
    let (_, admin) = app.admin_session("saleadmin").await;
    let f = finished(&app, "owedsale").await;
    listed(&app, &f.seller, f.entry, 99).await;
    let (buyer_id, buyer) = app.client_session("owedbuyer").await;
    let card = save_card(&app, &stripe, buyer_id, &buyer, "pm_card_visa").await;
    assert_eq!(earnings(&app, f.seller_id, &f.seller).await["owed_cents"], 0, "listed, not sold");

    let base = format!("/marketplace-contest-entries/{}/payments/stripe/payment-intents", f.entry);
    let (_, (status, confirmed)) = pay(&app, &stripe, &base, json!({}), card, &buyer).await;
    assert_eq!(status, 200, "{confirmed}");

    let owed = earnings(&app, f.seller_id, &f.seller).await;
    assert_eq!(owed["owed_cents"], 9_900, "{owed}");
    assert_eq!(
        (owed["payouts"][0]["kind"].as_str(), owed["payouts"][0]["source_id"].as_i64()),
        (Some("sale"), Some(f.entry))
    );
    assert!(payouts(&app, &admin, 1).await.contains(&("sale".into(), f.entry, f.seller_id, 9_900)));
    // Another designer is owed nothing for it.
    assert_eq!(
        earnings(&app, f.winner_id, &f.winner).await["payouts"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["kind"] == "sale")
            .count(),
        0
    );
}

/// An admin's decision on tip `id`: 2 approve, 3 reject.
async fn decide(app: &TestApp, admin: &str, id: i64, status: i64) -> crate::helpers::Answer {
    let path = format!("/contest-entry-tips/{id}");
    app.send_json(Method::PATCH, &path, &json!({"approval_status_id": status}), Some(admin)).await
}

#[tokio::test]
async fn a_rejected_tip_is_given_back_to_its_client_and_owed_to_nobody() {
    let (app, stripe) = spawn_paying_app().await;
    let (_, admin) = app.admin_session("rejectadmin").await;
    let t = tippable(&app, "rejecttip").await;
    let second = crate::entries::submitted(&app, &t.designer, t.contest).await;
    let card = save_card(&app, &stripe, t.owner_id, &t.owner, "pm_card_visa").await;
    for (entry, price) in [(t.entry, 37), (second, 20)] {
        let body = json!({"price": price, "contest_id": t.contest, "contest_entry_id": entry, "trigger_id": 9});
        assert_eq!(app.send_json(Method::POST, "/carts", &body, Some(&t.owner)).await.status, 201);
    }
    let (intent, (status, confirmed)) =
        pay(&app, &stripe, "/carts/payments/stripe/payment-intents", json!({"country_id": 20}), card, &t.owner).await;
    assert_eq!(status, 200, "{confirmed}");
    let tips: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT id, amount_cents FROM contest_entry_tip WHERE created_by = $1 ORDER BY amount_cents DESC",
    )
    .bind(t.owner_id)
    .fetch_all(&app.db.pool)
    .await
    .unwrap();
    let (rejected, kept) = (tips[0].0, tips[1].0);

    assert_eq!(decide(&app, &admin, rejected, 3).await.status, 200);
    assert_eq!(decide(&app, &admin, kept, 2).await.status, 200);
    // Decided once: rejecting it again refunds nothing more.
    decide(&app, &admin, rejected, 3).await.assert_error(409, "contest_entry_tip.decided");

    let charge =
        stripe.object(stripe.object(intent["id"].as_str().unwrap()).unwrap()["latest_charge"].as_str().unwrap());
    assert_eq!(charge.unwrap()["amount_refunded"], 3_700, "the rejected tip's $37 back, the rest kept");
    let paid = super::transaction(&app, &t.owner, intent["id"].as_str().unwrap()).await;
    assert_eq!((paid["refunded_cents"].as_i64(), paid["state"].as_str()), (Some(3_700), Some("paid")), "{paid}");
    let owed = earnings(&app, t.designer_id, &t.designer).await;
    assert_eq!(owed["owed_cents"], 2_000, "only the approved tip is owed: {owed}");

    // The ledger: the client paid both, got the rejected one back; nothing is held or due.
    let books = super::ledger::books(&app, &admin).await;
    let paid =
        super::transaction(&app, &t.owner, intent["id"].as_str().unwrap()).await["amount_cents"].as_i64().unwrap();
    let at = |name: &str| books.get(name).copied().unwrap_or(0);
    assert_eq!(at("payer"), -paid + 3_700, "{books:?}");
    assert_eq!((at("held"), at("refund_due"), at("designer")), (0, 0, 2_000), "{books:?}");
    assert_eq!(at("fee"), 0, "the platform keeps nothing of a tip: {books:?}");
}
