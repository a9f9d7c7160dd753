//! The one price of launching a contest: package, upgrades, length and coupon, in
//! integer US cents, with a line per item. The options step shows it, the quote
//! endpoint answers it, and the payments area charges exactly its total (the launch
//! quote of [`super::payable`] calls [`launch_price`] on the stored selection).
//!
//! Two rules live here and nowhere else:
//! - Rush is the 3-day length sold as an upgrade (`catalogue::pricing::RUSH_LENGTH_ID`):
//!   the contest stores it as its length, the price shows it once, as the Rush upgrade.
//!   A different paid length cannot be chosen with it.
//! - The unlimited-upgrades subscription (code 2, active) makes every upgrade free,
//!   Rush included (it is one of the upgrades the client ticks); lengths bought as
//!   lengths and the package are never free.
//!
//! A coupon discounts the package only (`commerce::coupons::apply`); a refused code
//! answers its `coupon.*` code and message.

use sqlx::AnyConnection;

use super::{model::ContestRow, store::ContestOptions};
use crate::{
    accounts::model::UserRow,
    catalogue::{
        model::{LengthRow, PricingRow, UpgradeRow},
        pricing::RUSH_LENGTH_ID,
        store as catalogue_store,
    },
    commerce::{
        coupons::{self, Discount, Package},
        subscriptions,
    },
    error::{codes, AppError, FieldErrors},
};

/// What a client proposes (or has stored) for a launch.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    pub pricing_id: Option<i64>,
    pub upgrade_ids: Vec<i64>,
    pub length_id: Option<i64>,
    pub coupon_code: Option<String>,
}

/// A selection checked against the catalogue of the contest's type.
#[derive(Debug, Clone)]
pub struct Resolved {
    pub pricing: PricingRow,
    /// Distinct, in the catalogue's order; Rush among them when the length is rush.
    pub upgrades: Vec<UpgradeRow>,
    /// A length priced as a length (never the rush length: Rush is an upgrade line).
    pub length: Option<LengthRow>,
    /// What the contest stores as its length (`RUSH_LENGTH_ID` with Rush).
    pub stored_length_id: Option<i64>,
}

impl Resolved {
    /// What the contest stores for this selection: the package and its prize, the length
    /// (the rush length with Rush) and a flag per upgrade kind chosen.
    pub fn options(&self) -> ContestOptions {
        let chosen = &self.upgrades;
        let flag = |pick: fn(&UpgradeRow) -> i64| i64::from(chosen.iter().any(|u| pick(u) != 0));
        ContestOptions {
            contest_type_pricing_id: self.pricing.id,
            winning_entry_amount_cents: self.pricing.winning_entry_amount_cents,
            contest_length_id: self.stored_length_id,
            is_highlighted: flag(|u| u.is_highlighted),
            is_featured: flag(|u| u.is_featured),
            is_private: flag(|u| u.is_private),
            is_blind: flag(|u| u.is_blind),
            is_notified_via_email: flag(|u| u.is_notified_via_email),
            is_featured_blog_post: flag(|u| u.is_featured_blog_post),
        }
    }
}

// The priced line is the payments area's (every payable thing's quote is made of them);
// the launch's lines are built here.
pub use crate::payments::quote::PriceLine;

/// A launch priced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LaunchPrice {
    pub lines: Vec<PriceLine>,
    pub discount: Option<Discount>,
    /// Upgrades are free with the unlimited-upgrades subscription.
    pub free_upgrades: bool,
    pub total_cents: i64,
}

/// Prices a resolved selection. Pure: every launch total is this sum.
pub fn price(resolved: &Resolved, free_upgrades: bool, discount: Option<Discount>) -> LaunchPrice {
    let mut lines = vec![PriceLine {
        kind: "package",
        id: resolved.pricing.id,
        name: resolved.pricing.name.clone(),
        list_cents: resolved.pricing.amount_cents,
        amount_cents: resolved.pricing.amount_cents,
    }];
    lines.extend(resolved.upgrades.iter().map(|u| PriceLine {
        kind: "upgrade",
        id: u.id,
        name: u.name.clone(),
        list_cents: u.amount_cents,
        amount_cents: if free_upgrades { 0 } else { u.amount_cents },
    }));
    if let Some(length) = &resolved.length {
        lines.push(PriceLine {
            kind: "length",
            id: length.id,
            name: length.name.clone(),
            list_cents: length.amount_cents,
            amount_cents: length.amount_cents,
        });
    }
    if let Some(d) = &discount {
        lines.push(PriceLine {
            kind: "coupon",
            id: d.contest_type_coupon_id,
            name: d.code.clone(),
            list_cents: -d.discount_cents,
            amount_cents: -d.discount_cents,
        });
    }
    let total_cents = lines.iter().map(|l| l.amount_cents).sum::<i64>().max(0);
    LaunchPrice { lines, discount, free_upgrades, total_cents }
}

/// Checks `selection` against the catalogue of `contest_type_id`: field errors for a
/// package of another type, an upgrade not offered, an unknown length, Rush with
/// another paid length.
pub async fn resolve(
    conn: &mut AnyConnection,
    contest_type_id: i64,
    selection: &Selection,
) -> Result<Resolved, AppError> {
    let mut errors = FieldErrors::new();
    let pricing = match selection.pricing_id {
        None => {
            errors.add("contest_type_pricing_id", codes::REQUIRED);
            None
        }
        Some(id) => {
            let found =
                catalogue_store::find_pricing(&mut *conn, id).await?.filter(|p| p.contest_type_id == contest_type_id);
            if found.is_none() {
                errors.add("contest_type_pricing_id", codes::NOT_FOUND_OPTION);
            }
            found
        }
    };
    let offered = catalogue_store::upgrades(&mut *conn, contest_type_id).await?;
    for id in &selection.upgrade_ids {
        if !offered.iter().any(|u| u.id == *id) {
            errors.add("upgrade_ids", codes::NOT_FOUND_OPTION);
        }
    }
    let length = match selection.length_id {
        None => None,
        Some(id) => {
            let found = catalogue_store::find_length(&mut *conn, id).await?;
            if found.is_none() {
                errors.add("contest_length_id", codes::NOT_FOUND_OPTION);
            }
            found
        }
    };
    let rush_ticked = offered.iter().any(|u| u.is_rush == 1 && selection.upgrade_ids.contains(&u.id));
    let rush = rush_ticked || selection.length_id == Some(RUSH_LENGTH_ID);
    if rush_ticked && length.as_ref().is_some_and(|l| l.id != RUSH_LENGTH_ID && l.amount_cents > 0) {
        errors.add("contest_length_id", codes::RUSH_LENGTH);
    }
    errors.into_result()?;
    let pricing = pricing.ok_or_else(|| anyhow::anyhow!("validated pricing"))?;
    let upgrades: Vec<UpgradeRow> = offered
        .into_iter()
        .filter(|u| match u.is_rush {
            1 => rush,
            _ => selection.upgrade_ids.contains(&u.id),
        })
        .collect();
    // Rush needs its upgrade row to be priced; a type without it cannot sell the length.
    if rush && !upgrades.iter().any(|u| u.is_rush == 1) {
        return Err(AppError::field("contest_length_id", codes::NOT_FOUND_OPTION));
    }
    let (length, stored_length_id) = match rush {
        true => (None, Some(RUSH_LENGTH_ID)),
        // The free standard week is a line of $0: shown, so the client sees the length.
        false => (length.clone(), length.map(|l| l.id)),
    };
    Ok(Resolved { pricing, upgrades, length, stored_length_id })
}

/// The coupon's discount on the resolved package for `user` (None without a code).
pub async fn discount(
    conn: &mut AnyConnection,
    user: &UserRow,
    contest_type_id: i64,
    resolved: &Resolved,
    code: Option<&str>,
    now_ms: i64,
) -> Result<Option<Discount>, AppError> {
    match code.map(str::trim).filter(|c| !c.is_empty()) {
        None => Ok(None),
        Some(code) => {
            let package = Package::Priced(resolved.pricing.id);
            Ok(Some(coupons::apply(conn, user, contest_type_id, package, code, now_ms).await?))
        }
    }
}

/// Prices `selection` for `user` launching a contest of `contest_type_id`: the one
/// function behind the options step, the quote endpoint and the launch payment.
pub async fn launch_price(
    conn: &mut AnyConnection,
    user: &UserRow,
    contest_type_id: i64,
    selection: &Selection,
    now_ms: i64,
) -> Result<(Resolved, LaunchPrice), AppError> {
    let resolved = resolve(conn, contest_type_id, selection).await?;
    let discount = discount(conn, user, contest_type_id, &resolved, selection.coupon_code.as_deref(), now_ms).await?;
    let free = subscriptions::has_active(conn, user.id, subscriptions::UNLIMITED_UPGRADES).await?;
    let priced = price(&resolved, free, discount);
    Ok((resolved, priced))
}

/// What the contest's stored upgrades and length cost `user` beyond its package, in cents:
/// nothing with the unlimited-upgrades plan for the upgrades, a paid length always. A free
/// start (a subscriber's start request) covers the package only, so it needs this to be 0.
pub async fn paid_extras_cents(
    conn: &mut AnyConnection,
    user: &UserRow,
    contest: &ContestRow,
) -> Result<i64, AppError> {
    let mut selection = stored_selection(conn, contest).await?;
    if selection.pricing_id.is_none() {
        return Ok(0);
    }
    selection.coupon_code = None;
    let resolved = resolve(conn, contest.contest_type_id, &selection).await?;
    let free = subscriptions::has_active(conn, user.id, subscriptions::UNLIMITED_UPGRADES).await?;
    let priced = price(&resolved, free, None);
    Ok(priced.lines.iter().filter(|l| l.kind != "package").map(|l| l.amount_cents).sum())
}

/// Whether the contest carries the upgrade (its kind flag, or its rush length).
pub fn on_contest(contest: &ContestRow, u: &UpgradeRow) -> bool {
    (u.is_highlighted == 1 && contest.is_highlighted == 1)
        || (u.is_featured == 1 && contest.is_featured == 1)
        || (u.is_private == 1 && contest.is_private == 1)
        || (u.is_blind == 1 && contest.is_blind == 1)
        || (u.is_notified_via_email == 1 && contest.is_notified_via_email == 1)
        || (u.is_featured_blog_post == 1 && contest.is_featured_blog_post == 1)
        || (u.is_rush == 1 && contest.contest_length_id == Some(RUSH_LENGTH_ID))
}

/// What the contest has stored: its package, upgrades (Rush from its length), length
/// and the coupon its client applied.
pub async fn stored_selection(conn: &mut AnyConnection, contest: &ContestRow) -> Result<Selection, sqlx::Error> {
    let offered = catalogue_store::upgrades(&mut *conn, contest.contest_type_id).await?;
    let coupon_code = super::store::coupon_code(conn, contest.id).await?;
    Ok(Selection {
        pricing_id: contest.contest_type_pricing_id,
        upgrade_ids: offered.iter().filter(|u| on_contest(contest, u)).map(|u| u.id).collect(),
        length_id: contest.contest_length_id,
        coupon_code,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn package(cents: i64) -> PricingRow {
        PricingRow {
            id: 30,
            contest_type_id: 3,
            name: "Silver".into(),
            amount_cents: cents,
            winning_entry_amount_cents: cents / 2,
            is_recommended: 1,
        }
    }

    fn upgrade(id: i64, cents: i64, rush: bool) -> UpgradeRow {
        UpgradeRow {
            id,
            name: format!("U{id}"),
            description: String::new(),
            amount_cents: cents,
            is_highlighted: 0,
            is_featured: 0,
            is_private: i64::from(id == 4),
            is_blind: 0,
            is_notified_via_email: 0,
            is_rush: i64::from(rush),
            is_featured_blog_post: 0,
            is_recommended: 0,
        }
    }

    fn length(id: i64, cents: i64) -> LengthRow {
        LengthRow { id, name: format!("L{id}"), days: 5, amount_cents: cents, is_rush: 0 }
    }

    fn fifty_off(original: i64) -> Discount {
        Discount {
            contest_type_coupon_id: 9,
            code: "FIFTY".into(),
            original_cents: original,
            discount_cents: 5_000,
            payable_cents: original - 5_000,
        }
    }

    fn resolved(upgrades: Vec<UpgradeRow>, length: Option<LengthRow>) -> Resolved {
        Resolved { pricing: package(49_900), upgrades, length, stored_length_id: None }
    }

    #[test]
    fn the_total_is_the_sum_of_the_lines() {
        let r = resolved(vec![upgrade(4, 9_900, false), upgrade(6, 4_900, true)], Some(length(2, 1_900)));
        let p = price(&r, false, None);
        assert_eq!(p.total_cents, 49_900 + 9_900 + 4_900 + 1_900);
        assert_eq!(p.total_cents, p.lines.iter().map(|l| l.amount_cents).sum::<i64>());
        assert_eq!(p.lines.iter().map(|l| l.kind).collect::<Vec<_>>(), ["package", "upgrade", "upgrade", "length"]);
    }

    #[test]
    fn a_coupon_takes_its_discount_off_the_total_once() {
        let p = price(&resolved(vec![], None), false, Some(fifty_off(49_900)));
        assert_eq!(p.total_cents, 44_900);
        let coupon = p.lines.iter().find(|l| l.kind == "coupon").unwrap();
        assert_eq!((coupon.amount_cents, coupon.name.as_str()), (-5_000, "FIFTY"));
    }

    #[test]
    fn the_subscription_frees_upgrades_but_not_the_package_or_a_length() {
        let r = resolved(vec![upgrade(4, 9_900, false), upgrade(6, 4_900, true)], Some(length(2, 1_900)));
        let p = price(&r, true, Some(fifty_off(49_900)));
        assert_eq!(p.total_cents, 49_900 - 5_000 + 1_900);
        let upgrades: Vec<_> =
            p.lines.iter().filter(|l| l.kind == "upgrade").map(|l| (l.list_cents, l.amount_cents)).collect();
        assert_eq!(upgrades, [(9_900, 0), (4_900, 0)]);
    }

    #[test]
    fn a_total_never_goes_below_zero() {
        let mut big = fifty_off(49_900);
        big.discount_cents = 60_000;
        assert_eq!(price(&resolved(vec![], None), false, Some(big)).total_cents, 0);
    }

    #[test]
    fn rush_counts_as_an_upgrade_for_a_contest_with_the_rush_length() {
        let mut contest_flags = upgrade(6, 4_900, true);
        contest_flags.is_private = 0;
        let row = |length_id: Option<i64>| ContestRow {
            id: 1,
            slug: None,
            title: String::new(),
            description: String::new(),
            status_id: 1,
            contest_type_id: 3,
            contest_type_title: String::new(),
            created_by: 1,
            is_private: 0,
            is_blind: 0,
            is_quick_start: 0,
            is_tip: 0,
            is_added_queue: 0,
            is_featured: 0,
            is_highlighted: 0,
            is_notified_via_email: 0,
            is_featured_blog_post: 0,
            contest_type_pricing_id: Some(30),
            contest_length_id: length_id,
            winning_entry_amount_cents: 0,
            winning_entries_count: 1,
            approval_status_id: None,
            internal_status_id: None,
            views_count: 0,
            external_views_count: 0,
            launched_at: None,
            submission_ends_at: None,
            deciding_ends_at: None,
            delivery_due_at: None,
            verification_due_at: None,
            artwork_accepted_at: None,
            terms_accepted_at: None,
            created_at: 0,
            updated_at: 0,
        };
        assert!(on_contest(&row(Some(RUSH_LENGTH_ID)), &contest_flags));
        assert!(!on_contest(&row(Some(1)), &contest_flags));
        assert!(!on_contest(&row(None), &contest_flags));
    }
}
