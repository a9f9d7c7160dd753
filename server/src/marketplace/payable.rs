//! Full rights to an entry for sale, as the payments area sells them ([`Payable`]): priced
//! and applied by [`super::purchase`]. Two routes sell it: the marketplace's own
//! (`/marketplace-contest-entries/{id}/...`, the entry in the path) and the contest's
//! (`/contests/{id}/purchase-design/...`, the entry in the body, which must be one of
//! that contest's). Their routes are in [`super::payment_routes`]; start-up registers
//! [`KIND`].

use futures::future::BoxFuture;
use serde::Deserialize;

use super::purchase;
use crate::{
    accounts::CurrentUser,
    api::loose_id,
    error::{codes, AppError},
    payments::{
        intents::{filed_under, required, IntentPath, IntentRequest, PayRoute},
        ledger::{Split, Work},
        payable::{Effect, Payable, PayableKind},
        quote::Quote,
        transactions::TransactionRow,
    },
    realtime::unit::Unit,
    state::AppState,
};

/// Full rights to an entry for sale in the marketplace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarketplacePurchase {
    pub entry_id: i64,
}

/// How stored purchases are read back. A contest's invoice lists them as plain payments.
pub const KIND: &PayableKind =
    &PayableKind { name: "marketplace_purchase", invoice_label: "Payment", from_row: of_row };

fn of_row(row: &TransactionRow) -> Option<Box<dyn Payable>> {
    Some(Box::new(MarketplacePurchase { entry_id: row.subject_id? }))
}

impl Payable for MarketplacePurchase {
    fn kind(&self) -> &'static str {
        "marketplace_purchase"
    }

    fn same_as(&self, row: &TransactionRow) -> bool {
        row.subject_id == Some(self.entry_id)
    }

    fn price<'a>(&'a self, state: &'a AppState, caller: &'a CurrentUser) -> BoxFuture<'a, Result<Quote, AppError>> {
        Box::pin(purchase::quote(state, caller, self.entry_id))
    }

    fn apply<'a>(
        &'a self,
        unit: &'a mut Unit,
        row: &'a TransactionRow,
        now: i64,
    ) -> BoxFuture<'a, Result<Effect, AppError>> {
        Box::pin(async move {
            purchase::paid(unit, self.entry_id, row.app_user_id, row.id, now).await?;
            Ok(Effect { wake_timers: false })
        })
    }

    /// The sale price is the designer's, owed at once (docs/spec-decisions.md: the
    /// marketplace takes no commission; the listing's price is what the designer asked).
    fn split<'a>(&'a self, unit: &'a mut Unit, row: &'a TransactionRow) -> BoxFuture<'a, Result<Split, AppError>> {
        Box::pin(async move {
            let listing =
                super::store::find(unit, self.entry_id).await?.ok_or_else(|| anyhow::anyhow!("listing vanished"))?;
            let work = Work::new("sale", listing.contest_entry_id, &listing.title).in_contest(listing.contest_id);
            Ok(Split::fee_only().to_designer(listing.app_user_id, work, row.amount_cents))
        })
    }
}

/// The routes that sell a purchase.
#[derive(Debug, Clone, Copy)]
pub enum PurchaseRoute {
    /// `/marketplace-contest-entries/{id}/...`: the entry is the path's.
    Marketplace,
    /// `/contests/{id}/purchase-design/...`: the entry is in the body, and must be one of
    /// the path's contest.
    ContestDesign,
}

/// A purchase's body under the contest beside its key
/// ([`super::payment_routes::PurchaseDesignIntentCreate`]).
#[derive(Debug, Deserialize)]
struct PurchaseFields {
    /// The contest's entry whose full rights are bought.
    #[serde(default, deserialize_with = "loose_id")]
    entry_id: Option<i64>,
}

impl PayRoute for PurchaseRoute {
    fn payable(&self, path: &IntentPath, req: &IntentRequest) -> Result<Box<dyn Payable>, AppError> {
        let entry_id = match self {
            Self::Marketplace => path.id,
            Self::ContestDesign => req.fields::<PurchaseFields>()?.entry_id.ok_or_else(|| required("entry_id"))?,
        };
        Ok(Box::new(MarketplacePurchase { entry_id }))
    }

    fn of_route(&self, row: &TransactionRow, path: &IntentPath) -> bool {
        match self {
            Self::Marketplace => filed_under(row, "marketplace_purchase", row.subject_id, path, None),
            Self::ContestDesign => filed_under(row, "marketplace_purchase", row.contest_id, path, None),
        }
    }

    fn paypal_route(&self, path: &IntentPath) -> String {
        match self {
            Self::Marketplace => format!("/marketplace-contest-entries/{}/payments/paypal", path.id),
            // The specification names no PayPal path under the contest: the marketplace's serves.
            Self::ContestDesign => "/marketplace-contest-entries/payments/paypal".to_owned(),
        }
    }

    /// The entry bought under `/contests/{id}/purchase-design` must be one of that
    /// contest's (404 otherwise).
    fn check_quote(&self, path: &IntentPath, quote: &Quote) -> Result<(), AppError> {
        match self {
            Self::ContestDesign if quote.contest_id != Some(path.id) => {
                Err(AppError::not_found(codes::ENTRY_NOT_FOUND))
            }
            _ => Ok(()),
        }
    }

    /// The entry bought is the payment's: an update may only re-price it.
    fn complete_update(&self, req: &mut IntentRequest, row: &TransactionRow) {
        let (Self::ContestDesign, Some(bought)) = (self, row.subject_id) else { return };
        // A field of the wrong type is left for `payable` to refuse.
        if matches!(req.fields::<PurchaseFields>(), Ok(PurchaseFields { entry_id: None })) {
            req.fields.insert("entry_id".to_owned(), bought.into());
        }
    }
}
