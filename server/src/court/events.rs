//! The events the court writes to the outbox (all on `court`), inside the transaction
//! of the change they announce.

use serde_json::json;
use vitrine_protocol::{event_type, Channel};

use super::model::{ReportView, Tally};
use crate::realtime::unit::Unit;

/// `report.created`: the report as the court's list shows it (nobody's vote yet).
pub async fn created(unit: &mut Unit, report: &ReportView, now_ms: i64) -> Result<(), sqlx::Error> {
    let data = serde_json::to_value(report).unwrap_or_default();
    unit.append(&Channel::Court, event_type::REPORT_CREATED, data, now_ms).await?;
    Ok(())
}

/// `report.joined`: the case, as the court's list shows it, after another report joined it.
pub async fn joined(unit: &mut Unit, case: &ReportView, now_ms: i64) -> Result<(), sqlx::Error> {
    let data = serde_json::to_value(case).unwrap_or_default();
    unit.append(&Channel::Court, event_type::REPORT_JOINED, data, now_ms).await?;
    Ok(())
}

/// `report.vote`: who voted what, and the running tally after it.
pub async fn voted(
    unit: &mut Unit,
    report_id: i64,
    juror_id: i64,
    vote: i64,
    tally: Tally,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    let data = json!({"id": report_id, "juror_id": juror_id, "vote": vote, "tally": tally});
    unit.append(&Channel::Court, event_type::REPORT_VOTE, data, now_ms).await?;
    Ok(())
}

/// `report.judged`: the decision, and the tally it was made on.
pub async fn judged(unit: &mut Unit, report: &ReportView, now_ms: i64) -> Result<(), sqlx::Error> {
    let data = json!({
        "id": report.id,
        "status_id": report.status_id,
        "status_name": report.status_name,
        "judged_at": report.judged_at,
        "judged_by": report.judged_by,
        "contest_entry_id": report.entry.id,
        "contest_id": report.contest.id,
        "tally": report.tally,
    });
    unit.append(&Channel::Court, event_type::REPORT_JUDGED, data, now_ms).await?;
    Ok(())
}
