//! The one ledger (issue #50): a launch paid, its contest credited and the prize paid out,
//! each step a set of balanced journal lines; the designer's earnings, the admin's
//! payouts and the invoice read what the ledger holds.

use std::collections::BTreeMap;

use reqwest::Method;
use serde_json::json;

use super::{pay, priced_contest, save_card, spawn_paying_app};
use crate::helpers::TestApp;

/// The books as `GET /admin/ledger` shows them, account by account, after checking that
/// every entry balances and the accounts sum to zero.
pub async fn books(app: &TestApp, admin: &str) -> BTreeMap<String, i64> {
    let answer = app.get("/admin/ledger", Some(admin)).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let data = &answer.body["data"];
    assert_eq!(data["unbalanced_entries"], 0, "every entry balances: {data}");
    let accounts: BTreeMap<String, i64> = data["accounts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["account"].as_str().unwrap().to_owned(), a["amount_cents"].as_i64().unwrap()))
        .collect();
    assert_eq!(accounts.values().sum::<i64>(), 0, "the books sum to zero: {accounts:?}");
    accounts
}

/// Every row of a paged list answer, page after page (`path` carries its own query).
async fn every_row(app: &TestApp, token: &str, path: &str) -> Vec<serde_json::Value> {
    let (mut rows, mut page) = (Vec::new(), 1);
    loop {
        let answer = app.get(&format!("{path}&page={page}"), Some(token)).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        rows.extend(answer.body["data"].as_array().unwrap().iter().cloned());
        if answer.body["next_page_url"].is_null() {
            return rows;
        }
        page += 1;
    }
}

/// The books, checked against what the admin's screens total: every payment's amount
/// less what was given back is what payers paid in the ledger, the payouts owed are
/// what designers are owed there, and the payouts paid are what has left.
pub async fn check_books(app: &TestApp, admin: &str) -> BTreeMap<String, i64> {
    let books = books(app, admin).await;
    let cents = |row: &serde_json::Value, key: &str| row[key].as_i64().unwrap();
    let kept: i64 = every_row(app, admin, "/transactions?")
        .await
        .iter()
        .filter(|t| t["status_id"] == 2)
        .map(|t| cents(t, "amount_cents") - cents(t, "refunded_cents"))
        .sum();
    assert_eq!(-account(&books, "payer"), kept, "payments kept vs the ledger: {books:?}");
    let mut payouts = [0, 0];
    for (status, sum) in [1, 2].into_iter().zip(&mut payouts) {
        let path = format!("/admin/transactions/outgoing?filter[status_id]={status}");
        *sum = every_row(app, admin, &path).await.iter().map(|p| cents(p, "amount_cents")).sum();
    }
    let [owed, paid] = payouts;
    assert_eq!(account(&books, "designer"), owed, "payouts owed vs the ledger: {books:?}");
    assert_eq!(account(&books, "paid_out"), paid, "payouts paid vs the ledger: {books:?}");
    books
}

fn account(books: &BTreeMap<String, i64>, name: &str) -> i64 {
    books.get(name).copied().unwrap_or(0)
}

#[tokio::test]
async fn a_paid_launch_holds_its_prize_until_the_winner_is_credited_and_paid_out() {
    let (app, stripe) = spawn_paying_app().await;
    let (_, admin) = app.admin_session("booksadmin").await;
    let (owner_id, owner) = app.client_session("booksowner").await;
    let designer_id = app.register(&TestApp::designer_payload("booksdesigner")).await;
    let designer = app.token("booksdesigner").await;
    let (contest, _) = priced_contest(&app, &owner, &[]).await;
    let card = save_card(&app, &stripe, owner_id, &owner, "pm_card_visa").await;
    let base = format!("/contests/{contest}/payments/stripe/payment-intents");
    let (intent, (status, confirmed)) = pay(&app, &stripe, &base, json!({}), card, &owner).await;
    assert_eq!(status, 200, "{confirmed}");
    let paid_cents =
        super::transaction(&app, &owner, intent["id"].as_str().unwrap()).await["amount_cents"].as_i64().unwrap();
    let prize = super::contest(&app, contest, &owner).await["detail"]["winning_entry_amount"].as_i64().unwrap() * 100;
    assert!(prize > 0 && prize < paid_cents, "the package's price holds the prize and a fee: {prize} of {paid_cents}");

    // Paid: the client's money, the prize held for the winner, the rest the platform's fee.
    let after_paying = books(&app, &admin).await;
    assert_eq!(account(&after_paying, "payer"), -paid_cents, "{after_paying:?}");
    assert_eq!(account(&after_paying, "held"), prize);
    assert_eq!(account(&after_paying, "fee"), paid_cents - prize);
    assert_eq!(account(&after_paying, "designer"), 0, "nobody is owed anything before the contest is credited");

    // Awarded and credited: the prize moves from held to the winner.
    let entry = crate::entries::submitted(&app, &designer, contest).await;
    let award = format!("/contests/{contest}/entries/{entry}/award-winners");
    assert_eq!(app.send_json(Method::POST, &award, &json!({}), Some(&owner)).await.status, 200);
    let credited = app.put(&format!("/contests/{contest}/statuses"), &json!({"status_id": 9}), &admin).await;
    assert_eq!(credited.status, 200, "{}", credited.body);
    let after_credit = books(&app, &admin).await;
    assert_eq!(account(&after_credit, "held"), 0, "{after_credit:?}");
    assert_eq!(account(&after_credit, "designer"), prize);
    let earnings = app.get(&format!("/users/{designer_id}/transactions/earnings"), Some(&designer)).await;
    assert_eq!(earnings.body["data"]["owed_cents"], prize, "{}", earnings.body);
    assert_eq!(earnings.body["data"]["payouts"][0]["kind"], "contest");
    assert_eq!(earnings.body["data"]["payouts"][0]["source_id"], entry);

    // Setting it credited again (an admin's second click) owes nothing twice.
    let again = app.put(&format!("/contests/{contest}/statuses"), &json!({"status_id": 9}), &admin).await;
    assert_eq!(again.status, 200, "{}", again.body);
    assert_eq!(account(&books(&app, &admin).await, "designer"), prize);

    // Paid out once: the designer's account is settled, the money has left.
    let body = json!({"kind": "contest", "source_id": entry, "reference": "BANK-1"});
    let marked = app.send_json(Method::POST, "/admin/transactions/outgoing/mark-paid", &body, Some(&admin)).await;
    assert_eq!(marked.status, 201, "{}", marked.body);
    let twice = app.send_json(Method::POST, "/admin/transactions/outgoing/mark-paid", &body, Some(&admin)).await;
    twice.assert_error(409, "payout.not_owed");
    let after_payout = books(&app, &admin).await;
    assert_eq!(account(&after_payout, "designer"), 0, "{after_payout:?}");
    assert_eq!(account(&after_payout, "paid_out"), prize);
    let earnings = app.get(&format!("/users/{designer_id}/transactions/earnings"), Some(&designer)).await;
    let data = &earnings.body["data"];
    assert_eq!((data["owed_cents"].as_i64(), data["paid_cents"].as_i64()), (Some(0), Some(prize)), "{data}");
}

#[tokio::test]
async fn only_admins_read_the_books() {
    let app = crate::helpers::spawn_app().await;
    let (_, client) = app.client_session("booksnosy").await;
    app.get("/admin/ledger", Some(&client)).await.assert_error(403, "auth.forbidden");
    assert_eq!(app.get("/admin/ledger", None).await.status, 401);
}
