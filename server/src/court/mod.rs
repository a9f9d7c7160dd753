//! The design court: gold-level designers vote on reported entries, and an admin
//! makes the final judgment. Votes and judgments go live on the `court` channel.
//!
//! Who does what (contests doc, section 6: "Voting on reported entries: Gold-level
//! creatives only"; "final judgment on reported entries" is admin-only):
//! - The court (gold and platinum designers, and admins) lists reports and reads votes.
//! - Gold designers vote, once per report, unless they are a party to it (the reported
//!   designer, the reporter, or the designer of the entry said to be copied). Admins do
//!   not vote: their judgment is the decision, and a judge who also votes would be
//!   counted twice.
//! - An admin judges an open report once: copied eliminates the entry and notifies
//!   both designers and the contest holder; not copied closes the report. Votes after
//!   a judgment answer 'Voting unsuccessful as judgement is already made'.
//!
//! - [`routes`]: the list and the votes. [`judgment`]: the judgment and
//!   `verify-copying-entry`. [`store`]: SQL. [`model`]: rows and views.
//!   [`events`]: `report.created`, `report.joined`, `report.vote`, `report.judged`.
//! - One case per entry: a report filed while the entry has an open case joins it
//!   ([`file_report`]); the court lists cases, a juror who filed any of a case's reports
//!   is a party to it, and the judgment decides every report of the case.

pub mod channels;
pub mod events;
pub mod judgment;
pub mod model;
pub mod routes;
pub mod store;

use sqlx::AnyConnection;
use utoipa_axum::{router::OpenApiRouter, routes};
use vitrine_protocol::EventFrame;

use crate::{
    accounts::{
        domain::{CreativeLevel, UserType},
        model::UserRow,
    },
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::list))
        .routes(routes!(routes::votes, routes::vote))
        .routes(routes!(judgment::make_judgment))
        .routes(routes!(judgment::verify_copying_entry))
}

/// May `user` sit on the court (see its reports and votes, watch `court`)? Admins and
/// designers of gold level or above. The hub asks the same ([`channels`]).
pub fn may_sit(user: &UserRow) -> bool {
    user.is_admin() || is_juror(user)
}

/// May `user` vote at all (a gold or platinum designer)?
pub fn is_juror(user: &UserRow) -> bool {
    user.user_type() == UserType::Designer && user.creative_level().is_some_and(|l| l >= CreativeLevel::Gold)
}

/// Files a report of an entry for the court, in the caller's transaction (the entries
/// area calls it from `POST .../reports`): one case per entry, so a report filed while
/// the entry has an open case joins it. Answers the court's event (`report.created` for
/// a new case, `report.joined` with the case for a joined one), or `None` when this
/// user already reported the entry.
pub async fn file_report(
    conn: &mut AnyConnection,
    entry_id: i64,
    reporter_id: i64,
    copied_entry_id: Option<i64>,
    reason: &str,
    now_ms: i64,
) -> Result<Option<EventFrame>, sqlx::Error> {
    let Some(filed) = store::insert_report(conn, entry_id, reporter_id, copied_entry_id, reason, now_ms).await? else {
        return Ok(None);
    };
    let case_id = filed.case_id.unwrap_or(filed.id);
    let row = store::find(conn, 0, case_id).await?.ok_or(sqlx::Error::RowNotFound)?;
    let joined = store::joined(conn, &[case_id]).await?;
    let view = model::ReportView::from(row).gathering(&joined);
    let frame = match filed.case_id {
        None => events::created(conn, &view, now_ms).await?,
        Some(_) => events::joined(conn, &view, now_ms).await?,
    };
    Ok(Some(frame))
}
