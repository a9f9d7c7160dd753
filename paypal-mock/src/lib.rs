//! A local HTTP server speaking the subset of PayPal's REST API Vitrine uses (the
//! Orders v2 API: OAuth2 client credentials, create, show and capture an order, refund a
//! capture), with the approval page a buyer clicks through. Tests and the server's
//! test-mode provider (no PayPal keys configured) use it, so the real PayPal client code
//! runs over real HTTP and a real browser can approve an order without PayPal.
//!
//! # Layout
//! - `main.rs`: the standalone `vitrine-paypal-mock` one deployment's nodes share (the
//!   native cluster and docker-compose), configured by `PAYPAL_MOCK_*` variables.
//! - [`PayPalMock`]: start it on `127.0.0.1:0`, point a client at [`PayPalMock::base_url`],
//!   approve orders as a buyer would ([`PayPalMock::approve`], [`PayPalMock::approve_declining`]),
//!   inspect them.
//! - `routes`: `POST /v1/oauth2/token`, `POST /v2/checkout/orders`, `GET /v2/checkout/orders/{id}`,
//!   `POST /v2/checkout/orders/{id}/capture`, `POST /v2/payments/captures/{id}/refund`
//!   (JSON, Bearer tokens, `PayPal-Request-Id` idempotency, PayPal's error bodies), the
//!   Payouts API's `POST /v1/payments/payouts` and `GET /v1/payments/payouts/{id}`
//!   (`payouts`: one item a batch, each `sender_batch_id` once), and the approval page at
//!   `/checkoutnow?token={order id}`.
//! - `ledger`: the orders held and the replies of idempotent requests.
//! - `page`: the approval page's HTML.
//!
//! # Behaviour worth knowing
//! - An order created with `payment_source.paypal.experience_context` is
//!   `PAYER_ACTION_REQUIRED` with a `payer-action` link (without, `CREATED` with an
//!   `approve` link, from `application_context`); the buyer's approval makes it `APPROVED`
//!   and redirects to its `return_url` with `token` (the order id) and `PayerID`, as PayPal
//!   does; capture makes it `COMPLETED` with `purchase_units[0].payments.captures[0]`.
//!   'Cancel' redirects to `cancel_url` with `token` and changes nothing.
//! - Capture answers PayPal's refusals (422 `UNPROCESSABLE_ENTITY` with `details[0].issue`):
//!   `ORDER_NOT_APPROVED` before the approval, `ORDER_ALREADY_CAPTURED` the second time
//!   (with another or no `PayPal-Request-Id`), `INSTRUMENT_DECLINED` when the buyer approved
//!   with the page's declining card (or [`PayPalMock::approve_declining`], or PayPal's sandbox
//!   header `PayPal-Mock-Response: {"mock_application_codes": "INSTRUMENT_DECLINED"}`); the
//!   buyer may then approve again. 404 `RESOURCE_NOT_FOUND` for an unknown order.
//! - A create, capture or refund repeated with the same `PayPal-Request-Id` answers the
//!   first successful reply again and does nothing more; refusals are not kept.
//! - Amounts are checked as PayPal does: a decimal string (400 `INVALID_PARAMETER_SYNTAX`),
//!   at most two decimals (422 `DECIMAL_PRECISION`), above zero.

mod ledger;
mod page;
mod payouts;
mod routes;

use std::{net::SocketAddr, sync::Arc};

use serde_json::Value;
use tokio::net::TcpListener;

use ledger::Ledger;

/// `payment_source.paypal.experience_context` as an order was created with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExperienceContext {
    pub return_url: String,
    pub cancel_url: String,
    pub brand_name: String,
    /// `PAY_NOW` or `CONTINUE`.
    pub user_action: String,
}

/// A running local PayPal. Dropping it does not stop it: it lives as long as the runtime.
#[derive(Clone)]
pub struct PayPalMock {
    address: SocketAddr,
    ledger: Arc<Ledger>,
}

impl PayPalMock {
    /// Binds `127.0.0.1:0` and serves in a background task.
    pub async fn start() -> std::io::Result<Self> {
        Self::serve(TcpListener::bind("127.0.0.1:0").await?, None)
    }

    /// Serves on `listener` in a background task. `public_url` is where browsers reach it
    /// (the approval page's links); None: its own address. The standalone
    /// `vitrine-paypal-mock` of a deployment sits behind the proxy at such a URL.
    pub fn serve(listener: TcpListener, public_url: Option<String>) -> std::io::Result<Self> {
        let address = listener.local_addr()?;
        let base = public_url.map(|url| url.trim_end_matches('/').to_owned()).unwrap_or(format!("http://{address}"));
        let ledger = Arc::new(Ledger::new(base));
        let app = routes::router(ledger.clone());
        tokio::spawn(async move {
            if let Err(err) = axum::serve(listener, app).await {
                tracing::error!(error = %err, "local PayPal stopped");
            }
        });
        Ok(Self { address, ledger })
    }

    /// The API base to give a PayPal client (`http://127.0.0.1:port`; paths add `/v1/...`).
    pub fn base_url(&self) -> String {
        format!("http://{}", self.address)
    }

    /// What a buyer does on the approval page with 'Pay Now': the order is `APPROVED`.
    /// Answers the payer id, or None for an unknown or captured order.
    pub fn approve(&self, order_id: &str) -> Option<String> {
        self.ledger.approve(order_id, false)
    }

    /// The buyer approves with an instrument that the capture then declines
    /// (`INSTRUMENT_DECLINED`); approving again with [`PayPalMock::approve`] clears it.
    pub fn approve_declining(&self, order_id: &str) -> Option<String> {
        self.ledger.approve(order_id, true)
    }

    /// An order as PayPal would show it (`GET /v2/checkout/orders/{id}`).
    pub fn order(&self, order_id: &str) -> Option<Value> {
        self.ledger.order_json(order_id)
    }

    /// What the order's creator asked of the approval page (PayPal's answers do not repeat
    /// the `experience_context`).
    pub fn experience_context(&self, order_id: &str) -> Option<ExperienceContext> {
        self.ledger.get(order_id).map(|o| ExperienceContext {
            return_url: o.placed.return_url,
            cancel_url: o.placed.cancel_url,
            brand_name: o.placed.brand_name,
            user_action: o.placed.user_action,
        })
    }

    /// Orders created so far (idempotent replays not counted).
    pub fn orders_created(&self) -> usize {
        self.ledger.count()
    }

    /// Captures (captured orders) so far.
    pub fn captures(&self) -> usize {
        self.ledger.captures()
    }

    /// Refunded captures so far.
    pub fn refunds(&self) -> usize {
        self.ledger.refunds()
    }

    /// The payouts sent (Payouts API): (receiver's e-mail, cents), oldest first.
    pub fn payouts(&self) -> Vec<(String, i64)> {
        self.ledger.payouts()
    }

    /// How much of order `order_id`'s capture was refunded, in cents.
    pub fn refunded_cents(&self, order_id: &str) -> i64 {
        self.ledger.refunded_cents(order_id)
    }

    /// Changes an order's amount as PayPal holds it (as a `PATCH` of the order would), so a
    /// test can check that the server refuses to capture an order whose amount is not the
    /// one it priced.
    pub fn set_value(&self, order_id: &str, value: &str) -> bool {
        self.ledger.set_value(order_id, value)
    }
}
