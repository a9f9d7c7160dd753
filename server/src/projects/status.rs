//! Project status ids 1-6 (projects doc, section 4) and the project constants
//! (section 9).
//!
//! The life of a project mirrors an awarded contest's (`contests::status`):
//!
//! ```text
//! 1 Live ──approve a bid──▶ 2 Active ──timeline ends (timer)──▶ 3 Unverified
//!   ──admin verifies──▶ 4 Pending delivery (48 h) ──final files──▶ 5 Pending credit
//!   ──admin credits──▶ 6 Completed
//! ```

use crate::contests::status::DAY_MS;

/// Stored `status_id` of a project.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ProjectStatus {
    /// 1: Live and accepting bids (Unstarted).
    Live = 1,
    /// 2: Project active and assigned (Approved): a bid was approved, the designer
    /// works until the timeline ends.
    Active = 2,
    /// 3: Unverified: the timeline ran out; admins verify.
    Unverified = 3,
    /// 4: Pending delivery: verified; the designer has 48 hours to upload final files.
    PendingDelivery = 4,
    /// 5: Pending credit: the final files are delivered; admins credit the designer.
    PendingCredit = 5,
    /// 6: Completed (the designer is credited).
    Completed = 6,
}

impl ProjectStatus {
    pub const ALL: [ProjectStatus; 6] =
        [Self::Live, Self::Active, Self::Unverified, Self::PendingDelivery, Self::PendingCredit, Self::Completed];

    pub fn from_id(id: i64) -> Option<Self> {
        Self::ALL.into_iter().find(|s| *s as i64 == id)
    }

    pub fn id(self) -> i64 {
        self as i64
    }

    /// The stored meaning, as the specification names it.
    pub fn name(self) -> &'static str {
        match self {
            Self::Live => "Live and accepting bids",
            Self::Active => "Project active and assigned",
            Self::Unverified => "Unverified",
            Self::PendingDelivery => "Pending delivery",
            Self::PendingCredit => "Pending credit",
            Self::Completed => "Completed",
        }
    }

    /// Bids may be discussed while the project is live or paid (section 4, bid
    /// comments: "status PAID"), that is accepting bids or active and assigned.
    pub fn allows_bid_comments(self) -> bool {
        matches!(self, Self::Live | Self::Active)
    }
}

/// Timeline choices in days (section 9): '48 hours', '1 week', '2 weeks', '1 month'.
pub const TIMELINES: [i64; 4] = [2, 7, 14, 30];

/// The designer has 48 hours to upload the final files once an admin verified the
/// project (4), as a contest's winner does.
pub const DELIVERY_WINDOW_MS: i64 = crate::contests::status::DELIVERY_WINDOW_MS;

/// The brief question whose answer is the budget (section 3).
pub const BUDGET_QUESTION: &str = "What's your budget?";

/// Project lists: 48 a page, as the contest lists.
pub const PER_PAGE: i64 = 48;

/// The timeline of a subscription project launched without one (its brief need not
/// say, section 5): a week, the middle choice, so that it runs out, is verified,
/// delivered and completed like any other, and the owner's next queued project starts.
pub const SUBSCRIPTION_TIMELINE_DAYS: i64 = 7;

/// When the designer's time runs out for a project whose bid is approved at
/// `approved_at`: `timeline` days later, or (a custom range, `timeline` null) when
/// the range's end date is over, at the end of that day UTC. Without either, a
/// subscription project gets [`SUBSCRIPTION_TIMELINE_DAYS`]; any other has no timer
/// (a pay-to-start project always has a timeline, the launch requires one).
pub fn timeline_ends_at(
    approved_at: i64,
    timeline: Option<i64>,
    range_end: Option<&str>,
    subscription: bool,
) -> Option<i64> {
    match (timeline, range_end) {
        (Some(days), _) => Some(approved_at + days * DAY_MS),
        (None, Some(end)) => super::rules::parse_date(end).map(|day| (day + 1) * DAY_MS),
        (None, None) => subscription.then_some(approved_at + SUBSCRIPTION_TIMELINE_DAYS * DAY_MS),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_only_live_or_active_allow_bid_comments() {
        for status in ProjectStatus::ALL {
            assert_eq!(ProjectStatus::from_id(status.id()), Some(status));
        }
        assert_eq!(ProjectStatus::from_id(7), None);
        let open: Vec<_> = ProjectStatus::ALL.into_iter().filter(|s| s.allows_bid_comments()).collect();
        assert_eq!(open, [ProjectStatus::Live, ProjectStatus::Active]);
    }

    #[test]
    fn timelines_end_after_their_days_or_at_the_end_of_the_range_and_subscriptions_get_a_week() {
        assert_eq!(timeline_ends_at(1_000, Some(7), None, false), Some(1_000 + 7 * DAY_MS));
        // 1970-01-03 is day 2: it is over at the start of day 3.
        assert_eq!(timeline_ends_at(1_000, None, Some("1970-01-03"), false), Some(3 * DAY_MS));
        assert_eq!(timeline_ends_at(1_000, None, None, false), None);
        assert_eq!(timeline_ends_at(1_000, None, Some("garbage"), false), None);
        assert_eq!(timeline_ends_at(1_000, Some(2), None, true), Some(1_000 + 2 * DAY_MS), "its own timeline first");
        assert_eq!(timeline_ends_at(1_000, None, None, true), Some(1_000 + 7 * DAY_MS), "a queued one gets a week");
    }
}
