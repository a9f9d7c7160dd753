//! What the local PayPal holds: its payments by id (and approval token), the access
//! tokens it issued and the replies of idempotent requests.

use std::{
    collections::{HashMap, HashSet},
    sync::Mutex,
};

use rand::{distributions::Alphanumeric, Rng};
use serde_json::{json, Value};

/// A payment of the v1 Payments API.
#[derive(Debug, Clone)]
pub struct Payment {
    pub id: String,
    /// The approval token (`EC-...`), in the approval URL and both redirects.
    pub token: String,
    /// `created` until executed, then `approved` (PayPal's word for a completed sale).
    pub state: &'static str,
    /// Decimal string, as PayPal sends amounts ("12.50").
    pub total: String,
    pub currency: String,
    pub description: String,
    pub custom: String,
    pub return_url: String,
    pub cancel_url: String,
    /// Set by the buyer's approval.
    pub payer_id: Option<String>,
    pub sale_id: Option<String>,
    pub refunded: bool,
    pub create_time: String,
}

#[derive(Debug, Default)]
struct Inner {
    payments: HashMap<String, Payment>,
    tokens: HashSet<String>,
    /// Replies by `PayPal-Request-Id`: (path, status, body).
    replies: HashMap<String, (String, u16, Value)>,
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

    pub fn reply(&self, key: &str) -> Option<(String, u16, Value)> {
        self.lock().replies.get(key).cloned()
    }

    pub fn remember(&self, key: String, path: String, status: u16, body: Value) {
        self.lock().replies.insert(key, (path, status, body));
    }

    #[allow(clippy::too_many_arguments)]
    pub fn create(
        &self,
        total: String,
        currency: String,
        description: String,
        custom: String,
        return_url: String,
        cancel_url: String,
    ) -> Payment {
        let payment = Payment {
            id: format!("PAYID-{}", random(24)),
            token: format!("EC-{}", random(17)),
            state: "created",
            total,
            currency,
            description,
            custom,
            return_url,
            cancel_url,
            payer_id: None,
            sale_id: None,
            refunded: false,
            create_time: now_iso(),
        };
        self.lock().payments.insert(payment.id.clone(), payment.clone());
        payment
    }

    pub fn get(&self, id: &str) -> Option<Payment> {
        self.lock().payments.get(id).cloned()
    }

    pub fn by_token(&self, token: &str) -> Option<Payment> {
        self.lock().payments.values().find(|p| p.token == token).cloned()
    }

    pub fn approve(&self, id: &str) -> Option<String> {
        let mut inner = self.lock();
        let payment = inner.payments.get_mut(id).filter(|p| p.state == "created")?;
        // Approving twice (a reload of the page) keeps the first payer.
        Some(payment.payer_id.get_or_insert_with(|| random(13)).clone())
    }

    /// Executes an approved payment for `payer_id`: Ok(the payment), or PayPal's error
    /// (status, name, message).
    pub fn execute(&self, id: &str, payer_id: &str) -> Result<Payment, (u16, &'static str, &'static str)> {
        let mut inner = self.lock();
        let Some(payment) = inner.payments.get_mut(id) else {
            return Err((404, "INVALID_RESOURCE_ID", "Requested resource ID was not found."));
        };
        if payment.state != "created" {
            return Err((400, "PAYMENT_ALREADY_DONE", "Payment has been done already for this cart."));
        }
        match payment.payer_id.as_deref() {
            None => Err((400, "PAYMENT_NOT_APPROVED_FOR_EXECUTION", "Payer has not approved payment")),
            Some(approved) if approved != payer_id => Err((400, "INVALID_PAYER_ID", "Payer ID is invalid")),
            Some(_) => {
                payment.state = "approved";
                payment.sale_id = Some(random(17));
                Ok(payment.clone())
            }
        }
    }

    /// Refunds a completed sale once: Ok(the refunded payment), or PayPal's error.
    pub fn refund(&self, sale_id: &str) -> Result<Payment, (u16, &'static str, &'static str)> {
        let mut inner = self.lock();
        let Some(payment) = inner.payments.values_mut().find(|p| p.sale_id.as_deref() == Some(sale_id)) else {
            return Err((404, "INVALID_RESOURCE_ID", "Requested resource ID was not found."));
        };
        if payment.refunded {
            return Err((400, "TRANSACTION_ALREADY_REFUNDED", "Requested transaction is already fully refunded."));
        }
        payment.refunded = true;
        Ok(payment.clone())
    }

    pub fn set_total(&self, id: &str, total: &str) -> bool {
        match self.lock().payments.get_mut(id) {
            Some(payment) => {
                payment.total = total.to_owned();
                true
            }
            None => false,
        }
    }

    pub fn count(&self) -> usize {
        self.lock().payments.len()
    }

    pub fn sales(&self) -> usize {
        self.lock().payments.values().filter(|p| p.sale_id.is_some()).count()
    }

    pub fn payment_json(&self, id: &str) -> Option<Value> {
        self.get(id).map(|p| self.json(&p))
    }

    /// The payment as PayPal's API answers it.
    pub fn json(&self, p: &Payment) -> Value {
        let amount = json!({"total": p.total, "currency": p.currency});
        let related = match &p.sale_id {
            Some(sale) => json!([{"sale": {
                "id": sale,
                "state": if p.refunded { "refunded" } else { "completed" },
                "amount": amount,
                "parent_payment": p.id,
                "create_time": p.create_time,
            }}]),
            None => json!([]),
        };
        let mut payer = json!({"payment_method": "paypal"});
        if let Some(payer_id) = &p.payer_id {
            payer["status"] = json!("VERIFIED");
            payer["payer_info"] = json!({
                "payer_id": payer_id,
                "email": "buyer@example.com",
                "first_name": "Test",
                "last_name": "Buyer",
            });
        }
        let base = &self.base;
        json!({
            "id": p.id,
            "intent": "sale",
            "state": p.state,
            "cart": p.token,
            "payer": payer,
            "transactions": [{
                "amount": amount,
                "description": p.description,
                "custom": p.custom,
                "related_resources": related,
            }],
            "redirect_urls": {"return_url": p.return_url, "cancel_url": p.cancel_url},
            "create_time": p.create_time,
            "links": [
                {"href": format!("{base}/v1/payments/payment/{}", p.id), "rel": "self", "method": "GET"},
                {"href": format!("{base}/checkoutnow?token={}", p.token), "rel": "approval_url", "method": "REDIRECT"},
                {"href": format!("{base}/v1/payments/payment/{}/execute", p.id), "rel": "execute", "method": "POST"},
            ],
        })
    }
}
