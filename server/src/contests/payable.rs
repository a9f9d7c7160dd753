//! What the contests area sells through the payments area ([`Payable`]): a contest's
//! launch, upgrades bought after it, an extension of its deadlines and a raise of its
//! prize. Each is priced here, by the one function the quote endpoint
//! (`POST /contests/{id}/quote`) and every payment route share, and its effect once paid
//! is performed here, in the settling transaction. The routes that sell them are in
//! [`super::payment_routes`]; start-up registers [`KINDS`].

use futures::future::BoxFuture;
use serde::Deserialize;
use serde_json::{json, Value};

use super::{
    earnings::prize_held,
    events as contest_events,
    launch::owned as owned_contest,
    lifecycle::ensure_extendable,
    model::ContestRow,
    pricing::{self as launch_pricing, on_contest, PriceLine, Selection},
    status::{ContestStatus, DECIDING_WINDOW_DAYS, DEFAULT_LENGTH_DAYS, EXTEND_DAYS},
    store::{self as contest_store, ContestOptions},
};
use crate::{
    accounts::CurrentUser,
    api::loose_id,
    catalogue::{model::UpgradeRow, store as catalogue_store},
    commerce::{
        coupons::{self, Discount},
        subscriptions,
    },
    error::{codes, AppError, FieldErrors},
    payments::{
        intents::{filed_under, required, IntentPath, IntentRequest, PayRoute},
        ledger::Split,
        payable::{Effect, Payable, PayableKind},
        prices,
        quote::{reason, Quote},
        transactions::TransactionRow,
    },
    realtime::unit::Unit,
    state::AppState,
};

/// Payment trigger ids (contests doc, section 9). 8 is ours: the specification names no
/// trigger for raising a prize.
pub mod trigger {
    pub const CONTEST_CREATE: i64 = 4;
    pub const UPGRADE: i64 = 5;
    pub const EXTEND: i64 = 6;
    pub const INCREASE_PRIZE: i64 = 8;
}

/// Prize increases offered, in dollars (contests doc, section 9).
pub const PRIZE_INCREASES: [i64; 11] = [25, 50, 75, 100, 150, 200, 300, 400, 500, 750, 1000];

/// The split of a payment towards `contest_id`'s prize: `prize_cents` held for the winner,
/// the rest the platform's fee.
async fn prize_split(unit: &mut Unit, contest_id: i64, prize_cents: i64) -> Result<Split, AppError> {
    let contest = contest_store::find(&mut **unit, contest_id).await?.ok_or_else(gone)?;
    Ok(Split::fee_only().held_for(prize_held(&contest), prize_cents))
}

/// Starting an unpaid contest (1 -> 2): package, upgrades and length chosen at launch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContestLaunch {
    pub contest_id: i64,
}

/// Upgrades bought for a contest already launched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContestUpgrade {
    pub contest_id: i64,
    pub upgrade_ids: Vec<i64>,
}

/// A running contest's deadlines moved by 1 to 10 days.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContestExtend {
    pub contest_id: i64,
    pub days: i64,
}

/// The prize raised by one of [`PRIZE_INCREASES`] (cents).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContestPrize {
    pub contest_id: i64,
    pub amount_cents: i64,
}

/// How stored payments of the contests area are read back (start-up registers them).
pub const KINDS: [&PayableKind; 4] = [
    &PayableKind { name: "contest_launch", invoice_label: "Contest launch", from_row: launch_of_row },
    &PayableKind { name: "contest_upgrade", invoice_label: "Upgrades", from_row: upgrade_of_row },
    &PayableKind { name: "contest_extend", invoice_label: "Extension", from_row: extend_of_row },
    &PayableKind { name: "contest_prize", invoice_label: "Prize increase", from_row: prize_of_row },
];

fn details(row: &TransactionRow) -> Value {
    serde_json::from_str(&row.details).unwrap_or(Value::Null)
}

fn launch_of_row(row: &TransactionRow) -> Option<Box<dyn Payable>> {
    Some(Box::new(ContestLaunch { contest_id: row.contest_id? }))
}

fn upgrade_of_row(row: &TransactionRow) -> Option<Box<dyn Payable>> {
    let upgrade_ids = serde_json::from_value(details(row)["upgrade_ids"].clone()).ok()?;
    Some(Box::new(ContestUpgrade { contest_id: row.contest_id?, upgrade_ids }))
}

fn extend_of_row(row: &TransactionRow) -> Option<Box<dyn Payable>> {
    Some(Box::new(ContestExtend { contest_id: row.contest_id?, days: details(row)["days"].as_i64()? }))
}

fn prize_of_row(row: &TransactionRow) -> Option<Box<dyn Payable>> {
    Some(Box::new(ContestPrize { contest_id: row.contest_id?, amount_cents: row.amount_cents }))
}

/// A quote of a payment for `contest`, its lines left to the caller.
fn contest_quote(contest: &ContestRow, amount_cents: i64, what: &str, trigger_id: i64, reason_id: i64) -> Quote {
    Quote {
        amount_cents,
        description: format!("{what}: {} (contest #{})", contest.title, contest.id),
        trigger_id,
        reason_id,
        contest_id: Some(contest.id),
        project_id: None,
        subject_id: None,
        details: json!({}),
        lines: Vec::new(),
    }
}

/// The 409 of an effect whose contest can no longer take it.
fn gone() -> AppError {
    AppError::conflict(codes::PAYMENT_NOT_DUE)
}

/// The launch of `contest` priced with `selection` (its stored one, for the payment; a
/// proposed one for the quote endpoint).
pub async fn launch_quote(
    state: &AppState,
    caller: &CurrentUser,
    contest: &ContestRow,
    selection: &Selection,
) -> Result<Quote, AppError> {
    if contest.status() != ContestStatus::Unpaid {
        return Err(AppError::conflict(codes::CONTEST_STARTED));
    }
    if selection.pricing_id.is_none() {
        return Err(AppError::conflict(codes::CONTEST_OPTIONS_MISSING));
    }
    let mut conn = state.db.pool.acquire().await?;
    let (resolved, priced) =
        launch_pricing::launch_price(&mut conn, &caller.user, contest.contest_type_id, selection, state.now_ms())
            .await?;
    let mut quote =
        contest_quote(contest, priced.total_cents, "Contest launch", trigger::CONTEST_CREATE, reason::WON_CONTEST);
    // What is priced is what settles: the payment keeps the options it priced, and its
    // settlement stores exactly those, whatever the contest holds by then. The coupon's use
    // is counted when it settles.
    quote.details = json!({"options": resolved.options(), "coupon": priced.discount});
    quote.lines = priced.lines;
    Ok(quote)
}

/// What a launch payment priced: the options and the coupon's discount (None for a
/// payment recorded before payments kept them: its contest's stored options apply).
fn priced_launch(row: &TransactionRow) -> (Option<ContestOptions>, Option<Discount>) {
    let details = details(row);
    let options = serde_json::from_value(details["options"].clone()).ok();
    let discount = serde_json::from_value(details["coupon"].clone()).ok();
    (options, discount)
}

impl Payable for ContestLaunch {
    fn kind(&self) -> &'static str {
        "contest_launch"
    }

    fn same_as(&self, row: &TransactionRow) -> bool {
        row.contest_id == Some(self.contest_id)
    }

    fn price<'a>(&'a self, state: &'a AppState, caller: &'a CurrentUser) -> BoxFuture<'a, Result<Quote, AppError>> {
        Box::pin(async move {
            let contest = owned_contest(state, caller, self.contest_id).await?;
            let selection = {
                let mut conn = state.db.pool.acquire().await?;
                launch_pricing::stored_selection(&mut conn, &contest).await?
            };
            launch_quote(state, caller, &contest, &selection).await
        })
    }

    fn apply<'a>(
        &'a self,
        unit: &'a mut Unit,
        row: &'a TransactionRow,
        now: i64,
    ) -> BoxFuture<'a, Result<Effect, AppError>> {
        Box::pin(async move {
            let contest_id = self.contest_id;
            let (options, discount) = priced_launch(row);
            if let Some(options) = &options {
                // The selection paid for, not the one the contest may hold by now (changed
                // in another tab between pricing and paying).
                contest_store::set_options(unit, contest_id, options, now).await?;
                let code = discount.as_ref().map(|d| d.code.as_str());
                contest_store::set_coupon_code(unit, contest_id, code, now).await?;
            }
            let contest = contest_store::find(&mut **unit, contest_id).await?.ok_or_else(gone)?;
            let days = match contest.contest_length_id {
                Some(id) => catalogue_store::find_length(&mut **unit, id).await?.map(|l| l.days),
                None => None,
            };
            let days = days.unwrap_or(DEFAULT_LENGTH_DAYS);
            let link_base = unit.settings().link_base().to_owned();
            if !contest_store::activate(unit, contest_id, now, days, DECIDING_WINDOW_DAYS, &link_base).await? {
                return Err(gone());
            }
            // The coupon the launch was priced with counts one use, once: this runs for the
            // one report of the payment that marked it paid (`settle::paid`), and a
            // redemption is unique per payment besides. Its limit is checked again here: a
            // use that went to another payment meanwhile refuses this one (refunded).
            if let Some(discount) = &discount {
                let payment_ref = format!("transaction-{}", row.id);
                coupons::redeem(unit, discount, row.app_user_id, Some(contest_id), &payment_ref, now).await?;
            }
            let started = contest_store::find(&mut **unit, contest_id).await?.ok_or_else(gone)?;
            contest_events::status_changed(unit, &started, now).await?;
            Ok(Effect { wake_timers: true })
        })
    }

    /// The prize (as the options paid for set it) is held for the winner; the package's
    /// fee, the upgrades and the length are the platform's.
    fn split<'a>(&'a self, unit: &'a mut Unit, _row: &'a TransactionRow) -> BoxFuture<'a, Result<Split, AppError>> {
        Box::pin(async move {
            let contest = contest_store::find(&mut **unit, self.contest_id).await?.ok_or_else(gone)?;
            prize_split(unit, self.contest_id, contest.winning_entry_amount_cents).await
        })
    }
}

impl Payable for ContestUpgrade {
    fn kind(&self) -> &'static str {
        "contest_upgrade"
    }

    fn same_as(&self, row: &TransactionRow) -> bool {
        row.contest_id == Some(self.contest_id)
    }

    fn price<'a>(&'a self, state: &'a AppState, caller: &'a CurrentUser) -> BoxFuture<'a, Result<Quote, AppError>> {
        Box::pin(async move {
            let contest = owned_contest(state, caller, self.contest_id).await?;
            if !matches!(contest.status(), ContestStatus::Active | ContestStatus::Deciding) {
                return Err(AppError::conflict(codes::PAYMENT_NOT_DUE));
            }
            let chosen = chosen_upgrades(state, &contest, &self.upgrade_ids).await?;
            let free = {
                let mut conn = state.db.pool.acquire().await?;
                subscriptions::has_active(&mut conn, caller.id(), subscriptions::UNLIMITED_UPGRADES).await?
            };
            let lines: Vec<PriceLine> = chosen
                .iter()
                .map(|u| PriceLine {
                    kind: "upgrade",
                    id: u.id,
                    name: u.name.clone(),
                    list_cents: u.amount_cents,
                    amount_cents: if free { 0 } else { u.amount_cents },
                })
                .collect();
            let amount = lines.iter().map(|l| l.amount_cents).sum();
            let mut quote =
                contest_quote(&contest, amount, "Contest upgrades", trigger::UPGRADE, reason::ADDITIONAL_PAYMENT);
            quote.details = json!({"upgrade_ids": chosen.iter().map(|u| u.id).collect::<Vec<_>>()});
            quote.lines = lines;
            Ok(quote)
        })
    }

    fn apply<'a>(
        &'a self,
        unit: &'a mut Unit,
        _row: &'a TransactionRow,
        now: i64,
    ) -> BoxFuture<'a, Result<Effect, AppError>> {
        Box::pin(async move {
            let contest = contest_store::find(&mut **unit, self.contest_id).await?.ok_or_else(gone)?;
            let offered = catalogue_store::upgrades(&mut **unit, contest.contest_type_id).await?;
            let bought: Vec<_> = offered.into_iter().filter(|u| self.upgrade_ids.contains(&u.id)).collect();
            // Checked again as it settles: an upgrade the contest got meanwhile (another
            // payment for it, an admin's grant) refuses this payment, which is refunded.
            if bought.is_empty() || !contest_store::apply_bought_upgrades(unit, self.contest_id, &bought, now).await? {
                return Err(AppError::conflict(codes::UPGRADE_ALREADY));
            }
            updated(unit, self.contest_id, now).await?;
            Ok(Effect { wake_timers: false })
        })
    }

    /// All the platform's.
    fn split<'a>(&'a self, _unit: &'a mut Unit, _row: &'a TransactionRow) -> BoxFuture<'a, Result<Split, AppError>> {
        Box::pin(async { Ok(Split::fee_only()) })
    }
}

impl Payable for ContestExtend {
    fn kind(&self) -> &'static str {
        "contest_extend"
    }

    fn same_as(&self, row: &TransactionRow) -> bool {
        row.contest_id == Some(self.contest_id)
    }

    fn price<'a>(&'a self, state: &'a AppState, caller: &'a CurrentUser) -> BoxFuture<'a, Result<Quote, AppError>> {
        Box::pin(async move {
            let db = &state.db.pool;
            let days = self.days;
            let contest = owned_contest(state, caller, self.contest_id).await?;
            if !EXTEND_DAYS.contains(&days) {
                return Err(AppError::field("days", codes::EXTEND_DAYS));
            }
            if contest.status() != ContestStatus::Active {
                return Err(AppError::conflict(codes::PAYMENT_NOT_DUE));
            }
            // Disabled by an admin: no route sells an extension any more.
            ensure_extendable(&mut *db.acquire().await?, contest.id).await?;
            let per_day = prices::amount_cents(db, prices::code::EXTEND_DAY).await?;
            let what = format!("Contest extension by {days} days");
            let mut quote = contest_quote(&contest, per_day * days, &what, trigger::EXTEND, reason::ADDITIONAL_PAYMENT)
                .single_line("extension", days, &what);
            quote.details = json!({"days": days});
            Ok(quote)
        })
    }

    fn apply<'a>(
        &'a self,
        unit: &'a mut Unit,
        _row: &'a TransactionRow,
        now: i64,
    ) -> BoxFuture<'a, Result<Effect, AppError>> {
        Box::pin(async move {
            if !contest_store::extend(unit, self.contest_id, self.days, now).await? {
                return Err(gone());
            }
            updated(unit, self.contest_id, now).await?;
            Ok(Effect { wake_timers: true })
        })
    }

    /// All the platform's.
    fn split<'a>(&'a self, _unit: &'a mut Unit, _row: &'a TransactionRow) -> BoxFuture<'a, Result<Split, AppError>> {
        Box::pin(async { Ok(Split::fee_only()) })
    }
}

impl Payable for ContestPrize {
    fn kind(&self) -> &'static str {
        "contest_prize"
    }

    fn same_as(&self, row: &TransactionRow) -> bool {
        row.contest_id == Some(self.contest_id)
    }

    fn price<'a>(&'a self, state: &'a AppState, caller: &'a CurrentUser) -> BoxFuture<'a, Result<Quote, AppError>> {
        Box::pin(async move {
            let contest = owned_contest(state, caller, self.contest_id).await?;
            if !PRIZE_INCREASES.iter().any(|d| d * 100 == self.amount_cents) {
                return Err(AppError::field("amount", codes::PRIZE_AMOUNT_IN));
            }
            if contest.status() > ContestStatus::Deciding {
                return Err(AppError::conflict(codes::PAYMENT_NOT_DUE));
            }
            let quote = contest_quote(
                &contest,
                self.amount_cents,
                "Prize increase",
                trigger::INCREASE_PRIZE,
                reason::ADDITIONAL_PAYMENT,
            )
            .single_line("prize", 0, "Prize increase");
            Ok(quote)
        })
    }

    fn apply<'a>(
        &'a self,
        unit: &'a mut Unit,
        _row: &'a TransactionRow,
        now: i64,
    ) -> BoxFuture<'a, Result<Effect, AppError>> {
        Box::pin(async move {
            if !contest_store::raise_prize(unit, self.contest_id, self.amount_cents, now).await? {
                return Err(gone());
            }
            updated(unit, self.contest_id, now).await?;
            Ok(Effect { wake_timers: false })
        })
    }

    /// All of it held for the winner: the prize rises by what was paid.
    fn split<'a>(&'a self, unit: &'a mut Unit, _row: &'a TransactionRow) -> BoxFuture<'a, Result<Split, AppError>> {
        Box::pin(prize_split(unit, self.contest_id, self.amount_cents))
    }
}

/// `contest.updated` for the contest as it is now.
async fn updated(unit: &mut Unit, contest_id: i64, now: i64) -> Result<(), AppError> {
    let contest = contest_store::find(&mut **unit, contest_id)
        .await?
        .ok_or_else(|| AppError::not_found(codes::CONTEST_NOT_FOUND))?;
    Ok(contest_events::updated(unit, &contest, now).await?)
}

/// The upgrades asked for: offered for the type, not rush (a length, chosen at
/// launch: a running contest cannot be shortened), not already on the contest; at
/// least one.
async fn chosen_upgrades(state: &AppState, contest: &ContestRow, ids: &[i64]) -> Result<Vec<UpgradeRow>, AppError> {
    let offered = catalogue_store::upgrades(&state.db.pool, contest.contest_type_id).await?;
    let mut errors = FieldErrors::new();
    let mut chosen: Vec<UpgradeRow> = Vec::new();
    for id in ids {
        match offered.iter().find(|u| u.id == *id && u.is_rush == 0) {
            Some(u) if on_contest(contest, u) => errors.add("upgrade_ids", codes::UPGRADE_ALREADY),
            Some(u) if !chosen.iter().any(|c| c.id == u.id) => chosen.push(u.clone()),
            Some(_) => {}
            None => errors.add("upgrade_ids", codes::NOT_FOUND_OPTION),
        }
    }
    if ids.is_empty() {
        errors.add("upgrade_ids", codes::REQUIRED);
    }
    errors.into_result()?;
    Ok(chosen)
}

/// The contests area's payment routes, one per thing it sells; the path's `{id}` is the
/// contest's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContestRoute {
    Launch,
    Upgrade,
    Extend,
    Prize,
}

/// An upgrade's body beside its key ([`super::payment_routes::UpgradeIntentCreate`]).
#[derive(Debug, Deserialize)]
struct UpgradeFields {
    #[serde(default)]
    upgrade_ids: Vec<i64>,
}

/// An extension's body beside its key.
#[derive(Debug, Deserialize)]
struct ExtendFields {
    #[serde(default, deserialize_with = "loose_id")]
    days: Option<i64>,
}

/// A prize raise's body beside its key.
#[derive(Debug, Deserialize)]
struct PrizeFields {
    #[serde(default, deserialize_with = "loose_id")]
    amount: Option<i64>,
}

impl PayRoute for ContestRoute {
    fn payable(&self, path: &IntentPath, req: &IntentRequest) -> Result<Box<dyn Payable>, AppError> {
        let contest_id = path.id;
        Ok(match self {
            Self::Launch => Box::new(ContestLaunch { contest_id }),
            Self::Upgrade => {
                let UpgradeFields { upgrade_ids } = req.fields()?;
                Box::new(ContestUpgrade { contest_id, upgrade_ids })
            }
            Self::Extend => {
                let ExtendFields { days } = req.fields()?;
                Box::new(ContestExtend { contest_id, days: days.ok_or_else(|| required("days"))? })
            }
            Self::Prize => {
                let PrizeFields { amount } = req.fields()?;
                let dollars = amount.ok_or_else(|| required("amount"))?;
                Box::new(ContestPrize { contest_id, amount_cents: dollars.saturating_mul(100) })
            }
        })
    }

    fn of_route(&self, row: &TransactionRow, path: &IntentPath) -> bool {
        let purpose = match self {
            Self::Launch => "contest_launch",
            Self::Upgrade => "contest_upgrade",
            Self::Extend => "contest_extend",
            Self::Prize => "contest_prize",
        };
        filed_under(row, purpose, row.contest_id, path, None)
    }

    fn paypal_route(&self, path: &IntentPath) -> String {
        let id = path.id;
        match self {
            Self::Launch => format!("/contests/{id}/payments/paypal"),
            Self::Upgrade => format!("/contests/{id}/upgrades/payments/paypal"),
            Self::Extend => format!("/contests/{id}/extends/payments/paypal"),
            Self::Prize => format!("/contests/{id}/increase-prize/payments/paypal"),
        }
    }
}
