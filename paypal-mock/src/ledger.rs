//! What the local PayPal holds: its orders by id, the access tokens it issued and the
//! replies of idempotent requests (by `PayPal-Request-Id`).

use std::{
    collections::{HashMap, HashSet},
    sync::Mutex,
};

use rand::{distributions::Alphanumeric, Rng};
use serde_json::{json, Value};

/// An order's status, as PayPal's Orders v2 API spells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Created without a `payment_source` (the `approve` link).
    Created,
    /// Created with `payment_source.paypal.experience_context`: the payer must act at the
    /// `payer-action` link.
    PayerActionRequired,
    /// The payer approved it: it can be captured.
    Approved,
    /// Captured: the money is taken (the capture may be refunded later).
    Completed,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Created => "CREATED",
            Status::PayerActionRequired => "PAYER_ACTION_REQUIRED",
            Status::Approved => "APPROVED",
            Status::Completed => "COMPLETED",
        }
    }

    /// Whether the payer may still approve it (again, after a declined instrument).
    pub fn approvable(self) -> bool {
        self != Status::Completed
    }
}

/// An order of the Orders v2 API, with intent CAPTURE and one purchase unit.
#[derive(Debug, Clone)]
pub struct Order {
    /// 17 upper-case letters and digits; also the approval page's `token`.
    pub id: String,
    pub status: Status,
    /// What its creator asked for (amount, texts, the approval page's settings).
    pub placed: NewOrder,
    /// Set by the buyer's approval.
    pub payer_id: Option<String>,
    /// The instrument the payer approved with is declined at capture.
    pub declines: bool,
    pub capture_id: Option<String>,
    /// The latest refund of its capture, and how much of it is refunded in all (cents).
    pub refund_id: Option<String>,
    pub refunded_cents: i64,
    pub create_time: String,
    pub update_time: String,
}

/// A refusal of PayPal's: (HTTP status, error `name`, `details[0].issue`, description).
pub type Refusal = (u16, &'static str, &'static str, &'static str);

pub const NOT_FOUND: Refusal = (
    404,
    "RESOURCE_NOT_FOUND",
    "INVALID_RESOURCE_ID",
    "Specified resource ID does not exist. Please check the resource ID and try again.",
);
pub const NOT_APPROVED: Refusal = (
    422,
    "UNPROCESSABLE_ENTITY",
    "ORDER_NOT_APPROVED",
    "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'payer-action' url returned as part of the HATEOAS links within the Create Order call.",
);
pub const ALREADY_CAPTURED: Refusal = (
    422,
    "UNPROCESSABLE_ENTITY",
    "ORDER_ALREADY_CAPTURED",
    "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
);
pub const DECLINED: Refusal = (
    422,
    "UNPROCESSABLE_ENTITY",
    "INSTRUMENT_DECLINED",
    "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
);
pub const REFUND_EXCEEDED: Refusal = (
    422,
    "UNPROCESSABLE_ENTITY",
    "REFUND_AMOUNT_EXCEEDED",
    "The refund amount must be less than or equal to the capture amount that has not yet been refunded.",
);
pub const FULLY_REFUNDED: Refusal =
    (422, "UNPROCESSABLE_ENTITY", "CAPTURE_FULLY_REFUNDED", "The capture has already been fully refunded.");

#[derive(Debug, Default)]
struct Inner {
    orders: HashMap<String, Order>,
    tokens: HashSet<String>,
    /// Successful replies by (operation, `PayPal-Request-Id`): (status, body).
    replies: HashMap<(String, String), (u16, Value)>,
    /// Payout batches sent (Payouts API), oldest first.
    payouts: Vec<crate::payouts::Payout>,
}

pub struct Ledger {
    /// This server's own base, for the links it answers.
    pub base: String,
    inner: Mutex<Inner>,
}

/// Random upper-case letters and digits, as PayPal's ids are.
pub fn random(len: usize) -> String {
    rand::thread_rng().sample_iter(&Alphanumeric).take(len).map(|b| (b as char).to_ascii_uppercase()).collect()
}

fn now_iso() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    // Days since the epoch to a civil date (Howard Hinnant's algorithm), no date crate.
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z", rem / 3600, rem / 60 % 60, rem % 60)
}

/// What a new order is (`POST /v2/checkout/orders`, already checked).
#[derive(Debug, Clone, Default)]
pub struct NewOrder {
    /// `purchase_units[0].amount`: `currency_code` and `value`, a decimal string ("12.50").
    pub currency: String,
    pub value: String,
    pub reference_id: String,
    pub description: String,
    pub custom_id: String,
    pub invoice_id: String,
    /// From `payment_source.paypal.experience_context` (or the older `application_context`).
    pub return_url: String,
    pub cancel_url: String,
    pub brand_name: String,
    /// `PAY_NOW` or `CONTINUE`: the page's button says 'Pay Now' or 'Continue'.
    pub user_action: String,
    /// Whether it was created with `payment_source.paypal` (the `payer-action` link).
    pub payment_source: bool,
}

impl Ledger {
    pub fn new(base: String) -> Self {
        Self { base, inner: Mutex::new(Inner::default()) }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panic while holding the lock leaves plain data behind: keep serving it.
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn issue_token(&self) -> String {
        let token = format!("A21AA{}", random(40));
        self.lock().tokens.insert(token.clone());
        token
    }

    pub fn token_valid(&self, token: &str) -> bool {
        self.lock().tokens.contains(token)
    }

    /// Creates an order: (201, the order as PayPal answers it). A `PayPal-Request-Id` seen
    /// before answers the first reply again and creates nothing.
    pub fn create(&self, new: NewOrder, key: Option<&str>) -> (u16, Value) {
        let mut inner = self.lock();
        if let Some(reply) = key.and_then(|k| inner.replies.get(&("create".to_owned(), k.to_owned()))) {
            return reply.clone();
        }
        let now = now_iso();
        let order = Order {
            id: random(17),
            status: if new.payment_source { Status::PayerActionRequired } else { Status::Created },
            placed: new,
            payer_id: None,
            declines: false,
            capture_id: None,
            refund_id: None,
            refunded_cents: 0,
            create_time: now.clone(),
            update_time: now,
        };
        let answer = (201, self.json(&order));
        inner.orders.insert(order.id.clone(), order);
        if let Some(k) = key {
            inner.replies.insert(("create".to_owned(), k.to_owned()), answer.clone());
        }
        answer
    }

    pub fn get(&self, id: &str) -> Option<Order> {
        self.lock().orders.get(id).cloned()
    }

    /// The buyer approves the order (again, after a decline: the new choice replaces the
    /// old). `declines`: with an instrument that is declined at capture. Answers the payer
    /// id, or None for an unknown or captured order.
    pub fn approve(&self, id: &str, declines: bool) -> Option<String> {
        let mut inner = self.lock();
        let order = inner.orders.get_mut(id).filter(|o| o.status.approvable())?;
        order.status = Status::Approved;
        order.declines = declines;
        order.update_time = now_iso();
        // Approving twice (a reload of the page) keeps the first payer.
        Some(order.payer_id.get_or_insert_with(|| random(13)).clone())
    }

    /// Captures an approved order: (201, the order as the capture answers it), or PayPal's
    /// refusal. A `PayPal-Request-Id` whose capture succeeded answers that reply again
    /// (refusals are not kept: after a declined instrument and a new approval, the same
    /// request id captures). `forced`: a refusal asked for with `PayPal-Mock-Response`
    /// (PayPal's sandbox negative testing).
    pub fn capture(&self, id: &str, key: Option<&str>, forced: Option<Refusal>) -> Result<(u16, Value), Refusal> {
        let mut inner = self.lock();
        let op = format!("capture:{id}");
        if let Some(reply) = key.and_then(|k| inner.replies.get(&(op.clone(), k.to_owned()))) {
            return Ok(reply.clone());
        }
        let order = inner.orders.get_mut(id).ok_or(NOT_FOUND)?;
        match order.status {
            Status::Completed => return Err(ALREADY_CAPTURED),
            Status::Created | Status::PayerActionRequired => return Err(NOT_APPROVED),
            Status::Approved => {}
        }
        if let Some(refusal) = forced {
            return Err(refusal);
        }
        if order.declines {
            return Err(DECLINED);
        }
        order.status = Status::Completed;
        order.capture_id = Some(random(17));
        order.update_time = now_iso();
        let order = order.clone();
        let answer = (201, self.json(&order));
        if let Some(k) = key {
            inner.replies.insert((op, k.to_owned()), answer.clone());
        }
        Ok(answer)
    }

    /// Refunds a completed capture, `cents` of it (what is left of it when None), until it
    /// is refunded whole: (201, the refund). A `PayPal-Request-Id` whose refund succeeded
    /// answers that reply again.
    pub fn refund(&self, capture_id: &str, key: Option<&str>, cents: Option<i64>) -> Result<(u16, Value), Refusal> {
        let mut inner = self.lock();
        let op = format!("refund:{capture_id}");
        if let Some(reply) = key.and_then(|k| inner.replies.get(&(op.clone(), k.to_owned()))) {
            return Ok(reply.clone());
        }
        let order = inner.orders.values_mut().find(|o| o.capture_id.as_deref() == Some(capture_id)).ok_or(NOT_FOUND)?;
        let left = Self::cents(order) - order.refunded_cents;
        if left <= 0 {
            return Err(FULLY_REFUNDED);
        }
        let cents = cents.unwrap_or(left);
        if cents <= 0 || cents > left {
            return Err(REFUND_EXCEEDED);
        }
        let refund = random(17);
        order.refund_id = Some(refund.clone());
        order.refunded_cents += cents;
        order.update_time = now_iso();
        let base = &self.base;
        let answer = (
            201,
            json!({
                "id": refund,
                "status": "COMPLETED",
                "amount": {"currency_code": order.placed.currency, "value": format!("{}.{:02}", cents / 100, cents % 100)},
                "invoice_id": order.placed.invoice_id,
                "custom_id": order.placed.custom_id,
                "create_time": order.update_time,
                "update_time": order.update_time,
                "links": [
                    {"href": format!("{base}/v2/payments/refunds/{refund}"), "rel": "self", "method": "GET"},
                    {"href": format!("{base}/v2/payments/captures/{capture_id}"), "rel": "up", "method": "GET"},
                ],
            }),
        );
        if let Some(k) = key {
            inner.replies.insert((op, k.to_owned()), answer.clone());
        }
        Ok(answer)
    }

    /// The order's amount in cents (its value is an exact decimal string such as "37.00").
    fn cents(order: &Order) -> i64 {
        let (whole, fraction) = order.placed.value.split_once('.').unwrap_or((&order.placed.value, "0"));
        let fraction = format!("{fraction:0<2}");
        whole.parse::<i64>().unwrap_or(0) * 100 + fraction[..2].parse::<i64>().unwrap_or(0)
    }

    /// How much of the order's capture was refunded, in cents.
    pub fn refunded_cents(&self, order_id: &str) -> i64 {
        self.lock().orders.get(order_id).map_or(0, |o| o.refunded_cents)
    }

    /// Runs `op` once per `key` of `operation` (its successful reply kept and answered again
    /// for the same key), with the payout batches held.
    pub(crate) fn once(
        &self,
        operation: &str,
        key: Option<&str>,
        op: impl FnOnce(&mut Vec<crate::payouts::Payout>) -> Result<(u16, Value), Refusal>,
    ) -> Result<(u16, Value), Refusal> {
        let mut inner = self.lock();
        let slot = key.map(|k| (operation.to_owned(), k.to_owned()));
        if let Some(reply) = slot.as_ref().and_then(|s| inner.replies.get(s)) {
            return Ok(reply.clone());
        }
        let answer = op(&mut inner.payouts)?;
        if let Some(slot) = slot {
            inner.replies.insert(slot, answer.clone());
        }
        Ok(answer)
    }

    /// The payout batch `id`, as `GET /v1/payments/payouts/{id}` answers it.
    pub fn payout(&self, id: &str) -> Option<Value> {
        let inner = self.lock();
        inner.payouts.iter().find(|p| p.batch_id == id).map(|p| crate::payouts::batch_json(&self.base, p))
    }

    /// The payout batches sent: (receiver, cents), oldest first.
    pub fn payouts(&self) -> Vec<(String, i64)> {
        self.lock().payouts.iter().map(|p| (p.receiver.clone(), p.cents)).collect()
    }

    /// Changes an order's amount as PayPal holds it (as a `PATCH` would).
    pub fn set_value(&self, id: &str, value: &str) -> bool {
        match self.lock().orders.get_mut(id) {
            Some(order) => {
                order.placed.value = value.to_owned();
                true
            }
            None => false,
        }
    }

    pub fn count(&self) -> usize {
        self.lock().orders.len()
    }

    pub fn captures(&self) -> usize {
        self.lock().orders.values().filter(|o| o.capture_id.is_some()).count()
    }

    pub fn refunds(&self) -> usize {
        self.lock().orders.values().filter(|o| o.refund_id.is_some()).count()
    }

    pub fn order_json(&self, id: &str) -> Option<Value> {
        self.get(id).map(|o| self.json(&o))
    }

    /// Where the payer approves the order.
    pub fn approval_url(&self, order: &Order) -> String {
        format!("{}/checkoutnow?token={}", self.base, order.id)
    }

    fn amount(order: &Order) -> Value {
        json!({"currency_code": order.placed.currency, "value": order.placed.value})
    }

    /// The order's capture, as `purchase_units[0].payments.captures[0]` shows it.
    pub fn capture_json(&self, order: &Order) -> Option<Value> {
        let capture = order.capture_id.as_ref()?;
        let base = &self.base;
        let mut links = vec![
            json!({"href": format!("{base}/v2/payments/captures/{capture}"), "rel": "self", "method": "GET"}),
            json!({"href": format!("{base}/v2/checkout/orders/{}", order.id), "rel": "up", "method": "GET"}),
        ];
        let whole = order.refunded_cents >= Self::cents(order);
        if !whole {
            links.push(json!({
                "href": format!("{base}/v2/payments/captures/{capture}/refund"), "rel": "refund", "method": "POST",
            }));
        }
        Some(json!({
            "id": capture,
            "status": match (whole, order.refunded_cents > 0) {
                (true, _) => "REFUNDED",
                (false, true) => "PARTIALLY_REFUNDED",
                (false, false) => "COMPLETED",
            },
            "amount": Self::amount(order),
            "final_capture": true,
            "seller_protection": {"status": "ELIGIBLE", "dispute_categories": ["ITEM_NOT_RECEIVED", "UNAUTHORIZED_TRANSACTION"]},
            "custom_id": order.placed.custom_id,
            "invoice_id": order.placed.invoice_id,
            "create_time": order.update_time,
            "update_time": order.update_time,
            "links": links,
        }))
    }

    fn payer(order: &Order) -> Option<Value> {
        order.payer_id.as_ref().map(|payer_id| {
            json!({
                "payer_id": payer_id,
                "email_address": "buyer@example.com",
                "name": {"given_name": "Test", "surname": "Buyer"},
                "address": {"country_code": "US"},
            })
        })
    }

    /// The order as `GET /v2/checkout/orders/{id}` answers it.
    pub fn json(&self, o: &Order) -> Value {
        let base = &self.base;
        let mut unit = json!({
            "reference_id": o.placed.reference_id,
            "amount": Self::amount(o),
            "payee": {"email_address": "merchant@example.com", "merchant_id": "VITRINEMERCHANT"},
            "description": o.placed.description,
            "custom_id": o.placed.custom_id,
            "invoice_id": o.placed.invoice_id,
        });
        if let Some(capture) = self.capture_json(o) {
            unit["payments"] = json!({"captures": [capture]});
        }
        let mut links =
            vec![json!({"href": format!("{base}/v2/checkout/orders/{}", o.id), "rel": "self", "method": "GET"})];
        match o.status {
            Status::PayerActionRequired => {
                links.push(json!({"href": self.approval_url(o), "rel": "payer-action", "method": "GET"}));
            }
            Status::Created => {
                links.push(json!({"href": self.approval_url(o), "rel": "approve", "method": "GET"}));
                links.push(
                    json!({"href": format!("{base}/v2/checkout/orders/{}", o.id), "rel": "update", "method": "PATCH"}),
                );
            }
            Status::Approved => {
                links.push(json!({"href": format!("{base}/v2/checkout/orders/{}/capture", o.id), "rel": "capture", "method": "POST"}));
            }
            Status::Completed => {}
        }
        let mut order = json!({
            "id": o.id,
            "intent": "CAPTURE",
            "status": o.status.as_str(),
            "purchase_units": [unit],
            "create_time": o.create_time,
            "update_time": o.update_time,
            "links": links,
        });
        if o.placed.payment_source {
            let mut paypal = json!({});
            if let Some(payer) = Self::payer(o) {
                paypal = json!({
                    "email_address": payer["email_address"],
                    "account_id": payer["payer_id"],
                    "account_status": "VERIFIED",
                    "name": payer["name"],
                    "address": payer["address"],
                });
            }
            order["payment_source"] = json!({"paypal": paypal});
        }
        if let Some(payer) = Self::payer(o) {
            order["payer"] = payer;
        }
        order
    }
}
