//! The Stripe provider: the `async-stripe` client, the webhook secret, and the few
//! calls the payments area makes. Built once at start from [`Settings`].
//!
//! Without `STRIPE_SECRET_KEY` the server runs the **test-mode provider**: it starts a
//! local Stripe (`vitrine-stripe-mock`) on a loopback port, points this same client
//! at it and has it deliver signed webhooks back to this server. That is logged as a
//! warning at start, and payment answers carry `test_mode: true`, so nobody mistakes
//! it for real money.

use std::collections::HashMap;

use axum::http::StatusCode;
use stripe::{Client, ClientBuilder, IdempotencyKey, RequestStrategy, StripeError, StripeRequest};
use stripe_core::{
    customer::CreateCustomer,
    payment_intent::{
        ConfirmPaymentIntent, ConfirmPaymentIntentOffSession, CreatePaymentIntent, RetrievePaymentIntent,
        UpdatePaymentIntent,
    },
    refund::CreateRefund,
    setup_intent::CreateSetupIntent,
    PaymentIntent, SetupIntent,
};
use stripe_payment::{
    payment_method::{
        AttachPaymentMethod, CreatePaymentMethod, CreatePaymentMethodCard, CreatePaymentMethodTokenParams,
        CreatePaymentMethodType, DetachPaymentMethod, RetrievePaymentMethod,
    },
    PaymentMethod,
};
use tracing::instrument;
#[cfg(feature = "stand-ins")]
use vitrine_stripe_mock::StripeMock;

use crate::{
    config::Settings,
    error::{codes, AppError},
};

/// The publishable key of the test-mode provider's local Stripe (it accepts any `pk_...`).
#[cfg(feature = "stand-ins")]
const LOCAL_PUBLISHABLE_KEY: &str = "pk_test_vitrine_local";

/// Stripe as this server reaches it.
pub struct Stripe {
    /// The real client; in test mode it talks to [`Stripe::local`].
    client: Client,
    /// Secret that signs the webhooks sent to `POST /webhooks/stripe`.
    pub webhook_secret: String,
    /// Oldest acceptable webhook signature, in seconds.
    pub tolerance_secs: i64,
    /// True when no keys were configured and the local Stripe stands in.
    pub test_mode: bool,
    /// The local Stripe of the test-mode provider (only in a build with the `stand-ins` feature).
    #[cfg(feature = "stand-ins")]
    pub local: Option<StripeMock>,
    /// The Stripe.js the browser loads when it is not js.stripe.com: the local Stripe's
    /// stand-in in test mode, or `STRIPE_JS_URL` (a deployment's shared test-mode Stripe).
    pub js_url: Option<String>,
    /// The publishable key for that Stripe.js; None: the web client's own.
    pub publishable_key: Option<String>,
}

impl std::fmt::Debug for Stripe {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Stripe").field("test_mode", &self.test_mode).finish_non_exhaustive()
    }
}

impl Stripe {
    /// The provider the settings ask for; `own_port` is where this server listens,
    /// for the test-mode provider's webhooks.
    pub async fn from_settings(settings: &Settings, own_port: u16) -> anyhow::Result<Self> {
        let tolerance_secs = settings.stripe_webhook_tolerance_secs;
        match settings.stripe_keys() {
            Some((key, webhook_secret)) => Ok(Self {
                client: build_client(key, &settings.stripe_api_base)?,
                webhook_secret: webhook_secret.to_owned(),
                tolerance_secs,
                test_mode: false,
                #[cfg(feature = "stand-ins")]
                local: None,
                js_url: settings.stripe_js_url.clone(),
                publishable_key: settings.stripe_publishable_key.clone(),
            }),
            None => Self::stand_in(settings, own_port, tolerance_secs).await,
        }
    }

    /// The test-mode provider: a local Stripe inside this process.
    #[cfg(feature = "stand-ins")]
    async fn stand_in(settings: &Settings, own_port: u16, tolerance_secs: i64) -> anyhow::Result<Self> {
        let local = StripeMock::start().await?;
        let host = match settings.bind.ip() {
            ip if ip.is_unspecified() => "127.0.0.1".to_owned(),
            ip => ip.to_string(),
        };
        let webhook_secret = format!("whsec_test_{}", hex::encode(rand::random::<[u8; 32]>()));
        local.set_webhook(format!("http://{host}:{own_port}/webhooks/stripe"), webhook_secret.clone());
        tracing::warn!(
            local_stripe = %local.base_url(),
            "PAYMENTS IN TEST MODE: no STRIPE_SECRET_KEY is set, so a local Stripe stands in. \
             No real card is charged; every payment answer says test_mode: true."
        );
        Ok(Self {
            client: build_client("sk_test_vitrine_local", &local.base_url())?,
            webhook_secret,
            tolerance_secs,
            test_mode: true,
            js_url: Some(local.stripe_js_url()),
            publishable_key: Some(LOCAL_PUBLISHABLE_KEY.to_owned()),
            local: Some(local),
        })
    }

    /// A build without the stand-ins has no test-mode provider (`Settings::validate_for_serving`
    /// refuses such a start first; this is the last word).
    #[cfg(not(feature = "stand-ins"))]
    async fn stand_in(_: &Settings, _: u16, _: i64) -> anyhow::Result<Self> {
        anyhow::bail!(crate::config::deployment::NO_STAND_INS)
    }

    #[instrument(skip_all, fields(user_id))]
    pub async fn create_customer(&self, user_id: i64, email: &str, name: &str) -> Result<String, AppError> {
        let metadata = HashMap::from([("user_id".to_owned(), user_id.to_string())]);
        // One customer per user even when two first requests race.
        let strategy = idempotent(&format!("customer-{user_id}"))?;
        let customer = waiting_out_conflicts(|| {
            CreateCustomer::new()
                .email(email)
                .name(name)
                .metadata(metadata.clone())
                .customize()
                .request_strategy(strategy.clone())
                .send(&self.client)
        })
        .await
        .map_err(provider_error)?;
        Ok(customer.id.to_string())
    }

    #[instrument(skip_all)]
    pub async fn create_setup_intent(&self, customer: &str) -> Result<SetupIntent, AppError> {
        CreateSetupIntent::new().customer(customer).send(&self.client).await.map_err(provider_error)
    }

    #[instrument(skip_all)]
    pub async fn payment_method(&self, id: &str) -> Result<PaymentMethod, AppError> {
        RetrievePaymentMethod::new(id).send(&self.client).await.map_err(|err| match err {
            StripeError::Stripe(_, 404) | StripeError::Stripe(_, 400) => {
                AppError::field("payment_method", codes::PAYMENT_METHOD_INVALID)
            }
            other => provider_error(other),
        })
    }

    /// A card payment method made from a Stripe.js card token (`tok_...`, the older
    /// token flow of `POST /users/{id}/customer-cards`). An unknown or used token is
    /// the caller's to fix (422).
    #[instrument(skip_all)]
    pub async fn payment_method_from_token(&self, token: &str) -> Result<PaymentMethod, AppError> {
        let card = CreatePaymentMethodCard::TokenParams(CreatePaymentMethodTokenParams::new(token));
        CreatePaymentMethod::new().type_(CreatePaymentMethodType::Card).card(card).send(&self.client).await.map_err(
            |err| match err {
                StripeError::Stripe(_, 400) | StripeError::Stripe(_, 404) => {
                    AppError::field("token", codes::PAYMENT_METHOD_INVALID)
                }
                other => provider_error(other),
            },
        )
    }

    #[instrument(skip_all)]
    pub async fn attach(&self, payment_method: &str, customer: &str) -> Result<PaymentMethod, AppError> {
        AttachPaymentMethod::new(payment_method).customer(customer).send(&self.client).await.map_err(|err| match err {
            StripeError::Stripe(_, 400) | StripeError::Stripe(_, 404) => {
                AppError::field("payment_method", codes::PAYMENT_METHOD_INVALID)
            }
            other => provider_error(other),
        })
    }

    #[instrument(skip_all)]
    pub async fn detach(&self, payment_method: &str) -> Result<(), AppError> {
        match DetachPaymentMethod::new(payment_method).send(&self.client).await {
            // Already gone at Stripe: the card is removed here all the same.
            Ok(_) | Err(StripeError::Stripe(_, 404)) => Ok(()),
            Err(other) => Err(provider_error(other)),
        }
    }

    /// A payment intent for `amount_cents` USD, made at most once per `key`.
    #[instrument(skip_all, fields(amount_cents))]
    pub async fn create_intent(
        &self,
        amount_cents: i64,
        customer: &str,
        description: &str,
        metadata: HashMap<String, String>,
        key: &str,
    ) -> Result<PaymentIntent, AppError> {
        let strategy = idempotent(key)?;
        waiting_out_conflicts(|| {
            CreatePaymentIntent::new(amount_cents, stripe_types::Currency::USD)
                .customer(customer)
                .description(description)
                .metadata(metadata.clone())
                .customize()
                .request_strategy(strategy.clone())
                .send(&self.client)
        })
        .await
        .map_err(provider_error)
    }

    /// Sets a new amount and/or the card to charge.
    #[instrument(skip_all, fields(intent_id))]
    pub async fn update_intent(
        &self,
        intent_id: &str,
        amount_cents: Option<i64>,
        payment_method: Option<&str>,
    ) -> Result<PaymentIntent, AppError> {
        let mut update = UpdatePaymentIntent::new(intent_id);
        if let Some(amount) = amount_cents {
            update = update.amount(amount);
        }
        if let Some(pm) = payment_method {
            update = update.payment_method(pm);
        }
        update.send(&self.client).await.map_err(provider_error)
    }

    /// Charges the intent now with the saved card, the payer not present (a direct
    /// charge). A declined card is 402 `card.declined`; a card that asks for the payer's
    /// authentication answers the intent in `requires_action`.
    #[instrument(skip_all, fields(intent_id))]
    pub async fn confirm_intent(&self, intent_id: &str, payment_method: &str) -> Result<PaymentIntent, AppError> {
        ConfirmPaymentIntent::new(intent_id)
            .payment_method(payment_method)
            .off_session(ConfirmPaymentIntentOffSession::OneOff)
            .send(&self.client)
            .await
            .map_err(provider_error)
    }

    #[instrument(skip_all, fields(intent_id))]
    pub async fn retrieve_intent(&self, intent_id: &str) -> Result<PaymentIntent, AppError> {
        RetrievePaymentIntent::new(intent_id).send(&self.client).await.map_err(provider_error)
    }

    /// Gives back all of a payment, once whatever the retries.
    #[instrument(skip_all, fields(intent_id))]
    pub async fn refund(&self, intent_id: &str) -> Result<(), AppError> {
        CreateRefund::new()
            .payment_intent(intent_id)
            .customize()
            .request_strategy(idempotent(&format!("refund-{intent_id}"))?)
            .send(&self.client)
            .await
            .map_err(provider_error)?;
        Ok(())
    }

    /// Gives `amount_cents` of a paid intent back (a part of it: one tip of a cart), once per
    /// `key`; Stripe's `charge.refunded` then records the refunded total on the payment.
    #[instrument(skip_all, fields(intent_id, amount_cents))]
    pub async fn refund_part(&self, intent_id: &str, amount_cents: i64, key: &str) -> Result<(), AppError> {
        CreateRefund::new()
            .payment_intent(intent_id)
            .amount(amount_cents)
            .customize()
            .request_strategy(idempotent(key)?)
            .send(&self.client)
            .await
            .map_err(provider_error)?;
        Ok(())
    }
}

fn build_client(key: &str, api_base: &str) -> anyhow::Result<Client> {
    // The client appends `v1/...` to the base as given.
    let base = if api_base.ends_with('/') { api_base.to_owned() } else { format!("{api_base}/") };
    ClientBuilder::new(key)
        .url(base)
        .timeout(std::time::Duration::from_secs(30))
        .app_info("vitrine", Some(env!("CARGO_PKG_VERSION").to_owned()), None)
        .build()
        .map_err(|err| anyhow::anyhow!("invalid Stripe settings: {err}"))
}

/// Sends an idempotent request (`send` builds and sends it anew each time), waiting out
/// Stripe's 409 for a key whose first request is still in progress (a double click, racing
/// retries): once that one finishes, Stripe answers its result to every request with the
/// key. About four seconds in all before the 409 is answered as the provider's failure.
async fn waiting_out_conflicts<T, F, Fut>(mut send: F) -> Result<T, StripeError>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, StripeError>>,
{
    let mut wait = std::time::Duration::from_millis(25);
    for _ in 0..10 {
        match send().await {
            Err(StripeError::Stripe(_, 409)) => {
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(std::time::Duration::from_millis(500));
            }
            other => return other,
        }
    }
    send().await
}

fn idempotent(key: &str) -> Result<RequestStrategy, AppError> {
    let key = IdempotencyKey::new(key).map_err(|_| AppError::unprocessable(codes::IDEMPOTENCY_KEY_REQUIRED))?;
    Ok(RequestStrategy::Idempotent(key))
}

/// Stripe's refusal of a card is the payer's to fix (402); anything else is ours
/// or Stripe's, answered 502 and logged.
pub fn provider_error(err: StripeError) -> AppError {
    match err {
        StripeError::Stripe(api, 402) => AppError::Rule {
            status: StatusCode::PAYMENT_REQUIRED,
            code: codes::CARD_DECLINED,
            message: api.message.map(Into::into),
        },
        other => {
            tracing::error!(error = %other, "Stripe call failed");
            AppError::rule(StatusCode::BAD_GATEWAY, codes::PROVIDER_UNAVAILABLE)
        }
    }
}
