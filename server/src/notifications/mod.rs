//! Notifications: a row per thing a user should learn about, pushed live to their
//! `user:{id}` channel with the badge counters that changed.
//!
//! Areas call [`notify`] with the unit of work of the change that causes it: the
//! notification and its events are written in that unit and published when it commits.
//!
//! - [`badges`]: badge pushes, coalesced per user (a burst sends a few, not one each).
//! - [`kinds`]: the notification types 1-22.
//! - [`routes`]: the list, the unread counters, marking read, muted-type preferences.
//! - [`store`]: their SQL.
//! - [`texts`]: what each notification says, keyed for the clients' languages.

pub mod badges;
pub mod kinds;
pub mod routes;
pub mod store;
pub mod texts;

use serde::Serialize;
use serde_json::{json, Map, Value};
use sqlx::AnyConnection;
use tracing::instrument;
use utoipa::ToSchema;
use vitrine_protocol::{event_type, Channel};

use crate::realtime::unit::Unit;
pub use kinds::NotificationType;
pub use routes::router;

/// A notification to write.
#[derive(Debug, Clone)]
pub struct NewNotification {
    /// Who receives it.
    pub user_id: i64,
    pub kind: NotificationType,
    /// Who caused it, when a user did.
    pub created_by: Option<i64>,
    /// The entity that triggered it (comment, entry, message, ...).
    pub trigger_entity_id: Option<i64>,
    /// What it says (the row's `plain_content` in English; the key and values in `data.text`).
    pub text: Text,
    /// What the click target needs: contest_id, contest_entry_id, project_id, bid_id, id.
    pub data: Value,
}

/// What a notification says: a `key` that clients word in the reader's language with its
/// `values` (the web client's `notifications` catalogue, `texts.<key>`), and the server's own
/// English made from a template with the same values. The English is the row's
/// `plain_content`, which a client shows for a key it does not know (and for rows written
/// before keys existed); the key and values travel in the notification's `data` as
/// `"text": {"key": .., "values": {..}}`.
#[derive(Debug, Clone, PartialEq)]
pub struct Text {
    pub key: &'static str,
    pub values: Map<String, Value>,
    pub english: String,
}

impl Text {
    /// The template names values in braces: `"{username} submitted entry #{number} to {contest}"`.
    /// `values` may hold more than the template shows (a status id beside its English name).
    pub fn new(template: texts::Template, values: Value) -> Self {
        let values = match values {
            Value::Object(map) => map,
            _ => Map::new(),
        };
        let mut english = template.english.to_owned();
        for (name, value) in &values {
            let shown = match (name.as_str(), value) {
                // Money reads as the invoices and the web client write it ("1,250", "12.50"; the
                // template writes the "$"). The values stay numbers for clients to format.
                ("amount", Value::Number(dollars)) => money_figure(dollars.as_f64(), false),
                ("amount", Value::String(dollars)) => money_figure(dollars.parse().ok(), true),
                (_, Value::String(text)) => text.clone(),
                (_, other) => other.to_string(),
            };
            english = english.replace(&format!("{{{name}}}"), &shown);
        }
        Self { key: template.key, values, english }
    }

    /// `data` with this text under `"text"`.
    fn into_data(self, data: Value) -> Value {
        let mut data = match data {
            Value::Object(map) => map,
            _ => Map::new(),
        };
        data.insert("text".to_owned(), json!({"key": self.key, "values": self.values}));
        Value::Object(data)
    }
}

/// A money value of a template in dollars: a number is a price (bids, budgets), a string
/// an amount to the cent (tips, sent as "12.50").
fn money_figure(dollars: Option<f64>, exact: bool) -> String {
    match dollars {
        Some(dollars) if dollars.is_finite() => {
            crate::shared::money::figure(crate::shared::money::dollars_to_cents(dollars), exact)
        }
        _ => String::new(),
    }
}

/// The badge counters shown in the header.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub struct Badge {
    pub unread_notifications_count: i64,
    /// Unread notifications of new entries on the user's contests.
    pub new_entry_notification_count: i64,
    /// Direct messages to the user not read yet (and not deleted on their side).
    pub unread_messages_count: i64,
    /// Items in the user's tipping cart (the header's basket; see `commerce::carts`).
    pub cart_count: i64,
}

/// Writes the notification and its `notification.created` event, and has the badge
/// pushed ([`badges::changed`]: now, or coalesced with the rest of a burst).
///
/// A type the user muted is still written and announced (an open list shows it), but
/// pushes no `badge` event: the counters still count it, they are just not pushed for it.
#[instrument(skip_all, fields(user_id = n.user_id, kind = n.kind.id()))]
pub async fn notify(unit: &mut Unit, n: NewNotification, now_ms: i64) -> Result<(), sqlx::Error> {
    let plain_content = n.text.english.clone();
    let data = n.text.into_data(n.data);
    let stored = store::NewRow {
        user_id: n.user_id,
        type_id: n.kind.id(),
        created_by: n.created_by,
        trigger_entity_id: n.trigger_entity_id,
        plain_content: &plain_content,
        data: &data,
        contest_id: data_id(&data, "contest_id"),
        contest_entry_id: data_id(&data, "contest_entry_id"),
        project_id: data_id(&data, "project_id"),
    };
    let id = store::insert(unit, &stored, now_ms).await?;
    let view = json!({
        "id": id,
        "notification_type_id": n.kind.id(),
        "read_at": null,
        "created_at": now_ms,
        "created_by": n.created_by,
        "trigger_entity_id": n.trigger_entity_id,
        "plain_content": plain_content,
        "data": data,
    });
    unit.append(&Channel::User(n.user_id), event_type::NOTIFICATION_CREATED, view, now_ms).await?;
    if store::is_muted(unit, n.user_id, n.kind.id()).await? {
        return Ok(());
    }
    badges::changed(unit, n.user_id, now_ms).await
}

/// An id the click target needs, from `data`: a number or a numeric string.
fn data_id(data: &Value, key: &str) -> Option<i64> {
    match data.get(key)? {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// The user's badge counters as they are now.
pub async fn badge(conn: &mut AnyConnection, user_id: i64) -> Result<Badge, sqlx::Error> {
    let (unread, new_entries) = store::unread_counts(conn, user_id, NotificationType::NewEntry.id()).await?;
    let (unread_messages, cart_count) = store::other_counters(conn, user_id).await?;
    Ok(Badge {
        unread_notifications_count: unread,
        new_entry_notification_count: new_entries,
        unread_messages_count: unread_messages,
        cart_count,
    })
}

/// A `badge` event with counters the caller has just read.
pub(crate) async fn append_badge(
    unit: &mut Unit,
    user_id: i64,
    counters: Badge,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    let data = serde_json::to_value(counters).unwrap_or(Value::Null);
    unit.append(&Channel::User(user_id), event_type::BADGE, data, now_ms).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entity_ids_are_read_from_numbers_and_numeric_strings() {
        let data = json!({"contest_id": 7, "contest_entry_id": "12", "project_id": "x", "bid_id": null});
        assert_eq!(data_id(&data, "contest_id"), Some(7));
        assert_eq!(data_id(&data, "contest_entry_id"), Some(12));
        assert_eq!(data_id(&data, "project_id"), None);
        assert_eq!(data_id(&data, "bid_id"), None);
        assert_eq!(data_id(&json!("not an object"), "contest_id"), None);
    }

    #[test]
    fn a_text_words_its_english_from_the_template_and_travels_in_data_with_its_values() {
        let text = Text::new(texts::ENTRY_SUBMITTED, json!({"username": "dana", "number": 3, "contest": "Harbor"}));
        assert_eq!(text.english, "dana submitted entry #3 to Harbor");
        let data = text.into_data(json!({"contest_id": 7}));
        assert_eq!(
            data,
            json!({"contest_id": 7, "text": {"key": "entry.submitted", "values": {"username": "dana", "number": 3, "contest": "Harbor"}}})
        );
    }

    #[test]
    fn money_in_the_english_reads_as_the_invoices_write_it_and_the_values_stay_numbers() {
        let bid = Text::new(texts::BID_CREATED, json!({"username": "dana", "amount": 1250, "project": "Harbor"}));
        assert_eq!(bid.english, "dana bid $1,250 on Harbor");
        assert_eq!(bid.values["amount"], json!(1250));
        let budget = Text::new(texts::PROJECT_BUDGET_INCREASED, json!({"project": "Harbor", "amount": 449.1}));
        assert_eq!(budget.english, "The budget of Harbor was increased to $449.10");
        let tip = Text::new(
            texts::TIP_APPROVED,
            json!({"username": "dana", "amount": "1250.00", "number": 4, "contest": "Harbor"}),
        );
        assert_eq!(tip.english, "dana sent you a $1,250.00 tip for entry #4 in Harbor");
        assert_eq!(tip.values["amount"], json!("1250.00"));
    }
}
