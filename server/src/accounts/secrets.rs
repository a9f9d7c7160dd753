//! Password hashes (argon2id) and opaque bearer secrets (access tokens, reset links).
//!
//! Hashing is CPU-heavy by design, so it runs on the blocking pool and never stalls
//! the reactor that serves WebSockets.

use anyhow::Context;
use argon2::{
    password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString},
    Argon2,
};
use rand::RngCore;
use sha2::{Digest, Sha256};

use super::domain::Password;

/// The password of every demo account (`seed --demo`), published in the README: fine for a
/// demo, refused for an admin created with `admin create` ([`super::first_admin`]).
pub const DEMO_PASSWORD: &str = "vitrine-demo";

/// Hashes a password with argon2id and a random salt (PHC string).
pub async fn hash_password(password: &Password) -> anyhow::Result<String> {
    let plain = password.expose().to_owned();
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(plain.as_bytes(), &salt)
            .map(|hash| hash.to_string())
            .map_err(|e| anyhow::anyhow!("argon2: {e}"))
    })
    .await
    .context("hashing task")?
}

/// A valid hash of a password nobody has, verified against when the account is
/// unknown, so a failed login takes as long whether or not the username exists.
const DECOY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$3+HnLBLGbrbY1Ux3sV7nIDHsFlEGDP5bSxz8OkE9Hk0";

/// True when `plain` matches `stored` (or, with no stored hash, after a decoy check).
pub async fn verify_password(plain: &str, stored: Option<&str>) -> bool {
    let plain = plain.to_owned();
    let known = stored.is_some();
    let stored = stored.unwrap_or(DECOY_HASH).to_owned();
    let matched = tokio::task::spawn_blocking(move || {
        PasswordHash::new(&stored)
            .map(|hash| Argon2::default().verify_password(plain.as_bytes(), &hash).is_ok())
            .unwrap_or(false)
    })
    .await
    .unwrap_or(false);
    known && matched
}

/// A new random secret for a bearer token or link: 32 bytes, hex.
pub fn new_secret() -> String {
    let mut bytes = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// What is stored in place of a secret: its SHA-256, hex. Secrets are random and
/// long, so a fast hash suffices (no salt or stretching needed, unlike passwords).
pub fn secret_digest(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_verifies_only_its_password() {
        let password = Password::parse("correct horse").unwrap();
        let hash = hash_password(&password).await.unwrap();
        assert!(verify_password("correct horse", Some(&hash)).await);
        assert!(!verify_password("wrong horse!", Some(&hash)).await);
        assert!(!verify_password("correct horse", None).await);
    }

    #[test]
    fn the_decoy_hash_parses() {
        assert!(PasswordHash::new(DECOY_HASH).is_ok());
    }

    #[test]
    fn secrets_are_random_and_digests_stable() {
        let a = new_secret();
        assert_eq!(a.len(), 64);
        assert_ne!(a, new_secret());
        assert_eq!(secret_digest("x"), secret_digest("x"));
        assert_ne!(secret_digest(&a), a);
    }
}
