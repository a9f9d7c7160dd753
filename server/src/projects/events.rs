//! The events of the projects area on `project:{id}`, written in the transaction of
//! the change. `project:{id}` is open to every designer, so these carry what any
//! designer may read over REST (the project, never a bid's content).

use vitrine_protocol::{event_type, Channel};

use super::model::{ProjectRow, ProjectView};
use crate::realtime::unit::Unit;

fn view(project: &ProjectRow) -> serde_json::Value {
    serde_json::to_value(ProjectView::of(project.clone(), false)).unwrap_or_default()
}

/// `project.status`: the project as it is now, with its new status.
pub async fn status_changed(unit: &mut Unit, project: &ProjectRow, now: i64) -> Result<(), sqlx::Error> {
    unit.append(&Channel::Project(project.id), event_type::PROJECT_STATUS, view(project), now).await?;
    Ok(())
}

/// `project.updated`: the brief, budget or timeline changed.
pub async fn updated(unit: &mut Unit, project: &ProjectRow, now: i64) -> Result<(), sqlx::Error> {
    unit.append(&Channel::Project(project.id), event_type::PROJECT_UPDATED, view(project), now).await?;
    Ok(())
}
