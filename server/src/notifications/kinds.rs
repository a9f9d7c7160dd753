//! Notification types 1-22 (contests doc and projects doc, section 9).

/// `notification_type_id`. Types 11-22 are project events, named by the projects area.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotificationType {
    /// 1: a comment on the contest's board.
    ContestComment,
    /// 2: a comment on an entry.
    EntryComment,
    /// 3: a direct message.
    Message,
    /// 10 ("uploaded"): a designer uploaded a new entry to the client's contest. Type 4 is
    /// "contest create" in the specification's list, which is not an entry; a client is not
    /// told of the contest they created themselves, so nothing is sent as 4
    /// (docs/spec-decisions.md). The badge's `new_entry_notification_count` counts these.
    NewEntry,
    /// 5: the designer's entry won.
    WinningEntry,
    /// 6: the won contest was verified.
    WonContestVerified,
    /// 7: the winner uploaded the final files.
    WinningEntryUploaded,
    /// 8: an additional entry was bought.
    AdditionalEntry,
    /// 9: verified.
    Verified,
    /// 10: uploaded (the final files of an additional entry; a new entry is 10 too).
    Uploaded,
    /// 9 as well: the design court judged a report. The specification's list of types
    /// (1-22, which the client's click targets and the table's CHECK know) has no court
    /// type; a judgment is the court verifying a report, so it shares "verified".
    ReportJudged,
    /// 8 as well: an admin approved a tip on the designer's entry. The list has no tip
    /// type; a tip is a client paying for an entry, as when buying an additional one.
    TipApproved,
    /// 9 as well: the holder accepted the winner's final files (the holder verifying
    /// the delivery, as the court's judgment verifies a report).
    ArtworkAccepted,
    /// 11-22: project events.
    Project(i64),
}

impl NotificationType {
    pub fn id(self) -> i64 {
        match self {
            Self::ContestComment => 1,
            Self::EntryComment => 2,
            Self::Message => 3,
            Self::NewEntry => 10,
            Self::WinningEntry => 5,
            Self::WonContestVerified => 6,
            Self::WinningEntryUploaded => 7,
            Self::AdditionalEntry => 8,
            Self::Verified => 9,
            Self::Uploaded => 10,
            Self::ReportJudged => 9,
            Self::TipApproved => 8,
            Self::ArtworkAccepted => 9,
            Self::Project(id) => id.clamp(11, 22),
        }
    }
}
