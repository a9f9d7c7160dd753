//! Slows down password guessing: after `MAX_FAILURES` failed sign-ins for one account from
//! one client address within `WINDOW_MS`, further attempts from that address answer 429
//! until the window passes.
//!
//! Keyed on the account *and* the address: counting by the account alone let anyone lock
//! an owner out with ten wrong passwords (the owner's correct one was refused too), while
//! an address that has not failed is never held back. Guessing from many addresses is
//! what the per-account rate limit (`shared::limits`) is for. The account is its id when
//! the login names one, so the username and e-mail forms share one counter.
//!
//! Kept per process: with several nodes an attacker gets a few more guesses per
//! node, which the limit still keeps far below a useful rate.

use std::net::IpAddr;

use dashmap::DashMap;

pub const MAX_FAILURES: u32 = 10;
pub const WINDOW_MS: i64 = 10 * 60 * 1000;
/// Keys tracked before expired windows are swept.
const MAX_TRACKED: usize = 100_000;

/// Whose failures a counter holds: one account (or one unknown login) from one address.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ThrottleKey {
    account: String,
    ip: IpAddr,
}

impl ThrottleKey {
    /// An existing account, by id: its username and e-mail forms count as one.
    pub fn user(user_id: i64, ip: IpAddr) -> Self {
        Self { account: format!("user:{user_id}"), ip }
    }

    /// A login that names no account, lower-cased (guessing names is slowed too).
    pub fn unknown(login: &str, ip: IpAddr) -> Self {
        Self { account: format!("login:{}", login.to_lowercase()), ip }
    }
}

#[derive(Debug, Default)]
pub struct LoginThrottle {
    /// Account and address -> (failures in the window, window start in epoch ms).
    failures: DashMap<ThrottleKey, (u32, i64)>,
}

impl LoginThrottle {
    /// True when `key` may try again at `now_ms`.
    pub fn allows(&self, key: &ThrottleKey, now_ms: i64) -> bool {
        self.wait_ms(key, now_ms).is_none()
    }

    /// How long `key` must wait at `now_ms` (until its window passes), if it must.
    pub fn wait_ms(&self, key: &ThrottleKey, now_ms: i64) -> Option<i64> {
        let (count, since) = *self.failures.get(key)?;
        let left = since + WINDOW_MS - now_ms;
        (count >= MAX_FAILURES && left > 0).then_some(left)
    }

    pub fn record_failure(&self, key: &ThrottleKey, now_ms: i64) {
        {
            // The entry guard locks a shard; it must be gone before `len()` below
            // takes every shard's lock.
            let mut entry = self.failures.entry(key.clone()).or_insert((0, now_ms));
            if now_ms - entry.1 >= WINDOW_MS {
                *entry = (0, now_ms);
            }
            entry.0 += 1;
        }
        // Bound memory under a spray of distinct names: forget expired windows.
        if self.failures.len() > MAX_TRACKED {
            self.failures.retain(|_, (_, since)| now_ms - *since < WINDOW_MS);
        }
    }

    pub fn record_success(&self, key: &ThrottleKey) {
        self.failures.remove(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn blocks_one_address_after_max_failures_until_the_window_passes() {
        let throttle = LoginThrottle::default();
        let guesser = ThrottleKey::user(7, ip("198.51.100.1"));
        for _ in 0..MAX_FAILURES {
            assert!(throttle.allows(&guesser, 0));
            throttle.record_failure(&guesser, 0);
        }
        assert!(!throttle.allows(&guesser, 1));
        assert_eq!(throttle.wait_ms(&guesser, 1), Some(WINDOW_MS - 1));
        assert!(throttle.allows(&ThrottleKey::user(7, ip("198.51.100.2")), 1), "the owner elsewhere");
        assert!(throttle.allows(&ThrottleKey::user(8, ip("198.51.100.1")), 1), "another account");
        assert!(throttle.allows(&guesser, WINDOW_MS));
        throttle.record_success(&guesser);
        assert!(throttle.allows(&guesser, 2));
    }

    #[test]
    fn unknown_logins_count_regardless_of_case() {
        let throttle = LoginThrottle::default();
        for _ in 0..MAX_FAILURES {
            throttle.record_failure(&ThrottleKey::unknown("Ghost", ip("198.51.100.1")), 0);
        }
        assert!(!throttle.allows(&ThrottleKey::unknown("GHOST", ip("198.51.100.1")), 1));
    }
}
