//! `FaultReport`: what each fault printed and what it asserts on: events published
//! (committed), deliveries owed and made, deliveries lost (must be 0), and the time from
//! the fault (or its repair) until the cluster delivered end to end again. The times are
//! printed for the reader, never asserted beyond a generous bound.

use std::time::Duration;

use crate::subscribers::Subscribers;

#[derive(Debug, Clone)]
pub struct FaultReport {
    pub fault: &'static str,
    /// Events committed on the watched channels (the channel heads in the database).
    pub published: u64,
    /// Subscribers watching every channel.
    pub subscribers: usize,
    /// Deliveries made: events held, gap-free, per subscriber.
    pub delivered: u64,
    /// Deliveries owed (`published` x `subscribers`) minus those made.
    pub lost: u64,
    /// Reconnections, gaps repaired, duplicates dropped, replays refused (`recovered: false`).
    pub reconnects: u64,
    pub gaps: u64,
    pub duplicates: u64,
    pub not_recovered: u64,
    pub recovery: Duration,
    /// What the recovery time is measured from.
    pub recovery_from: &'static str,
}

impl FaultReport {
    pub fn new(
        fault: &'static str,
        subscribers: &Subscribers,
        heads: &[u64],
        recovery: Duration,
        recovery_from: &'static str,
    ) -> Self {
        let published: u64 = heads.iter().sum();
        let delivered = subscribers.delivered(heads);
        let states = subscribers.states();
        Self {
            fault,
            published,
            subscribers: subscribers.len(),
            delivered,
            lost: published * subscribers.len() as u64 - delivered,
            reconnects: subscribers.reconnects(),
            gaps: states.iter().map(|s| s.gaps).sum(),
            duplicates: states.iter().map(|s| s.duplicates).sum(),
            not_recovered: states.iter().map(|s| s.not_recovered).sum(),
            recovery,
            recovery_from,
        }
    }

    pub fn print(&self) {
        println!(
            "FAULT {}: published {} events to {} subscribers; delivered {}, lost {}; recovered {:.2} s after {} \
             (reconnects {}, gaps repaired {}, duplicates dropped {}, replays refused {})",
            self.fault,
            self.published,
            self.subscribers,
            self.delivered,
            self.lost,
            self.recovery.as_secs_f64(),
            self.recovery_from,
            self.reconnects,
            self.gaps,
            self.duplicates,
            self.not_recovered,
        );
    }
}

/// Milliseconds since the Unix epoch (the server's clock for deadlines).
pub fn wall_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}
