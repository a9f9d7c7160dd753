//! Time as the domain sees it: UTC epoch milliseconds from a replaceable clock.
//!
//! Production uses [`SystemClock`]; tests of deadlines and expiries use
//! [`ManualClock`] and move time forward instead of sleeping.

use std::sync::{
    atomic::{AtomicI64, Ordering},
    Arc,
};

pub trait Clock: Send + Sync + std::fmt::Debug + 'static {
    /// Milliseconds since the Unix epoch, UTC.
    fn now_ms(&self) -> i64;
}

#[derive(Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        let elapsed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        i64::try_from(elapsed.as_millis()).unwrap_or(i64::MAX)
    }
}

/// A clock that moves only when told to.
#[derive(Debug)]
pub struct ManualClock(AtomicI64);

impl ManualClock {
    pub fn starting_now() -> Arc<Self> {
        Arc::new(Self(AtomicI64::new(SystemClock.now_ms())))
    }
    pub fn advance_ms(&self, ms: i64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

pub type SharedClock = Arc<dyn Clock>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manual_clock_moves_only_when_told() {
        let clock = ManualClock::starting_now();
        let t0 = clock.now_ms();
        assert_eq!(clock.now_ms(), t0);
        clock.advance_ms(1500);
        assert_eq!(clock.now_ms(), t0 + 1500);
    }
}
