//! The event payments write to the outbox, inside the transaction of the change.

use vitrine_protocol::{event_type, Channel};

use super::transactions::{TransactionRow, TransactionView};
use crate::realtime::unit::Unit;

/// `payment.updated` on `user:{payer}`: the payment as `GET /transactions` shows it,
/// once it was paid, declined or refunded.
pub async fn updated(unit: &mut Unit, row: &TransactionRow, now_ms: i64) -> Result<(), sqlx::Error> {
    let data = serde_json::to_value(TransactionView::from(row.clone())).unwrap_or_default();
    unit.append(&Channel::User(row.app_user_id), event_type::PAYMENT_UPDATED, data, now_ms).await?;
    Ok(())
}
