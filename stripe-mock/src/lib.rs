//! A local HTTP server speaking the subset of Stripe's API Vitrine uses, so tests (and
//! the server's test-mode provider, when no Stripe keys are configured) exercise the
//! real `async-stripe` client code over real HTTP without reaching Stripe.
//!
//! # Layout
//! - `main.rs`: the standalone `vitrine-stripe-mock` one deployment's nodes share (the
//!   native cluster and docker-compose), configured by `STRIPE_MOCK_*` variables.
//! - [`StripeMock`]: start it on `127.0.0.1:0`, point a client at [`StripeMock::base_url`],
//!   tell it where to send webhooks ([`StripeMock::set_webhook`]), and inspect what it saw.
//! - `routes`: customers, setup intents, payment methods (create from a card token,
//!   attach, list, detach, retrieve), payment intents (create, update, confirm, retrieve) and refunds.
//! - `objects`: the JSON shapes of those objects, with every field `async-stripe`
//!   requires. `ledger`: the objects held, idempotent replies, sent events.
//! - [`webhook`]: events signed exactly as Stripe signs them
//!   (`Stripe-Signature: t=...,v1=HMAC-SHA256(secret, "t.payload")`), and their delivery.
//!
//! # Behaviour worth knowing
//! - A `POST` with an `Idempotency-Key` header seen before on the same path answers
//!   the first reply again (`Idempotent-Replayed: true`) and creates nothing.
//! - Stripe's test payment methods work: `pm_card_visa`, `pm_card_mastercard`,
//!   `pm_card_amex`, and `pm_card_chargeDeclined`, which is saved like any card but
//!   declines every payment (402 `card_declined`, `payment_intent.payment_failed`).
//!   So do the test card tokens `tok_visa`, `tok_mastercard`, `tok_amex` and
//!   `tok_chargeDeclined`, made into payment methods with `POST /v1/payment_methods`, and
//!   Stripe's test card numbers (4242 4242 4242 4242, 4000 0000 0000 0002, ...) as Stripe.js
//!   sends them from the Payment Element (`card[number]`, expiry, CVC, billing country).
//! - 3-D Secure: `pm_card_threeDSecure2Required` (4000 0000 0000 3220) and
//!   `pm_card_authenticationRequired` (4000 0027 6000 3184) answer a confirm with
//!   `requires_action` (`next_action.type = use_stripe_sdk`); the payer's answer to the
//!   challenge is `POST /v1/payment_intents/{id}/x_authenticate` (`result=complete|fail`, not
//!   Stripe's path): complete charges it, fail leaves it `requires_payment_method` with
//!   `payment_intent_authentication_failure`. Saving such a card (setup intent) needs no challenge.
//! - `GET /v3/` is a stand-in **Stripe.js** (`src/stripe-js.js`): `Stripe(pk)`, `elements()`,
//!   the `payment` and `cardCvc` elements (plain labelled fields, not iframes), `confirmSetup`,
//!   `confirmPayment`, `confirmCardPayment` and `handleNextAction`, the challenge as a dialog
//!   with "Complete" and "Fail" like Stripe's test page. The API answers any origin (CORS), as
//!   Stripe's does for Stripe.js.
//! - Confirming a payment intent answers only after its webhook was delivered (or
//!   failed to be), so a test that confirms can read the effect right after.

mod ledger;
mod objects;
mod routes;
pub mod webhook;

use std::{net::SocketAddr, sync::Arc};

use serde_json::Value;
use tokio::net::TcpListener;

use ledger::Ledger;
pub use ledger::SentEvent;

/// The payment method that saves like a card but declines every charge.
pub const DECLINING_CARD: &str = "pm_card_chargeDeclined";

/// The payment method whose every payment asks for 3-D Secure (Stripe's 4000 0000 0000 3220).
pub const THREE_D_SECURE_CARD: &str = "pm_card_threeDSecure2Required";

/// A running local Stripe. Dropping it does not stop it: it lives as long as the runtime.
#[derive(Clone)]
pub struct StripeMock {
    address: SocketAddr,
    ledger: Arc<Ledger>,
    http: reqwest::Client,
}

impl StripeMock {
    /// Binds `127.0.0.1:0` and serves in a background task.
    pub async fn start() -> std::io::Result<Self> {
        Self::serve(TcpListener::bind("127.0.0.1:0").await?)
    }

    /// Serves on `listener` in a background task (the standalone `vitrine-stripe-mock`
    /// binds the address it is given, so every node of a deployment shares one Stripe).
    pub fn serve(listener: TcpListener) -> std::io::Result<Self> {
        let address = listener.local_addr()?;
        let ledger = Arc::new(Ledger::default());
        let app = routes::router(ledger.clone());
        tokio::spawn(async move {
            if let Err(err) = axum::serve(listener, app).await {
                tracing::error!(error = %err, "local Stripe stopped");
            }
        });
        Ok(Self { address, ledger, http: reqwest::Client::new() })
    }

    /// The API base to give a Stripe client (`http://127.0.0.1:port/`; paths add `v1/...`).
    pub fn base_url(&self) -> String {
        format!("http://{}/", self.address)
    }

    /// Where events go from now on, and the secret they are signed with.
    pub fn set_webhook(&self, url: impl Into<String>, secret: impl Into<String>) {
        self.ledger.set_webhook(url.into(), secret.into());
    }

    /// Payment intents created so far (idempotent replays not counted).
    pub fn payment_intents_created(&self) -> usize {
        self.ledger.count_prefix("pi_")
    }

    /// Successful charges so far.
    pub fn charges(&self) -> usize {
        self.ledger.count_prefix("ch_")
    }

    /// A stored object (customer, intent, payment method...) as Stripe would answer it.
    pub fn object(&self, id: &str) -> Option<Value> {
        self.ledger.get(id)
    }

    /// Every event sent so far, oldest first, with what the endpoint answered.
    pub fn events(&self) -> Vec<SentEvent> {
        self.ledger.events()
    }

    /// Sends an already-sent event again, signed afresh; the endpoint's status code.
    pub async fn redeliver(&self, event_id: &str) -> Option<u16> {
        let event = self.ledger.events().into_iter().find(|e| e.id == event_id)?;
        webhook::deliver(&self.ledger, &event.payload).await
    }

    /// What the browser does with Stripe.js `confirmCardPayment(client_secret)`:
    /// confirms the intent with its saved (or the given) payment method. The answer
    /// is Stripe's: the intent, or a 402 card error.
    pub async fn confirm_payment_intent(
        &self,
        intent_id: &str,
        client_secret: &str,
        payment_method: Option<&str>,
    ) -> (u16, Value) {
        let mut form = vec![("client_secret", client_secret)];
        if let Some(pm) = payment_method {
            form.push(("payment_method", pm));
        }
        self.browser_post(&format!("v1/payment_intents/{intent_id}/confirm"), &form).await
    }

    /// What the browser does with Stripe.js `confirmCardSetup(client_secret)`: the
    /// setup intent succeeds and the card is saved to its customer. Answers the intent.
    pub async fn confirm_setup_intent(
        &self,
        intent_id: &str,
        client_secret: &str,
        payment_method: &str,
    ) -> (u16, Value) {
        let form = [("client_secret", client_secret), ("payment_method", payment_method)];
        self.browser_post(&format!("v1/setup_intents/{intent_id}/confirm"), &form).await
    }

    /// The payer's answer to a 3-D Secure challenge (`complete` or `fail`), as the stand-in
    /// Stripe.js sends it. Answers the intent.
    pub async fn authenticate(&self, intent_id: &str, client_secret: &str, result: &str) -> (u16, Value) {
        let form = [("client_secret", client_secret), ("result", result)];
        self.browser_post(&format!("v1/payment_intents/{intent_id}/x_authenticate"), &form).await
    }

    /// The stand-in Stripe.js's address (`http://127.0.0.1:port/v3/`).
    pub fn stripe_js_url(&self) -> String {
        format!("{}v3/", self.base_url())
    }

    /// A refund made outside the app (Stripe's dashboard): `charge.refunded` follows.
    pub async fn refund(&self, payment_intent: &str) -> (u16, Value) {
        self.browser_post("v1/refunds", &[("payment_intent", payment_intent)]).await
    }

    async fn browser_post(&self, path: &str, form: &[(&str, &str)]) -> (u16, Value) {
        let response = self
            .http
            .post(format!("{}{path}", self.base_url()))
            .bearer_auth("pk_test_vitrine")
            .form(form)
            .send()
            .await
            .expect("local Stripe answers");
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }
}
