//! The state machines of docs/states.md, move by move through the real routes: each
//! area's moves as a role that may make them and as one that may not, and from a status
//! the table has no such move from. Every refusal leaves the status as it was.

mod bids;
mod contests;
mod entries;
mod projects;
mod tips;

use crate::helpers::TestApp;

/// `status_id` (or `approval_status_id`) of row `id` in `table`.
pub async fn status_in(app: &TestApp, table: &str, column: &str, id: i64) -> i64 {
    sqlx::query_scalar(&format!("SELECT {column} FROM {table} WHERE id = $1"))
        .bind(id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
}
