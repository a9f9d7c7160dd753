//! A designer cannot overwrite the contest holder's decision on their entry.

use serde_json::json;

use crate::entries::{designer, patch, running_contest, submitted};
use crate::helpers::spawn_app;

async fn status_of(app: &crate::helpers::TestApp, entry: i64) -> i64 {
    sqlx::query_scalar("SELECT status_id FROM contest_entry WHERE id = $1")
        .bind(entry)
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_designer_cannot_withdraw_an_entry_the_holder_eliminated() {
    let app = spawn_app().await;
    let contest = running_contest(&app, "ab1").await;
    let (_, alice) = designer(&app, "ab1alice", 2).await;
    let entry = submitted(&app, &alice, contest.id).await;
    let status_path = format!("/contests/{}/entries/{entry}/status", contest.id);
    let eliminated = patch(&app, &status_path, &json!({"status": "eliminated"}), Some(&contest.owner)).await;
    assert_eq!(eliminated.status, 200, "{}", eliminated.body);

    let path = format!("/contests/{}/entries/{entry}", contest.id);
    let withdraw = app.send_json(reqwest::Method::DELETE, &path, &json!({}), Some(&alice)).await;
    withdraw.assert_error(409, "contest.entry.not_active");
    assert_eq!(status_of(&app, entry).await, 2, "the entry stays eliminated");
}
