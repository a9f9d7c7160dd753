//! Direct card charges (contests doc, section 7: `POST .../payments/stripe` beside the
//! intent flow; projects doc: `POST /carts/payments/stripe`): one call that pays for an
//! additional design, upgrades, an extension or the tipping cart with a saved card.
//!
//! The purpose is priced exactly as its payment intent is ([`quote`]), a payment intent
//! is made and recorded ([`intents::new_intent`]) and confirmed at once with the card,
//! the payer not present. When Stripe answers it paid, the payment is settled here
//! through [`settle::paid`], the path Stripe's webhook and PayPal's execute take: the
//! same effect, the same hub events. The webhook of the same intent then finds it
//! settled (the conditional mark lets exactly one of the two go on to the effect).
//!
//! A declined card is 402 `payment.card_declined` (the webhook records the failure).
//! A card whose bank asks for the payer's authentication is answered open, with its
//! client secret: the browser confirms it with Stripe.js and the webhook settles it.
//! An idempotency key (body or `Idempotency-Key`) is optional, as the specification's
//! body carries none: with one, a retried call answers the same payment and never
//! charges twice.

use axum::{http::HeaderMap, http::StatusCode, Json};
use serde::Deserialize;
use std::time::Duration;

use stripe_core::{PaymentIntent, PaymentIntentStatus};
use tracing::instrument;
use utoipa::ToSchema;

use super::{
    cards::owned_card,
    intents::{self, idempotency_key, IntentPath, IntentRequest, IntentView, PayRoute},
    payable::{quote, same_purpose},
    settle,
    transactions::{self, TransactionRow},
};
use crate::{
    accounts::CurrentUser,
    api::{loose_id, Data},
    error::{codes, AppError},
    state::AppState,
};

/// The body of a direct charge: the saved card, the idempotency key, and the fields of
/// the purpose, which the selling area reads. Each route documents its own body over
/// this one.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ChargeRequest {
    /// The caller's saved card to charge (required).
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(required = true, value_type = i64)]
    pub customer_card_id: Option<i64>,
    /// Required (or the `Idempotency-Key` header): a retried call is the same payment
    /// (never a second charge). Not blank, at most 255 characters.
    #[schema(value_type = Option<String>, pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: Option<String>,
    /// Everything else the body holds, as sent.
    #[serde(flatten)]
    #[schema(ignore)]
    pub fields: serde_json::Map<String, serde_json::Value>,
}

impl ChargeRequest {
    fn intent(&self) -> IntentRequest {
        IntentRequest { idempotency_key: self.idempotency_key.clone(), fields: self.fields.clone() }
    }
}

/// Prices, charges and (when Stripe answers paid) settles the payment of `route`.
#[instrument(skip_all, fields(user_id = caller.id(), route = ?route, id = path.id))]
pub async fn charge(
    state: &AppState,
    caller: &CurrentUser,
    route: &dyn PayRoute,
    path: &IntentPath,
    headers: &HeaderMap,
    req: ChargeRequest,
) -> Result<(StatusCode, Json<Data<IntentView>>), AppError> {
    let card_id = req.customer_card_id.ok_or_else(|| AppError::field("customer_card_id", codes::REQUIRED))?;
    let mut intent_req = req.intent();
    if intent_req.idempotency_key.is_none() && !headers.contains_key("idempotency-key") {
        intent_req.idempotency_key = Some(format!("charge-{}", crate::accounts::secrets::new_secret()));
    }
    let key = idempotency_key(headers, &intent_req)?;
    let purpose = route.payable(path, &intent_req)?;
    if let Some(existing) = transactions::find_by_key(&state.db.pool, caller.id(), &key).await? {
        // A retry answers the payment as it stands: charged once, whatever the retries.
        if !same_purpose(&existing, &*purpose) || existing.provider != "stripe" {
            return Err(AppError::conflict(codes::IDEMPOTENCY_KEY_REUSED));
        }
        // One still being charged by a racing request is answered as that charge leaves it.
        let existing = match existing.status_id == transactions::UNPAID {
            true => charged_by_another(state, existing).await?,
            false => existing,
        };
        return Ok((StatusCode::CREATED, Json(Data::new(intents::view(state, existing)))));
    }
    // Priced first: the payer's right to pay is answered before anything of the card.
    let quote = quote(state, caller, &*purpose).await?;
    route.check_quote(path, &quote)?;
    route.check_seen(&intent_req, &quote)?;
    let card = owned_card(state, caller, card_id).await?;
    let recorded = intents::new_intent(state, caller, &*purpose, &quote, &key).await?;
    let row = recorded.row;
    if !recorded.fresh {
        // A racing request with the same key recorded this payment first and charges it:
        // this one answers the same payment, as that charge leaves it.
        return Ok((StatusCode::CREATED, Json(Data::new(intents::view(state, charged_by_another(state, row).await?)))));
    }
    {
        let mut conn = state.db.pool.acquire().await?;
        transactions::set_card(&mut conn, row.id, card.id, state.now_ms()).await?;
    }
    let intent = state.stripe.confirm_intent(&row.stripe_payment_intent_id, &card.stripe_id).await?;
    if intent.status == PaymentIntentStatus::Succeeded {
        settle_succeeded(state, &row, &intent).await?;
    }
    let row = transactions::find(&state.db.pool, row.id).await?.ok_or_else(|| anyhow::anyhow!("payment vanished"))?;
    tracing::info!(transaction_id = row.id, state = %row.state, "direct card charge");
    Ok((StatusCode::CREATED, Json(Data::new(intents::view(state, row)))))
}

/// Settles `row`, whose intent Stripe answered succeeded, unless the webhook did first
/// (the conditional mark lets exactly one of the two go on to the effect); refunds it
/// when what it paid for can no longer happen.
async fn settle_succeeded(state: &AppState, row: &TransactionRow, intent: &PaymentIntent) -> Result<(), AppError> {
    let row = transactions::find(&state.db.pool, row.id).await?.ok_or_else(|| anyhow::anyhow!("payment vanished"))?;
    let now = state.now_ms();
    let charged = if intent.amount_received > 0 { intent.amount_received } else { intent.amount };
    let mut tx = state.realtime.begin().await?;
    let refund = match settle::paid(&mut tx, &row, charged, now).await? {
        Some(settled) => settle::commit(state, tx, settled).await?,
        None => {
            tx.commit().await?;
            false
        }
    };
    if refund {
        // After commit: Stripe's `charge.refunded` comes back to the webhook.
        if let Err(err) = state.stripe.refund(&row.stripe_payment_intent_id).await {
            tracing::error!(error = %err, "could not refund a charge whose effect was refused");
        }
    }
    Ok(())
}

/// How often, and how long apart, a racing request looks at the payment another request
/// is charging: about ten seconds in all, far beyond a card's confirmation.
const RACING_LOOKS: u32 = 100;
const RACING_WAIT: Duration = Duration::from_millis(100);

/// The payment `row` as the racing request that recorded it leaves it: paid (settled here
/// too should this request see Stripe's answer first), declined (402, as that request
/// answers), or open when the card asks for the payer's authentication.
async fn charged_by_another(state: &AppState, row: TransactionRow) -> Result<TransactionRow, AppError> {
    for _ in 0..RACING_LOOKS {
        let now =
            transactions::find(&state.db.pool, row.id).await?.ok_or_else(|| anyhow::anyhow!("payment vanished"))?;
        if now.status_id != transactions::UNPAID {
            return Ok(now);
        }
        let intent = state.stripe.retrieve_intent(&now.stripe_payment_intent_id).await?;
        match intent.status {
            PaymentIntentStatus::Succeeded => {
                settle_succeeded(state, &now, &intent).await?;
                break;
            }
            PaymentIntentStatus::RequiresAction => return Ok(now),
            PaymentIntentStatus::RequiresPaymentMethod if intent.last_payment_error.is_some() => {
                let message = intent.last_payment_error.and_then(|e| e.message);
                return Err(AppError::Rule {
                    status: StatusCode::PAYMENT_REQUIRED,
                    code: codes::CARD_DECLINED,
                    message: message.map(Into::into),
                });
            }
            _ => tokio::time::sleep(RACING_WAIT).await,
        }
    }
    Ok(transactions::find(&state.db.pool, row.id).await?.ok_or_else(|| anyhow::anyhow!("payment vanished"))?)
}
