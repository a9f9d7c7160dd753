//! What contests cost: prize packages per contest type, upgrades, and lengths.
//! Amounts here are whole US dollars; the seed stores them as cents.

use super::contest_types::CONTEST_TYPES;

/// The four packages of every type, cheapest first.
pub const PACKAGE_NAMES: [&str; 4] = ["Bronze", "Silver", "Gold", "Platinum"];

/// The package tagged 'recommended': Silver, the one most clients pick.
pub const RECOMMENDED_PACKAGE: usize = 1;

/// (what the client pays, the prize the winner receives) per package, in dollars.
/// The difference is the marketplace's fee.
pub type Band = [(i64, i64); 4];

/// Logos, mascots, packaging and brandstorming: the flagship contests.
const BRAND: Band = [(299, 200), (499, 350), (799, 600), (1299, 1000)];
/// Web pages need the most work per entry.
const WEB: Band = [(599, 400), (899, 650), (1299, 1000), (1999, 1600)];
/// Print and small graphics: banners, headers, icons, t-shirts, cards, flyers.
const PRINT: Band = [(199, 125), (299, 200), (449, 325), (699, 525)];
/// Business, product and domain names: text entries, cheaper than any design.
const NAMING: Band = [(149, 100), (249, 175), (399, 300), (599, 450)];
/// Slogans and taglines: a line of text each.
const WORDS: Band = [(89, 50), (149, 100), (249, 175), (399, 300)];
/// Tip-only photo work (restoration, AI images, photoshop edits).
const PHOTO: Band = [(89, 50), (129, 80), (199, 130), (299, 200)];

/// The price band of a contest type.
pub fn packages_for(contest_type_id: i64) -> &'static Band {
    match contest_type_id {
        1 | 10 | 27 | 28 => &BRAND,
        2 => &WEB,
        11 | 14 | 15 => &NAMING,
        12 | 13 => &WORDS,
        9 | 31 | 32 => &PHOTO,
        _ => &PRINT,
    }
}

/// The one thing an upgrade changes about a contest (contests doc, section 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UpgradeKind {
    Highlighted,
    Featured,
    Private,
    Blind,
    NotifiedViaEmail,
    Rush,
    FeaturedBlogPost,
}

pub struct UpgradeSpec {
    pub id: i64,
    pub name: &'static str,
    pub description: &'static str,
    pub dollars: i64,
    pub kind: UpgradeKind,
    pub recommended: bool,
}

/// The id of the 3-day rush length; the Rush upgrade sells exactly that length.
pub const RUSH_LENGTH_ID: i64 = 3;

pub const UPGRADES: &[UpgradeSpec] = &[
    UpgradeSpec {
        id: 1,
        name: "Featured",
        description: "Pinned to the top of the contest list and shown on the home page while it runs.",
        dollars: 49,
        kind: UpgradeKind::Featured,
        recommended: true,
    },
    UpgradeSpec {
        id: 2,
        name: "Highlighted",
        description: "A coloured background makes your contest stand out in the contest list.",
        dollars: 29,
        kind: UpgradeKind::Highlighted,
        recommended: false,
    },
    UpgradeSpec {
        id: 3,
        name: "Blind",
        description: "Designers cannot see each other's entries, so every entry is their own idea.",
        dollars: 29,
        kind: UpgradeKind::Blind,
        recommended: true,
    },
    UpgradeSpec {
        id: 4,
        name: "Private",
        description: "Only signed-in designers see your brief and entries, and search engines never index them.",
        dollars: 99,
        kind: UpgradeKind::Private,
        recommended: false,
    },
    UpgradeSpec {
        id: 5,
        name: "Email Blast",
        description: "On launch day we e-mail your contest to the top-rated designers of its category.",
        dollars: 39,
        kind: UpgradeKind::NotifiedViaEmail,
        recommended: false,
    },
    UpgradeSpec {
        id: 6,
        name: "Rush",
        description: "Your contest ends after 3 days instead of a week, with a Rush badge designers look for.",
        dollars: 49,
        kind: UpgradeKind::Rush,
        recommended: false,
    },
    UpgradeSpec {
        id: 7,
        name: "Featured Blog Post",
        description: "We write about your contest on our blog and share it on social media.",
        dollars: 59,
        kind: UpgradeKind::FeaturedBlogPost,
        recommended: false,
    },
];

/// Whether a contest type offers an upgrade. Tip-only photo work is a quick edit
/// paid through tips: promoting it (featured, e-mail blast, blog post) does not pay off.
pub fn offers(contest_type_id: i64, kind: UpgradeKind) -> bool {
    let tip_only = CONTEST_TYPES.iter().any(|t| t.0 == contest_type_id && t.5);
    !(tip_only && matches!(kind, UpgradeKind::Featured | UpgradeKind::NotifiedViaEmail | UpgradeKind::FeaturedBlogPost))
}

/// (id, name, days, dollars, is_rush); names follow the spec's timeline labels ("48 hours",
/// "1 week", "2 weeks", "1 month"). Longer runs cost less than extending a week-long contest
/// afterwards ($10 a day): 2 weeks $29, 1 month $59 (docs/spec-decisions.md).
pub const LENGTHS: &[(i64, &str, i64, i64, bool)] = &[
    (1, "1 week", 7, 0, false),
    (2, "5 days", 5, 19, false),
    (RUSH_LENGTH_ID, "3 days", 3, 49, true),
    (4, "48 hours", 2, 79, true),
    (5, "2 weeks", 14, 29, false),
    (6, "1 month", 30, 59, false),
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_package_pays_a_prize_out_of_a_rising_price() {
        for (id, ..) in CONTEST_TYPES {
            let band = packages_for(*id);
            for pair in band.windows(2) {
                assert!(pair[0].0 < pair[1].0 && pair[0].1 < pair[1].1, "type {id}");
            }
            assert!(band.iter().all(|(amount, prize)| prize > &0 && amount > prize), "type {id}");
        }
    }

    #[test]
    fn contests_start_at_89_dollars_and_naming_costs_less_than_a_logo() {
        // The launch page's meta description promises contests from $89.
        let cheapest = CONTEST_TYPES.iter().map(|t| packages_for(t.0)[0].0).min();
        assert_eq!(cheapest, Some(89));
        assert!(packages_for(11)[0].0 < packages_for(1)[0].0);
    }

    #[test]
    fn there_is_one_upgrade_of_each_kind_and_rush_costs_the_rush_length() {
        let kinds: Vec<_> = UPGRADES.iter().map(|u| u.kind).collect();
        for (i, kind) in kinds.iter().enumerate() {
            assert!(!kinds[i + 1..].contains(kind), "{kind:?} twice");
        }
        assert_eq!(kinds.len(), 7);
        let rush = UPGRADES.iter().find(|u| u.kind == UpgradeKind::Rush).map(|u| u.dollars);
        let length = LENGTHS.iter().find(|l| l.0 == RUSH_LENGTH_ID).map(|l| (l.3, l.4));
        assert_eq!((rush, length), (Some(49), Some((49, true))));
    }

    #[test]
    fn lengths_have_one_free_standard_week() {
        let days: HashSet<_> = LENGTHS.iter().map(|l| l.2).collect();
        assert_eq!(days.len(), LENGTHS.len());
        let free: Vec<_> = LENGTHS.iter().filter(|l| l.3 == 0).collect();
        assert_eq!(free.len(), 1);
        assert_eq!(free[0].2, 7);
    }

    #[test]
    fn the_spec_timelines_are_all_sold_and_longer_runs_cost_less_than_extending() {
        // Contests doc, section 9: 2 days '48 hours', 7 '1 week', 14 '2 weeks', 30 '1 month'.
        for (days, name) in [(2, "48 hours"), (7, "1 week"), (14, "2 weeks"), (30, "1 month")] {
            assert!(LENGTHS.iter().any(|l| l.2 == days && l.1 == name), "{name}");
        }
        for (_, name, days, dollars, _) in LENGTHS.iter().filter(|l| l.2 > 7) {
            assert!(*dollars > 0 && *dollars < (days - 7) * 10, "{name}");
        }
    }

    #[test]
    fn tip_only_types_skip_promotions() {
        assert!(!offers(32, UpgradeKind::FeaturedBlogPost));
        assert!(offers(32, UpgradeKind::Blind));
        assert!(UPGRADES.iter().all(|u| offers(1, u.kind)));
    }
}
