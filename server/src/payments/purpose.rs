//! What a payment pays for ([`Purpose`]), and what it costs ([`quote`]): the amount
//! is computed here from database prices, in integer US cents, never taken from the
//! client; the payer must own the contest or project, and it must be in a state where
//! the payment makes sense. The effect of a paid purpose is in [`super::effects`].
//!
//! The commerce area's purposes: the client's tipping cart (priced by
//! `commerce::carts::payable`, its priced items kept in the payment's `details` so the
//! webhook turns exactly those into tips) and a pending subscription of the payer's.
//!
//! Adding a purpose is three steps: a variant here
//! (with [`Purpose::kind`] and [`Purpose::from_row`]), its arm in [`quote`] (amount,
//! payer check, trigger and reason ids) and its arm in [`super::effects::apply`].

use serde_json::{json, Value};

use super::transactions::TransactionRow;
use crate::{
    accounts::CurrentUser,
    bids::{access::visible_bid, model::BID_OPEN},
    catalogue::{model::UpgradeRow, store as catalogue_store},
    commerce::{
        cart_routes::client_only,
        carts::{self, PricedItem},
        subscriptions,
    },
    contests::{
        launch::owned as owned_contest,
        lifecycle::ensure_extendable,
        model::ContestRow,
        pricing::{self as launch_pricing, on_contest, PriceLine, Selection},
        status::ContestStatus,
    },
    entries::additional::{store as additional_store, AdditionalStatus},
    error::{catalogue, AppError, FieldErrors},
    projects::{access::owned as owned_project, status::ProjectStatus},
    state::AppState,
};

/// Payment trigger ids (contests doc, section 9). 8, 10 and 11 are ours: the
/// specification names no trigger for raising a prize or paying for a project.
pub mod trigger {
    pub const CONTEST_CREATE: i64 = 4;
    pub const UPGRADE: i64 = 5;
    pub const EXTEND: i64 = 6;
    pub const ADDITIONAL_DESIGN: i64 = 7;
    pub const INCREASE_PRIZE: i64 = 8;
    pub const BID_APPROVAL: i64 = 10;
    pub const BUDGET_INCREASE: i64 = 11;
    /// A tip cart item: the cart's payment.
    pub const TIP_CART_ITEM: i64 = crate::commerce::carts::TIP_TRIGGER;
}

/// Payment reason ids (contests doc, section 9): what the money is for.
pub mod reason {
    /// A contest's launch funds the prize its winner is paid.
    pub const WON_CONTEST: i64 = 7;
    pub const ADDITIONAL_ENTRY: i64 = 8;
    /// Upgrades, extensions, prize and budget raises.
    pub const ADDITIONAL_PAYMENT: i64 = 9;
    /// An approved bid funds the project its designer won.
    pub const WON_PROJECT: i64 = 21;
    /// The cart's tips.
    pub const TIP: i64 = 17;
}

/// Prize increases offered, in dollars (contests doc, section 9).
pub const PRIZE_INCREASES: [i64; 11] = [25, 50, 75, 100, 150, 200, 300, 400, 500, 750, 1000];

/// What a payment pays for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Purpose {
    /// Starting an unpaid contest (1 -> 2): package, upgrades and length chosen at launch.
    ContestLaunch { contest_id: i64 },
    /// Upgrades bought for a contest already launched.
    ContestUpgrade { contest_id: i64, upgrade_ids: Vec<i64> },
    /// A running contest's deadlines moved by 1 to 10 days.
    ContestExtend { contest_id: i64, days: i64 },
    /// The prize raised by one of [`PRIZE_INCREASES`] (cents).
    ContestPrize { contest_id: i64, amount_cents: i64 },
    /// An additional design the holder asked to buy (`additional_entry`, status 1).
    AdditionalDesign { contest_id: i64, entry_id: i64 },
    /// Approving a bid on a live project (1 -> 2).
    BidApproval { project_id: i64, bid_id: i64 },
    /// Raising a project's budget to `budget_cents`.
    BudgetIncrease { project_id: i64, budget_cents: i64 },
    /// The payer's tipping cart, taxed for the payment form's place: `country_id` is
    /// required, `state_id` when the country has states (`carts::taxed_state`).
    /// `items` are what the payment priced, read back from the stored payment (empty
    /// when asked for through a route: [`quote`] prices the cart as it is).
    Cart { country_id: Option<i64>, state_id: Option<i64>, items: Vec<PricedItem> },
    /// A pending subscription of the payer's (`POST /subscriptions/purchase`).
    Subscription { subscription_id: i64 },
    /// Full rights to an entry for sale in the marketplace.
    MarketplacePurchase { entry_id: i64 },
}

impl Purpose {
    /// The stable name stored with the payment.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::ContestLaunch { .. } => "contest_launch",
            Self::ContestUpgrade { .. } => "contest_upgrade",
            Self::ContestExtend { .. } => "contest_extend",
            Self::ContestPrize { .. } => "contest_prize",
            Self::AdditionalDesign { .. } => "additional_design",
            Self::BidApproval { .. } => "bid_approval",
            Self::BudgetIncrease { .. } => "budget_increase",
            Self::Cart { .. } => "cart",
            Self::Subscription { .. } => "subscription",
            Self::MarketplacePurchase { .. } => "marketplace_purchase",
        }
    }

    /// The purpose a stored payment was made for.
    pub fn from_row(row: &TransactionRow) -> Option<Self> {
        let details: Value = serde_json::from_str(&row.details).unwrap_or(Value::Null);
        let contest_id = row.contest_id;
        let project_id = row.project_id;
        Some(match row.purpose.as_str() {
            "contest_launch" => Self::ContestLaunch { contest_id: contest_id? },
            "contest_upgrade" => Self::ContestUpgrade {
                contest_id: contest_id?,
                upgrade_ids: serde_json::from_value(details["upgrade_ids"].clone()).ok()?,
            },
            "contest_extend" => Self::ContestExtend { contest_id: contest_id?, days: details["days"].as_i64()? },
            "contest_prize" => Self::ContestPrize { contest_id: contest_id?, amount_cents: row.amount_cents },
            "additional_design" => Self::AdditionalDesign { contest_id: contest_id?, entry_id: row.subject_id? },
            "bid_approval" => Self::BidApproval { project_id: project_id?, bid_id: row.subject_id? },
            "budget_increase" => {
                Self::BudgetIncrease { project_id: project_id?, budget_cents: details["budget_cents"].as_i64()? }
            }
            "cart" => Self::Cart {
                country_id: details["country_id"].as_i64(),
                state_id: details["state_id"].as_i64(),
                items: serde_json::from_value(details["items"].clone()).ok()?,
            },
            "subscription" => Self::Subscription { subscription_id: row.subject_id? },
            "marketplace_purchase" => Self::MarketplacePurchase { entry_id: row.subject_id? },
            _ => return None,
        })
    }
}

/// A purpose priced: everything stored with the payment.
#[derive(Debug, Clone)]
pub struct Quote {
    pub amount_cents: i64,
    /// Shown on the Stripe dashboard and the invoice.
    pub description: String,
    pub trigger_id: i64,
    pub reason_id: i64,
    pub contest_id: Option<i64>,
    pub project_id: Option<i64>,
    pub subject_id: Option<i64>,
    pub details: Value,
    /// What the amount is made of, in cents: the lines every screen shows before paying.
    /// Their amounts add up to `amount_cents`.
    pub lines: Vec<PriceLine>,
}

impl Quote {
    fn contest(contest: &ContestRow, amount_cents: i64, what: &str, trigger_id: i64, reason_id: i64) -> Self {
        Self {
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

    /// One line for the whole amount (purposes with a single thing to pay for).
    fn single_line(mut self, kind: &'static str, id: i64, name: &str) -> Self {
        self.lines = vec![PriceLine {
            kind,
            id,
            name: name.to_owned(),
            list_cents: self.amount_cents,
            amount_cents: self.amount_cents,
        }];
        self
    }
}

/// Prices `purpose` for `caller` to charge it: [`price`], refused with
/// `payment.not_due` when nothing is to pay (a card or PayPal cannot take $0: free
/// upgrades go through `POST /contests/{id}/upgrades/free`). Every payment route
/// (payment intents, direct charges, PayPal) charges exactly this amount.
pub async fn quote(state: &AppState, caller: &CurrentUser, purpose: &Purpose) -> Result<Quote, AppError> {
    let quote = price(state, caller, purpose).await?;
    if quote.amount_cents <= 0 {
        return Err(AppError::conflict(catalogue::PAYMENT_NOT_DUE));
    }
    Ok(quote)
}

/// The launch of `contest` priced with `selection` (its stored one, for the payment).
pub async fn launch_quote(
    state: &AppState,
    caller: &CurrentUser,
    contest: &ContestRow,
    selection: &Selection,
) -> Result<Quote, AppError> {
    if contest.status() != ContestStatus::Unpaid {
        return Err(AppError::conflict(catalogue::CONTEST_STARTED));
    }
    if selection.pricing_id.is_none() {
        return Err(AppError::conflict(catalogue::CONTEST_OPTIONS_MISSING));
    }
    let mut conn = state.db.pool.acquire().await?;
    let (_, priced) =
        launch_pricing::launch_price(&mut conn, &caller.user, contest.contest_type_id, selection, state.now_ms())
            .await?;
    let mut quote =
        Quote::contest(contest, priced.total_cents, "Contest launch", trigger::CONTEST_CREATE, reason::WON_CONTEST);
    // The webhook counts the coupon's use once the payment settles.
    if let Some(discount) = &priced.discount {
        quote.details = json!({"coupon": discount});
    }
    quote.lines = priced.lines;
    Ok(quote)
}

/// Prices `purpose` for `caller`, checking the caller owns what is paid for and that
/// it can be paid for now; the amount may be 0 (see [`quote`]). The quote endpoint
/// answers this.
pub async fn price(state: &AppState, caller: &CurrentUser, purpose: &Purpose) -> Result<Quote, AppError> {
    let db = &state.db.pool;
    match purpose {
        Purpose::ContestLaunch { contest_id } => {
            let contest = owned_contest(state, caller, *contest_id).await?;
            let selection = {
                let mut conn = db.acquire().await?;
                launch_pricing::stored_selection(&mut conn, &contest).await?
            };
            launch_quote(state, caller, &contest, &selection).await
        }
        Purpose::ContestUpgrade { contest_id, upgrade_ids } => {
            let contest = owned_contest(state, caller, *contest_id).await?;
            if !matches!(contest.status(), ContestStatus::Active | ContestStatus::Deciding) {
                return Err(AppError::conflict(catalogue::PAYMENT_NOT_DUE));
            }
            let chosen = chosen_upgrades(state, &contest, upgrade_ids).await?;
            let free = {
                let mut conn = db.acquire().await?;
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
                Quote::contest(&contest, amount, "Contest upgrades", trigger::UPGRADE, reason::ADDITIONAL_PAYMENT);
            quote.details = json!({"upgrade_ids": chosen.iter().map(|u| u.id).collect::<Vec<_>>()});
            quote.lines = lines;
            Ok(quote)
        }
        Purpose::ContestExtend { contest_id, days } => {
            let contest = owned_contest(state, caller, *contest_id).await?;
            if !crate::contests::status::EXTEND_DAYS.contains(days) {
                return Err(AppError::field("days", catalogue::EXTEND_DAYS));
            }
            if contest.status() != ContestStatus::Active {
                return Err(AppError::conflict(catalogue::PAYMENT_NOT_DUE));
            }
            // Disabled by an admin: no route sells an extension any more.
            ensure_extendable(&mut *db.acquire().await?, contest.id).await?;
            let per_day = super::prices::amount_cents(db, super::prices::code::EXTEND_DAY).await?;
            let what = format!("Contest extension by {days} days");
            let mut quote =
                Quote::contest(&contest, per_day * days, &what, trigger::EXTEND, reason::ADDITIONAL_PAYMENT)
                    .single_line("extension", *days, &what);
            quote.details = json!({"days": days});
            Ok(quote)
        }
        Purpose::ContestPrize { contest_id, amount_cents } => {
            let contest = owned_contest(state, caller, *contest_id).await?;
            if !PRIZE_INCREASES.iter().any(|d| d * 100 == *amount_cents) {
                return Err(AppError::field("amount", catalogue::PRIZE_AMOUNT_IN));
            }
            if contest.status() > ContestStatus::Deciding {
                return Err(AppError::conflict(catalogue::PAYMENT_NOT_DUE));
            }
            let quote = Quote::contest(
                &contest,
                *amount_cents,
                "Prize increase",
                trigger::INCREASE_PRIZE,
                reason::ADDITIONAL_PAYMENT,
            )
            .single_line("prize", 0, "Prize increase");
            Ok(quote)
        }
        Purpose::AdditionalDesign { contest_id, entry_id } => {
            let contest = owned_contest(state, caller, *contest_id).await?;
            let mut conn = db.acquire().await?;
            let purchase = additional_store::find_by_entry(&mut conn, contest.id, *entry_id)
                .await?
                .filter(|p| p.status_id == AdditionalStatus::Requested.id())
                .ok_or_else(|| AppError::conflict(catalogue::ENTRY_NOT_PURCHASABLE))?;
            let what = format!("Additional design #{}", purchase.entry_number);
            let mut quote = Quote::contest(
                &contest,
                purchase.amount_cents,
                &what,
                trigger::ADDITIONAL_DESIGN,
                reason::ADDITIONAL_ENTRY,
            )
            .single_line("additional_design", *entry_id, &what);
            quote.subject_id = Some(*entry_id);
            Ok(quote)
        }
        Purpose::BidApproval { project_id, bid_id } => {
            let project = owned_project(state, caller, *project_id, false).await?;
            let bid = visible_bid(state, caller, *bid_id, Some(project.id)).await?.bid;
            if project.status() != ProjectStatus::Live || bid.status_id != BID_OPEN {
                return Err(AppError::conflict(catalogue::PROJECT_NOT_LIVE));
            }
            // A pay-to-start project pays its listing fee with the approval; a subscription's
            // queued project lists free. The designer is owed the bid, never the fee.
            let fee_cents = match project.is_subscription {
                0 => super::prices::amount_cents(db, super::prices::code::PROJECT_LISTING_FEE).await?,
                _ => 0,
            };
            let with_fee = match fee_cents {
                0 => String::new(),
                fee => format!(", listing fee ${} included", fee / 100),
            };
            Ok(Quote {
                amount_cents: bid.amount_cents + fee_cents,
                description: format!("Bid #{} approved: {} (project #{}){with_fee}", bid.id, project.title, project.id),
                trigger_id: trigger::BID_APPROVAL,
                reason_id: reason::WON_PROJECT,
                contest_id: None,
                project_id: Some(project.id),
                subject_id: Some(bid.id),
                details: json!({"bid_cents": bid.amount_cents, "listing_fee_cents": fee_cents}),
                lines: bid_lines(bid.id, bid.amount_cents, fee_cents),
            })
        }
        Purpose::BudgetIncrease { project_id, budget_cents } => {
            let project = owned_project(state, caller, *project_id, false).await?;
            if project.status() == ProjectStatus::Completed {
                return Err(AppError::conflict(catalogue::PROJECT_STARTED));
            }
            let current = project.budget_cents.unwrap_or(0);
            if *budget_cents <= current || *budget_cents > 1_000_000 * 100 {
                return Err(AppError::field("budget", catalogue::BUDGET_NOT_HIGHER));
            }
            Ok(Quote {
                amount_cents: budget_cents - current,
                description: format!(
                    "Budget of {} (project #{}) raised to ${}",
                    project.title,
                    project.id,
                    budget_cents / 100
                ),
                trigger_id: trigger::BUDGET_INCREASE,
                reason_id: reason::ADDITIONAL_PAYMENT,
                contest_id: None,
                project_id: Some(project.id),
                subject_id: None,
                details: json!({"budget_cents": budget_cents}),
                lines: Vec::new(),
            })
        }
        Purpose::Cart { country_id, state_id, .. } => {
            client_only(caller)?;
            let mut conn = db.acquire().await?;
            let taxed = carts::taxed_state(&mut conn, *country_id, *state_id).await?;
            let total = carts::payable(&mut conn, caller.id(), taxed).await?;
            // Free awards only cost nothing: they are sent with `POST /carts/free-awards`.
            if total.payable_cents == 0 {
                return Err(AppError::conflict(catalogue::PAYMENT_NOT_DUE));
            }
            Ok(Quote {
                amount_cents: total.payable_cents,
                description: format!("Tips: {} cart items, tax included", total.items.len()),
                trigger_id: trigger::TIP_CART_ITEM,
                reason_id: reason::TIP,
                contest_id: None,
                project_id: None,
                subject_id: None,
                // The webhook makes tips of exactly these items at these prices.
                details: json!({"items": total.items, "country_id": country_id, "state_id": total.state_id,
                    "tax_cents": total.tax_cents}),
                lines: Vec::new(),
            })
        }
        Purpose::Subscription { subscription_id } => {
            let mut conn = db.acquire().await?;
            let subscription = subscriptions::find(&mut conn, *subscription_id)
                .await?
                .ok_or_else(|| AppError::not_found(catalogue::SUBSCRIPTION_NOT_FOUND))?;
            if subscription.app_user_id != caller.id() {
                return Err(AppError::forbidden(catalogue::PAYMENT_FORBIDDEN));
            }
            match subscription.status_id {
                subscriptions::PENDING => {}
                subscriptions::ACTIVE => return Err(AppError::conflict(catalogue::SUBSCRIPTION_ACTIVE)),
                _ => return Err(AppError::conflict(catalogue::PAYMENT_NOT_DUE)),
            }
            let amount_cents = subscriptions::price_cents(subscription.trigger_id)
                .ok_or_else(|| AppError::conflict(catalogue::PAYMENT_NOT_DUE))?;
            Ok(Quote {
                amount_cents,
                description: format!("Subscription #{}", subscription.id),
                // Subscription codes are their trigger ids; the specification names
                // no reason for them, so they count as additional payments.
                trigger_id: subscription.trigger_id,
                reason_id: reason::ADDITIONAL_PAYMENT,
                contest_id: None,
                project_id: None,
                subject_id: Some(subscription.id),
                details: json!({}),
                lines: Vec::new(),
            })
        }
        Purpose::MarketplacePurchase { entry_id } => {
            crate::marketplace::purchase::quote(state, caller, *entry_id).await
        }
    }
    .map(with_a_line)
}

/// An approved bid's lines: the bid, and the listing fee when one is due.
fn bid_lines(bid_id: i64, bid_cents: i64, fee_cents: i64) -> Vec<PriceLine> {
    let mut lines = vec![PriceLine {
        kind: "bid",
        id: bid_id,
        name: format!("Bid #{bid_id}"),
        list_cents: bid_cents,
        amount_cents: bid_cents,
    }];
    if fee_cents > 0 {
        lines.push(PriceLine {
            kind: "listing_fee",
            id: 0,
            name: "Listing fee".into(),
            list_cents: fee_cents,
            amount_cents: fee_cents,
        });
    }
    lines
}

/// A quote without lines gets one line for its whole amount, named as the invoice does.
fn with_a_line(quote: Quote) -> Quote {
    match quote.lines.is_empty() {
        true => {
            let line = PriceLine {
                kind: "payment",
                id: quote.subject_id.or(quote.project_id).unwrap_or(0),
                name: quote.description.clone(),
                list_cents: quote.amount_cents,
                amount_cents: quote.amount_cents,
            };
            Quote { lines: vec![line], ..quote }
        }
        false => quote,
    }
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
            Some(u) if on_contest(contest, u) => errors.add("upgrade_ids", catalogue::UPGRADE_ALREADY),
            Some(u) if !chosen.iter().any(|c| c.id == u.id) => chosen.push(u.clone()),
            Some(_) => {}
            None => errors.add("upgrade_ids", catalogue::NOT_FOUND_OPTION),
        }
    }
    if ids.is_empty() {
        errors.add("upgrade_ids", catalogue::REQUIRED);
    }
    errors.into_result()?;
    Ok(chosen)
}
