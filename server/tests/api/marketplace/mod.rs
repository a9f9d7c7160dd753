//! The marketplace and designers' profiles: listing a non-winning entry of a finished
//! contest, browsing, admins' categories and tags, buying full rights through Stripe's
//! payment intents (the entry leaves the marketplace live on `marketplace`), and the
//! profile's information, statistics, winnings and settings; each as the right and the
//! wrong role.
//!
//! Fixtures live here; the tests in the files beside it.

mod browsing;
mod listing;
mod profiles;
mod purchase;

use serde_json::{json, Value};

use crate::helpers::{Answer, TestApp};

/// A contest awarded to one designer (rated 4 by its holder), with another designer's
/// entry that did not win: (ids and tokens).
pub struct Finished {
    pub contest: i64,
    pub holder_id: i64,
    pub holder: String,
    pub winner_id: i64,
    pub winner: String,
    pub winning_entry: i64,
    pub seller_id: i64,
    pub seller: String,
    pub entry: i64,
    pub admin: String,
}

pub async fn finished(app: &TestApp, prefix: &str) -> Finished {
    let running = crate::entries::running_contest(app, prefix).await;
    let (winner_id, winner) = crate::entries::designer(app, &format!("{prefix}win"), 3).await;
    let (seller_id, seller) = crate::entries::designer(app, &format!("{prefix}sel"), 3).await;
    let winning_entry = crate::entries::submitted(app, &winner, running.id).await;
    let entry = crate::entries::submitted(app, &seller, running.id).await;
    let rated = crate::entries::patch(
        app,
        &format!("/contests/{}/entries/{winning_entry}/ratings", running.id),
        &json!({"rating": 4}),
        Some(&running.owner),
    )
    .await;
    assert_eq!(rated.status, 200, "{}", rated.body);
    let awarded = crate::entries::post(
        app,
        &format!("/contests/{}/entries/{winning_entry}/award-winners", running.id),
        &json!(null),
        Some(&running.owner),
    )
    .await;
    assert_eq!(awarded.status, 200, "{}", awarded.body);
    let (_, admin) = app.admin_session(&format!("{prefix}adm")).await;
    Finished {
        contest: running.id,
        holder_id: running.owner_id,
        holder: running.owner,
        winner_id,
        winner,
        winning_entry,
        seller_id,
        seller,
        entry,
        admin,
    }
}

pub async fn list_for_sale(app: &TestApp, token: &str, body: Value) -> Answer {
    app.put("/marketplace-contest-entries", &body, token).await
}

/// Lists `entry` at `dollars` as `token`, asserting a 200.
pub async fn listed(app: &TestApp, token: &str, entry: i64, dollars: i64) -> Value {
    let answer = list_for_sale(
        app,
        token,
        json!({"contest_entry_id": entry, "sale_price": dollars, "title": "Moon bean mark", "description": "Full rights."}),
    )
    .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.body["data"].clone()
}

/// The entry ids of a page of listings.
pub fn entry_ids(page: &Value) -> Vec<i64> {
    page["data"].as_array().unwrap().iter().map(|l| l["contest_entry_id"].as_i64().unwrap()).collect()
}
