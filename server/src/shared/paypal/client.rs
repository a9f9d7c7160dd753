//! A thin typed client of PayPal's v1 Payments REST API over `reqwest`: an OAuth2
//! client-credentials token (kept until shortly before it expires), create, show and
//! execute a payment, refund a sale.
//!
//! Why v1 Payments and not v2 Orders: the specification's flow is v1's own
//! (`approval_url`, an `execute` return with `paymentId` and `PayerID`); v2 returns a
//! `token` and is captured rather than executed. Why no crate: the PayPal crates on
//! crates.io cover v2 Orders only and are early releases (0.0.x/0.1 alphas); four
//! calls over the `reqwest` the server already has are simpler than adapting one.

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use serde_json::json;
use tokio::sync::Mutex;
use tracing::instrument;

/// A refusal or failure of PayPal's: the HTTP status and PayPal's error `name`
/// (`INVALID_PAYER_ID`, `PAYMENT_ALREADY_DONE`, ...); status 0 when PayPal was not reached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayPalError {
    pub status: u16,
    pub name: String,
    pub message: String,
}

impl std::fmt::Display for PayPalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PayPal {} {}: {}", self.status, self.name, self.message)
    }
}

impl PayPalError {
    fn unreachable(err: impl std::fmt::Display) -> Self {
        Self { status: 0, name: "UNREACHABLE".into(), message: err.to_string() }
    }
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, Eq)]
pub struct Amount {
    /// A decimal string, as PayPal sends it ("12.50").
    pub total: String,
    pub currency: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Sale {
    pub id: String,
    /// completed, pending, refunded...
    pub state: String,
    pub amount: Amount,
}

#[derive(Debug, Clone, Deserialize)]
pub struct RelatedResource {
    pub sale: Option<Sale>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Transaction {
    pub amount: Amount,
    #[serde(default)]
    pub related_resources: Vec<RelatedResource>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Link {
    pub href: String,
    pub rel: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Payment {
    pub id: String,
    /// created (awaiting approval and execute), approved (executed), failed.
    pub state: String,
    #[serde(default)]
    pub transactions: Vec<Transaction>,
    #[serde(default)]
    pub links: Vec<Link>,
}

impl Payment {
    /// Where the payer approves the payment.
    pub fn approval_url(&self) -> Option<&str> {
        self.links.iter().find(|l| l.rel == "approval_url").map(|l| l.href.as_str())
    }

    /// The amount of its (single) transaction.
    pub fn amount(&self) -> Option<&Amount> {
        self.transactions.first().map(|t| &t.amount)
    }

    /// The sale an execute made.
    pub fn sale(&self) -> Option<&Sale> {
        self.transactions.first()?.related_resources.iter().find_map(|r| r.sale.as_ref())
    }
}

/// What a new payment is.
#[derive(Debug, Clone)]
pub struct NewPayment<'a> {
    pub amount: Amount,
    pub description: &'a str,
    /// Ours, shown to nobody: `vitrine:{transaction purpose}:{user id}`.
    pub custom: &'a str,
    pub return_url: &'a str,
    pub cancel_url: &'a str,
    /// `PayPal-Request-Id`: a retried create is the same payment.
    pub request_id: &'a str,
}

#[derive(Deserialize)]
struct TokenAnswer {
    access_token: String,
    expires_in: u64,
}

#[derive(Deserialize)]
struct ErrorAnswer {
    #[serde(default)]
    name: String,
    #[serde(default)]
    message: String,
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
    format!("{}.{:02}", cents / 100, cents % 100)
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
            // Revoked or expired early: one fresh token, one retry.
            *self.token.lock().await = None;
            let token = self.access_token().await?;
            let response = request(&self.http).bearer_auth(&token).send().await.map_err(PayPalError::unreachable)?;
            return read(response).await;
        }
        read(response).await
    }

    /// `POST /v1/payments/payment`: a sale paid with PayPal, awaiting the payer's approval.
    #[instrument(skip_all)]
    pub async fn create_payment(&self, new: &NewPayment<'_>) -> Result<Payment, PayPalError> {
        let body = json!({
            "intent": "sale",
            "payer": {"payment_method": "paypal"},
            "transactions": [{
                "amount": new.amount,
                "description": new.description,
                "custom": new.custom,
            }],
            "redirect_urls": {"return_url": new.return_url, "cancel_url": new.cancel_url},
        });
        let url = format!("{}/v1/payments/payment", self.base);
        self.call(|http| http.post(&url).header("PayPal-Request-Id", new.request_id).json(&body)).await
    }

    /// `GET /v1/payments/payment/{id}`.
    #[instrument(skip_all, fields(payment_id = %id))]
    pub async fn show_payment(&self, id: &str) -> Result<Payment, PayPalError> {
        let url = format!("{}/v1/payments/payment/{}", self.base, encode(id));
        self.call(|http| http.get(&url)).await
    }

    /// `POST /v1/payments/payment/{id}/execute`: takes the approved money.
    #[instrument(skip_all, fields(payment_id = %id))]
    pub async fn execute(&self, id: &str, payer_id: &str) -> Result<Payment, PayPalError> {
        let url = format!("{}/v1/payments/payment/{}/execute", self.base, encode(id));
        let body = json!({"payer_id": payer_id});
        self.call(|http| http.post(&url).json(&body)).await
    }

    /// `POST /v1/payments/sale/{id}/refund`: all of the sale back, once per sale.
    #[instrument(skip_all, fields(sale_id = %sale_id))]
    pub async fn refund_sale(&self, sale_id: &str) -> Result<(), PayPalError> {
        let url = format!("{}/v1/payments/sale/{}/refund", self.base, encode(sale_id));
        let request_id = format!("refund-{sale_id}");
        let _: serde_json::Value =
            self.call(|http| http.post(&url).header("PayPal-Request-Id", &request_id).json(&json!({}))).await?;
        Ok(())
    }
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
            message: err.to_string(),
        });
    }
    let error: ErrorAnswer = serde_json::from_slice(&bytes).unwrap_or(ErrorAnswer {
        name: String::new(),
        message: String::from_utf8_lossy(&bytes).chars().take(200).collect(),
        error: String::new(),
        error_description: String::new(),
    });
    let name = if error.name.is_empty() { error.error } else { error.name };
    let message = if error.message.is_empty() { error.error_description } else { error.message };
    Err(PayPalError { status, name, message })
}

#[cfg(test)]
mod tests {
    use super::decimal;

    #[test]
    fn cents_become_paypal_decimals() {
        assert_eq!(decimal(1250), "12.50");
        assert_eq!(decimal(29_900), "299.00");
        assert_eq!(decimal(5), "0.05");
    }
}
