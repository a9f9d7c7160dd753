//! The court's rows and the JSON it answers with.

use serde::Serialize;
use utoipa::ToSchema;

/// `contest_entry_report.status_id`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportStatus {
    /// 1: waiting for the court; jurors vote.
    Open = 1,
    /// 2: judged a copy; the entry was eliminated.
    Copied = 2,
    /// 3: judged not a copy; the report is closed.
    NotCopied = 3,
}

impl ReportStatus {
    pub fn id(self) -> i64 {
        self as i64
    }

    pub fn from_id(id: i64) -> Option<Self> {
        match id {
            1 => Some(Self::Open),
            2 => Some(Self::Copied),
            3 => Some(Self::NotCopied),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Open => "open",
            Self::Copied => "copied",
            Self::NotCopied => "not_copied",
        }
    }

    /// What `filter[status]` takes: the id or the name.
    pub fn parse(value: &str) -> Option<Self> {
        let value = value.trim();
        match value.parse::<i64>() {
            Ok(id) => Self::from_id(id),
            Err(_) => [Self::Open, Self::Copied, Self::NotCopied].into_iter().find(|s| s.name() == value),
        }
    }
}

/// A juror's vote, and an admin's judgment, share these values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// 1: the entry copies another (or breaks the rules it was reported for).
    Copied = 1,
    /// 2: it does not.
    NotCopied = 2,
}

impl Verdict {
    pub fn id(self) -> i64 {
        self as i64
    }

    pub fn from_id(id: i64) -> Option<Self> {
        match id {
            1 => Some(Self::Copied),
            2 => Some(Self::NotCopied),
            _ => None,
        }
    }

    /// From `vote`/`judgment` (1 or 2) or, failing that, the `is_copied` flag.
    pub fn from_request(value: Option<i64>, is_copied: Option<bool>) -> Option<Self> {
        match (value, is_copied) {
            (Some(v), _) => Self::from_id(v),
            (None, Some(true)) => Some(Self::Copied),
            (None, Some(false)) => Some(Self::NotCopied),
            (None, None) => None,
        }
    }

    /// The status a judgment moves the report to.
    pub fn status(self) -> ReportStatus {
        match self {
            Self::Copied => ReportStatus::Copied,
            Self::NotCopied => ReportStatus::NotCopied,
        }
    }
}

/// A report with everything the court shows of it, read by [`super::store`].
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ReportRow {
    pub id: i64,
    pub reason: String,
    pub status_id: i64,
    pub created_at: i64,
    pub judged_at: Option<i64>,
    pub judged_by: Option<i64>,
    /// The open case this report joined; `None` for a case (the entry's first open report).
    pub case_report_id: Option<i64>,
    pub contest_entry_id: i64,
    pub entry_number: i64,
    pub entry_title: Option<String>,
    pub entry_status_id: i64,
    pub entry_designer_id: i64,
    pub entry_designer_username: String,
    pub contest_id: i64,
    pub contest_title: Option<String>,
    pub contest_owner_id: i64,
    pub reported_by: i64,
    pub reporter_username: String,
    pub copied_entry_id: Option<i64>,
    pub copied_contest_id: Option<i64>,
    pub copied_number: Option<i64>,
    pub copied_title: Option<String>,
    pub copied_designer_id: Option<i64>,
    pub copied_designer_username: Option<String>,
    pub votes_copied: i64,
    pub votes_not_copied: i64,
    /// The viewer's own vote, when they cast one.
    pub my_vote: Option<i64>,
}

impl ReportRow {
    /// The people a report is about, who therefore may not sit on it: the reported
    /// designer, the reporter, and the designer of the entry said to be copied.
    pub fn is_party(&self, user_id: i64) -> bool {
        user_id == self.entry_designer_id || user_id == self.reported_by || Some(user_id) == self.copied_designer_id
    }

    pub fn tally(&self) -> Tally {
        Tally::new(self.votes_copied, self.votes_not_copied)
    }
}

/// The running count of a report's votes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub struct Tally {
    /// Votes 1: copied.
    pub copied: i64,
    /// Votes 2: not copied.
    pub not_copied: i64,
    pub total: i64,
}

impl Tally {
    pub fn new(copied: i64, not_copied: i64) -> Self {
        Self { copied, not_copied, total: copied + not_copied }
    }
}

/// A user as the court names them.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PersonView {
    pub id: i64,
    pub username: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ContestRefView {
    pub id: i64,
    pub title: Option<String>,
}

/// An entry as the court shows it: enough to find and compare it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EntryRefView {
    pub id: i64,
    pub contest_id: i64,
    /// The entry's number in its contest (#1, #2, ...).
    pub number: i64,
    pub title: Option<String>,
    pub designer: PersonView,
}

/// A report as `GET /contest-entry-reports` lists it and `report.created` carries it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReportView {
    pub id: i64,
    pub reason: String,
    /// 1 open, 2 copied (entry eliminated), 3 not copied (closed).
    pub status_id: i64,
    pub status_name: &'static str,
    pub created_at: i64,
    pub judged_at: Option<i64>,
    pub judged_by: Option<i64>,
    pub contest: ContestRefView,
    pub entry: EntryRefView,
    /// 1 active, 2 eliminated, 3 withdrawn.
    pub entry_status_id: i64,
    pub reporter: PersonView,
    /// The entry it is said to copy, when it is reported as a copy.
    pub copied_entry: Option<EntryRefView>,
    pub tally: Tally,
    /// The caller's vote (1 copied, 2 not copied), null when they have not voted.
    pub my_vote: Option<i64>,
    /// Later reports of the same entry, gathered into this case while it was open,
    /// oldest first (one case per entry: docs/spec-decisions.md).
    pub joined_reports: Vec<JoinedReportView>,
}

/// A report that joined an open case: who filed it, why, and when.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct JoinedReportView {
    pub id: i64,
    pub reporter: PersonView,
    pub reason: String,
    pub created_at: i64,
}

/// A joined report as [`super::store::joined`] reads it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct JoinedRow {
    pub id: i64,
    pub case_report_id: i64,
    pub reported_by: i64,
    pub username: String,
    pub reason: String,
    pub created_at: i64,
}

impl ReportView {
    /// The case with the reports of `joined` that belong to it.
    pub fn gathering(mut self, joined: &[JoinedRow]) -> Self {
        self.joined_reports = joined
            .iter()
            .filter(|j| j.case_report_id == self.id)
            .map(|j| JoinedReportView {
                id: j.id,
                reporter: PersonView { id: j.reported_by, username: j.username.clone() },
                reason: j.reason.clone(),
                created_at: j.created_at,
            })
            .collect();
        self
    }
}

impl From<ReportRow> for ReportView {
    fn from(row: ReportRow) -> Self {
        let tally = row.tally();
        let copied_entry = match (row.copied_entry_id, row.copied_contest_id, row.copied_number, row.copied_designer_id)
        {
            (Some(id), Some(contest_id), Some(number), Some(designer_id)) => Some(EntryRefView {
                id,
                contest_id,
                number,
                title: row.copied_title,
                designer: PersonView { id: designer_id, username: row.copied_designer_username.unwrap_or_default() },
            }),
            _ => None,
        };
        Self {
            id: row.id,
            reason: row.reason,
            status_id: row.status_id,
            status_name: ReportStatus::from_id(row.status_id).unwrap_or(ReportStatus::Open).name(),
            created_at: row.created_at,
            judged_at: row.judged_at,
            judged_by: row.judged_by,
            contest: ContestRefView { id: row.contest_id, title: row.contest_title },
            entry: EntryRefView {
                id: row.contest_entry_id,
                contest_id: row.contest_id,
                number: row.entry_number,
                title: row.entry_title,
                designer: PersonView { id: row.entry_designer_id, username: row.entry_designer_username },
            },
            entry_status_id: row.entry_status_id,
            reporter: PersonView { id: row.reported_by, username: row.reporter_username },
            copied_entry,
            tally,
            my_vote: row.my_vote,
            joined_reports: Vec::new(),
        }
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct VoteRow {
    pub juror_id: i64,
    pub username: String,
    pub vote: i64,
    pub created_at: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct VoteView {
    pub juror: PersonView,
    /// 1 copied, 2 not copied.
    pub vote: i64,
    pub created_at: i64,
}

impl From<VoteRow> for VoteView {
    fn from(row: VoteRow) -> Self {
        Self {
            juror: PersonView { id: row.juror_id, username: row.username },
            vote: row.vote,
            created_at: row.created_at,
        }
    }
}

/// A report's votes: the tally, the caller's own vote, and every juror's.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct VotesView {
    pub contest_entry_report_id: i64,
    pub status_id: i64,
    pub tally: Tally,
    pub my_vote: Option<i64>,
    /// Oldest first.
    pub votes: Vec<VoteView>,
}

/// What `verify-copying-entry` answers: the entry that may be named as the copied one.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CopyCandidateView {
    pub entry: EntryRefView,
    pub contest: ContestRefView,
}

/// The body of a judgment or a vote for the document: `field` 1 (copied) or 2 (not
/// copied), or, when it is absent or null, `is_copied` as a flag; one of the two is needed
/// ([`Verdict::from_request`]).
pub fn verdict_schema(field: &str) -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
    use utoipa::openapi::schema::{
        AllOfBuilder, AnyOfBuilder, KnownFormat, ObjectBuilder, OneOfBuilder, SchemaFormat, Type,
    };
    use utoipa::PartialSchema;
    let verdict = || {
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
            .enum_values(Some([1_i64, 2]))
    };
    let null = || ObjectBuilder::new().schema_type(Type::Null);
    let fields = ObjectBuilder::new()
        .property(field, OneOfBuilder::new().item(null()).item(verdict()))
        .property("is_copied", OneOfBuilder::new().item(null()).item(crate::api::FlagDoc::schema()));
    AllOfBuilder::new()
        .item(fields)
        .item(
            AnyOfBuilder::new()
                .item(ObjectBuilder::new().property(field, verdict()).required(field))
                .item(ObjectBuilder::new().property("is_copied", crate::api::FlagDoc::schema()).required("is_copied")),
        )
        .description(Some(format!("`{field}` 1 (copied) or 2 (not copied); or, without it, `is_copied` as a flag.")))
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_parse_from_ids_and_names() {
        assert_eq!(ReportStatus::parse("1"), Some(ReportStatus::Open));
        assert_eq!(ReportStatus::parse(" copied "), Some(ReportStatus::Copied));
        assert_eq!(ReportStatus::parse("not_copied"), Some(ReportStatus::NotCopied));
        assert_eq!(ReportStatus::parse("4"), None);
        assert_eq!(ReportStatus::parse("closed"), None);
    }

    #[test]
    fn a_verdict_comes_from_the_number_first_then_the_flag() {
        assert_eq!(Verdict::from_request(Some(1), Some(false)), Some(Verdict::Copied));
        assert_eq!(Verdict::from_request(Some(3), None), None);
        assert_eq!(Verdict::from_request(None, Some(false)), Some(Verdict::NotCopied));
        assert_eq!(Verdict::from_request(None, None), None);
        assert_eq!(Verdict::NotCopied.status(), ReportStatus::NotCopied);
    }
}
