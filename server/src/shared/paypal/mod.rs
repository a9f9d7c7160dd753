//! PayPal as this server reaches it (the provider `AppState` carries): the typed REST
//! client and, without `PAYPAL_CLIENT_ID`, the local test-mode PayPal. Paying with it is
//! the payments area's (`payments::paypal`).
//!
//! - [`client`]: the typed REST client of the Orders v2 API (why no crate: see there).

pub mod client;

#[cfg(feature = "stand-ins")]
use vitrine_paypal_mock::PayPalMock;

use crate::config::Settings;

/// PayPal as this server reaches it.
pub struct PayPal {
    /// The real client; in test mode it talks to [`PayPal::local`].
    pub client: client::Client,
    /// True when no keys were configured and the local PayPal stands in.
    pub test_mode: bool,
    /// The local PayPal of the test mode (only in a build with the `stand-ins` feature).
    #[cfg(feature = "stand-ins")]
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
                #[cfg(feature = "stand-ins")]
                local: None,
            }),
            None => Self::stand_in().await,
        }
    }

    /// The test mode: a local PayPal inside this process.
    #[cfg(feature = "stand-ins")]
    async fn stand_in() -> anyhow::Result<Self> {
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

    /// A build without the stand-ins has no test-mode PayPal.
    #[cfg(not(feature = "stand-ins"))]
    async fn stand_in() -> anyhow::Result<Self> {
        anyhow::bail!(crate::config::deployment::NO_STAND_INS)
    }
}
