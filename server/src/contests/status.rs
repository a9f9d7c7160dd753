//! Contest status ids (contests doc, section 4) and the rules about them.

/// Stored `status_id` of a contest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ContestStatus {
    /// 1: Unpaid-Inactive (not started).
    Unpaid = 1,
    /// 2: Paid-Active, accepting entries.
    Active = 2,
    /// 3: Submission period over; the client sees 'Deciding'.
    Deciding = 3,
    /// 4: No Winner (Contest Ended).
    NoWinner = 4,
    /// 5: Winner Awarded-Unverified.
    WinnerAwarded = 5,
    /// 6: Unverified.
    Unverified = 6,
    /// 7: Verified-Pending Delivery (the designer has 48 hours to upload final files).
    PendingDelivery = 7,
    /// 8: Delivered-Pending Credit.
    PendingCredit = 8,
    /// 9: Completed-Credited.
    Completed = 9,
}

impl ContestStatus {
    pub const ALL: [ContestStatus; 9] = [
        Self::Unpaid,
        Self::Active,
        Self::Deciding,
        Self::NoWinner,
        Self::WinnerAwarded,
        Self::Unverified,
        Self::PendingDelivery,
        Self::PendingCredit,
        Self::Completed,
    ];

    pub fn from_id(id: i64) -> Option<Self> {
        Self::ALL.into_iter().find(|s| *s as i64 == id)
    }

    pub fn id(self) -> i64 {
        self as i64
    }

    /// The stored meaning, as the specification names it.
    pub fn name(self) -> &'static str {
        match self {
            Self::Unpaid => "Unpaid-Inactive",
            Self::Active => "Paid-Active",
            Self::Deciding => "Submission period over",
            Self::NoWinner => "No Winner",
            Self::WinnerAwarded => "Winner Awarded-Unverified",
            Self::Unverified => "Unverified",
            Self::PendingDelivery => "Verified-Pending Delivery",
            Self::PendingCredit => "Delivered-Pending Credit",
            Self::Completed => "Completed-Credited",
        }
    }

    /// The simplified name clients see: Unstarted, Active or Completed ('Deciding' for 3).
    pub fn simple_name(self) -> &'static str {
        match self {
            Self::Unpaid => "Unstarted",
            Self::Active => "Active",
            Self::Deciding => "Deciding",
            _ => "Completed",
        }
    }
}

/// Contest extensions: whole days, 1 to 10 (contests doc, section 9).
pub const EXTEND_DAYS: std::ops::RangeInclusive<i64> = 1..=10;
/// How long a launched contest accepts entries unless a length says otherwise.
pub const DEFAULT_LENGTH_DAYS: i64 = 7;
/// How long the client has to pick a winner once submissions close.
pub const DECIDING_WINDOW_DAYS: i64 = 14;
pub const DAY_MS: i64 = 24 * 3600 * 1000;
/// Admins verify an awarded contest within a day; past that it shows as Unverified (6).
pub const VERIFICATION_WINDOW_MS: i64 = DAY_MS;
/// The winner has 48 hours to upload final files once the contest is verified (7).
pub const DELIVERY_WINDOW_MS: i64 = 2 * DAY_MS;
/// How long before the delivery deadline the designer is reminded (the timers send it).
pub const DELIVERY_REMIND_BEFORE_MS: i64 = 12 * 3600 * 1000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_names_match_the_specification() {
        for status in ContestStatus::ALL {
            assert_eq!(ContestStatus::from_id(status.id()), Some(status));
        }
        assert_eq!(ContestStatus::from_id(0), None);
        assert_eq!(ContestStatus::from_id(10), None);
        assert_eq!(ContestStatus::Deciding.simple_name(), "Deciding");
        assert_eq!(ContestStatus::PendingDelivery.name(), "Verified-Pending Delivery");
    }
}
