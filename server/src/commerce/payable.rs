//! What the commerce area sells through the payments area ([`Payable`]): the client's
//! tipping cart, taxed for the payment form's place (its priced items kept in the
//! payment's `details`, so settling turns exactly those into tips), and a pending
//! subscription of the payer's. Priced here by the same functions the cart and the
//! subscription routes show; applied here once paid. Their routes are in
//! [`super::payment_routes`]; start-up registers [`KINDS`].

use futures::future::BoxFuture;
use serde::Deserialize;
use serde_json::{json, Value};

use super::{
    cart_routes::client_only,
    carts::{self, PricedItem},
    subscriptions, tips,
};
use crate::{
    accounts::CurrentUser,
    api::loose_id,
    error::{codes, AppError},
    payments::{
        intents::{filed_under, IntentPath, IntentRequest, PayRoute},
        ledger::Split,
        payable::{Effect, Payable, PayableKind},
        quote::{reason, Quote},
        transactions::TransactionRow,
    },
    realtime::unit::Unit,
    state::AppState,
};

/// The payer's tipping cart, taxed for the payment form's place: `country_id` is
/// required, `state_id` when the country has states (`carts::taxed_state`). `items` are
/// what the payment priced, read back from the stored payment (empty when asked for
/// through a route: pricing prices the cart as it is).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cart {
    pub country_id: Option<i64>,
    pub state_id: Option<i64>,
    pub items: Vec<PricedItem>,
}

/// A pending subscription of the payer's (`POST /subscriptions/purchase`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subscription {
    pub subscription_id: i64,
}

/// How stored payments of the commerce area are read back (start-up registers them).
pub const KINDS: [&PayableKind; 2] = [
    &PayableKind { name: "cart", invoice_label: "Payment", from_row: cart_of_row },
    &PayableKind { name: "subscription", invoice_label: "Payment", from_row: subscription_of_row },
];

fn cart_of_row(row: &TransactionRow) -> Option<Box<dyn Payable>> {
    let details: Value = serde_json::from_str(&row.details).unwrap_or(Value::Null);
    Some(Box::new(Cart {
        country_id: details["country_id"].as_i64(),
        state_id: details["state_id"].as_i64(),
        items: serde_json::from_value(details["items"].clone()).ok()?,
    }))
}

fn subscription_of_row(row: &TransactionRow) -> Option<Box<dyn Payable>> {
    Some(Box::new(Subscription { subscription_id: row.subject_id? }))
}

impl Payable for Cart {
    fn kind(&self) -> &'static str {
        "cart"
    }

    /// The key is the caller's own (found by payer): one cart each.
    fn same_as(&self, _row: &TransactionRow) -> bool {
        true
    }

    fn price<'a>(&'a self, state: &'a AppState, caller: &'a CurrentUser) -> BoxFuture<'a, Result<Quote, AppError>> {
        Box::pin(async move {
            client_only(caller)?;
            let mut conn = state.db.pool.acquire().await?;
            let taxed = carts::taxed_state(&mut conn, self.country_id, self.state_id).await?;
            let total = carts::payable(&mut conn, caller.id(), taxed).await?;
            // Free awards only cost nothing: they are sent with `POST /carts/free-awards`.
            if total.payable_cents == 0 {
                return Err(AppError::conflict(codes::PAYMENT_NOT_DUE));
            }
            Ok(Quote {
                amount_cents: total.payable_cents,
                description: format!("Tips: {} cart items, tax included", total.items.len()),
                trigger_id: carts::TIP_TRIGGER,
                reason_id: reason::TIP,
                contest_id: None,
                project_id: None,
                subject_id: None,
                // Settling makes tips of exactly these items at these prices.
                details: json!({"items": total.items, "country_id": self.country_id, "state_id": total.state_id,
                    "tax_cents": total.tax_cents}),
                lines: Vec::new(),
            })
        })
    }

    fn apply<'a>(
        &'a self,
        unit: &'a mut Unit,
        row: &'a TransactionRow,
        now: i64,
    ) -> BoxFuture<'a, Result<Effect, AppError>> {
        Box::pin(async move {
            carts::paid(unit, row.app_user_id, &row.stripe_payment_intent_id, &self.items, now).await?;
            Ok(Effect { wake_timers: false })
        })
    }

    /// Each tip the cart became is held for its designer until an admin approves it (a
    /// rejected one goes back to the client); the tax is tax; the platform keeps nothing.
    fn split<'a>(&'a self, unit: &'a mut Unit, row: &'a TransactionRow) -> BoxFuture<'a, Result<Split, AppError>> {
        Box::pin(async move {
            let details: Value = serde_json::from_str(&row.details).unwrap_or(Value::Null);
            let mut split = Split::fee_only().tax(details["tax_cents"].as_i64().unwrap_or(0));
            for tip in tips::of_payment(unit, &row.stripe_payment_intent_id).await? {
                split = split.held_for(tips::work(&tip), tip.amount_cents);
            }
            Ok(split)
        })
    }
}

impl Payable for Subscription {
    fn kind(&self) -> &'static str {
        "subscription"
    }

    fn same_as(&self, row: &TransactionRow) -> bool {
        row.subject_id == Some(self.subscription_id)
    }

    fn price<'a>(&'a self, state: &'a AppState, caller: &'a CurrentUser) -> BoxFuture<'a, Result<Quote, AppError>> {
        Box::pin(async move {
            let mut conn = state.db.pool.acquire().await?;
            let subscription = subscriptions::find(&mut conn, self.subscription_id)
                .await?
                .ok_or_else(|| AppError::not_found(codes::SUBSCRIPTION_NOT_FOUND))?;
            if subscription.app_user_id != caller.id() {
                return Err(AppError::forbidden(codes::PAYMENT_FORBIDDEN));
            }
            match subscription.status_id {
                subscriptions::PENDING => {}
                subscriptions::ACTIVE => return Err(AppError::conflict(codes::SUBSCRIPTION_ACTIVE)),
                _ => return Err(AppError::conflict(codes::PAYMENT_NOT_DUE)),
            }
            let amount_cents = subscriptions::price_cents(subscription.trigger_id)
                .ok_or_else(|| AppError::conflict(codes::PAYMENT_NOT_DUE))?;
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
        })
    }

    fn apply<'a>(
        &'a self,
        unit: &'a mut Unit,
        row: &'a TransactionRow,
        now: i64,
    ) -> BoxFuture<'a, Result<Effect, AppError>> {
        Box::pin(async move {
            // 409 subscription.active (got otherwise meanwhile) is a rule error: refunded.
            subscriptions::activate(unit, self.subscription_id, &row.stripe_payment_intent_id, now).await?;
            Ok(Effect { wake_timers: false })
        })
    }

    /// All the platform's.
    fn split<'a>(&'a self, _unit: &'a mut Unit, _row: &'a TransactionRow) -> BoxFuture<'a, Result<Split, AppError>> {
        Box::pin(async { Ok(Split::fee_only()) })
    }
}

/// The cart's routes (`/carts/payments/...`): no id, the payer's own cart.
#[derive(Debug, Clone, Copy)]
pub struct CartRoute;

/// A cart payment's body beside its key ([`super::payment_routes::CartIntentCreate`]).
#[derive(Debug, Deserialize)]
struct CartFields {
    /// The payment form's country.
    #[serde(default, deserialize_with = "loose_id")]
    country_id: Option<i64>,
    /// The state whose sales tax applies; required when the country has states.
    #[serde(default, deserialize_with = "loose_id")]
    state_id: Option<i64>,
    /// A direct charge's: the cart item ids the payer saw.
    #[serde(default)]
    items: Vec<i64>,
}

impl PayRoute for CartRoute {
    fn payable(&self, _path: &IntentPath, req: &IntentRequest) -> Result<Box<dyn Payable>, AppError> {
        let CartFields { country_id, state_id, .. } = req.fields()?;
        Ok(Box::new(Cart { country_id, state_id, items: Vec::new() }))
    }

    /// The cart's routes name no id: the payer's own cart (checked by the caller).
    fn of_route(&self, row: &TransactionRow, _path: &IntentPath) -> bool {
        row.purpose == "cart"
    }

    fn paypal_route(&self, _path: &IntentPath) -> String {
        "/carts/payments/paypal".to_owned()
    }

    /// The cart's payable items are the ones the payer saw (when the body names them), so
    /// an item added in another tab is not paid unseen.
    fn check_seen(&self, req: &IntentRequest, quote: &Quote) -> Result<(), AppError> {
        let CartFields { items: mut seen, .. } = req.fields()?;
        if seen.is_empty() {
            return Ok(());
        }
        let mut priced: Vec<i64> =
            quote.details["items"].as_array().into_iter().flatten().filter_map(|i| i["id"].as_i64()).collect();
        priced.sort_unstable();
        seen.sort_unstable();
        seen.dedup();
        match priced == seen {
            true => Ok(()),
            false => Err(AppError::conflict(codes::CART_CHANGED)),
        }
    }
}

/// A subscription's routes: `/subscriptions/{id}/...`.
#[derive(Debug, Clone, Copy)]
pub struct SubscriptionRoute;

impl PayRoute for SubscriptionRoute {
    fn payable(&self, path: &IntentPath, _req: &IntentRequest) -> Result<Box<dyn Payable>, AppError> {
        Ok(Box::new(Subscription { subscription_id: path.id }))
    }

    fn of_route(&self, row: &TransactionRow, path: &IntentPath) -> bool {
        filed_under(row, "subscription", row.subject_id, path, None)
    }

    fn paypal_route(&self, path: &IntentPath) -> String {
        format!("/subscriptions/{}/payments/paypal", path.id)
    }
}
