//! Project status ids 1-6 and the project constants (projects doc, section 9).
//!
//! The specification numbers the statuses without naming them all; these are ours:
//! a project is live from launch (the launch dialog says 'Your project is live!'),
//! paid once a bid is approved and paid for, then delivered, and ends completed,
//! closed without a bid chosen, or cancelled.

/// Stored `status_id` of a project.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ProjectStatus {
    /// 1: launched and accepting bids.
    Live = 1,
    /// 2: a bid was approved and paid; the designer works and posts updates.
    Paid = 2,
    /// 3: final files delivered, awaiting verification.
    Delivered = 3,
    /// 4: closed without a bid chosen.
    Closed = 4,
    /// 5: cancelled.
    Cancelled = 5,
    /// 6: completed (the designer is credited).
    Completed = 6,
}

impl ProjectStatus {
    pub const ALL: [ProjectStatus; 6] =
        [Self::Live, Self::Paid, Self::Delivered, Self::Closed, Self::Cancelled, Self::Completed];

    pub fn from_id(id: i64) -> Option<Self> {
        Self::ALL.into_iter().find(|s| *s as i64 == id)
    }

    pub fn id(self) -> i64 {
        self as i64
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Live => "Live",
            Self::Paid => "Paid",
            Self::Delivered => "Delivered",
            Self::Closed => "Closed",
            Self::Cancelled => "Cancelled",
            Self::Completed => "Completed",
        }
    }

    /// Bids may be discussed while the project is live or paid (section 4, bid comments).
    pub fn allows_bid_comments(self) -> bool {
        matches!(self, Self::Live | Self::Paid)
    }

    /// A status that needs an approved bid behind it.
    pub fn needs_approved_bid(self) -> bool {
        matches!(self, Self::Paid | Self::Delivered | Self::Completed)
    }
}

/// Timeline choices in days (section 9): '48 hours', '1 week', '2 weeks', '1 month'.
pub const TIMELINES: [i64; 4] = [2, 7, 14, 30];

/// The brief question whose answer is the budget (section 3).
pub const BUDGET_QUESTION: &str = "What's your budget?";

/// Project lists: 48 a page, as the contest lists.
pub const PER_PAGE: i64 = 48;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_only_live_or_paid_allow_bid_comments() {
        for status in ProjectStatus::ALL {
            assert_eq!(ProjectStatus::from_id(status.id()), Some(status));
        }
        assert_eq!(ProjectStatus::from_id(7), None);
        let open: Vec<_> = ProjectStatus::ALL.into_iter().filter(|s| s.allows_bid_comments()).collect();
        assert_eq!(open, [ProjectStatus::Live, ProjectStatus::Paid]);
    }
}
