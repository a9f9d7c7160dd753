//! Additional entries: the holder buys a design besides the winner's, an admin records
//! the payment, the designer delivers, an admin credits; each step as the right and
//! the wrong role, with the notifications of types 8 and 10.

use serde_json::json;

use super::{designer, patch, post, running_contest, submitted, upload_png};
use crate::helpers::{spawn_app, TestApp};

async fn kinds_of(app: &TestApp, user: i64) -> Vec<i64> {
    sqlx::query_scalar("SELECT notification_type_id FROM notification WHERE app_user_id = $1 ORDER BY id")
        .bind(user)
        .fetch_all(&app.db.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn the_holder_buys_an_additional_design_and_it_walks_paid_uploaded_credited() {
    let app = spawn_app().await;
    let contest = running_contest(&app, "ad1").await;
    let (_, admin) = app.admin_session("ad1boss").await;
    let (_, alice) = designer(&app, "ad1alice", 2).await;
    let (bob_id, bob) = designer(&app, "ad1bob", 2).await;
    let (_, carol) = designer(&app, "ad1carol", 2).await;
    let winner = submitted(&app, &alice, contest.id).await;
    let bobs = submitted(&app, &bob, contest.id).await;
    let buy = format!("/contests/{}/additional-entries", contest.id);

    // Not while the contest is still taking entries.
    post(&app, &buy, &json!({"contest_entry_id": bobs}), Some(&contest.owner))
        .await
        .assert_error(409, "contest.additional_entry.not_open");
    let award = format!("/contests/{}/entries/{winner}/award-winners", contest.id);
    assert_eq!(post(&app, &award, &json!({}), Some(&contest.owner)).await.status, 200);

    // Only the holder buys, an entry of this contest, not the winner's, once.
    post(&app, &buy, &json!({"contest_entry_id": bobs}), Some(&carol))
        .await
        .assert_error(403, "contest.edit.forbidden");
    post(&app, &buy, &json!({"contest_entry_id": bobs}), None).await.assert_error(401, "auth.unauthenticated");
    post(&app, &buy, &json!({}), Some(&contest.owner)).await.assert_error(422, "validation.required");
    post(&app, &buy, &json!({"contest_entry_id": winner}), Some(&contest.owner))
        .await
        .assert_error(422, "contest.additional_entry.winner");
    post(&app, &buy, &json!({"contest_entry_id": 987654}), Some(&contest.owner))
        .await
        .assert_error(422, "validation.exists");
    let bought = post(&app, &buy, &json!({"contest_entry_id": bobs}), Some(&contest.owner)).await;
    assert_eq!(bought.status, 201, "{}", bought.body);
    assert_eq!(bought.body["data"]["status"], "requested");
    assert_eq!(bought.body["data"]["amount"], 100);
    assert_eq!(bought.body["data"]["designer_id"], bob_id);
    post(&app, &buy, &json!({"contest_entry_id": bobs}), Some(&contest.owner))
        .await
        .assert_error(409, "contest.additional_entry.exists");

    // Unpaid: the designer can't deliver yet, and hears nothing yet.
    let artworks = format!("/contests/{}/entries/{bobs}/artworks", contest.id);
    let file = upload_png(&app, &bob, 8).await;
    post(&app, &artworks, &json!({"file_ids": [file]}), Some(&bob))
        .await
        .assert_error(409, "contest.additional_entry.not_paid");
    assert!(!kinds_of(&app, bob_id).await.contains(&8));

    // Payment recorded by an admin (a manual transaction): admins only, forward only.
    let statuses = format!("/contests/{}/additional-entries/{bobs}/contest-statuses", contest.id);
    patch(&app, &statuses, &json!({"status_id": 2}), Some(&contest.owner)).await.assert_error(403, "auth.forbidden");
    patch(&app, &statuses, &json!({"status_id": 2}), Some(&bob)).await.assert_error(403, "auth.forbidden");
    patch(&app, &statuses, &json!({"status_id": 9}), Some(&admin)).await.assert_error(422, "validation.exists");
    patch(&app, &statuses, &json!({"status_id": 4}), Some(&admin))
        .await
        .assert_error(409, "contest.additional_entry.status_change");
    let paid = patch(&app, &statuses, &json!({"status_id": 2}), Some(&admin)).await;
    assert_eq!(paid.status, 200, "{}", paid.body);
    assert_eq!(paid.body["data"]["status"], "paid");
    patch(&app, &statuses, &json!({"status_id": 2}), Some(&admin))
        .await
        .assert_error(409, "contest.additional_entry.status_change");
    assert_eq!(kinds_of(&app, bob_id).await.iter().filter(|k| **k == 8).count(), 1);
    // Recorded once as the holder's manual transaction (reason 12) of the design's price.
    let payments = app.get("/transactions", Some(&contest.owner)).await.body["data"].clone();
    let manual: Vec<_> = payments.as_array().unwrap().iter().filter(|t| t["reason_id"] == 12).collect();
    assert_eq!(manual.len(), 1, "{payments}");
    assert_eq!(
        (manual[0]["purpose"].as_str(), manual[0]["provider"].as_str(), manual[0]["state"].as_str()),
        (Some("additional_design"), Some("manual"), Some("paid"))
    );
    assert_eq!(manual[0]["amount_cents"], paid.body["data"]["amount_cents"], "{}", paid.body);
    assert_eq!(manual[0]["contest_id"], contest.id);

    // Delivery: the designer only, once; the holder hears of it (type 10).
    post(&app, &artworks, &json!({"file_ids": [file]}), Some(&alice))
        .await
        .assert_error(403, "contest.entry.not_designer");
    let delivered = post(&app, &artworks, &json!({"file_ids": [file]}), Some(&bob)).await;
    assert_eq!(delivered.status, 201, "{}", delivered.body);
    assert_eq!(delivered.body["data"][0]["kind"], 3);
    post(&app, &artworks, &json!({"file_ids": [file]}), Some(&bob))
        .await
        .assert_error(409, "contest.entry.artwork.file.already_uploaded");
    assert!(kinds_of(&app, contest.owner_id).await.contains(&10));

    let credited = patch(&app, &statuses, &json!({"status_id": 4}), Some(&admin)).await;
    assert_eq!(credited.status, 200, "{}", credited.body);
    assert_eq!(credited.body["data"]["status"], "credited");
    assert!(credited.body["data"]["credited_at"].is_i64());
}

#[tokio::test]
async fn each_role_lists_its_own_additional_entries() {
    let app = spawn_app().await;
    let contest = running_contest(&app, "ad2").await;
    let (_, admin) = app.admin_session("ad2boss").await;
    let (_, alice) = designer(&app, "ad2alice", 2).await;
    let (_, bob) = designer(&app, "ad2bob", 2).await;
    let (_, other_client) = app.client_session("ad2other").await;
    let winner = submitted(&app, &alice, contest.id).await;
    let bobs = submitted(&app, &bob, contest.id).await;
    let alices_second = submitted(&app, &alice, contest.id).await;
    let award = format!("/contests/{}/entries/{winner}/award-winners", contest.id);
    assert_eq!(post(&app, &award, &json!({}), Some(&contest.owner)).await.status, 200);
    let buy = format!("/contests/{}/additional-entries", contest.id);
    for entry in [bobs, alices_second] {
        let bought = post(&app, &buy, &json!({"contest_entry_id": entry}), Some(&contest.owner)).await;
        assert_eq!(bought.status, 201, "{}", bought.body);
    }
    let entries_of = |body: &serde_json::Value| -> Vec<i64> {
        body["data"].as_array().unwrap().iter().map(|a| a["contest_entry_id"].as_i64().unwrap()).collect()
    };
    let list = "/contests/additional-entries";
    assert_eq!(entries_of(&app.get(list, Some(&contest.owner)).await.body), vec![alices_second, bobs]);
    assert_eq!(entries_of(&app.get(list, Some(&admin)).await.body), vec![alices_second, bobs]);
    assert_eq!(entries_of(&app.get(list, Some(&bob)).await.body), vec![bobs]);
    assert_eq!(entries_of(&app.get(list, Some(&alice)).await.body), vec![alices_second]);
    assert_eq!(app.get(list, Some(&other_client)).await.body["total"], 0);
    app.get(list, None).await.assert_error(401, "auth.unauthenticated");
    let paid_only = app.get(&format!("{list}?filter[status_id]=2"), Some(&admin)).await;
    assert_eq!(paid_only.body["total"], 0);
    app.get(&format!("{list}?filter[status_id]=7"), Some(&admin)).await.assert_error(422, "validation.exists");
}
