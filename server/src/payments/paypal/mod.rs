//! Paying with PayPal (v1 Payments API), beside cards, for every purpose a card pays
//! for: create (priced on the server, exactly as a card payment) -> the payer approves
//! at PayPal's `approval_url` -> PayPal sends the browser back with `paymentId` and
//! `PayerID` -> execute, exactly once, which settles the payment through the same path
//! as Stripe's webhook ([`super::settle`]): the same effect and hub events.
//!
//! - [`client`]: the typed REST client (why v1 and why no crate: see there).
//! - [`flow`]: create and execute, shared by every purpose's routes in [`routes`].
//! - [`store`]: the PayPal columns of `payment_transaction`.
//!
//! Without `PAYPAL_CLIENT_ID` the server runs the **test-mode PayPal**: a local PayPal
//! (`vitrine-paypal-mock`) on a loopback port, with an approval page a browser can
//! click through. That is logged as a warning at start and answers carry `test_mode: true`.

pub mod client;
pub mod flow;
pub mod routes;
pub mod store;

use vitrine_paypal_mock::PayPalMock;

use crate::config::Settings;

/// PayPal as this server reaches it.
pub struct PayPal {
    /// The real client; in test mode it talks to [`PayPal::local`].
    pub client: client::Client,
    /// True when no keys were configured and the local PayPal stands in.
    pub test_mode: bool,
    /// The local PayPal of the test mode.
    pub local: Option<PayPalMock>,
}

impl std::fmt::Debug for PayPal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PayPal").field("test_mode", &self.test_mode).finish_non_exhaustive()
    }
}

impl PayPal {
    pub async fn from_settings(settings: &Settings) -> anyhow::Result<Self> {
        match settings.paypal_keys() {
            Some((id, secret)) => Ok(Self {
                client: client::Client::new(&settings.paypal_api_base, id, secret)?,
                test_mode: false,
                local: None,
            }),
            None => {
                let local = PayPalMock::start().await?;
                tracing::warn!(
                    local_paypal = %local.base_url(),
                    "PAYPAL IN TEST MODE: no PAYPAL_CLIENT_ID is set, so a local PayPal stands in. \
                     No real money moves; every PayPal answer says test_mode: true."
                );
                Ok(Self {
                    client: client::Client::new(&local.base_url(), "vitrine-test-client", "vitrine-test-secret")?,
                    test_mode: true,
                    local: Some(local),
                })
            }
        }
    }
}
