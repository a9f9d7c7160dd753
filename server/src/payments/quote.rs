//! What a payment costs, as every payable thing answers it ([`Quote`]) and every screen
//! shows it before paying ([`PriceLine`]): amounts in integer US cents, computed on the
//! server from database prices, never taken from the client. The areas that sell build
//! quotes (`Payable::price`); this module holds only the shape they share, so the
//! payments area needs none of them to store, charge or invoice one.

use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

/// Payment reason ids (contests doc, section 9): what the money is for. The payment
/// table's own vocabulary, shared by the areas that sell (several sell "additional
/// payments"); each area keeps its trigger ids, which name what it sells.
pub mod reason {
    /// A contest's launch funds the prize its winner is paid.
    pub const WON_CONTEST: i64 = 7;
    pub const ADDITIONAL_ENTRY: i64 = 8;
    /// Upgrades, extensions, prize and budget raises, subscriptions.
    pub const ADDITIONAL_PAYMENT: i64 = 9;
    /// Money an admin recorded as received outside Vitrine.
    pub const MANUAL: i64 = 12;
    /// An approved bid funds the project its designer won.
    pub const WON_PROJECT: i64 = 21;
    /// The cart's tips.
    pub const TIP: i64 = 17;
}

/// One priced line, in cents.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct PriceLine {
    /// `package`, `upgrade`, `length` or `coupon` (negative amounts).
    pub kind: &'static str,
    pub id: i64,
    pub name: String,
    /// The catalogue price (for a coupon: minus the discount).
    pub list_cents: i64,
    /// What this line adds to the total.
    pub amount_cents: i64,
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
    /// One line for the whole amount (purposes with a single thing to pay for).
    pub fn single_line(mut self, kind: &'static str, id: i64, name: &str) -> Self {
        self.lines = vec![PriceLine {
            kind,
            id,
            name: name.to_owned(),
            list_cents: self.amount_cents,
            amount_cents: self.amount_cents,
        }];
        self
    }

    /// A quote without lines gets one line for its whole amount, named as the invoice does.
    pub(super) fn with_a_line(self) -> Self {
        match self.lines.is_empty() {
            true => {
                let line = PriceLine {
                    kind: "payment",
                    id: self.subject_id.or(self.project_id).unwrap_or(0),
                    name: self.description.clone(),
                    list_cents: self.amount_cents,
                    amount_cents: self.amount_cents,
                };
                Quote { lines: vec![line], ..self }
            }
            false => self,
        }
    }
}
