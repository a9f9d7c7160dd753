//! Server RSS and CPU read from `/proc/<pid>/` (Linux only; `None` elsewhere).

use std::time::Instant;

/// Kernel clock ticks per second for `/proc/<pid>/stat` times (`USER_HZ`, 100 on Linux).
const TICKS_PER_SECOND: f64 = 100.0;

/// Resident set size in KiB (`VmRSS` of `/proc/<pid>/status`).
pub fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// User plus system CPU time in clock ticks (fields 14 and 15 of `/proc/<pid>/stat`).
pub fn cpu_ticks(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    let fields: Vec<&str> = stat[stat.rfind(')')? + 1..].split_whitespace().collect();
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

/// The machine's 1-minute load average (`/proc/loadavg`): how busy the neighbours were.
pub fn load_average() -> Option<f64> {
    std::fs::read_to_string("/proc/loadavg").ok()?.split_whitespace().next()?.parse().ok()
}

/// A CPU reading to measure usage from.
#[derive(Debug, Clone, Copy)]
pub struct CpuMark {
    ticks: u64,
    at: Instant,
}

impl CpuMark {
    pub fn take(pid: u32) -> Option<Self> {
        Some(CpuMark { ticks: cpu_ticks(pid)?, at: Instant::now() })
    }

    /// CPU seconds (user plus system, every thread) used since this mark.
    pub fn seconds_since(&self, pid: u32) -> Option<f64> {
        Some(cpu_ticks(pid)?.saturating_sub(self.ticks) as f64 / TICKS_PER_SECOND)
    }

    /// CPU used since this mark, in percent of one core.
    pub fn percent_since(&self, pid: u32) -> Option<f64> {
        let ticks = cpu_ticks(pid)?.saturating_sub(self.ticks) as f64;
        let seconds = self.at.elapsed().as_secs_f64();
        (seconds > 0.0).then(|| ticks / TICKS_PER_SECOND / seconds * 100.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_process_can_be_read() {
        let pid = std::process::id();
        assert!(rss_kib(pid).is_some_and(|kib| kib > 0));
        assert!(CpuMark::take(pid).and_then(|m| m.percent_since(pid)).is_some());
        assert!(CpuMark::take(pid).and_then(|m| m.seconds_since(pid)).is_some_and(|s| s >= 0.0));
        assert!(load_average().is_some_and(|l| l >= 0.0));
    }
}
