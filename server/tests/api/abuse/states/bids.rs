//! The bid's moves (`bids::transitions::BID`): its designer withdraws an open bid, an
//! admin removes one, an admin approves one; an approved bid stays, whoever asks.

use reqwest::Method;
use serde_json::json;

use super::status_in;
use crate::bids::bid;
use crate::helpers::{spawn_app, Answer, TestApp};
use crate::projects::{designer, send, world};

async fn bids_left(app: &TestApp, id: i64) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM bid WHERE id = $1").bind(id).fetch_one(&app.db.pool).await.unwrap()
}

async fn delete(app: &TestApp, id: i64, token: &str) -> Answer {
    send(app, Method::DELETE, &format!("/bids/{id}"), json!(null), Some(token)).await
}

#[tokio::test]
async fn an_open_bid_is_withdrawn_by_its_designer_or_removed_by_an_admin_and_by_no_one_else() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let mine = bid(&app, &w, 300, &w.designer.1).await;
    let (_, gold) = designer(&app, "stbgold", 3).await;
    let theirs = bid(&app, &w, 320, &gold).await;

    delete(&app, mine, &w.owner.1).await.assert_error(403, "bid.delete.forbidden");
    assert_eq!(bids_left(&app, mine).await, 1, "the project's owner cannot remove a bid");
    assert_eq!(delete(&app, mine, &w.designer.1).await.status, 200);
    assert_eq!(bids_left(&app, mine).await, 0);
    assert_eq!(delete(&app, theirs, &w.admin.1).await.status, 200, "admins remove bids");
    assert_eq!(bids_left(&app, theirs).await, 0);
}

#[tokio::test]
async fn an_approved_bid_stays_and_is_approved_once() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let chosen = bid(&app, &w, 300, &w.designer.1).await;
    let (_, gold) = designer(&app, "stbgold2", 3).await;
    let other = bid(&app, &w, 320, &gold).await;
    let approve = |id: i64| w.path(&format!("approve/manually/{id}"));

    send(&app, Method::POST, &approve(chosen), json!(null), Some(&w.owner.1)).await.assert_error(403, "auth.forbidden");
    assert_eq!(status_in(&app, "bid", "status_id", chosen).await, 1, "an owner without a subscription pays to approve");
    let approved = send(&app, Method::POST, &approve(chosen), json!(null), Some(&w.admin.1)).await;
    assert_eq!(approved.status, 200, "{}", approved.body);
    assert_eq!(status_in(&app, "bid", "status_id", chosen).await, 2);

    for token in [&w.designer.1, &w.admin.1] {
        delete(&app, chosen, token).await.assert_error(409, "bid.already_approved");
        assert_eq!(bids_left(&app, chosen).await, 1, "the approved bid stays");
    }
    let second = send(&app, Method::POST, &approve(other), json!(null), Some(&w.admin.1)).await;
    second.assert_error(409, "project.not_live");
    assert_eq!(status_in(&app, "bid", "status_id", other).await, 1, "one approved bid a project");
}
