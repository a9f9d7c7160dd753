//! The entry's moves (`entries::transitions::ENTRY`): withdraw, eliminate, reinstate,
//! award and a new version, each allowed and refused, per role. A designer cannot
//! overwrite the contest holder's decision, and a withdrawn entry never moves again.

use reqwest::Method;
use serde_json::json;

use super::status_in;
use crate::entries::{designer, patch, post, running_contest, submitted, upload_png, Running};
use crate::helpers::{spawn_app, TestApp};

async fn entry_status(app: &TestApp, entry: i64) -> i64 {
    status_in(app, "contest_entry", "status_id", entry).await
}

fn status_path(contest: &Running, entry: i64) -> String {
    format!("/contests/{}/entries/{entry}/status", contest.id)
}

async fn withdraw(app: &TestApp, contest: &Running, entry: i64, token: &str) -> crate::helpers::Answer {
    let path = format!("/contests/{}/entries/{entry}", contest.id);
    app.send_json(Method::DELETE, &path, &json!({}), Some(token)).await
}

#[tokio::test]
async fn a_designer_cannot_withdraw_an_entry_the_holder_eliminated() {
    let app = spawn_app().await;
    let contest = running_contest(&app, "ab1").await;
    let (_, alice) = designer(&app, "ab1alice", 2).await;
    let entry = submitted(&app, &alice, contest.id).await;
    let eliminated =
        patch(&app, &status_path(&contest, entry), &json!({"status": "eliminated"}), Some(&contest.owner)).await;
    assert_eq!(eliminated.status, 200, "{}", eliminated.body);

    withdraw(&app, &contest, entry, &alice).await.assert_error(409, "contest.entry.not_active");
    assert_eq!(entry_status(&app, entry).await, 2, "the entry stays eliminated");
}

#[tokio::test]
async fn only_the_designer_withdraws_an_active_entry_and_only_once() {
    let app = spawn_app().await;
    let contest = running_contest(&app, "stw").await;
    let (_, alice) = designer(&app, "stwalice", 2).await;
    let (_, admin) = app.admin_session("stwboss").await;
    let entry = submitted(&app, &alice, contest.id).await;

    for (token, who) in [(&contest.owner, "the holder"), (&admin, "an admin")] {
        withdraw(&app, &contest, entry, token).await.assert_error(403, "contest.entry.not_designer");
        assert_eq!(entry_status(&app, entry).await, 1, "{who} cannot withdraw it");
    }
    let withdrawn = withdraw(&app, &contest, entry, &alice).await;
    assert_eq!((withdrawn.status.as_u16(), withdrawn.body["data"]["status"].as_str()), (200, Some("withdrawn")));
    withdraw(&app, &contest, entry, &alice).await.assert_error(409, "contest.entry.not_active");
    assert_eq!(entry_status(&app, entry).await, 3);
}

#[tokio::test]
async fn the_holder_eliminates_and_reinstates_and_the_designer_does_neither() {
    let app = spawn_app().await;
    let contest = running_contest(&app, "ste").await;
    let (_, alice) = designer(&app, "stealice", 2).await;
    let (_, admin) = app.admin_session("steboss").await;
    let entry = submitted(&app, &alice, contest.id).await;
    let path = status_path(&contest, entry);

    patch(&app, &path, &json!({"status": "eliminated"}), Some(&alice))
        .await
        .assert_error(403, "contest.edit.forbidden");
    assert_eq!(entry_status(&app, entry).await, 1, "the designer cannot eliminate");
    assert_eq!(patch(&app, &path, &json!({"status": "eliminated"}), Some(&contest.owner)).await.status, 200);
    assert_eq!(entry_status(&app, entry).await, 2);

    for (token, who) in [(&alice, "the designer"), (&admin, "an admin")] {
        patch(&app, &path, &json!({"status": "active"}), Some(token)).await.assert_error(403, "contest.edit.forbidden");
        assert_eq!(entry_status(&app, entry).await, 2, "{who} cannot reinstate: the decision is the holder's");
    }
    assert_eq!(patch(&app, &path, &json!({"status": "active"}), Some(&contest.owner)).await.status, 200);
    assert_eq!(entry_status(&app, entry).await, 1);
}

#[tokio::test]
async fn a_withdrawn_entry_is_neither_eliminated_nor_put_back() {
    let app = spawn_app().await;
    let contest = running_contest(&app, "stx").await;
    let (_, alice) = designer(&app, "stxalice", 2).await;
    let gone = submitted(&app, &alice, contest.id).await;
    let kept = submitted(&app, &alice, contest.id).await;
    assert_eq!(withdraw(&app, &contest, gone, &alice).await.status, 200);

    for status in ["eliminated", "active"] {
        let refused = patch(&app, &status_path(&contest, gone), &json!({"status": status}), Some(&contest.owner)).await;
        refused.assert_error(409, "contest.entry.not_active");
        assert_eq!(entry_status(&app, gone).await, 3, "{status}: still withdrawn");
    }
    // Eliminating all of the designer's entries leaves the withdrawn one withdrawn.
    let body = json!({"status": "eliminated", "eliminate_all": 1});
    let all = patch(&app, &status_path(&contest, kept), &body, Some(&contest.owner)).await;
    assert_eq!(all.status, 200, "{}", all.body);
    assert_eq!((entry_status(&app, kept).await, entry_status(&app, gone).await), (2, 3));
}

#[tokio::test]
async fn only_an_active_entry_is_awarded_or_gets_a_new_version() {
    let app = spawn_app().await;
    let contest = running_contest(&app, "sta").await;
    let (_, alice) = designer(&app, "staalice", 2).await;
    let out = submitted(&app, &alice, contest.id).await;
    let entry = submitted(&app, &alice, contest.id).await;
    assert_eq!(
        patch(&app, &status_path(&contest, out), &json!({"status": "eliminated"}), Some(&contest.owner)).await.status,
        200
    );

    let image = upload_png(&app, &alice, 5).await;
    let version = post(
        &app,
        &format!("/contests/{}/entries/{out}/versions", contest.id),
        &json!({"main_file_id": image}),
        Some(&alice),
    )
    .await;
    version.assert_error(409, "contest.entry.not_active");
    let award = |entry: i64| format!("/contests/{}/entries/{entry}/award-winners", contest.id);
    post(&app, &award(out), &json!({}), Some(&contest.owner)).await.assert_error(409, "contest.entry.not_active");
    post(&app, &award(entry), &json!({}), Some(&alice)).await.assert_error(403, "contest.edit.forbidden");
    assert_eq!(status_in(&app, "contest", "status_id", contest.id).await, 2, "no award yet");

    let awarded = post(&app, &award(entry), &json!({}), Some(&contest.owner)).await;
    assert_eq!(awarded.status, 200, "{}", awarded.body);
    assert_eq!((entry_status(&app, entry).await, status_in(&app, "contest", "status_id", contest.id).await), (1, 5));
}
