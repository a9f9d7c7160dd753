//! Plain URLs for pictures (issue #52): `/files/{id}/content?size=thumb&expires=…&signature=…`
//! works without a bearer token until `expires`, so that an `<img src srcset loading="lazy">`
//! loads it, the browser caches it, and a CDN in front may cache it too, keyed by the URL.
//!
//! A link is handed out (`POST /files/links`) only to a caller who may read the file, as a
//! presigned S3 URL would be; whoever holds it may read that one size of that one file until
//! it expires. Expiry is the end of the next whole hour, so the same file asked twice within
//! an hour gets the same URL (one cache entry), and a link lives between one and two hours.
//!
//! The signature is an HMAC-SHA256 of `{id}:{size}:{expires}` under a key every node of a
//! deployment derives alike from its secret `VITRINE_API_KEY` (required once deployed); the
//! embedded single node without one signs with a random key of its process.

use std::sync::OnceLock;

use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::derived::Size;
use crate::config::Settings;

type HmacSha256 = Hmac<Sha256>;

/// The whole hour links are rounded up to, in seconds.
const HOUR_S: i64 = 3600;

/// Hex characters of the signature kept (128 bits).
const SIGNATURE_HEX: usize = 32;

/// The signing key: derived from the deployment's secret, or random for this process.
fn key(settings: &Settings) -> [u8; 32] {
    static RANDOM: OnceLock<[u8; 32]> = OnceLock::new();
    match settings.api_key.as_deref() {
        Some(secret) => {
            // A key of its own for this use, so a link never reveals anything of the secret.
            let mut mac = HmacSha256::new_from_slice(secret.as_bytes()).expect("HMAC takes any key length");
            mac.update(b"vitrine file links v1");
            mac.finalize().into_bytes().into()
        }
        None => *RANDOM.get_or_init(rand::random),
    }
}

fn size_name(size: Option<Size>) -> &'static str {
    match size {
        None => "original",
        Some(Size::Thumb) => "thumb",
        Some(Size::Medium) => "medium",
    }
}

/// The MAC of one size of one file until `expires_s`, before it is finalised or verified.
fn mac(settings: &Settings, file_id: i64, size: Option<Size>, expires_s: i64) -> HmacSha256 {
    let mut mac = HmacSha256::new_from_slice(&key(settings)).expect("HMAC takes any key length");
    mac.update(format!("{file_id}:{}:{expires_s}", size_name(size)).as_bytes());
    mac
}

fn signature(settings: &Settings, file_id: i64, size: Option<Size>, expires_s: i64) -> String {
    let mut hex = hex::encode(mac(settings, file_id, size, expires_s).finalize().into_bytes());
    hex.truncate(SIGNATURE_HEX);
    hex
}

/// When links made at `now_ms` expire, in epoch seconds: the end of the next whole hour.
pub fn expiry(now_ms: i64) -> i64 {
    (now_ms.div_euclid(1000).div_euclid(HOUR_S) + 2) * HOUR_S
}

/// The signed path of one size of a file (the original without `size`).
pub fn signed_path(settings: &Settings, file_id: i64, size: Option<Size>, expires_s: i64) -> String {
    let signature = signature(settings, file_id, size, expires_s);
    match size {
        None => format!("/files/{file_id}/content?expires={expires_s}&signature={signature}"),
        Some(size) => {
            format!("/files/{file_id}/content?size={}&expires={expires_s}&signature={signature}", size_name(Some(size)))
        }
    }
}

/// Whether `signature` is this deployment's for that size of that file until `expires_s`,
/// and `expires_s` is still ahead of `now_ms`. Compared in constant time.
pub fn verify(
    settings: &Settings,
    file_id: i64,
    size: Option<Size>,
    expires_s: i64,
    signature: &str,
    now_ms: i64,
) -> bool {
    if expires_s.saturating_mul(1000) <= now_ms {
        return false;
    }
    let Ok(given) = hex::decode(signature) else { return false };
    given.len() == SIGNATURE_HEX / 2 && mac(settings, file_id, size, expires_s).verify_truncated_left(&given).is_ok()
}

/// How long a cache may keep what a link served: until the link expires.
pub fn cache_control(expires_s: i64, now_ms: i64) -> String {
    let left = (expires_s - now_ms.div_euclid(1000)).max(0);
    format!("public, max-age={left}, immutable")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(key: Option<&str>) -> Settings {
        let mut settings = Settings::for_database("sqlite::memory:");
        settings.api_key = key.map(str::to_owned);
        settings
    }

    const NOW_MS: i64 = 1_765_000_000_000;

    fn parts(path: &str) -> (i64, String) {
        let query = path.split_once('?').unwrap().1;
        let value =
            |name: &str| query.split('&').find_map(|pair| pair.strip_prefix(&format!("{name}="))).unwrap().to_owned();
        (value("expires").parse().unwrap(), value("signature"))
    }

    #[test]
    fn a_link_opens_its_own_size_of_its_own_file_until_it_expires() {
        let s = settings(Some("a-deployment-secret-of-thirty-two-chars!"));
        let expires = expiry(NOW_MS);
        let path = signed_path(&s, 7, Some(Size::Thumb), expires);
        assert!(path.starts_with("/files/7/content?size=thumb&expires="), "{path}");
        let (expires_s, sig) = parts(&path);
        assert!(verify(&s, 7, Some(Size::Thumb), expires_s, &sig, NOW_MS));
        assert!(!verify(&s, 8, Some(Size::Thumb), expires_s, &sig, NOW_MS), "another file");
        assert!(!verify(&s, 7, Some(Size::Medium), expires_s, &sig, NOW_MS), "another size");
        assert!(!verify(&s, 7, None, expires_s, &sig, NOW_MS), "the original");
        assert!(!verify(&s, 7, Some(Size::Thumb), expires_s + 3600, &sig, NOW_MS), "a later expiry");
        assert!(!verify(&s, 7, Some(Size::Thumb), expires_s, &sig, expires_s * 1000), "expired");
        assert!(!verify(&s, 7, Some(Size::Thumb), expires_s, "zz", NOW_MS), "not hex");
        assert!(!verify(&s, 7, Some(Size::Thumb), expires_s, &sig[..30], NOW_MS), "shortened");
    }

    #[test]
    fn every_node_of_a_deployment_signs_alike_and_another_deployment_does_not() {
        let a = settings(Some("a-deployment-secret-of-thirty-two-chars!"));
        let b = settings(Some("another-secret-of-thirty-two-characters!"));
        let expires = expiry(NOW_MS);
        let (_, sig) = parts(&signed_path(&a, 7, None, expires));
        assert!(verify(&a.clone(), 7, None, expires, &sig, NOW_MS));
        assert!(!verify(&b, 7, None, expires, &sig, NOW_MS));
    }

    #[test]
    fn links_made_within_one_hour_are_the_same_and_live_one_to_two_hours() {
        let hour_start = 1_765_000_800_000; // a whole hour
        assert_eq!(expiry(hour_start), expiry(hour_start + 3_599_999), "one URL per hour");
        assert_eq!(expiry(hour_start) * 1000 - hour_start, 2 * 3_600_000);
        assert_eq!(expiry(hour_start + 3_599_999) * 1000 - (hour_start + 3_599_999), 3_600_001);
        assert_eq!(cache_control(expiry(hour_start), hour_start), "public, max-age=7200, immutable");
    }
}
