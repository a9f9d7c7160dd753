//! What a paid purpose does, inside the webhook's transaction, with the hub events
//! it writes to the outbox: the contest starts (1 -> 2), upgrades appear, the
//! deadlines move, the prize grows, the additional design is paid, the bid is
//! approved (project 1 -> 2), the budget grows, the cart's items become tips
//! awaiting approval, the subscription becomes active.

use sqlx::AnyConnection;
use vitrine_protocol::EventFrame;

use super::{purpose::Purpose, transactions::TransactionRow};
use crate::{
    bids::{routes::approve_in, store as bid_store},
    catalogue::store as catalogue_store,
    commerce::{
        carts,
        coupons::{self, Discount},
        subscriptions,
    },
    contests::{
        events as contest_events,
        status::{DECIDING_WINDOW_DAYS, DEFAULT_LENGTH_DAYS},
        store as contest_store,
    },
    entries::additional::{self, store as additional_store},
    error::{catalogue, AppError},
    projects::{lifecycle::raise_budget, store as project_store},
};

/// What an effect leaves to do after commit.
#[derive(Debug, Default)]
pub struct Effect {
    /// Outbox events to publish.
    pub events: Vec<EventFrame>,
    /// A deadline was set or moved: the timers must look again.
    pub wake_timers: bool,
}

/// Performs the effect of the paid `row`. A rule error means the thing paid for can
/// no longer happen (an admin started the contest meanwhile, say): the caller keeps
/// the payment recorded and notes it.
pub async fn apply(conn: &mut AnyConnection, row: &TransactionRow, now: i64) -> Result<Effect, AppError> {
    let purpose =
        Purpose::from_row(row).ok_or_else(|| anyhow::anyhow!("payment {} has no readable purpose", row.id))?;
    let gone = || AppError::conflict(catalogue::PAYMENT_NOT_DUE);
    match purpose {
        Purpose::ContestLaunch { contest_id } => {
            let contest = contest_store::find(&mut *conn, contest_id).await?.ok_or_else(gone)?;
            let days = match contest.contest_length_id {
                Some(id) => catalogue_store::find_length(&mut *conn, id).await?.map(|l| l.days),
                None => None,
            };
            let days = days.unwrap_or(DEFAULT_LENGTH_DAYS);
            if !contest_store::activate(conn, contest_id, now, days, DECIDING_WINDOW_DAYS).await? {
                return Err(gone());
            }
            // The coupon the launch was priced with counts one use, once: this runs for the
            // one report of the payment that marked it paid (`settle::paid`), and a
            // redemption is unique per payment besides.
            let details: serde_json::Value = serde_json::from_str(&row.details).unwrap_or_default();
            if let Ok(discount) = serde_json::from_value::<Discount>(details["coupon"].clone()) {
                let payment_ref = format!("transaction-{}", row.id);
                coupons::redeem(conn, &discount, row.app_user_id, Some(contest_id), &payment_ref, now).await?;
            }
            let started = contest_store::find(&mut *conn, contest_id).await?.ok_or_else(gone)?;
            let event = contest_events::status_changed(conn, &started, now).await?;
            Ok(Effect { events: vec![event], wake_timers: true })
        }
        Purpose::ContestUpgrade { contest_id, upgrade_ids } => {
            let contest = contest_store::find(&mut *conn, contest_id).await?.ok_or_else(gone)?;
            let offered = catalogue_store::upgrades(&mut *conn, contest.contest_type_id).await?;
            let bought: Vec<_> = offered.into_iter().filter(|u| upgrade_ids.contains(&u.id)).collect();
            contest_store::apply_upgrades(conn, contest_id, &bought, now).await?;
            Ok(Effect { events: vec![updated(conn, contest_id, now).await?], wake_timers: false })
        }
        Purpose::ContestExtend { contest_id, days } => {
            if !contest_store::extend(conn, contest_id, days, now).await? {
                return Err(gone());
            }
            Ok(Effect { events: vec![updated(conn, contest_id, now).await?], wake_timers: true })
        }
        Purpose::ContestPrize { contest_id, amount_cents } => {
            if !contest_store::raise_prize(conn, contest_id, amount_cents, now).await? {
                return Err(gone());
            }
            Ok(Effect { events: vec![updated(conn, contest_id, now).await?], wake_timers: false })
        }
        Purpose::AdditionalDesign { contest_id, entry_id } => {
            let purchase = additional_store::find_by_entry(conn, contest_id, entry_id).await?.ok_or_else(gone)?;
            let events = additional::paid(conn, &purchase, now).await?;
            Ok(Effect { events, wake_timers: false })
        }
        Purpose::BidApproval { project_id, bid_id } => {
            let project = project_store::find(&mut *conn, project_id).await?.ok_or_else(gone)?;
            let bid =
                bid_store::find(&mut *conn, bid_id).await?.filter(|b| b.project_id == project_id).ok_or_else(gone)?;
            let (_, events, ends_at) = approve_in(conn, &project, &bid, None, now).await?;
            Ok(Effect { events, wake_timers: ends_at.is_some() })
        }
        Purpose::BudgetIncrease { project_id, budget_cents } => {
            let project = project_store::find(&mut *conn, project_id).await?.ok_or_else(gone)?;
            // Two raises paid in either order: the budget only grows.
            let cents = budget_cents.max(project.budget_cents.unwrap_or(0));
            let (_, events) = raise_budget(conn, project_id, cents, None, now).await?;
            Ok(Effect { events, wake_timers: false })
        }
        Purpose::Cart { items, .. } => {
            let events = carts::paid(conn, row.app_user_id, &row.stripe_payment_intent_id, &items, now).await?;
            Ok(Effect { events, wake_timers: false })
        }
        Purpose::Subscription { subscription_id } => {
            // 409 subscription.active (got otherwise meanwhile) is a rule error: refunded.
            let events = subscriptions::activate(conn, subscription_id, &row.stripe_payment_intent_id, now).await?;
            Ok(Effect { events, wake_timers: false })
        }
        Purpose::MarketplacePurchase { entry_id } => {
            let events = crate::marketplace::purchase::paid(conn, entry_id, row.app_user_id, row.id, now).await?;
            Ok(Effect { events, wake_timers: false })
        }
    }
}

/// `contest.updated` for the contest as it is now.
async fn updated(conn: &mut AnyConnection, contest_id: i64, now: i64) -> Result<EventFrame, AppError> {
    let contest = contest_store::find(&mut *conn, contest_id)
        .await?
        .ok_or_else(|| AppError::not_found(catalogue::CONTEST_NOT_FOUND))?;
    Ok(contest_events::updated(conn, &contest, now).await?)
}
