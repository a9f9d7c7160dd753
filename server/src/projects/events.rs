//! The events of the projects area on `project:{id}`, written in the transaction of
//! the change. `project:{id}` is open to every designer, so these carry what any
//! designer may read over REST (the project, never a bid's content).

use sqlx::AnyConnection;
use vitrine_protocol::{event_type, BidCount, Channel, EventFrame};

use super::model::{ProjectRow, ProjectView};
use crate::realtime::outbox;

fn view(project: &ProjectRow) -> serde_json::Value {
    serde_json::to_value(ProjectView::of(project.clone(), false)).unwrap_or_default()
}

/// `project.status`: the project as it is now, with its new status.
pub async fn status_changed(
    conn: &mut AnyConnection,
    project: &ProjectRow,
    now: i64,
) -> Result<EventFrame, sqlx::Error> {
    outbox::append(conn, &Channel::Project(project.id), event_type::PROJECT_STATUS, view(project), now).await
}

/// `project.updated`: the brief, budget or timeline changed.
pub async fn updated(conn: &mut AnyConnection, project: &ProjectRow, now: i64) -> Result<EventFrame, sqlx::Error> {
    outbox::append(conn, &Channel::Project(project.id), event_type::PROJECT_UPDATED, view(project), now).await
}

/// `bid.created` or `bid.deleted` on the project: which bid, and the new count only.
pub async fn bid_count(
    conn: &mut AnyConnection,
    project_id: i64,
    bid_id: i64,
    kind: &str,
    now: i64,
) -> Result<EventFrame, sqlx::Error> {
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM bid WHERE project_id = $1")
        .bind(project_id)
        .fetch_one(&mut *conn)
        .await?;
    let data = serde_json::to_value(BidCount { id: bid_id, project_id, bids_count: count }).unwrap_or_default();
    outbox::append(conn, &Channel::Project(project_id), kind, data, now).await
}
