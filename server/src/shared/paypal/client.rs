//! A thin typed client of PayPal's **Orders v2** REST API over `reqwest`: an OAuth2
//! client-credentials token (kept until shortly before it expires), create, show and
//! capture an order (intent CAPTURE), refund a capture (`/v2/payments/captures/{id}/refund`).
//!
//! Every write carries a `PayPal-Request-Id`, so a retried create, capture or refund is
//! answered PayPal's first reply and does nothing twice. PayPal's refusals arrive as
//! [`PayPalError`] with the error `name` and the first `details[].issue`
//! (`ORDER_NOT_APPROVED`, `INSTRUMENT_DECLINED`, `ORDER_ALREADY_CAPTURED`, ...), which
//! `payments::paypal::flow` maps to the server's stable error codes.
//!
//! Why no crate: the PayPal crates on crates.io are early releases (0.0.x/0.1 alphas);
//! four calls over the `reqwest` the server already has are simpler than adapting one.
//! (The v1 Payments API the server used before is deprecated by PayPal.)

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use serde_json::json;
use tokio::sync::Mutex;
use tracing::instrument;

/// A refusal or failure of PayPal's: the HTTP status, PayPal's error `name`
/// (`UNPROCESSABLE_ENTITY`, `RESOURCE_NOT_FOUND`, `INVALID_REQUEST`, ...) and the first
/// `details[].issue` (`ORDER_NOT_APPROVED`, ...; empty when PayPal gave none); status 0
/// when PayPal was not reached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayPalError {
    pub status: u16,
    pub name: String,
    pub issue: String,
    pub message: String,
}

impl std::fmt::Display for PayPalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PayPal {} {} {}: {}", self.status, self.name, self.issue, self.message)
    }
}

impl PayPalError {
    fn unreachable(err: impl std::fmt::Display) -> Self {
        Self { status: 0, name: "UNREACHABLE".into(), issue: String::new(), message: err.to_string() }
    }

    /// Whether PayPal named this issue (or, without details, this error name).
    pub fn is(&self, issue: &str) -> bool {
        self.issue == issue || (self.issue.is_empty() && self.name == issue)
    }
}

/// An amount as Orders v2 sends it: the currency and an exact decimal string ("12.50").
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, Eq)]
pub struct Money {
    pub currency_code: String,
    pub value: String,
}

impl Money {
    /// `cents` US dollars.
    pub fn usd(cents: i64) -> Self {
        Self { currency_code: "USD".into(), value: decimal(cents) }
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct Link {
    pub href: String,
    pub rel: String,
}

/// `purchase_units[0].payments.captures[]`: the money a capture took.
#[derive(Debug, Clone, Deserialize)]
pub struct Capture {
    pub id: String,
    /// COMPLETED, PENDING, DECLINED, REFUNDED, PARTIALLY_REFUNDED, FAILED.
    pub status: String,
    pub amount: Money,
}

#[derive(Debug, Clone, Default, Deserialize)]
pub struct Payments {
    #[serde(default)]
    pub captures: Vec<Capture>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct PurchaseUnit {
    /// Absent from a capture's answer (which repeats only the payments).
    pub amount: Option<Money>,
    #[serde(default)]
    pub custom_id: Option<String>,
    #[serde(default)]
    pub payments: Option<Payments>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Payer {
    pub payer_id: Option<String>,
}

/// An order: `POST /v2/checkout/orders`, `GET .../{id}` and `POST .../{id}/capture` all
/// answer one.
#[derive(Debug, Clone, Deserialize)]
pub struct Order {
    pub id: String,
    /// CREATED or PAYER_ACTION_REQUIRED (awaiting the payer), APPROVED, COMPLETED, VOIDED.
    pub status: String,
    #[serde(default)]
    pub purchase_units: Vec<PurchaseUnit>,
    pub payer: Option<Payer>,
    #[serde(default)]
    pub links: Vec<Link>,
}

impl Order {
    /// Where the payer approves the order: the `payer-action` link (an order created with
    /// `payment_source.paypal`), else the `approve` link.
    pub fn approval_url(&self) -> Option<&str> {
        let link = |rel: &str| self.links.iter().find(|l| l.rel == rel).map(|l| l.href.as_str());
        link("payer-action").or_else(|| link("approve"))
    }

    /// The amount of its (single) purchase unit.
    pub fn amount(&self) -> Option<&Money> {
        self.purchase_units.first()?.amount.as_ref()
    }

    /// The capture of its purchase unit, once captured.
    pub fn capture(&self) -> Option<&Capture> {
        self.purchase_units.first()?.payments.as_ref()?.captures.first()
    }

    /// The payer who approved it.
    pub fn payer_id(&self) -> Option<&str> {
        self.payer.as_ref()?.payer_id.as_deref()
    }
}

/// What a new order is.
#[derive(Debug, Clone)]
pub struct NewOrder<'a> {
    pub amount: Money,
    pub description: &'a str,
    /// Ours, shown to nobody: `vitrine:{transaction purpose}:{user id}`.
    pub custom_id: &'a str,
    /// The name the approval page shows for the merchant.
    pub brand_name: &'a str,
    pub return_url: &'a str,
    pub cancel_url: &'a str,
    /// `PayPal-Request-Id`: a retried create is the same order.
    pub request_id: &'a str,
}

/// `POST /v2/checkout/orders`'s body. No `invoice_id`: PayPal refuses one it saw on any
/// earlier order of the account (`DUPLICATE_INVOICE_ID`), which ids of ours cannot promise
/// across databases (a test database reset, a second deployment on one account).
#[derive(Debug, Serialize)]
struct CreateOrder<'a> {
    intent: &'static str,
    purchase_units: [NewUnit<'a>; 1],
    payment_source: PaymentSource<'a>,
}

#[derive(Debug, Serialize)]
struct NewUnit<'a> {
    reference_id: &'static str,
    amount: &'a Money,
    description: &'a str,
    custom_id: &'a str,
}

#[derive(Debug, Serialize)]
struct PaymentSource<'a> {
    paypal: PayPalSource<'a>,
}

#[derive(Debug, Serialize)]
struct PayPalSource<'a> {
    experience_context: ExperienceContext<'a>,
}

#[derive(Debug, Serialize)]
struct ExperienceContext<'a> {
    brand_name: &'a str,
    shipping_preference: &'static str,
    user_action: &'static str,
    return_url: &'a str,
    cancel_url: &'a str,
}

#[derive(Deserialize)]
struct TokenAnswer {
    access_token: String,
    expires_in: u64,
}

#[derive(Deserialize)]
struct ErrorDetail {
    #[serde(default)]
    issue: String,
    #[serde(default)]
    description: String,
}

#[derive(Deserialize)]
struct ErrorAnswer {
    #[serde(default)]
    name: String,
    #[serde(default)]
    message: String,
    #[serde(default)]
    details: Vec<ErrorDetail>,
    /// The OAuth endpoints' own shape (`invalid_client`, ...).
    #[serde(default)]
    error: String,
    #[serde(default)]
    error_description: String,
}

pub struct Client {
    http: reqwest::Client,
    base: String,
    client_id: String,
    secret: String,
    token: Mutex<Option<(String, Instant)>>,
}

/// `cents` as PayPal's decimal string: 1250 -> "12.50".
pub fn decimal(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let cents = cents.unsigned_abs();
    format!("{sign}{}.{:02}", cents / 100, cents % 100)
}

impl Client {
    pub fn new(base: &str, client_id: &str, secret: &str) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder().timeout(Duration::from_secs(30)).build()?;
        Ok(Self {
            http,
            base: base.trim_end_matches('/').to_owned(),
            client_id: client_id.to_owned(),
            secret: secret.to_owned(),
            token: Mutex::new(None),
        })
    }

    /// A valid access token, fetched again a minute before it expires.
    #[instrument(skip_all)]
    async fn access_token(&self) -> Result<String, PayPalError> {
        let mut held = self.token.lock().await;
        if let Some((token, until)) = held.as_ref() {
            if Instant::now() < *until {
                return Ok(token.clone());
            }
        }
        let response = self
            .http
            .post(format!("{}/v1/oauth2/token", self.base))
            .basic_auth(&self.client_id, Some(&self.secret))
            .form(&[("grant_type", "client_credentials")])
            .send()
            .await
            .map_err(PayPalError::unreachable)?;
        let answer: TokenAnswer = read(response).await?;
        let lifetime = Duration::from_secs(answer.expires_in.saturating_sub(60).max(1));
        *held = Some((answer.access_token.clone(), Instant::now() + lifetime));
        Ok(answer.access_token)
    }

    async fn call<T: for<'de> Deserialize<'de>>(
        &self,
        request: impl Fn(&reqwest::Client) -> reqwest::RequestBuilder,
    ) -> Result<T, PayPalError> {
        let token = self.access_token().await?;
        let response = request(&self.http).bearer_auth(&token).send().await.map_err(PayPalError::unreachable)?;
        if response.status() == reqwest::StatusCode::UNAUTHORIZED {
            // Revoked or expired early: one fresh token, one retry (the request id makes
            // a write retried this way one write).
            *self.token.lock().await = None;
            let token = self.access_token().await?;
            let response = request(&self.http).bearer_auth(&token).send().await.map_err(PayPalError::unreachable)?;
            return read(response).await;
        }
        read(response).await
    }

    /// `POST /v2/checkout/orders`: an order with intent CAPTURE awaiting the payer's
    /// approval at its `payer-action` link (`Prefer: return=representation`).
    #[instrument(skip_all)]
    pub async fn create_order(&self, new: &NewOrder<'_>) -> Result<Order, PayPalError> {
        let body = CreateOrder {
            intent: "CAPTURE",
            purchase_units: [NewUnit {
                reference_id: "default",
                amount: &new.amount,
                description: new.description,
                custom_id: new.custom_id,
            }],
            payment_source: PaymentSource {
                paypal: PayPalSource {
                    experience_context: ExperienceContext {
                        brand_name: new.brand_name,
                        shipping_preference: "NO_SHIPPING",
                        user_action: "PAY_NOW",
                        return_url: new.return_url,
                        cancel_url: new.cancel_url,
                    },
                },
            },
        };
        let url = format!("{}/v2/checkout/orders", self.base);
        self.call(|http| {
            http.post(&url)
                .header("PayPal-Request-Id", new.request_id)
                .header("Prefer", "return=representation")
                .json(&body)
        })
        .await
    }

    /// `GET /v2/checkout/orders/{id}`.
    #[instrument(skip_all, fields(order_id = %id))]
    pub async fn show_order(&self, id: &str) -> Result<Order, PayPalError> {
        let url = format!("{}/v2/checkout/orders/{}", self.base, encode(id));
        self.call(|http| http.get(&url)).await
    }

    /// `POST /v2/checkout/orders/{id}/capture`: takes the approved money. The request id
    /// is the order's own, so every capture of one order (a retry, a racing return) is
    /// PayPal's one capture, answered again.
    #[instrument(skip_all, fields(order_id = %id))]
    pub async fn capture_order(&self, id: &str) -> Result<Order, PayPalError> {
        let url = format!("{}/v2/checkout/orders/{}/capture", self.base, encode(id));
        let request_id = format!("capture-{id}");
        self.call(|http| {
            http.post(&url)
                .header("PayPal-Request-Id", &request_id)
                .header("Prefer", "return=representation")
                .json(&json!({}))
        })
        .await
    }

    /// `POST /v2/payments/captures/{id}/refund`: all of the capture back, once per capture.
    #[instrument(skip_all, fields(capture_id = %capture_id))]
    pub async fn refund_capture(&self, capture_id: &str) -> Result<(), PayPalError> {
        let url = format!("{}/v2/payments/captures/{}/refund", self.base, encode(capture_id));
        let request_id = format!("refund-{capture_id}");
        let _: serde_json::Value =
            self.call(|http| http.post(&url).header("PayPal-Request-Id", &request_id).json(&json!({}))).await?;
        Ok(())
    }

    /// `POST /v1/payments/payouts` (Payouts API): `amount` sent to the PayPal account of
    /// `receiver` (an e-mail), as a batch of one item named `sender_batch_id`. PayPal takes
    /// each `sender_batch_id` once, and the same `PayPal-Request-Id` answers the first reply
    /// again: a retried payout pays once.
    #[instrument(skip_all)]
    pub async fn create_payout(
        &self,
        sender_batch_id: &str,
        receiver: &str,
        amount: &Money,
        note: &str,
    ) -> Result<PayoutBatch, PayPalError> {
        let url = format!("{}/v1/payments/payouts", self.base);
        let body = json!({
            "sender_batch_header": {
                "sender_batch_id": sender_batch_id,
                "email_subject": "You have a payout from Vitrine",
                "email_message": note,
            },
            "items": [{
                "recipient_type": "EMAIL",
                "amount": {"value": amount.value, "currency": amount.currency_code},
                "receiver": receiver,
                "note": note,
                "sender_item_id": sender_batch_id,
            }],
        });
        self.call(|http| http.post(&url).header("PayPal-Request-Id", sender_batch_id).json(&body)).await
    }

    /// `POST /v2/payments/captures/{id}/refund` of `amount` of the capture (a part of it: one
    /// tip of a cart, say), once per `request_id`.
    #[instrument(skip_all, fields(capture_id = %capture_id))]
    pub async fn refund_capture_part(
        &self,
        capture_id: &str,
        amount: &Money,
        request_id: &str,
    ) -> Result<(), PayPalError> {
        let url = format!("{}/v2/payments/captures/{}/refund", self.base, encode(capture_id));
        let body = json!({"amount": amount});
        let _: serde_json::Value =
            self.call(|http| http.post(&url).header("PayPal-Request-Id", request_id).json(&body)).await?;
        Ok(())
    }
}

/// What `POST /v1/payments/payouts` answers of a batch.
#[derive(Debug, Clone, Deserialize)]
pub struct PayoutBatch {
    pub batch_header: PayoutBatchHeader,
}

#[derive(Debug, Clone, Deserialize)]
pub struct PayoutBatchHeader {
    pub payout_batch_id: String,
    /// PENDING, PROCESSING, SUCCESS, DENIED, CANCELED.
    pub batch_status: String,
}

/// An id as one path segment (PayPal's ids are letters, digits and dashes; anything
/// else a caller passes must not reach another path).
fn encode(id: &str) -> String {
    form_urlencoded::byte_serialize(id.as_bytes()).collect()
}

async fn read<T: for<'de> Deserialize<'de>>(response: reqwest::Response) -> Result<T, PayPalError> {
    let status = response.status().as_u16();
    let bytes = response.bytes().await.map_err(PayPalError::unreachable)?;
    if (200..300).contains(&status) {
        return serde_json::from_slice(&bytes).map_err(|err| PayPalError {
            status,
            name: "UNREADABLE".into(),
            issue: String::new(),
            message: err.to_string(),
        });
    }
    Err(error_of(status, &bytes))
}

/// PayPal's error body (`name`, `message`, `details[].issue`; or OAuth's `error`).
fn error_of(status: u16, bytes: &[u8]) -> PayPalError {
    let error: ErrorAnswer = serde_json::from_slice(bytes).unwrap_or(ErrorAnswer {
        name: String::new(),
        message: String::from_utf8_lossy(bytes).chars().take(200).collect(),
        details: Vec::new(),
        error: String::new(),
        error_description: String::new(),
    });
    let detail = error.details.into_iter().next();
    let name = if error.name.is_empty() { error.error } else { error.name };
    let message = match &detail {
        Some(d) if !d.description.is_empty() => d.description.clone(),
        _ if error.message.is_empty() => error.error_description,
        _ => error.message,
    };
    PayPalError { status, name, issue: detail.map(|d| d.issue).unwrap_or_default(), message }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cents_become_paypal_decimals() {
        assert_eq!(decimal(1250), "12.50");
        assert_eq!(decimal(29_900), "299.00");
        assert_eq!(decimal(5), "0.05");
        assert_eq!(decimal(-5), "-0.05");
    }

    #[test]
    fn paypal_errors_name_their_first_issue() {
        let body = br#"{"name":"UNPROCESSABLE_ENTITY","message":"The requested action could not be performed",
            "details":[{"issue":"ORDER_NOT_APPROVED","description":"Payer has not yet approved the Order for payment."}]}"#;
        let err = error_of(422, body);
        assert_eq!((err.name.as_str(), err.issue.as_str()), ("UNPROCESSABLE_ENTITY", "ORDER_NOT_APPROVED"));
        assert!(err.is("ORDER_NOT_APPROVED") && !err.is("UNPROCESSABLE_ENTITY"));
        assert_eq!(err.message, "Payer has not yet approved the Order for payment.");
        let oauth = error_of(401, br#"{"error":"invalid_client","error_description":"Client Authentication failed"}"#);
        assert_eq!((oauth.name.as_str(), oauth.message.as_str()), ("invalid_client", "Client Authentication failed"));
        assert!(oauth.is("invalid_client"));
        let garbage = error_of(502, b"<html>bad gateway</html>");
        assert_eq!((garbage.name.as_str(), garbage.message.as_str()), ("", "<html>bad gateway</html>"));
    }

    #[test]
    fn a_new_order_is_a_capture_with_a_payer_action_experience() {
        let body = CreateOrder {
            intent: "CAPTURE",
            purchase_units: [NewUnit {
                reference_id: "default",
                amount: &Money::usd(4_900),
                description: "Extension",
                custom_id: "vitrine:contest_extend:7",
            }],
            payment_source: PaymentSource {
                paypal: PayPalSource {
                    experience_context: ExperienceContext {
                        brand_name: "Vitrine",
                        shipping_preference: "NO_SHIPPING",
                        user_action: "PAY_NOW",
                        return_url: "https://v.example/back",
                        cancel_url: "https://v.example/back?cancelled=1",
                    },
                },
            },
        };
        let json = serde_json::to_value(&body).unwrap();
        assert_eq!(json["purchase_units"][0]["amount"], json!({"currency_code": "USD", "value": "49.00"}));
        assert_eq!(json["payment_source"]["paypal"]["experience_context"]["user_action"], "PAY_NOW");
        let order: Order = serde_json::from_value(json!({
            "id": "5O190127TN364715T", "status": "PAYER_ACTION_REQUIRED",
            "links": [{"href": "https://x/self", "rel": "self"}, {"href": "https://x/checkoutnow?token=5O1", "rel": "payer-action"}],
        }))
        .unwrap();
        assert_eq!(order.approval_url(), Some("https://x/checkoutnow?token=5O1"));
        assert!(order.capture().is_none() && order.amount().is_none());
    }
}
