//! Per-connection limit on client frames: a token bucket of `per_second` tokens.
//! Over the limit a frame is refused (with at most one `rate.limited` error per
//! second); a connection that stays over the limit for `SUSTAINED_ABUSE` is closed.

use std::time::{Duration, Instant};

use vitrine_protocol::limits::SUSTAINED_ABUSE;

#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    Allow,
    /// Refused; `report` is true when an error frame should be sent.
    Refuse {
        report: bool,
    },
    /// Over the limit for too long: close the connection.
    Abuse,
}

#[derive(Debug)]
pub struct RateLimiter {
    per_second: f64,
    tokens: f64,
    refilled_at: Option<Instant>,
    /// Start of the current stretch with refusals no more than a second apart.
    limited_since: Option<Instant>,
    refused_at: Option<Instant>,
    reported_at: Option<Instant>,
}

impl RateLimiter {
    pub fn new(per_second: u32) -> Self {
        let per_second = f64::from(per_second);
        Self {
            per_second,
            tokens: per_second,
            refilled_at: None,
            limited_since: None,
            refused_at: None,
            reported_at: None,
        }
    }

    pub fn check(&mut self, now: Instant) -> Verdict {
        if let Some(at) = self.refilled_at {
            let earned = now.saturating_duration_since(at).as_secs_f64() * self.per_second;
            self.tokens = (self.tokens + earned).min(self.per_second);
        }
        self.refilled_at = Some(now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            // A full second without refusal ends the stretch of abuse.
            if self.refused_at.is_none_or(|at| now.saturating_duration_since(at) >= Duration::from_secs(1)) {
                self.limited_since = None;
            }
            return Verdict::Allow;
        }
        self.refused_at = Some(now);
        let since = *self.limited_since.get_or_insert(now);
        if now.saturating_duration_since(since) >= SUSTAINED_ABUSE {
            return Verdict::Abuse;
        }
        let report = self.reported_at.is_none_or(|at| now.saturating_duration_since(at) >= Duration::from_secs(1));
        if report {
            self.reported_at = Some(now);
        }
        Verdict::Refuse { report }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_over_the_limit_is_refused_and_reported_once_a_second() {
        let mut limiter = RateLimiter::new(50);
        let t0 = Instant::now();
        for _ in 0..50 {
            assert_eq!(limiter.check(t0), Verdict::Allow);
        }
        assert_eq!(limiter.check(t0), Verdict::Refuse { report: true });
        assert_eq!(limiter.check(t0), Verdict::Refuse { report: false });
        // 100 ms later, five tokens have come back.
        let t1 = t0 + Duration::from_millis(100);
        for _ in 0..5 {
            assert_eq!(limiter.check(t1), Verdict::Allow);
        }
    }

    #[test]
    fn staying_over_the_limit_is_abuse() {
        let mut limiter = RateLimiter::new(50);
        let t0 = Instant::now();
        let mut now = t0;
        let mut verdict = Verdict::Allow;
        // 100 frames a second for 11 seconds.
        while now < t0 + Duration::from_secs(11) {
            verdict = limiter.check(now);
            if verdict == Verdict::Abuse {
                break;
            }
            now += Duration::from_millis(10);
        }
        assert_eq!(verdict, Verdict::Abuse);
    }
}
