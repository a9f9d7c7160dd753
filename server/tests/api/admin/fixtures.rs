//! Rows the admin tests start from: contests and projects in a given status, a winner.

use crate::helpers::TestApp;

/// A designer, signed in: (id, token).
pub async fn designer_session(app: &TestApp, username: &str) -> (i64, String) {
    let id = app.register(&TestApp::designer_payload(username)).await;
    (id, app.token(username).await)
}

/// A contest of type 1 owned by `owner` in `status`, with a prize of `prize_cents`.
pub async fn contest_in(app: &TestApp, owner: i64, status: i64, title: &str, prize_cents: i64) -> i64 {
    sqlx::query_scalar(
        "INSERT INTO contest (contest_type_id, created_by, title, status_id, is_private, is_blind, \
         winning_entry_amount_cents, created_at, updated_at) VALUES (1, $1, $2, $3, 0, 0, $4, 1, 1) RETURNING id",
    )
    .bind(owner)
    .bind(title)
    .bind(status)
    .bind(prize_cents)
    .fetch_one(&app.db.pool)
    .await
    .expect("insert contest")
}

/// An entry by `designer`, the winner when `winner`.
pub async fn entry(app: &TestApp, contest: i64, designer: i64, number: i64, winner: bool) -> i64 {
    sqlx::query_scalar(
        "INSERT INTO contest_entry (contest_id, created_by, number, title, status_id, is_winner, created_at, updated_at) \
         VALUES ($1, $2, $3, 'Entry', 1, $4, 1, 1) RETURNING id",
    )
    .bind(contest)
    .bind(designer)
    .bind(number)
    .bind(i64::from(winner))
    .fetch_one(&app.db.pool)
    .await
    .expect("insert entry")
}

/// A project of `owner` in `status`.
pub async fn project_in(app: &TestApp, owner: i64, status: i64, title: &str) -> i64 {
    sqlx::query_scalar(
        "INSERT INTO project (created_by, title, status_id, created_at, updated_at) VALUES ($1, $2, $3, 1, 1) RETURNING id",
    )
    .bind(owner)
    .bind(title)
    .bind(status)
    .fetch_one(&app.db.pool)
    .await
    .expect("insert project")
}

/// Moves a contest to `status` as the contests area would have.
/// An admin credits the contest (status 9) through its route, so its winners are owed the
/// prize in the ledger as in production.
pub async fn credit_contest(app: &TestApp, contest: i64, admin: &str) {
    let credited = app.put(&format!("/contests/{contest}/statuses"), &serde_json::json!({"status_id": 9}), admin).await;
    assert_eq!(credited.status, 200, "{}", credited.body);
}
