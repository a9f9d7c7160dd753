//! The contest's moves (`contests::transitions::CONTEST`) made through routes: the
//! admin's statuses, the holder's award and the admin's removal of winners, allowed and
//! refused, per role. A credited contest stays credited.

use serde_json::json;

use super::status_in;
use crate::entries::{designer, post, running_contest, submitted, Running};
use crate::helpers::{spawn_app, Answer, TestApp};

async fn contest_status(app: &TestApp, contest: i64) -> i64 {
    status_in(app, "contest", "status_id", contest).await
}

async fn set(app: &TestApp, contest: i64, status_id: i64, token: &str) -> Answer {
    app.put(&format!("/contests/{contest}/statuses"), &json!({"status_id": status_id}), token).await
}

/// A running contest whose holder awarded an entry (5, Winner Awarded-Unverified).
async fn awarded(app: &TestApp, prefix: &str) -> (Running, String) {
    let contest = running_contest(app, prefix).await;
    let (_, alice) = designer(app, &format!("{prefix}alice"), 2).await;
    let entry = submitted(app, &alice, contest.id).await;
    let path = format!("/contests/{}/entries/{entry}/award-winners", contest.id);
    let award = post(app, &path, &json!({}), Some(&contest.owner)).await;
    assert_eq!(award.status, 200, "{}", award.body);
    (contest, alice)
}

#[tokio::test]
async fn a_credited_contest_stays_credited_and_only_admins_set_statuses() {
    let app = spawn_app().await;
    let (contest, alice) = awarded(&app, "stc").await;
    let (_, admin) = app.admin_session("stcboss").await;
    for (token, who) in [(&contest.owner, "the holder"), (&alice, "the winner")] {
        set(&app, contest.id, 9, token).await.assert_error(403, "auth.forbidden");
        assert_eq!(contest_status(&app, contest.id).await, 5, "{who} cannot set a status");
    }
    assert_eq!(set(&app, contest.id, 9, &admin).await.status, 200);
    assert_eq!(set(&app, contest.id, 9, &admin).await.status, 200, "a second click changes nothing");
    for back in [2, 3, 7, 8] {
        set(&app, contest.id, back, &admin).await.assert_error(409, "contest.status.invalid");
        assert_eq!(contest_status(&app, contest.id).await, 9, "credited, not {back}");
    }
    set(&app, contest.id, 1, &admin).await.assert_error(409, "contest.status.invalid");
}

#[tokio::test]
async fn a_winner_is_awarded_only_while_the_contest_runs_or_is_decided() {
    let app = spawn_app().await;
    let contest = running_contest(&app, "stn").await;
    let (_, admin) = app.admin_session("stnboss").await;
    let (_, alice) = designer(&app, "stnalice", 2).await;
    let entry = submitted(&app, &alice, contest.id).await;
    assert_eq!(set(&app, contest.id, 4, &admin).await.status, 200, "ended without a winner");

    let path = format!("/contests/{}/entries/{entry}/award-winners", contest.id);
    post(&app, &path, &json!({}), Some(&contest.owner)).await.assert_error(409, "contest.award.not_open");
    assert_eq!(contest_status(&app, contest.id).await, 4);
    let winners: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM contest_entry WHERE contest_id = $1 AND is_winner = 1")
        .bind(contest.id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(winners, 0, "no winner marked");
}

#[tokio::test]
async fn only_admins_take_winners_back_and_only_before_the_verification() {
    let app = spawn_app().await;
    let (contest, _) = awarded(&app, "str").await;
    let (_, admin) = app.admin_session("strboss").await;
    let path = format!("/contests/{}/remove-winners", contest.id);

    post(&app, &path, &json!({}), Some(&contest.owner)).await.assert_error(403, "auth.forbidden");
    assert_eq!(contest_status(&app, contest.id).await, 5, "the holder cannot");
    let back = post(&app, &path, &json!({}), Some(&admin)).await;
    assert_eq!(back.status, 200, "{}", back.body);
    assert_eq!(contest_status(&app, contest.id).await, 3, "deciding again");
    post(&app, &path, &json!({}), Some(&admin)).await.assert_error(409, "contest.winners_not_removable");
    assert_eq!(contest_status(&app, contest.id).await, 3);
}
