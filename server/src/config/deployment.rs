//! The embedded demo versus a deployment, and the rules only a deployment must follow.
//!
//! A server is *deployed* when it serves with PostgreSQL or Redis configured, or when
//! `VITRINE_PRODUCTION` says so; otherwise it is the embedded demo (`make run`: SQLite,
//! the in-process bus), which needs no setting at all. A deployed server refuses to start
//! without a publish API key that cannot be guessed ([`check_api_key`]), and without real
//! Stripe and PayPal keys unless `VITRINE_PAYMENTS_TEST_MODE` says its payments are fake
//! ([`check_payment_keys`]): a deployment never falls back to the stand-ins silently.

use super::{SettingError, Settings};

/// Why a server built without the `stand-ins` feature (a production build: the Dockerfile) will
/// not run without provider keys, deployed or not: it has no local Stripe or PayPal to start.
pub const NO_STAND_INS: &str = "this build has no test-mode payment providers (built without the \
     `stand-ins` feature, as a production build is): set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, \
     and PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET";

/// Shortest publish API key a deployed server accepts.
pub const MIN_API_KEY_LEN: usize = 32;

/// Pieces of the placeholders and examples that documentation and scripts have shown (and
/// that people copy): a key holding one is not a secret, whatever its length.
const PLACEHOLDER_PARTS: &[&str] = &[
    "change-me",
    "changeme",
    "change_me",
    "replace-me",
    "replaceme",
    "placeholder",
    "example",
    "your-key",
    "your_key",
    "publish-key",
    "secret-key",
    "0123456789",
    "abcdefghij",
];

/// Fewest distinct characters of an accepted key (`aaaa...` and `abab...` are not secrets).
const MIN_DISTINCT_CHARS: usize = 10;

impl Settings {
    /// True outside the embedded demo: PostgreSQL or Redis configured, or `VITRINE_PRODUCTION`.
    pub fn is_deployed(&self) -> bool {
        let postgres = self
            .database_url
            .as_deref()
            .is_some_and(|url| url.starts_with("postgres://") || url.starts_with("postgresql://"));
        let redis = self.redis_url.as_deref().is_some_and(|url| !url.is_empty());
        self.production || postgres || redis
    }

    /// [`Settings::validate`], and the rules of a server about to serve: deployed, it needs
    /// a publish API key nobody can guess. (The worker and the maintenance sub-commands
    /// never serve the API, so they do not ask for one.)
    pub fn validate_for_serving(&self) -> Result<(), SettingError> {
        self.validate()?;
        if !cfg!(feature = "stand-ins") {
            if let Some(provider) = self.stand_in_providers().first() {
                let name = if *provider == "Stripe" { "STRIPE_SECRET_KEY" } else { "PAYPAL_CLIENT_ID" };
                return Err(SettingError { name, reason: NO_STAND_INS.into() });
            }
        }
        if self.is_deployed() {
            check_api_key(self.api_key.as_deref())?;
            check_payment_keys(self)?;
        }
        Ok(())
    }

    /// The providers that are stand-ins on this server: `["Stripe"]`, `["PayPal"]`, both or none.
    pub fn stand_in_providers(&self) -> Vec<&'static str> {
        let mut missing = Vec::new();
        if self.stripe_keys().is_none() {
            missing.push("Stripe");
        }
        if self.paypal_keys().is_none() {
            missing.push("PayPal");
        }
        missing
    }
}

/// A deployed server takes real payments: both providers' keys, unless the operator said
/// in so many words that this deployment's payments are fake (`VITRINE_PAYMENTS_TEST_MODE`).
pub fn check_payment_keys(settings: &Settings) -> Result<(), SettingError> {
    let missing = settings.stand_in_providers();
    if missing.is_empty() || settings.payments_test_mode {
        return Ok(());
    }
    let keys: Vec<&str> = missing
        .iter()
        .map(|provider| match *provider {
            "Stripe" => "STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET",
            _ => "PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET",
        })
        .collect();
    Err(SettingError {
        name: if missing[0] == "Stripe" { "STRIPE_SECRET_KEY" } else { "PAYPAL_CLIENT_ID" },
        reason: format!(
            "a deployed server (PostgreSQL, Redis or VITRINE_PRODUCTION) takes real payments, and {} \
             not set: set {}, or VITRINE_PAYMENTS_TEST_MODE=1 for a deployment whose payments are fake \
             (in-process test providers: nothing is charged)",
            missing.join(" and ") + if missing.len() == 1 { "'s keys are" } else { " keys are" },
            keys.join(", and ")
        ),
    })
}

/// A deployed server's key: set, at least [`MIN_API_KEY_LEN`] characters, not a known
/// placeholder, not a short pattern repeated.
pub fn check_api_key(key: Option<&str>) -> Result<(), SettingError> {
    let refuse = |reason: String| SettingError { name: "VITRINE_API_KEY", reason };
    let why =
        "outside the embedded demo (PostgreSQL, Redis or VITRINE_PRODUCTION) the publish API key must be a secret";
    let key = key.map(str::trim).filter(|k| !k.is_empty()).ok_or_else(|| {
        refuse(format!("{why}: set it to {MIN_API_KEY_LEN}+ random characters (e.g. `openssl rand -hex 32`)"))
    })?;
    if key.chars().count() < MIN_API_KEY_LEN {
        return Err(refuse(format!("{why}: it is shorter than {MIN_API_KEY_LEN} characters")));
    }
    let lower = key.to_ascii_lowercase();
    if let Some(part) = PLACEHOLDER_PARTS.iter().find(|part| lower.contains(*part)) {
        return Err(refuse(format!("{why}: it contains the placeholder {part:?}")));
    }
    let distinct = lower.chars().collect::<std::collections::BTreeSet<_>>().len();
    if distinct < MIN_DISTINCT_CHARS {
        return Err(refuse(format!("{why}: it repeats a few characters ({distinct} distinct)")));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "9f1c2e7b5a3d4c8e6f0a1b2c3d4e5f60718293a4b5c6d7e8";

    #[test]
    fn the_embedded_demo_needs_no_key() {
        let s = Settings::for_database("sqlite::memory:");
        assert!(!s.is_deployed());
        s.validate_for_serving().unwrap();
    }

    #[test]
    fn postgres_redis_or_production_need_a_secret_key() {
        let mut deployed = vec![Settings::for_database("postgres://db/vitrine")];
        let mut redis = Settings::for_database("sqlite::memory:");
        redis.redis_url = Some("redis://127.0.0.1:6379".into());
        deployed.push(redis);
        let mut production = Settings::for_database("sqlite::memory:");
        production.production = true;
        deployed.push(production);
        for mut s in deployed {
            assert!(s.is_deployed());
            assert_eq!(s.validate_for_serving().unwrap_err().name, "VITRINE_API_KEY");
            s.api_key = Some(GOOD.into());
            s.payments_test_mode = true;
            s.validate_for_serving().unwrap();
        }
    }

    #[test]
    fn a_deployed_server_without_provider_keys_refuses_to_start_unless_told_it_is_a_test() {
        let mut s = Settings::for_database("postgres://db/vitrine");
        s.api_key = Some(GOOD.into());
        let err = s.validate_for_serving().unwrap_err();
        assert_eq!(err.name, "STRIPE_SECRET_KEY");
        let message = err.to_string();
        for needle in ["takes real payments", "Stripe and PayPal keys are not set", "VITRINE_PAYMENTS_TEST_MODE=1"] {
            assert!(message.contains(needle), "{message}");
        }
        s.stripe_secret_key = Some("sk_live_x".into());
        s.stripe_webhook_secret = Some("whsec_x".into());
        let err = s.validate_for_serving().unwrap_err();
        assert_eq!(err.name, "PAYPAL_CLIENT_ID");
        assert!(err.to_string().contains("PayPal's keys are not set"), "{err}");
        s.paypal_client_id = Some("client".into());
        s.paypal_client_secret = Some("secret".into());
        s.public_url = Some("https://vitrine.example".into());
        s.validate_for_serving().unwrap();
        assert!(s.stand_in_providers().is_empty());
        // Without keys, the explicit test mode lets it start.
        let mut test = Settings::for_database("postgres://db/vitrine");
        test.api_key = Some(GOOD.into());
        test.payments_test_mode = true;
        test.validate_for_serving().unwrap();
        assert_eq!(test.stand_in_providers(), ["Stripe", "PayPal"]);
    }

    #[test]
    fn guessable_keys_are_refused() {
        for guessable in [
            "",
            "   ",
            "short-but-sixteen-chars",
            "change-me-to-a-long-secret-please-0000",
            "cluster-local-publish-key-0123456789",
            "fault-suite-publish-key-0123456789",
            "an-EXAMPLE-key-that-is-long-enough-to-pass",
            "abababababababababababababababababab",
        ] {
            assert!(check_api_key(Some(guessable)).is_err(), "{guessable:?} must be refused");
        }
        assert!(check_api_key(None).is_err());
        check_api_key(Some(GOOD)).unwrap();
    }
}
