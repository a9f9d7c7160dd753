//! What a payment pays for, as the payments area sees it: a [`Payable`] that some other
//! area sells. The payments area charges, stores, settles and refunds payments; what a
//! payment costs and what it does once paid belong to the area that sells the thing
//! (contests, additional entries, bids, projects, commerce, the marketplace). So the
//! payments area imports none of them: each area implements [`Payable`] in its own file
//! and registers its [`PayableKind`]s at start-up (`startup::register_payables`), as the
//! areas register their channel policies on the hub.
//!
//! Adding a payable thing touches only the selling area (and start-up's registration):
//! a type implementing [`Payable`], its [`PayableKind`] (how a stored payment is read
//! back), a [`super::intents::PayRoute`] per route that sells it, and its routes made
//! with the macros of [`super::routes`].

use std::sync::RwLock;

use futures::future::BoxFuture;

use super::{ledger::Split, quote::Quote, transactions::TransactionRow};
use crate::{
    accounts::CurrentUser,
    error::{codes, AppError},
    realtime::unit::Unit,
    state::AppState,
};

/// What an effect leaves to do after commit (its events are in the unit already).
#[derive(Debug, Default)]
pub struct Effect {
    /// A deadline was set or moved: the timers must look again.
    pub wake_timers: bool,
}

/// One thing a payment pays for, with its ids and arguments (a contest's extension by
/// so many days, a bid's approval...), implemented by the area that sells it.
pub trait Payable: Send + Sync + std::fmt::Debug {
    /// The stable name stored with the payment (its `purpose`): the [`PayableKind`]
    /// that reads it back.
    fn kind(&self) -> &'static str;

    /// Whether the stored payment `row`, of this same kind, pays for this same thing
    /// (its contest, project or subject): a retried create must not pay for another.
    fn same_as(&self, row: &TransactionRow) -> bool;

    /// Prices it for `caller`, checking the caller owns what is paid for and that it can
    /// be paid for now. The amount may be 0 ([`quote`] refuses that for a payment).
    fn price<'a>(&'a self, state: &'a AppState, caller: &'a CurrentUser) -> BoxFuture<'a, Result<Quote, AppError>>;

    /// Performs the effect of the paid `row` in the settling unit of work, appending its
    /// events there. A rule error means the thing paid for can no longer happen (an admin
    /// started the contest meanwhile, say): the caller rolls the effect back, keeps the
    /// payment recorded and refunds it.
    fn apply<'a>(
        &'a self,
        unit: &'a mut Unit,
        row: &'a TransactionRow,
        now: i64,
    ) -> BoxFuture<'a, Result<Effect, AppError>>;

    /// How the paid `row`'s amount is shared ([`Split`]): what is owed to a designer now,
    /// held for a piece of work until it is credited, tax; the platform's fee is the rest.
    /// Asked in the settling unit right after [`Payable::apply`] succeeded, so it may read
    /// what the effect made (the tips a cart became).
    fn split<'a>(&'a self, unit: &'a mut Unit, row: &'a TransactionRow) -> BoxFuture<'a, Result<Split, AppError>>;
}

/// A kind of payable thing, registered at start-up: how a stored payment of its name is
/// read back, and how invoices call it.
#[derive(Debug)]
pub struct PayableKind {
    /// The `purpose` stored with its payments ([`Payable::kind`]).
    pub name: &'static str,
    /// The line an invoice prints for one of its payments.
    pub invoice_label: &'static str,
    /// The payable a stored payment was made for; None when its row is unreadable.
    pub from_row: fn(&TransactionRow) -> Option<Box<dyn Payable>>,
}

/// The kinds registered: process-wide, as the settling paths (webhook, direct charge,
/// PayPal) find a stored payment's kind by name. Filled at start-up; a registration
/// repeated (every test application built in one process) replaces the same entry.
static KINDS: RwLock<Vec<&'static PayableKind>> = RwLock::new(Vec::new());

/// Registers `kinds` (start-up; `startup::register_payables`).
pub fn register(kinds: &[&'static PayableKind]) {
    let mut registered = KINDS.write().unwrap_or_else(|e| e.into_inner());
    for kind in kinds {
        registered.retain(|k| k.name != kind.name);
        registered.push(kind);
    }
}

/// The registered kind named `name`.
pub fn kind(name: &str) -> Option<&'static PayableKind> {
    KINDS.read().unwrap_or_else(|e| e.into_inner()).iter().find(|k| k.name == name).copied()
}

/// The names of every registered kind (start-up's check, tests).
pub fn names() -> Vec<&'static str> {
    KINDS.read().unwrap_or_else(|e| e.into_inner()).iter().map(|k| k.name).collect()
}

/// The payable the stored payment `row` was made for.
pub fn from_row(row: &TransactionRow) -> Option<Box<dyn Payable>> {
    (kind(&row.purpose)?.from_row)(row)
}

/// How an invoice names a payment made for `purpose`.
pub fn invoice_label(purpose: &str) -> &'static str {
    kind(purpose).map_or("Payment", |k| k.invoice_label)
}

/// Same payment as `row`? (A key reused for something else is refused.)
pub fn same_purpose(row: &TransactionRow, payable: &dyn Payable) -> bool {
    row.purpose == payable.kind() && from_row(row).is_some() && payable.same_as(row)
}

/// Prices `payable` for `caller`, as the quote endpoints answer it: the selling area's
/// one pricing function, each quote with at least one line.
pub async fn price(state: &AppState, caller: &CurrentUser, payable: &dyn Payable) -> Result<Quote, AppError> {
    Ok(payable.price(state, caller).await?.with_a_line())
}

/// Prices `payable` for `caller` to charge it: [`price`], refused with
/// `payment.not_due` when nothing is to pay (a card or PayPal cannot take $0: free
/// upgrades go through `POST /contests/{id}/upgrades/free`). Every payment route
/// (payment intents, direct charges, PayPal) charges exactly this amount.
pub async fn quote(state: &AppState, caller: &CurrentUser, payable: &dyn Payable) -> Result<Quote, AppError> {
    let quote = price(state, caller, payable).await?;
    if quote.amount_cents <= 0 {
        return Err(AppError::conflict(codes::PAYMENT_NOT_DUE));
    }
    Ok(quote)
}

/// Performs the effect of the paid `row` (see [`Payable::apply`]) and records the payment
/// in the ledger as its kind shares it ([`Payable::split`]).
pub async fn apply(unit: &mut Unit, row: &TransactionRow, now: i64) -> Result<Effect, AppError> {
    let payable = from_row(row).ok_or_else(|| anyhow::anyhow!("payment {} has no readable purpose", row.id))?;
    let effect = payable.apply(unit, row, now).await?;
    let split = payable.split(unit, row).await?;
    super::ledger::record_payment(unit, row, &split, now).await?;
    for designer_id in split.designers() {
        super::ledger::announce(unit, designer_id, now).await?;
    }
    Ok(effect)
}
