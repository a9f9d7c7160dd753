//! Tips: the admin lists and decides paid tips (1 pending, 2 approved, 3 rejected);
//! the designer is notified of an approval, the client hears of either decision; tip
//! stats sum approved tips for the user themself and admins.

use serde_json::json;
use vitrine_protocol::event_type;
use vitrine_server::{commerce::carts, store::clock::Clock as _};

use super::{assert_refused, next_of, patch, post, tippable, watch_user, Tippable};
use crate::helpers::{spawn_app, TestApp};

/// Puts tips of $10 and $25 on two entries in the cart and pays for them: the tip ids.
pub(crate) async fn paid_tips(app: &TestApp, t: &Tippable) -> Vec<i64> {
    let second = crate::entries::submitted(app, &t.designer, t.contest).await;
    for (entry, price) in [(t.entry, 10), (second, 25)] {
        let body = json!({"price": price, "contest_id": t.contest, "contest_entry_id": entry, "trigger_id": 9});
        assert_eq!(post(app, "/carts", &body, Some(&t.owner)).await.status, 201);
    }
    let mut conn = app.db.pool.acquire().await.unwrap();
    let priced = carts::payable(&mut conn, t.owner_id, None).await.unwrap();
    drop(conn);
    let mut unit = app.hub().begin().await.unwrap();
    carts::paid(&mut unit, t.owner_id, "pi_tips", &priced.items, app.clock.now_ms()).await.unwrap();
    unit.commit().await.unwrap();
    sqlx::query_scalar("SELECT id FROM contest_entry_tip WHERE payment_ref = 'pi_tips' ORDER BY id")
        .fetch_all(&app.db.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn admins_list_tips_by_approval_status_and_no_one_else_does() {
    let app = spawn_app().await;
    let t = tippable(&app, "tiplist").await;
    let (_, admin) = app.admin_session("tiplistverifier").await;
    let tips = paid_tips(&app, &t).await;

    for token in [&t.owner, &t.designer] {
        app.get("/admin/contests/entries/tips", Some(token)).await.assert_error(403, "auth.forbidden");
    }
    let all = app.get("/admin/contests/entries/tips", Some(&admin)).await;
    assert_eq!(all.status, 200, "{}", all.body);
    assert_eq!(all.body["total"], 2);
    assert_eq!(all.body["data"][0]["id"], tips[1], "newest first");
    assert_eq!(all.body["data"][0]["amount"], 25.0);
    assert_eq!(all.body["data"][0]["designer"]["id"], t.designer_id);
    assert_eq!(all.body["data"][0]["created_by_user"]["id"], t.owner_id);

    patch(&app, &format!("/contest-entry-tips/{}", tips[0]), &json!({"approval_status_id": 3}), Some(&admin)).await;
    let pending = app.get("/admin/contests/entries/tips?filter[approval_status_id]=1", Some(&admin)).await;
    let ids: Vec<i64> = pending.body["data"].as_array().unwrap().iter().map(|t| t["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, [tips[1]]);
    let rejected = app.get("/admin/contests/entries/tips?filter[approval_status_id]=3", Some(&admin)).await;
    assert_eq!(rejected.body["total"], 1);
    app.get("/admin/contests/entries/tips?filter[approval_status_id]=4", Some(&admin))
        .await
        .assert_error(422, "approval_status_id.in");
}

#[tokio::test]
async fn an_admin_approves_a_tip_the_designer_is_notified_and_the_client_sees_it_live() {
    let app = spawn_app().await;
    let t = tippable(&app, "tipok").await;
    let (_, admin) = app.admin_session("tipokverifier").await;
    let tips = paid_tips(&app, &t).await;
    let path = format!("/contest-entry-tips/{}", tips[0]);
    let (mut client_watch, _) = watch_user(&app, &t.owner, t.owner_id).await;
    let (mut designer_watch, _) = watch_user(&app, &t.designer, t.designer_id).await;

    for token in [&t.owner, &t.designer] {
        patch(&app, &path, &json!({"approval_status_id": 2}), Some(token)).await.assert_error(403, "auth.forbidden");
    }
    patch(&app, &path, &json!({"approval_status_id": 2}), None).await.assert_error(401, "auth.unauthenticated");
    for bad in [json!({"approval_status_id": 1}), json!({"approval_status_id": 7}), json!({})] {
        assert_refused(
            &patch(&app, &path, &bad, Some(&admin)).await,
            422,
            "approval_status_id.in",
            "Approval statuses are 1 (pending), 2 (approved) and 3 (rejected).",
        );
    }
    patch(&app, "/contest-entry-tips/999999", &json!({"approval_status_id": 2}), Some(&admin))
        .await
        .assert_error(404, "contest_entry_tip.not_found");
    assert_eq!(
        app.get("/contest-entry-tips", Some(&t.designer)).await.body["total"],
        0,
        "pending tips are the client's"
    );
    assert_eq!(app.get("/contest-entry-tips", Some(&t.owner)).await.body["total"], 2);
    let designer_notes = app.get("/notifications", Some(&t.designer)).await;
    let before = designer_notes.body["data"].as_array().unwrap().len();

    let approved = patch(&app, &path, &json!({"approval_status_id": 2}), Some(&admin)).await;
    assert_eq!(approved.status, 200, "{}", approved.body);
    assert_eq!(approved.body["data"]["approval_status_id"], 2);
    let note = next_of(&mut designer_watch, event_type::NOTIFICATION_CREATED).await;
    assert_eq!(
        (note.data["notification_type_id"].as_i64(), note.data["data"]["contest_entry_id"].as_i64()),
        (Some(8), Some(t.entry))
    );
    assert_eq!(app.get("/notifications", Some(&t.designer)).await.body["data"].as_array().unwrap().len(), before + 1);
    let update = next_of(&mut client_watch, event_type::TIP_UPDATED).await;
    assert_eq!((update.data["id"].as_i64(), update.data["approval_status_id"].as_i64()), (Some(tips[0]), Some(2)));

    // What the hub said, REST shows: the client's tip, and the designer's approved one.
    let received = app.get("/contest-entry-tips", Some(&t.designer)).await;
    assert_eq!(received.body["data"][0]["id"], tips[0]);
    assert_eq!(received.body["total"], 1);
    let given = app.get("/contest-entry-tips", Some(&t.owner)).await;
    assert_eq!(given.body["data"][1]["approval_status_id"], 2);
    app.get("/contest-entry-tips", None).await.assert_error(401, "auth.unauthenticated");

    assert_refused(
        &patch(&app, &path, &json!({"approval_status_id": 3}), Some(&admin)).await,
        409,
        "contest_entry_tip.decided",
        "This tip has already been approved or rejected.",
    );

    // A rejection tells the client, and the designer hears nothing of it.
    let rejected =
        patch(&app, &format!("/contest-entry-tips/{}", tips[1]), &json!({"approval_status_id": "3"}), Some(&admin))
            .await;
    assert_eq!(rejected.body["data"]["approval_status_id"], 3);
    assert_eq!(next_of(&mut client_watch, event_type::TIP_UPDATED).await.data["approval_status_id"], 3);
    assert_eq!(app.get("/notifications", Some(&t.designer)).await.body["data"].as_array().unwrap().len(), before + 1);
}

#[tokio::test]
async fn tip_stats_count_approved_tips_for_the_user_and_admins_only() {
    let app = spawn_app().await;
    let t = tippable(&app, "tipstats").await;
    let (_, admin) = app.admin_session("tipstatsverifier").await;
    let tips = paid_tips(&app, &t).await;
    let designer_path = format!("/tip-stats/{}", t.designer_id);
    let nothing_yet = app.get(&designer_path, Some(&t.designer)).await;
    assert_eq!(nothing_yet.body["data"], json!({"amount": 0.0, "amount_cents": 0, "total_contests": 0}));

    for id in &tips {
        patch(&app, &format!("/contest-entry-tips/{id}"), &json!({"approval_status_id": 2}), Some(&admin)).await;
    }
    let received = app.get(&designer_path, Some(&t.designer)).await;
    assert_eq!(received.body["data"], json!({"amount": 35.0, "amount_cents": 3_500, "total_contests": 1}));
    assert_eq!(app.get(&designer_path, Some(&admin)).await.body, received.body);
    let given = app.get(&format!("/tip-stats/{}", t.owner_id), Some(&t.owner)).await;
    assert_eq!(given.body["data"]["amount_cents"], 3_500);

    app.get(&designer_path, Some(&t.owner)).await.assert_error(403, "auth.forbidden");
    app.get(&designer_path, None).await.assert_error(401, "auth.unauthenticated");
    app.get("/tip-stats/999999", Some(&admin)).await.assert_error(404, "user.not_found");
}
