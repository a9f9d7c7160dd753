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
//! - [`filing`]: `POST /contests/{id}/entries/{entryId}/reports`, a report filed. One
//!   case per entry: a report filed while the entry has an open case joins it
//!   ([`filing::file_report`]); the court lists cases, a juror who filed any of a case's reports
//!   is a party to it, and the judgment decides every report of the case.

pub mod channels;
pub mod events;
pub mod filing;
pub mod judgment;
pub mod model;
pub mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

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
        .routes(routes!(filing::report))
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
