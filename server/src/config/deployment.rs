//! The embedded demo versus a deployment, and the rules only a deployment must follow.
//!
//! A server is *deployed* when it serves with PostgreSQL or Redis configured, or when
//! `VITRINE_PRODUCTION` says so; otherwise it is the embedded demo (`make run`: SQLite,
//! the in-process bus), which needs no setting at all. A deployed server refuses to start
//! without a publish API key that cannot be guessed ([`check_api_key`]).

use super::{SettingError, Settings};

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
        if self.is_deployed() {
            check_api_key(self.api_key.as_deref())?;
        }
        Ok(())
    }
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
            s.validate_for_serving().unwrap();
        }
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
