//! Bids and their discussions: who may bid, see, withdraw and approve; who may talk
//! in a bid's discussion; and what each side receives live.

mod discussion;
mod live;
mod placing;

use reqwest::Method;
use serde_json::json;

use crate::{
    helpers::TestApp,
    projects::{send, World},
};

/// Places a bid of `amount` dollars as the designer with `token`; answers its id.
pub async fn bid(app: &TestApp, w: &World, amount: i64, token: &str) -> i64 {
    let answer =
        send(app, Method::POST, &w.path("bids"), json!({"amount": amount, "description": "My offer."}), Some(token))
            .await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    answer.body["data"]["id"].as_i64().expect("bid id")
}

pub fn comments_path(w: &World, bid: i64) -> String {
    w.path(&format!("bids/{bid}/comments"))
}
