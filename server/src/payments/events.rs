//! The event payments write to the outbox, inside the transaction of the change.

use sqlx::AnyConnection;
use vitrine_protocol::{event_type, Channel, EventFrame};

use super::transactions::{TransactionRow, TransactionView};
use crate::realtime::outbox;

/// `payment.updated` on `user:{payer}`: the payment as `GET /transactions` shows it,
/// once it was paid, declined or refunded.
pub async fn updated(conn: &mut AnyConnection, row: &TransactionRow, now_ms: i64) -> Result<EventFrame, sqlx::Error> {
    let data = serde_json::to_value(TransactionView::from(row.clone())).unwrap_or_default();
    outbox::append(conn, &Channel::User(row.app_user_id), event_type::PAYMENT_UPDATED, data, now_ms).await
}
