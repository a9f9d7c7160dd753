//! The ledger: every cent in and out as a journal entry whose lines balance, recorded
//! once whatever is retried (each entry's key names what it records).
//!
//! Accounts: the **payer** (what a client paid, negative; what was given back, positive),
//! a **designer** (owed to them: credited work in, payouts out), money **held** for work
//! not yet credited (a prize until its contest is credited, a tip until it is approved,
//! a bid until its project completes), the platform's **fee**, **tax**, a **refund due**
//! (taken back from held or fee money, until the provider returns it) and **paid out**
//! (what left for a designer's bank or PayPal).
//!
//! - A settled payment: the payer's amount out, shared as its kind's [`Split`] says (the
//!   selling area declares it next to its price: `Payable::split`); the platform's fee is
//!   what the shares leave. A payment whose effect was refused goes whole to a refund due.
//! - Work credited (a contest credited, an additional design credited, a project
//!   completed, a tip approved): what was held for it moves to the designer ([`credit`]).
//! - A refund decided (a rejected tip): held money to a refund due ([`owe_refund`]); the
//!   money given back ([`record_refunded`], whoever reports it) leaves the refund due first,
//!   then the fee.
//! - A payout: the designer's account to paid out ([`pay_out`]).
//!
//! The payments area records lines and knows no purpose's rules: the selling areas say
//! what is held for which work and credit it when their step says so. Earnings, payouts,
//! invoices and the admin's totals read these lines, so they cannot disagree.

use serde::Serialize;
use serde_json::json;
use sqlx::AnyConnection;
use utoipa::ToSchema;
use vitrine_protocol::{event_type, Channel};

use super::{store::ledger as store, transactions::TransactionRow};
use crate::{error::AppError, realtime::unit::Unit};
pub use store::{Balance, LineRow, CREDITS};

/// The accounts a line moves money into (or out of).
pub mod account {
    pub const PAYER: &str = "payer";
    pub const DESIGNER: &str = "designer";
    pub const HELD: &str = "held";
    pub const FEE: &str = "fee";
    pub const TAX: &str = "tax";
    pub const REFUND_DUE: &str = "refund_due";
    pub const PAID_OUT: &str = "paid_out";
}

/// A piece of work a designer is (or will be) paid for: a payout's kind (`contest`, the
/// prize; `additional_entry`, `project`, `tip`, `free_award`, `sale`) and its source's id,
/// with what the screens call it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Work {
    pub kind: &'static str,
    pub id: i64,
    pub title: String,
    pub contest_id: Option<i64>,
    pub project_id: Option<i64>,
}

impl Work {
    /// The work of `kind` and `id`, called `title` on the screens.
    pub fn new(kind: &'static str, id: i64, title: &str) -> Self {
        Self { kind, id, title: title.to_owned(), contest_id: None, project_id: None }
    }

    /// Of contest `id`.
    pub fn in_contest(mut self, id: i64) -> Self {
        self.contest_id = Some(id);
        self
    }

    /// Of project `id`.
    pub fn in_project(mut self, id: i64) -> Self {
        self.project_id = Some(id);
        self
    }
}

/// Where a payment's money goes, as the area that sells it declares (beside its price).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Share {
    /// Owed to a known designer now (a marketplace sale).
    Designer {
        designer_id: i64,
        work: Work,
        cents: i64,
    },
    /// Held for a piece of work until it is credited.
    Held {
        work: Work,
        cents: i64,
    },
    Tax {
        cents: i64,
    },
}

/// How a payment's amount is shared: designers' parts, money held for work, tax; the
/// platform's fee is what they leave (negative when the platform adds to it: a coupon
/// that discounts a launch below its prize).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Split {
    shares: Vec<Share>,
}

impl Split {
    /// All of it is the platform's fee (an upgrade, an extension, a subscription).
    pub fn fee_only() -> Self {
        Self::default()
    }

    /// `cents` owed to `designer_id` for `work` as the payment settles.
    pub fn to_designer(mut self, designer_id: i64, work: Work, cents: i64) -> Self {
        self.shares.push(Share::Designer { designer_id, work, cents });
        self
    }

    /// `cents` held for `work` until it is credited.
    pub fn held_for(mut self, work: Work, cents: i64) -> Self {
        self.shares.push(Share::Held { work, cents });
        self
    }

    /// The designers owed a share of it now.
    pub fn designers(&self) -> Vec<i64> {
        self.shares
            .iter()
            .filter_map(|s| match s {
                Share::Designer { designer_id, .. } => Some(*designer_id),
                _ => None,
            })
            .collect()
    }

    /// `cents` of tax.
    pub fn tax(mut self, cents: i64) -> Self {
        self.shares.push(Share::Tax { cents });
        self
    }

    /// The lines of a payment of `amount_cents` by `payer_id`: the payer's, each share's,
    /// and the platform's fee, the rest; they sum to zero.
    fn lines(&self, payer_id: i64, amount_cents: i64) -> Vec<store::NewLine> {
        let mut lines = vec![line(account::PAYER, Some(payer_id), None, -amount_cents)];
        for share in &self.shares {
            lines.push(match share {
                Share::Designer { designer_id, work, cents } => {
                    line(account::DESIGNER, Some(*designer_id), Some(work), *cents)
                }
                Share::Held { work, cents } => line(account::HELD, None, Some(work), *cents),
                Share::Tax { cents } => line(account::TAX, None, None, *cents),
            });
        }
        let shared: i64 = lines.iter().skip(1).map(|l| l.amount_cents).sum();
        lines.push(line(account::FEE, None, None, amount_cents - shared));
        lines
    }
}

fn line(account: &'static str, party_id: Option<i64>, work: Option<&Work>, amount_cents: i64) -> store::NewLine {
    store::NewLine {
        account,
        party_id,
        work_kind: work.map(|w| w.kind.to_owned()),
        work_id: work.map(|w| w.id),
        title: work.map(|w| w.title.clone()),
        contest_id: work.and_then(|w| w.contest_id),
        project_id: work.and_then(|w| w.project_id),
        amount_cents,
    }
}

/// Records an entry, refusing (as a server error: a bug) lines that do not balance.
/// False when the key was recorded already.
async fn record(
    conn: &mut AnyConnection,
    key: &str,
    kind: &str,
    purpose: &str,
    payment_id: Option<i64>,
    lines: &[store::NewLine],
    now: i64,
) -> Result<bool, AppError> {
    let sum: i64 = lines.iter().map(|l| l.amount_cents).sum();
    if sum != 0 {
        return Err(anyhow::anyhow!("ledger entry {key} does not balance: {sum} cents").into());
    }
    let lines: Vec<store::NewLine> = lines.iter().filter(|l| l.amount_cents != 0).cloned().collect();
    Ok(store::insert_entry(conn, key, kind, purpose, payment_id, &lines, now).await?)
}

/// The settled payment `row`, shared as `split` declares.
pub async fn record_payment(
    conn: &mut AnyConnection,
    row: &TransactionRow,
    split: &Split,
    now: i64,
) -> Result<(), AppError> {
    let lines = split.lines(row.app_user_id, row.amount_cents);
    record(conn, &format!("payment:{}", row.id), "payment", &row.purpose, Some(row.id), &lines, now).await?;
    Ok(())
}

/// The settled payment `row`, of which the provider took `charged_cents`, whose effect
/// could not happen (or another amount than priced was taken): all of it due back.
pub async fn record_unapplied(
    conn: &mut AnyConnection,
    row: &TransactionRow,
    charged_cents: i64,
    now: i64,
) -> Result<(), AppError> {
    let lines = [
        line(account::PAYER, Some(row.app_user_id), None, -charged_cents),
        line(account::REFUND_DUE, None, None, charged_cents),
    ];
    record(conn, &format!("payment:{}", row.id), "payment", &row.purpose, Some(row.id), &lines, now).await?;
    Ok(())
}

/// `cents` held for `work` out of payment `payment_id` are to go back to its payer (a
/// rejected tip), once per work.
pub async fn owe_refund(
    conn: &mut AnyConnection,
    payment_id: i64,
    work: &Work,
    cents: i64,
    now: i64,
) -> Result<(), AppError> {
    let lines = [line(account::HELD, None, Some(work), -cents), line(account::REFUND_DUE, None, None, cents)];
    let key = format!("refund_due:{}:{}", work.kind, work.id);
    record(conn, &key, "refund_due", work.kind, Some(payment_id), &lines, now).await?;
    Ok(())
}

/// The provider gave `refunded_total` of payment `row` back in all (Stripe's
/// `charge.refunded`, a PayPal refund): what is new since the last report leaves the
/// payment's refund due first, then the platform's fee (a refund an admin made at the
/// provider), and reaches the payer.
pub async fn record_refunded(
    conn: &mut AnyConnection,
    row: &TransactionRow,
    refunded_total: i64,
    now: i64,
) -> Result<(), AppError> {
    let new = refunded_total - store::refunded_so_far(conn, row.id).await?;
    if new <= 0 {
        return Ok(());
    }
    let due = store::payment_balance(conn, row.id, account::REFUND_DUE).await?.clamp(0, new);
    let lines = [
        line(account::PAYER, Some(row.app_user_id), None, new),
        line(account::REFUND_DUE, None, None, -due),
        line(account::FEE, None, None, -(new - due)),
    ];
    let key = format!("refund:{}:{refunded_total}", row.id);
    record(conn, &key, "refund", &row.purpose, Some(row.id), &lines, now).await?;
    Ok(())
}

/// What payments of `purpose` hold for `work` now (a project's budget raises).
pub async fn held(conn: &mut AnyConnection, work: &Work, purpose: &str) -> Result<i64, AppError> {
    Ok(store::held_for(conn, work.kind, work.id, purpose).await?)
}

/// Who pays for credited work.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Funding {
    /// The money held for this work (what its buyer paid, held under the work named: a
    /// contest's prize for its winning entry; the platform covers any shortfall, as for a
    /// contest launched free).
    Held(Work),
    /// The platform (a subscriber's free award).
    Platform,
}

/// Tells designer `designer_id`'s open pages that what they are owed or were paid changed
/// (`earnings.updated` on their channel, published when `unit` commits).
pub async fn announce(unit: &mut Unit, designer_id: i64, now: i64) -> Result<(), AppError> {
    let data = json!({"designer_id": designer_id});
    unit.append(&Channel::User(designer_id), event_type::EARNINGS_UPDATED, data, now).await?;
    Ok(())
}

/// `work` is credited: `cents` owed to `designer_id`, once per work (the caller
/// [`announce`]s it).
pub async fn credit(
    conn: &mut AnyConnection,
    designer_id: i64,
    work: &Work,
    cents: i64,
    funding: Funding,
    now: i64,
) -> Result<(), AppError> {
    let from = match funding {
        Funding::Held(held) => line(account::HELD, None, Some(&held), -cents),
        Funding::Platform => line(account::FEE, None, None, -cents),
    };
    let lines = [from, line(account::DESIGNER, Some(designer_id), Some(work), cents)];
    record(conn, &format!("credit:{}:{}", work.kind, work.id), "credit", work.kind, None, &lines, now).await?;
    Ok(())
}

/// `cents` owed to `designer_id` for the work of `kind` and `work_id` were paid out, once.
pub async fn pay_out(
    conn: &mut AnyConnection,
    designer_id: i64,
    kind: &str,
    work_id: i64,
    cents: i64,
    now: i64,
) -> Result<(), AppError> {
    let mut paid = line(account::DESIGNER, Some(designer_id), None, -cents);
    paid.work_kind = Some(kind.to_owned());
    paid.work_id = Some(work_id);
    let mut out = line(account::PAID_OUT, Some(designer_id), None, cents);
    out.work_kind = Some(kind.to_owned());
    out.work_id = Some(work_id);
    record(conn, &format!("payout:{kind}:{work_id}"), "payout", kind, None, &[paid, out], now).await?;
    Ok(())
}

/// One line of a payment's split as its invoice and transactions show it.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq, Eq)]
pub struct SplitLine {
    /// designer, held, fee, tax, refund_due (payment entries), payer (a refund given back).
    pub account: String,
    /// The designer owed, for a designer's line.
    pub designer_id: Option<i64>,
    /// What a designer's or held line pays for (a payout's kind) and its source's id.
    pub work_kind: Option<String>,
    pub work_id: Option<i64>,
    pub title: Option<String>,
    pub amount_cents: i64,
}

/// How payment `payment_id` was shared (its payment entry's lines other than the
/// payer's) and what was given back of it (`refunded_cents`), as the ledger holds them.
pub async fn split_of(conn: &mut AnyConnection, payment_id: i64) -> Result<(Vec<SplitLine>, i64), AppError> {
    let lines = store::lines_of_payment(conn, payment_id).await?;
    let split = lines
        .iter()
        .filter(|l| l.entry_kind == "payment" && l.account != account::PAYER)
        .map(|l| SplitLine {
            account: l.account.clone(),
            designer_id: (l.account == account::DESIGNER).then_some(l.party_id).flatten(),
            work_kind: l.work_kind.clone(),
            work_id: l.work_id,
            title: l.title.clone(),
            amount_cents: l.amount_cents,
        })
        .collect();
    let refunded =
        lines.iter().filter(|l| l.entry_kind == "refund" && l.account == account::PAYER).map(|l| l.amount_cents).sum();
    Ok((split, refunded))
}

/// Every account's total, and how many entries there are and how many do not balance.
pub async fn books(conn: &mut AnyConnection) -> Result<(Vec<Balance>, i64, i64), AppError> {
    let balances = store::balances(conn).await?;
    let (entries, unbalanced) = store::entry_counts(conn).await?;
    Ok((balances, entries, unbalanced))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn work(kind: &'static str, id: i64) -> Work {
        Work { kind, id, title: "Logo".into(), contest_id: Some(1), project_id: None }
    }

    #[test]
    fn a_split_balances_and_the_fee_is_what_the_shares_leave() {
        let split = Split::fee_only().held_for(work("contest", 1), 20_000).tax(700);
        let lines = split.lines(5, 29_900);
        assert_eq!(lines.iter().map(|l| l.amount_cents).sum::<i64>(), 0);
        assert_eq!(lines[0].account, account::PAYER);
        assert_eq!(lines[0].amount_cents, -29_900);
        let fee = lines.iter().find(|l| l.account == account::FEE).unwrap();
        assert_eq!(fee.amount_cents, 29_900 - 20_000 - 700);
    }

    #[test]
    fn a_designer_share_names_the_designer_and_the_work() {
        let lines = Split::fee_only().to_designer(9, work("sale", 3), 9_900).lines(5, 9_900);
        let designer = lines.iter().find(|l| l.account == account::DESIGNER).unwrap();
        assert_eq!(designer.party_id, Some(9));
        assert_eq!(designer.work_kind.as_deref(), Some("sale"));
        assert_eq!(lines.iter().find(|l| l.account == account::FEE).unwrap().amount_cents, 0);
    }

    #[test]
    fn a_discount_below_the_prize_is_a_negative_fee_not_an_unbalanced_entry() {
        let lines = Split::fee_only().held_for(work("contest", 1), 20_000).lines(5, 15_000);
        assert_eq!(lines.iter().map(|l| l.amount_cents).sum::<i64>(), 0);
        assert_eq!(lines.iter().find(|l| l.account == account::FEE).unwrap().amount_cents, -5_000);
    }
}
