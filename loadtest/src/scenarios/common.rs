//! What the scenarios share: the live progress line and the server's /proc usage.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use tokio::sync::watch;

use crate::proc::{rss_kib, CpuMark};
use crate::report::ServerUsage;
use crate::stats::{Progress, Recorder};

/// Resident memory summed over `pids`, KiB; None when none can be read.
pub fn rss_sum_kib(pids: &[u32]) -> Option<u64> {
    let values: Vec<u64> = pids.iter().filter_map(|&pid| rss_kib(pid)).collect();
    (!values.is_empty()).then(|| values.iter().sum())
}

/// CPU marks of the server processes, taken when measuring starts.
pub struct UsageSampler {
    pids: Vec<u32>,
    marks: Vec<CpuMark>,
}

impl UsageSampler {
    pub fn start(pids: &[u32]) -> Self {
        UsageSampler { pids: pids.to_vec(), marks: pids.iter().filter_map(|&pid| CpuMark::take(pid)).collect() }
    }

    /// CPU since the start (summed over processes, % of one core), RSS now and the peak.
    pub fn finish(&self, peak_kib: u64) -> ServerUsage {
        if self.pids.is_empty() {
            return ServerUsage::default();
        }
        let cpu: Vec<f64> = self.pids.iter().zip(&self.marks).filter_map(|(&pid, m)| m.percent_since(pid)).collect();
        let cpu_s: Vec<f64> = self.pids.iter().zip(&self.marks).filter_map(|(&pid, m)| m.seconds_since(pid)).collect();
        let rss = rss_sum_kib(&self.pids);
        ServerUsage {
            pids: self.pids.clone(),
            rss_mib: rss.map(|kib| kib as f64 / 1024.0),
            rss_peak_mib: rss.map(|kib| kib.max(peak_kib) as f64 / 1024.0),
            cpu_percent: (!cpu.is_empty()).then(|| cpu.iter().sum()),
            cpu_s: (!cpu_s.is_empty()).then(|| cpu_s.iter().sum()),
        }
    }
}

/// Samples the servers' summed RSS every 250 ms into `peak_kib` and the timeline.
pub async fn sample_usage(
    pids: Vec<u32>,
    peak_kib: Arc<AtomicU64>,
    recorder: Arc<Recorder>,
    mut stop: watch::Receiver<bool>,
) {
    if pids.is_empty() {
        return;
    }
    while !*stop.borrow() {
        if let Some(kib) = rss_sum_kib(&pids) {
            peak_kib.fetch_max(kib, Ordering::Relaxed);
            recorder.record_rss(crate::now_us(), kib);
        }
        let _ = tokio::time::timeout(Duration::from_millis(250), stop.changed()).await;
    }
}

/// A live status line on stderr (hidden when stderr is not a terminal).
pub fn progress_bar(
    scenario: &str,
    total: usize,
    progress: Arc<Progress>,
    mut stop: watch::Receiver<bool>,
) -> ProgressBar {
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {prefix} {elapsed} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    bar.set_prefix(scenario.to_owned());
    bar.enable_steady_tick(Duration::from_millis(200));
    let shown = bar.clone();
    tokio::spawn(async move {
        while !*stop.borrow() {
            shown.set_message(format!(
                "connected {}/{total} (failed {})  published {}  delivered {}",
                progress.connected.load(Ordering::Relaxed),
                progress.failed.load(Ordering::Relaxed),
                progress.published.load(Ordering::Relaxed),
                progress.delivered.load(Ordering::Relaxed),
            ));
            let _ = tokio::time::timeout(Duration::from_millis(200), stop.changed()).await;
        }
    });
    bar
}
