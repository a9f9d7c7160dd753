//! A local HTTP server speaking the subset of PayPal's REST API Vitrine uses (the v1
//! Payments API: OAuth2 client credentials, create, show and execute a payment, refund
//! a sale), with the approval page a buyer clicks through. Tests and the server's
//! test-mode provider (no PayPal keys configured) use it, so the real PayPal client
//! code runs over real HTTP and a real browser can approve a payment without PayPal.
//!
//! # Layout
//! - [`PayPalMock`]: start it on `127.0.0.1:0`, point a client at [`PayPalMock::base_url`],
//!   approve or cancel payments as a buyer would ([`PayPalMock::approve`]), inspect them.
//! - `routes`: the API under `/v1` (JSON, Bearer tokens from `/v1/oauth2/token`,
//!   `PayPal-Request-Id` idempotency) and the approval page at `/checkoutnow`.
//! - `ledger`: the payments held and the replies of idempotent requests.
//! - `page`: the approval page's HTML ('Pay Now' and 'Cancel and return').
//!
//! # Behaviour worth knowing
//! - A payment is `created` until executed; the buyer's approval (the page's 'Pay Now',
//!   or [`PayPalMock::approve`]) gives it a payer id and redirects to its `return_url`
//!   with `paymentId`, `token` and `PayerID`, as PayPal does. 'Cancel' redirects to
//!   `cancel_url` with `token` and changes nothing.
//! - Execute answers PayPal's errors: `PAYMENT_NOT_APPROVED_FOR_EXECUTION` before the
//!   approval, `INVALID_PAYER_ID` for another payer, `PAYMENT_ALREADY_DONE` the second
//!   time, `INVALID_RESOURCE_ID` (404) for an unknown payment.

mod ledger;
mod page;
mod routes;

use std::{net::SocketAddr, sync::Arc};

use serde_json::Value;
use tokio::net::TcpListener;

use ledger::Ledger;

/// A running local PayPal. Dropping it does not stop it: it lives as long as the runtime.
#[derive(Clone)]
pub struct PayPalMock {
    address: SocketAddr,
    ledger: Arc<Ledger>,
}

impl PayPalMock {
    /// Binds `127.0.0.1:0` and serves in a background task.
    pub async fn start() -> std::io::Result<Self> {
        let listener = TcpListener::bind("127.0.0.1:0").await?;
        let address = listener.local_addr()?;
        let ledger = Arc::new(Ledger::new(format!("http://{address}")));
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

    /// What a buyer does on the approval page with 'Pay Now': the payment gets a payer.
    /// Answers the payer id, or None for an unknown or executed payment.
    pub fn approve(&self, payment_id: &str) -> Option<String> {
        self.ledger.approve(payment_id)
    }

    /// A payment as PayPal would show it (`GET /v1/payments/payment/{id}`).
    pub fn payment(&self, payment_id: &str) -> Option<Value> {
        self.ledger.payment_json(payment_id)
    }

    /// Payments created so far (idempotent replays not counted).
    pub fn payments_created(&self) -> usize {
        self.ledger.count()
    }

    /// Sales (executed payments) so far.
    pub fn sales(&self) -> usize {
        self.ledger.sales()
    }

    /// Changes a payment's total as PayPal holds it, so a test can check that the
    /// server refuses to execute a payment whose amount is not the one it priced.
    pub fn set_total(&self, payment_id: &str, total: &str) -> bool {
        self.ledger.set_total(payment_id, total)
    }
}
