//! Slows down password guessing: after `MAX_FAILURES` failed sign-ins for one login
//! name within `WINDOW_MS`, further attempts answer 429 until the window passes.
//!
//! Kept per process: with several nodes an attacker gets a few more guesses per
//! node, which the per-name limit still keeps far below a useful rate.

use dashmap::DashMap;

pub const MAX_FAILURES: u32 = 10;
pub const WINDOW_MS: i64 = 10 * 60 * 1000;
/// Names tracked before expired windows are swept.
const MAX_TRACKED: usize = 100_000;

#[derive(Debug, Default)]
pub struct LoginThrottle {
    /// Lower-cased login name -> (failures in the window, window start in epoch ms).
    failures: DashMap<String, (u32, i64)>,
}

impl LoginThrottle {
    /// True when `login` may try again at `now_ms`.
    pub fn allows(&self, login: &str, now_ms: i64) -> bool {
        self.wait_ms(login, now_ms).is_none()
    }

    /// How long `login` must wait at `now_ms` (until its window passes), if it must.
    pub fn wait_ms(&self, login: &str, now_ms: i64) -> Option<i64> {
        let (count, since) = *self.failures.get(&login.to_lowercase())?;
        let left = since + WINDOW_MS - now_ms;
        (count >= MAX_FAILURES && left > 0).then_some(left)
    }

    pub fn record_failure(&self, login: &str, now_ms: i64) {
        {
            // The entry guard locks a shard; it must be gone before `len()` below
            // takes every shard's lock.
            let mut entry = self.failures.entry(login.to_lowercase()).or_insert((0, now_ms));
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

    pub fn record_success(&self, login: &str) {
        self.failures.remove(&login.to_lowercase());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_after_max_failures_until_the_window_passes() {
        let throttle = LoginThrottle::default();
        for _ in 0..MAX_FAILURES {
            assert!(throttle.allows("Ana", 0));
            throttle.record_failure("Ana", 0);
        }
        assert!(!throttle.allows("ana", 1));
        assert_eq!(throttle.wait_ms("ana", 1), Some(WINDOW_MS - 1));
        assert!(throttle.allows("bob", 1));
        assert!(throttle.allows("ana", WINDOW_MS));
        throttle.record_success("ANA");
        assert!(throttle.allows("ana", 2));
    }
}
